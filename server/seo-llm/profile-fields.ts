import { distinctTexts, isCountryCode, MARKET_LANGUAGES, normaliseDomain, PROFILE_LIMITS } from "#domain/seo-profile";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from "#domain/text";
import { caselessEnum, z } from "../http/router";

/**
 * The fields of an SEO profile as the API reads them, for every route that takes one: the
 * profile's PATCH and onboarding's steps, so both refuse the same input with the same codes.
 */

/** One line of text, trimmed, 1 to `max` characters, no control characters. */
export const text = (max: number) =>
  z.string().trim().min(1, "Required").max(max, `At most ${max} characters`).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

/** A list, then trimmed and de-duplicated (first spelling kept); the limit counts what is sent. */
export const texts = (max: number, each: number) => z.array(text(each)).max(max, `At most ${max}`).transform(distinctTexts);

export const keywordsField = () =>
  z
    .array(text(PROFILE_LIMITS.keyword))
    .min(PROFILE_LIMITS.keywordsMin, "At least one keyword")
    .max(PROFILE_LIMITS.keywordsMax, `At most ${PROFILE_LIMITS.keywordsMax} keywords`)
    .transform(distinctTexts);

export const marketLanguageField = () =>
  caselessEnum(MARKET_LANGUAGES, `One of ${MARKET_LANGUAGES.join(", ")}`).openapi({ description: "Any case, surrounding spaces ignored; saved lower-case" });

/** Every ISO 3166-1 alpha-2 code the runtime can name (isCountryCode), for the document's enum. */
export const COUNTRY_CODES = Array.from({ length: 26 * 26 }, (_, index) => String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26))).filter(
  isCountryCode,
) as [string, ...string[]];
export const NOT_A_COUNTRY = "Not an ISO 3166-1 country code";

export const countryField = () => caselessEnum(COUNTRY_CODES, NOT_A_COUNTRY);

/**
 * What normaliseDomain reads, for the document: blank, or a host name with at least one dot, with
 * or without a scheme, a port and a path. A host URL() refuses is still "Not a valid domain".
 */
const DOMAIN_OR_BLANK = /^\s*$|^\s*([A-Za-z][A-Za-z\d+.-]*:\/\/)?([^\s/?#@]*@)?[A-Za-z\d-]+(\.[A-Za-z\d-]+)+(:\d*)?([/?#]\S*)?\s*$/;

/** A competitor's site: kept as its host name; blank or null is none. */
export const domainField = () =>
  z
    .string()
    .max(2048)
    .regex(DOMAIN_OR_BLANK, "Not a valid domain")
    .nullish()
    .transform((value, ctx) => {
      if (value == null || value.trim() === "") return null;
      const domain = normaliseDomain(value);
      if (domain) return domain;
      ctx.addIssue({ code: "custom", message: "Not a valid domain", params: { code: "invalid_format" } });
      return z.NEVER;
    })
    .openapi({ description: "Its site: a host name or a URL of it, kept as the host without www; blank or null: none", example: "rival.example" });

/** Competitors named once each (case and accents aside): a second one is `duplicate` at its `name` field. */
export function competitorList<T extends z.ZodType>(competitor: T, name: (item: z.output<T>) => string, nameKey: string) {
  return z
    .array(competitor)
    .max(PROFILE_LIMITS.competitors, `At most ${PROFILE_LIMITS.competitors} competitors`)
    .openapi({ description: "Each name once (case and accents aside)" })
    .superRefine((competitors, ctx) => {
      const seen = new Set<string>();
      competitors.forEach((competitor, index) => {
        const key = distinctTexts([name(competitor)])[0]?.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
        if (key && seen.has(key)) ctx.addIssue({ code: "custom", message: "This competitor is already listed", path: [index, nameKey], params: { code: "duplicate" } });
        if (key) seen.add(key);
      });
    });
}
