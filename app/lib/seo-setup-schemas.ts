import { z } from "zod";
import { distinctTexts, isCountryCode, MARKET_LANGUAGES, type MarketLanguage, normaliseDomain, PROFILE_LIMITS, QUESTION_CATEGORIES, QUESTION_TEXT_LIMITS } from "#domain/seo-profile";
import { hasControlCharacters } from "#domain/text";
import { checkWebsite } from "#domain/website";

/**
 * The SEO profile, question and market-language forms, shared by the actions and the browser.
 * Messages are i18n keys; the numbers some of them quote come from MESSAGE_VALUES, so the text and
 * the rule cannot disagree. The rules mirror the API's (server/seo-llm/*-routes.ts): the form
 * refuses what the API would, in the user's language, before any request.
 */

/** The API's question_text bounds (server/seo-llm/question-routes.ts). */

/** Interpolation values for the validation messages below. */
export const MESSAGE_VALUES = {
  ...PROFILE_LIMITS,
  questionMin: QUESTION_TEXT_LIMITS.min,
  questionMax: QUESTION_TEXT_LIMITS.max,
} as const;

const message = (key: string) => `seoSetup:validation.${key}`;
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

const singleLine = (value: string) => value.trim().replace(/\s+/g, " ");

/**
 * One line of text, whitespace collapsed. Checked in a transform rather than a pipe into
 * z.string(): conform would read the piped, now empty, value as a missing one and lose the message.
 */
function boundedText(min: number, max: number, keys: { tooShort: string; tooLong: string }) {
  return z.string({ error: message("required") }).transform((value, ctx) => {
    const text = singleLine(value);
    if (!text) ctx.addIssue({ code: "custom", message: message("required") });
    else if (hasControlCharacters(text)) ctx.addIssue({ code: "custom", message: INVALID_CHARACTERS });
    else if (text.length < min) ctx.addIssue({ code: "custom", message: message(keys.tooShort) });
    else if (text.length > max) ctx.addIssue({ code: "custom", message: message(keys.tooLong) });
    return text;
  });
}

export const MarketLanguageSchema = z
  .string({ error: message("required") })
  .trim()
  .toLowerCase()
  .pipe(z.enum(MARKET_LANGUAGES, message("marketLanguageInvalid")));

/** One competitor row of the form: a row left blank is no competitor (null), not an error. */
const CompetitorRowSchema = z
  .object({ name: z.string().optional(), domain: z.string().optional(), aliases: z.string().optional() })
  .optional()
  .transform((row, ctx) => {
    const name = singleLine(row?.name ?? "");
    const domainInput = (row?.domain ?? "").trim();
    const aliasInput = (row?.aliases ?? "").trim();
    if (!name && !domainInput && !aliasInput) return null;

    if (!name) ctx.addIssue({ code: "custom", path: ["name"], message: message("competitorNameRequired") });
    else if (hasControlCharacters(name)) ctx.addIssue({ code: "custom", path: ["name"], message: INVALID_CHARACTERS });
    else if (name.length > PROFILE_LIMITS.competitorName) ctx.addIssue({ code: "custom", path: ["name"], message: message("competitorNameTooLong") });

    const domain = domainInput ? normaliseDomain(domainInput) : null;
    if (domainInput && !domain) ctx.addIssue({ code: "custom", path: ["domain"], message: message("domainInvalid") });

    const aliases = aliasList().safeParse(aliasInput);
    if (!aliases.success) {
      for (const issue of aliases.error.issues) ctx.addIssue({ code: "custom", path: ["aliases"], message: issue.message });
    }
    return { name, domain, aliases: aliases.success ? aliases.data : [] };
  });

export const SeoProfileFormSchema = z.object({
  brandName: boundedText(1, PROFILE_LIMITS.brandName, { tooShort: "required", tooLong: "brandNameTooLong" }),
  aliases: aliasList(),
  website: z
    .string()
    .max(2048, "validation.websiteTooLong")
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const checked = checkWebsite(value);
      if (checked.ok) return checked.website;
      ctx.addIssue({ code: "custom", message: checked.reason === "tooLong" ? "validation.websiteTooLong" : "validation.websiteInvalid" });
      return z.NEVER;
    }),
  marketLanguage: MarketLanguageSchema,
  country: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const code = (value ?? "").trim().toUpperCase();
      if (!code) return null;
      if (isCountryCode(code)) return code;
      ctx.addIssue({ code: "custom", message: message("countryInvalid") });
      return z.NEVER;
    }),
  keywords: z
    .string({ error: message("keywordsRequired") })
    .transform((value, ctx) => {
      const items = distinctTexts(value.split(/\r?\n/));
      if (items.some(hasControlCharacters)) ctx.addIssue({ code: "custom", message: INVALID_CHARACTERS });
      else if (items.some((item) => item.length > PROFILE_LIMITS.keyword)) ctx.addIssue({ code: "custom", message: message("keywordTooLong") });
      else if (items.length < PROFILE_LIMITS.keywordsMin) ctx.addIssue({ code: "custom", message: message("keywordsRequired") });
      else if (items.length > PROFILE_LIMITS.keywordsMax) ctx.addIssue({ code: "custom", message: message("keywordsMax") });
      return items;
    }),
  competitors: z
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

/** Seed 001 §5: the question list filters by a case-insensitive substring of question_text. */
export function filterQuestions<T extends { question_text: string }>(questions: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...questions];
  return questions.filter((question) => question.question_text.toLocaleLowerCase().includes(needle));
}

/**
 * Seed 001 §5: a market-language change proceeds only when the (trimmed) value differs from the
 * stored one; the same schema runs in the browser, so an unchanged value never reaches the server.
 */
export function marketLanguageChangeSchema(current: MarketLanguage | null) {
  return z.object({
    marketLanguage: MarketLanguageSchema.refine((value) => value !== current, message("sameLanguage")),
  });
}

/** An API refusal as the forms see it (ApiRequestError's fields, without the server-only class). */
export type ApiRefusal = { status: number; code?: string; errors?: Record<string, string[]> };
export type FormErrorsReply = { fieldErrors: Record<string, string[]>; formErrors: string[] };

/** The API checked a field the form had let through (a race, or a rule the form cannot know). */
const REFUSED = message("refused");

const PROFILE_API_FIELDS: Record<string, string> = {
  BrandName: "brandName",
  BrandAliases: "aliases",
  WebsiteURL: "website",
  MarketLanguage: "marketLanguage",
  Country: "country",
  Keywords: "keywords",
  Competitors: "competitors",
};
const COMPETITOR_API_FIELDS: Record<string, string> = { Name: "name", Domain: "domain", Aliases: "aliases" };

/**
 * The API's 400 field errors (`BrandName`, `Keywords.3`, `Competitors.1.Domain`) on the form's
 * inputs. `competitorRows[n]` is the form row of the n-th competitor sent (blank rows are not sent).
 */
export function profileErrorFields(errors: Record<string, string[]> | undefined, competitorRows: readonly number[]): FormErrorsReply {
  const reply: FormErrorsReply = { fieldErrors: {}, formErrors: [] };
  for (const key of Object.keys(errors ?? {})) {
    const [head, index, sub] = key.split(".");
    const field = PROFILE_API_FIELDS[head];
    if (!field) {
      reply.formErrors = [REFUSED];
      continue;
    }
    let name = field;
    if (head === "Competitors" && index !== undefined) {
      const row = competitorRows[Number(index)] ?? Number(index);
      name = `competitors[${row}].${COMPETITOR_API_FIELDS[sub ?? ""] ?? "name"}`;
    }
    reply.fieldErrors[name] = [REFUSED];
  }
  if (!Object.keys(reply.fieldErrors).length && !reply.formErrors.length) reply.formErrors = [REFUSED];
  return reply;
}

const QUESTION_FIELDS = new Set(["question_text", "category", "language", "is_active"]);

/** The question API's refusals at the field they concern; null when it is no refusal of the input. */
export function questionErrorFields(error: ApiRefusal): FormErrorsReply | null {
  const at = (field: string, key: string): FormErrorsReply => ({ fieldErrors: { [field]: [`seoSetup:questions.errors.${key}`] }, formErrors: [] });
  if (error.status === 409) return at("question_text", "duplicate");
  if (error.status === 403) {
    if (error.code === "category_not_in_plan") return at("category", "categoryNotInPlan");
    if (error.code === "category_quota_exceeded") return at("category", "categoryQuotaExceeded");
    if (error.code === "question_quota_exceeded") return at("question_text", "questionQuotaExceeded");
    return null;
  }
  if (error.status !== 400) return null;
  const reply: FormErrorsReply = { fieldErrors: {}, formErrors: [] };
  for (const field of Object.keys(error.errors ?? {})) {
    if (QUESTION_FIELDS.has(field)) reply.fieldErrors[field] = [REFUSED];
    else reply.formErrors = [REFUSED];
  }
  if (!Object.keys(reply.fieldErrors).length) reply.formErrors = [REFUSED];
  return reply;
}
