import { z } from "zod";
import { distinctTexts, isCountryCode, MARKET_LANGUAGES, type MarketLanguage, normaliseDomain, PROFILE_LIMITS, QUESTION_CATEGORIES, QUESTION_TEXT_LIMITS } from "#domain/seo-profile";
import { hasControlCharacters } from "#domain/text";
import { optionalWebsite } from "./schemas";
import type { ApiFieldErrors } from "./api-types";

/**
 * The SEO profile, question and market-language forms, shared by the actions and the browser.
 * Messages are i18n keys; the numbers some of them quote come from MESSAGE_VALUES
 * (./validation-messages.ts), so the text and the rule cannot disagree. The rules mirror the API's (server/seo-llm/*-routes.ts): the form
 * refuses what the API would, in the user's language, before any request. Fields are named as the
 * API names them, so its refusals land on them (app/lib/api-errors.ts).
 */

/** The API's question_text bounds (server/seo-llm/question-routes.ts). */


const message = (key: string, namespace = "seoSetup") => `${namespace}:validation.${key}`;
const INVALID_CHARACTERS = "validation.invalidCharacters";

/** Split, trimmed, whitespace collapsed and de-duplicated like the API does; control characters refused. */
function textList(separator: RegExp, each: number, max: number, keys: { tooLong: string; tooMany: string }) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const items = distinctTexts((value ?? "").split(separator));
      if (items.some(hasControlCharacters)) ctx.addIssue({ code: "custom", message: INVALID_CHARACTERS });
      else if (items.some((item) => item.length > each)) ctx.addIssue({ code: "custom", message: message(keys.tooLong) });
      else if (items.length > max) ctx.addIssue({ code: "custom", message: message(keys.tooMany) });
      return items;
    });
}

const aliasList = () => textList(/,/, PROFILE_LIMITS.alias, PROFILE_LIMITS.aliases, { tooLong: "aliasTooLong", tooMany: "aliasesMax" });

export const singleLine = (value: string) => value.trim().replace(/\s+/g, " ");

/**
 * One line of text, whitespace collapsed; its messages are `<namespace>:validation.<key>`. Checked
 * in a transform rather than a pipe into z.string(): conform would read the piped, now empty, value
 * as a missing one and lose the message.
 */
export function boundedText(min: number, max: number, keys: { tooShort: string; tooLong: string }, namespace = "seoSetup") {
  return z.string({ error: message("required", namespace) }).transform((value, ctx) => {
    const text = singleLine(value);
    if (!text) ctx.addIssue({ code: "custom", message: message("required", namespace) });
    else if (hasControlCharacters(text)) ctx.addIssue({ code: "custom", message: INVALID_CHARACTERS });
    else if (text.length < min) ctx.addIssue({ code: "custom", message: message(keys.tooShort, namespace) });
    else if (text.length > max) ctx.addIssue({ code: "custom", message: message(keys.tooLong, namespace) });
    return text;
  });
}

export const MarketLanguageSchema = z
  .string({ error: message("required") })
  .trim()
  .toLowerCase()
  .pipe(z.enum(MARKET_LANGUAGES, message("marketLanguageInvalid")));

/**
 * A competitor row's name and domain checked as the API checks them, each refusal on its input
 * (`fields` names them in the row); the domain comes back normalised (null: none or refused).
 */
export function checkCompetitor(ctx: z.RefinementCtx, name: string, domainInput: string, fields: { name: string; domain: string }): string | null {
  if (!name) ctx.addIssue({ code: "custom", path: [fields.name], message: message("competitorNameRequired") });
  else if (hasControlCharacters(name)) ctx.addIssue({ code: "custom", path: [fields.name], message: INVALID_CHARACTERS });
  else if (name.length > PROFILE_LIMITS.competitorName) ctx.addIssue({ code: "custom", path: [fields.name], message: message("competitorNameTooLong") });
  const domain = domainInput ? normaliseDomain(domainInput) : null;
  if (domainInput && !domain) ctx.addIssue({ code: "custom", path: [fields.domain], message: message("domainInvalid") });
  return domain;
}

/** One competitor row of the form: a row left blank is no competitor (null), not an error. */
const CompetitorRowSchema = z
  .object({ Name: z.string().optional(), Domain: z.string().optional(), Aliases: z.string().optional() })
  .optional()
  .transform((row, ctx) => {
    const name = singleLine(row?.Name ?? "");
    const domainInput = (row?.Domain ?? "").trim();
    const aliasInput = (row?.Aliases ?? "").trim();
    if (!name && !domainInput && !aliasInput) return null;
    const domain = checkCompetitor(ctx, name, domainInput, { name: "Name", domain: "Domain" });
    const aliases = aliasList().safeParse(aliasInput);
    if (!aliases.success) {
      for (const issue of aliases.error.issues) ctx.addIssue({ code: "custom", path: ["Aliases"], message: issue.message });
    }
    return { Name: name, Domain: domain, Aliases: aliases.success ? aliases.data : [] };
  });

export const SeoProfileFormSchema = z.object({
  BrandName: boundedText(1, PROFILE_LIMITS.brandName, { tooShort: "required", tooLong: "brandNameTooLong" }),
  BrandAliases: aliasList(),
  AmbiguousNames: aliasList(),
  WebsiteURL: optionalWebsite,
  MarketLanguage: MarketLanguageSchema,
  Country: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const code = (value ?? "").trim().toUpperCase();
      if (!code) return null;
      if (isCountryCode(code)) return code;
      ctx.addIssue({ code: "custom", message: message("countryInvalid") });
      return z.NEVER;
    }),
  Keywords: z
    .string({ error: message("keywordsRequired") })
    .transform((value, ctx) => {
      const items = distinctTexts(value.split(/\r?\n/));
      if (items.some(hasControlCharacters)) ctx.addIssue({ code: "custom", message: INVALID_CHARACTERS });
      else if (items.some((item) => item.length > PROFILE_LIMITS.keyword)) ctx.addIssue({ code: "custom", message: message("keywordTooLong") });
      else if (items.length < PROFILE_LIMITS.keywordsMin) ctx.addIssue({ code: "custom", message: message("keywordsRequired") });
      else if (items.length > PROFILE_LIMITS.keywordsMax) ctx.addIssue({ code: "custom", message: message("keywordsMax") });
      return items;
    }),
  Competitors: z
    .array(CompetitorRowSchema)
    .optional()
    .transform((rows, ctx) => {
      // Each competitor remembers its row, so an error the API reports for the n-th one sent lands on its row.
      const competitors = (rows ?? []).flatMap((row, index) => (row ? [{ ...row, row: index }] : []));
      if (competitors.length > PROFILE_LIMITS.competitors) ctx.addIssue({ code: "custom", message: message("competitorsMax") });
      return competitors;
    }),
});

export type SeoProfileFormValue = z.infer<typeof SeoProfileFormSchema>;

const questionText = boundedText(QUESTION_TEXT_LIMITS.min, QUESTION_TEXT_LIMITS.max, { tooShort: "questionTooShort", tooLong: "questionTooLong" });

const category = z.enum(QUESTION_CATEGORIES, message("categoryRequired"));

export const QuestionCreateSchema = z.object({
  question_text: questionText,
  category,
  language: MarketLanguageSchema.optional(),
});

export const QuestionEditSchema = z.object({
  question_text: questionText,
  category,
  language: MarketLanguageSchema,
  // An unchecked box sends nothing.
  is_active: z.boolean().optional().transform((value) => value === true),
});

/** The per-row buttons of the question list. */
export const QuestionRowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), id: z.uuid(), is_active: z.enum(["true", "false"]).transform((value) => value === "true") }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

/** ?q= of the question list; anything unusable is no filter rather than an error page. */
export const QuestionFilterSchema = z.object({
  q: z.string().trim().max(QUESTION_TEXT_LIMITS.max).optional().catch(undefined),
});


/**
 * Seed 001 §5: a market-language change proceeds only when the (trimmed) value differs from the
 * stored one; the same schema runs in the browser, so an unchanged value never reaches the server.
 */
export function marketLanguageChangeSchema(current: MarketLanguage | null) {
  return z.object({
    MarketLanguage: MarketLanguageSchema.refine((value) => value !== current, message("sameLanguage")),
  });
}

/**
 * The API's profile errors with each competitor's index (among those sent) replaced by its form row
 * (blank rows are not sent): `Competitors.1.Domain` is the second row filled in. `list` names the
 * list as the API does (onboarding's is `competitors`).
 */
export function atFormRows(errors: ApiFieldErrors | undefined, rows: readonly number[], list = "Competitors"): ApiFieldErrors {
  const item = new RegExp(`^${list}\\.(\\d+)`);
  return Object.fromEntries(Object.entries(errors ?? {}).map(([path, found]) => [path.replace(item, (_, index) => `${list}.${rows[Number(index)] ?? index}`), found]));
}
