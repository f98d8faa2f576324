import { z } from "zod";
import { ONBOARDING_LIMITS } from "#domain/onboarding";
import { distinctTexts, isCountryCode } from "#domain/seo-profile";
import { hasControlCharacters } from "#domain/text";
import { checkWebsite } from "#domain/website";
import { boundedText, checkCompetitor, MarketLanguageSchema, singleLine } from "./seo-setup-schemas";

/**
 * The onboarding steps' forms, shared by their actions and the browser. The limits are the API's
 * (domain/onboarding.ts), so the form refuses what PUT /user/onboarding/progress would, in the
 * user's language, before any request. Fields are named as the step's `data` names them, so the
 * API's refusals (`data.<field>`) land on them. Messages are i18n keys: `onboarding:validation.*`,
 * or the SEO profile's and the common ones where the check is the same; the numbers they quote
 * are ONBOARDING_LIMITS (the form kit interpolates them).
 */

const message = (key: string) => `onboarding:validation.${key}`;
const SEO_SETUP = (key: string) => `seoSetup:validation.${key}`;
const INVALID_CHARACTERS = "validation.invalidCharacters";

const name = () => boundedText(ONBOARDING_LIMITS.nameMin, ONBOARDING_LIMITS.nameMax, { tooShort: "nameLength", tooLong: "nameLength" }, "onboarding");

/** Step 1, personal_info. */
export const PersonalInfoFormSchema = z.object({
  first_name: name(),
  last_name: name(),
  company: boundedText(ONBOARDING_LIMITS.companyMin, ONBOARDING_LIMITS.companyMax, { tooShort: "companyLength", tooLong: "companyLength" }, "onboarding"),
});

/** Step 2, website_analysis, as typed first: the website, normalised as the API stores it. */
export const WebsiteFormSchema = z.object({
  website: z.string({ error: message("websiteRequired") }).transform((value, ctx) => {
    const checked = checkWebsite(value);
    if (checked.ok) return checked.website;
    ctx.addIssue({ code: "custom", message: checked.reason === "tooLong" ? "validation.websiteTooLong" : "validation.websiteInvalid" });
    return z.NEVER;
  }),
});

/** Step 2 once analysed: the brand the analyses look for, as the site names itself; empty, the company's name. */
export const BrandFormSchema = z.object({
  brand_name: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = singleLine(value ?? "");
      if (hasControlCharacters(text)) ctx.addIssue({ code: "custom", message: INVALID_CHARACTERS });
      else if (text.length > ONBOARDING_LIMITS.brandName) ctx.addIssue({ code: "custom", message: SEO_SETUP("brandNameTooLong") });
      return text || null;
    }),
});

/**
 * Step 3, keyword_selection: one input per keyword. Blank inputs are ignored and a keyword typed
 * twice (case and accents aside) counts once, as the API counts them; a refusal of one keyword is
 * on its input, of the list (none, too many) on the list.
 */
export const KeywordsFormSchema = z.object({
  keywords: z
    .array(z.string().optional())
    .optional()
    .transform((inputs, ctx) => {
      const rows = inputs ?? [];
      rows.forEach((input, index) => {
        const text = singleLine(input ?? "");
        if (hasControlCharacters(text)) ctx.addIssue({ code: "custom", path: [index], message: INVALID_CHARACTERS });
        else if (text.length > ONBOARDING_LIMITS.keyword) ctx.addIssue({ code: "custom", path: [index], message: SEO_SETUP("keywordTooLong") });
      });
      const keywords = distinctTexts(rows.map((input) => input ?? ""));
      if (keywords.length < ONBOARDING_LIMITS.keywordsMin) ctx.addIssue({ code: "custom", message: SEO_SETUP("keywordsRequired") });
      else if (keywords.length > ONBOARDING_LIMITS.keywordsMax) ctx.addIssue({ code: "custom", message: SEO_SETUP("keywordsMax") });
      return keywords;
    }),
});

/** One competitor row: a row left blank is none (null), not an error. */
const CompetitorRowSchema = z
  .object({ name: z.string().optional(), domain: z.string().optional() })
  .optional()
  .transform((row, ctx) => {
    const competitorName = singleLine(row?.name ?? "");
    const domainInput = (row?.domain ?? "").trim();
    if (!competitorName && !domainInput) return null;
    return { name: competitorName, domain: checkCompetitor(ctx, competitorName, domainInput, { name: "name", domain: "domain" }) };
  });

/**
 * Step 4, market_location. `maxCompetitors` is the plan's limit where the page knows it (the API
 * refuses more with competitor_limit); each competitor remembers its row, so an error the API
 * reports for the n-th one sent lands on its row.
 */
export function marketFormSchema(maxCompetitors: number = ONBOARDING_LIMITS.competitors) {
  return z.object({
    market_language: MarketLanguageSchema,
    country: z.string({ error: message("countryRequired") }).transform((value, ctx) => {
      const code = value.trim().toUpperCase();
      if (isCountryCode(code)) return code;
      ctx.addIssue({ code: "custom", message: SEO_SETUP("countryInvalid") });
      return z.NEVER;
    }),
    competitors: z
      .array(CompetitorRowSchema)
      .optional()
      .transform((rows, ctx) => {
        const competitors = (rows ?? []).flatMap((row, index) => (row ? [{ ...row, row: index }] : []));
        if (competitors.length > maxCompetitors) ctx.addIssue({ code: "custom", message: message("competitorsMax") });
        return competitors;
      }),
  });
}

export type MarketFormValue = z.output<ReturnType<typeof marketFormSchema>>;

/** What the market step sends: the rows without their form positions. */
export const marketData = ({ competitors, ...value }: MarketFormValue) => ({
  ...value,
  competitors: competitors.map(({ row: _row, ...competitor }) => competitor),
});
