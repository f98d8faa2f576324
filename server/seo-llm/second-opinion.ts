import { z } from "zod";
import { firstJsonObject, structuredReply } from "../integrations/ai/advisor";
import type { AiProvider } from "../integrations/ai/types";
import { logger } from "../logger";
import type { AmbiguousMatch } from "./answer-analysis";

/**
 * The AI second opinion on names that are also words (issue 14). Only the matches the rules are
 * unsure of are asked about — "Slack" at the start of a sentence with no other clue — in one call
 * per answer through the adapter analyses use. The reply must fit a strict schema, one verdict per
 * match asked and nothing else; anything else (an error, prose, a time-out, a missing or unknown
 * id) leaves the rules' verdicts as they were. A verdict taken is stored as the mention's method.
 */

export const SECOND_OPINION_TIMEOUT_MS = 20_000;
/** One call per answer asks about at most this many matches; the rest keep the rules' verdict. */
export const MAX_ASKED = 12;

const ReplySchema = z
  .object({ verdicts: z.array(z.object({ id: z.string(), brand: z.boolean() }).strict()) })
  .strict();

/** Sent to the provider's structured-output mode; the reply is still checked against ReplySchema. */
export const REPLY = structuredReply("brand_verdicts", ReplySchema);

/** The unsure matches, in the order they appear, up to MAX_ASKED. */
export function unsureMatches(matches: AmbiguousMatch[]): AmbiguousMatch[] {
  return matches.filter((match) => !match.sure).slice(0, MAX_ASKED);
}

export function secondOpinionQuestion(matches: AmbiguousMatch[]): string {
  const items = matches.map((match, index) =>
    JSON.stringify({ id: `m${index + 1}`, brand: match.name, word: match.form, passage: match.excerpt.slice(0, 400) }),
  );
  return [
    "You check a brand-monitoring tool's work. Each item below is a passage from an AI assistant's answer in which a word",
    "that is also a brand's name appears. Decide for each item whether the passage uses that word for the brand (the",
    "company or its product) or in its ordinary sense (a common word, a day, a month, a place).",
    ...items,
    'Answer with this JSON object only, no prose, one verdict per id: {"verdicts": [{"id": "m1", "brand": true}]}',
  ].join("\n");
}

/** The verdicts by match key, or null unless the reply gives exactly one verdict for each id asked. */
export function readSecondOpinion(text: string, matches: AmbiguousMatch[]): Map<string, boolean> | null {
  const parsed = ReplySchema.safeParse(firstJsonObject(text));
  if (!parsed.success) return null;
  const byId = new Map(matches.map((match, index) => [`m${index + 1}`, match.key]));
  const decisions = new Map<string, boolean>();
  for (const verdict of parsed.data.verdicts) {
    const key = byId.get(verdict.id);
    if (!key || decisions.has(key)) return null;
    decisions.set(key, verdict.brand);
  }
  return decisions.size === matches.length ? decisions : null;
}

/** Asks the advisor about the unsure matches; an empty map when there are none or on any failure. */
export async function askSecondOpinion(
  advisor: AiProvider,
  matches: AmbiguousMatch[],
  language: string,
  timeoutMs = SECOND_OPINION_TIMEOUT_MS,
  /** The worker stopping or the analysis's deadline: the question is dropped with the rest. */
  stop?: AbortSignal,
): Promise<Map<string, boolean>> {
  const asked = unsureMatches(matches);
  if (asked.length === 0 || stop?.aborted) return new Map();
  try {
    const signal = stop ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]) : AbortSignal.timeout(timeoutMs);
    const answer = await advisor.ask({ question: secondOpinionQuestion(asked), language, country: null, signal, reply: REPLY });
    const decisions = readSecondOpinion(answer.text, asked);
    if (decisions) return decisions;
    logger.warn("seo_llm.second_opinion_unreadable", { provider: advisor.id });
  } catch (error) {
    logger.warn("seo_llm.second_opinion_failed", { provider: advisor.id, error: error instanceof Error ? error.message : String(error) });
  }
  return new Map();
}
