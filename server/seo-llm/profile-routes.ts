import { distinctTexts, isCountryCode, MARKET_LANGUAGES, normaliseDomain, PROFILE_LIMITS } from "#domain/seo-profile";
import { authedRoute } from "../auth/guarded-route";
import { caselessEnum, createRouter, errorResponse, jsonBody, jsonResponse, z } from "../http/router";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from "#domain/text";
import { getDb } from "../runtime";
import { WebsiteFieldSchema } from "../users/routes";
import { getSeoProfile, patchSeoProfile } from "./profile";

const text = (max: number) =>
  z.string().trim().min(1, "Required").max(max, `At most ${max} characters`).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

/** A list, then trimmed and de-duplicated (first spelling kept); the limit counts what is sent. */
const texts = (max: number, each: number) => z.array(text(each)).max(max, `At most ${max}`).transform(distinctTexts);

/**
 * What normaliseDomain reads, for the document: blank, or a host name with at least one dot, with
 * or without a scheme, a port and a path. A host URL() refuses is still "Not a valid domain".
 */
const DOMAIN_OR_BLANK = /^\s*$|^\s*([A-Za-z][A-Za-z\d+.-]*:\/\/)?([^\s/?#@]*@)?[A-Za-z\d-]+(\.[A-Za-z\d-]+)+(:\d*)?([/?#]\S*)?\s*$/;

const CompetitorSchema = z.object({
  Name: text(PROFILE_LIMITS.competitorName),
  Domain: z
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
    .openapi({ description: "Its site: a host name or a URL of it, kept as the host without www; blank or null: none", example: "rival.example" }),
  Aliases: texts(PROFILE_LIMITS.aliases, PROFILE_LIMITS.alias).default([]),
});

/** Every ISO 3166-1 alpha-2 code the runtime can name (isCountryCode), for the document's enum. */
const COUNTRY_CODES = Array.from({ length: 26 * 26 }, (_, index) => String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26))).filter(
  isCountryCode,
) as [string, ...string[]];
const NOT_A_COUNTRY = "Not an ISO 3166-1 country code";

export const SeoProfileSchema = z
  .object({
    BrandName: z.string(),
    BrandAliases: z.array(z.string()),
    WebsiteURL: z.string().nullable(),
    MarketLanguage: z.enum(MARKET_LANGUAGES),
    Country: z.enum(COUNTRY_CODES).nullable().openapi({ description: "ISO 3166-1 alpha-2" }),
    Keywords: z.array(z.string()),
    Competitors: z.array(z.object({ Name: z.string(), Domain: z.string().nullable(), Aliases: z.array(z.string()) })),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  })
  .openapi("SeoProfile");

const SeoProfilePatchSchema = z
  .object({
    BrandName: text(PROFILE_LIMITS.brandName).optional(),
    BrandAliases: texts(PROFILE_LIMITS.aliases, PROFILE_LIMITS.alias).optional(),
    WebsiteURL: WebsiteFieldSchema,
    MarketLanguage: caselessEnum(MARKET_LANGUAGES, `One of ${MARKET_LANGUAGES.join(", ")}`)
      .optional()
      .openapi({ description: "Any case, surrounding spaces ignored; saved lower-case" }),
    Country: z
      .union([z.null(), z.string().regex(/^\s*$/).transform(() => null), caselessEnum(COUNTRY_CODES, NOT_A_COUNTRY)], { error: NOT_A_COUNTRY })
      .optional()
      .openapi({ description: "ISO 3166-1 alpha-2, any case, saved upper-case; blank or null: none" }),
    Keywords: z
      .array(text(PROFILE_LIMITS.keyword))
      .min(PROFILE_LIMITS.keywordsMin, "At least one keyword")
      .max(PROFILE_LIMITS.keywordsMax, `At most ${PROFILE_LIMITS.keywordsMax} keywords`)
      .transform(distinctTexts)
      .optional(),
    Competitors: z
      .array(CompetitorSchema)
      .max(PROFILE_LIMITS.competitors, `At most ${PROFILE_LIMITS.competitors} competitors`)
      .openapi({ description: "Each name once (case and accents aside)" })
      .superRefine((competitors, ctx) => {
        const seen = new Set<string>();
        competitors.forEach((competitor, index) => {
          const key = distinctTexts([competitor.Name])[0]?.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
          if (key && seen.has(key)) ctx.addIssue({ code: "custom", message: "This competitor is already listed", path: [index, "Name"], params: { code: "duplicate" } });
          if (key) seen.add(key);
        });
      })
      .optional(),
  })
  .openapi("SeoProfilePatch");

const getProfile = authedRoute("seo-llm", {
  method: "get",
  path: "/",
  summary: "The signed-in user's SEO profile (404 until it is set up)",
  responses: { 200: jsonResponse(SeoProfileSchema, "Profile"), 404: errorResponse("No profile yet") },
});

const patchProfile = authedRoute("seo-llm", {
  method: "patch",
  path: "/",
  summary: "Create (first call: BrandName, MarketLanguage and Keywords required) or update the SEO profile",
  description: "Changing what questions are generated from (brand, language, country, keywords, competitors) regenerates the unedited system questions.",
  request: { body: jsonBody(SeoProfilePatchSchema) },
  responses: {
    200: jsonResponse(SeoProfileSchema, "Saved profile"),
    400: errorResponse("Invalid field, or profile_incomplete: a first save without BrandName, MarketLanguage or Keywords"),
    403: errorResponse("competitor_limit: more competitors than the plan tracks"),
  },
});

export const seoProfileRoutes = createRouter()
  .openapi(getProfile, async (c) => c.json(await getSeoProfile(await getDb(), c.get("user").id), 200))
  .openapi(patchProfile, async (c) => {
    const body = c.req.valid("json");
    const profile = await patchSeoProfile(await getDb(), c.get("user").id, {
      ...body,
      Competitors: body.Competitors?.map((competitor) => ({ name: competitor.Name, domain: competitor.Domain, aliases: competitor.Aliases })),
    });
    return c.json(profile, 200);
  });
