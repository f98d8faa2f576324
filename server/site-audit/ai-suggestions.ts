import { z } from "zod";
import { distinctTexts, normaliseDomain } from "#domain/seo-profile";
import { WEBSITE_MAX_LENGTH } from "#domain/website";
import { firstJsonObject } from "../integrations/ai/advisor";
import type { AiProvider } from "../integrations/ai/types";
import { logger } from "../logger";
import type { Suggestions } from "./suggestions";

/**
 * Competitors and keywords asked of an AI assistant (issue 12), next to what the page itself says.
 * A page never names its rivals, and its own words miss the searches people make; an assistant
 * knows both. One call, through the adapter analyses use, whose answer must be a small JSON object;
 * anything else (an error, prose, a time-out) leaves the page's suggestions as they were.
 */

export type PageSummary = { url: string; brand: string | null; title: string | null; description: string | null; keywords: string[] };

const MAX_KEYWORDS = 10;
const MAX_COMPETITORS = 10;
const KEYWORD_MAX_LENGTH = 80;
const KEYWORD_MAX_WORDS = 5;
const NAME_MAX_LENGTH = 100;
/**
 * The onboarding step waits for the analysis, so the assistant gets less time than an analysis's
 * answer does: past it, the page's own suggestions are shown rather than a longer wait.
 */
export const ADVICE_TIMEOUT_MS = 20_000;

const LANGUAGE_NAMES = { en: "English", fr: "French" } as const;

const AnswerSchema = z.object({
  keywords: z.array(z.unknown()).catch([]),
  competitors: z.array(z.unknown()).catch([]),
});

const CompetitorSchema = z.union([
  z.string().transform((name) => ({ name, domain: null as string | null })),
  z.object({ name: z.string(), domain: z.string().nullish() }).transform(({ name, domain }) => ({ name, domain: domain ?? null })),
]);

/** The question: the page's own facts, and the answer's shape, in the language the keywords are for. */
export function suggestionQuestion(page: PageSummary, language: keyof typeof LANGUAGE_NAMES): string {
  const facts = [
    `Website: ${page.url.slice(0, WEBSITE_MAX_LENGTH)}`,
    page.brand && `Brand: ${page.brand}`,
    page.title && `Page title: ${page.title.slice(0, 200)}`,
    page.description && `Description: ${page.description.slice(0, 300)}`,
    page.keywords.length > 0 && `Words the page uses: ${page.keywords.join(", ")}`,
  ].filter(Boolean);
  return [
    "You help a company track how AI assistants talk about it.",
    ...facts,
    `List up to ${MAX_COMPETITORS} companies that compete with this brand for the same customers, each with its website's domain, and up to ${MAX_KEYWORDS} short search keywords (one to four words, in ${LANGUAGE_NAMES[language]}, without the brand's name) that its customers would type to find such a product.`,
    'Answer with this JSON object only, no prose: {"competitors": [{"name": "…", "domain": "example.com"}], "keywords": ["…"]}',
  ].join("\n");
}

/** What the answer holds, or null when it holds no such object. Items that do not fit are dropped. */
export function readSuggestionAnswer(text: string, own: { brand: string | null; host: string }): Pick<Suggestions, "keywords" | "competitors"> | null {
  const json = firstJsonObject(text);
  if (json === null) return null;
  const parsed = AnswerSchema.safeParse(json);
  if (!parsed.success) return null;
  const brand = (own.brand ?? "").toLowerCase();
  const ownDomain = normaliseDomain(own.host);

  const keywords = distinctTexts(
    parsed.data.keywords
      .filter((item): item is string => typeof item === "string")
      .map((keyword) => keyword.replace(/\s+/g, " ").trim().toLowerCase())
      .filter((keyword) => keyword.length >= 2 && keyword.length <= KEYWORD_MAX_LENGTH && keyword.split(" ").length <= KEYWORD_MAX_WORDS)
      .filter((keyword) => !brand || !keyword.includes(brand)),
  ).slice(0, MAX_KEYWORDS);

  const seen = new Set<string>();
  const competitors: Suggestions["competitors"] = [];
  for (const item of parsed.data.competitors) {
    const competitor = CompetitorSchema.safeParse(item);
    if (!competitor.success) continue;
    const name = competitor.data.name.replace(/\s+/g, " ").trim();
    const domain = competitor.data.domain ? normaliseDomain(competitor.data.domain) : null;
    const key = name.toLowerCase();
    if (name.length < 2 || name.length > NAME_MAX_LENGTH || key === brand || seen.has(key)) continue;
    if (domain && ownDomain && (domain === ownDomain || domain.endsWith(`.${ownDomain}`))) continue;
    seen.add(key);
    competitors.push({ name, domain });
    if (competitors.length >= MAX_COMPETITORS) break;
  }
  return { keywords, competitors };
}

/**
 * The page's suggestions with the assistant's added: its competitors, and the keywords taken in
 * turn from the page and from the assistant, so neither crowds the other out. Labelled as such.
 */
export function withAdvice(page: Suggestions, advice: Pick<Suggestions, "keywords" | "competitors">): Suggestions {
  const keywords: string[] = [];
  for (let index = 0; index < Math.max(page.keywords.length, advice.keywords.length); index++) {
    keywords.push(...[page.keywords[index], advice.keywords[index]].filter((keyword): keyword is string => Boolean(keyword)));
  }
  return { ...page, source: "page_and_ai", keywords: distinctTexts(keywords).slice(0, MAX_KEYWORDS), competitors: advice.competitors };
}

/** Asks the advisor; on any failure the page's suggestions stand, and the failure is logged. */
export async function adviseSuggestions(advisor: AiProvider, page: PageSummary, suggestions: Suggestions, timeoutMs = ADVICE_TIMEOUT_MS): Promise<Suggestions> {
  const language = suggestions.language ?? "en";
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const answer = await advisor.ask({ question: suggestionQuestion(page, language), language, country: null, signal });
    const advice = readSuggestionAnswer(answer.text, { brand: suggestions.brand_name, host: new URL(page.url).hostname });
    if (!advice || (advice.keywords.length === 0 && advice.competitors.length === 0)) {
      logger.warn("site_audit.advice_unreadable", { provider: advisor.id });
      return suggestions;
    }
    return withAdvice(suggestions, advice);
  } catch (error) {
    logger.warn("site_audit.advice_failed", { provider: advisor.id, error: error instanceof Error ? error.message : String(error) });
    return suggestions;
  }
}
