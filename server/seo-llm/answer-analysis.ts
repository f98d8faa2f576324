import { getDomain } from "tldts";
import { z } from "zod";
import { ACCEPT_SCORE, type AmbiguityKind, ambiguityOf, evidenceFor, SURE_ACCEPT, SURE_REJECT } from "./answer-engine/ambiguity";
import { isListLabel } from "./answer-engine/lexicon";
import { type Sentiment, sentimentByBrand, sentimentLabel } from "./answer-engine/sentiment";
import { answerLanguage, type Normalised, normalise, normaliseWithMap, originalSlice } from "./answer-engine/text";

export { normalise, type Sentiment };

/**
 * What one AI answer says about the brand: is it mentioned, where among the brands the answer
 * names, how it is spoken of, and which sites the answer leans on. Pure: the pipeline stores its
 * result beside the raw answer, and `sightline analyze-answer` runs it on a file. The rules live in
 * answer-engine/ (names that are also words, sentiment); `npm run eval` measures them.
 */

export const AnswerProfileSchema = z.object({
  brand_name: z.string().trim().min(1).max(200),
  aliases: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  website_url: z.string().max(2048).optional().nullable(),
  competitors: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        domain: z.string().max(2048).optional().nullable(),
        aliases: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
      }),
    )
    .max(100)
    .default([]),
  market_language: z.string().max(10).optional(),
  /** Names or aliases the user marked as everyday words: they count only with evidence, like "Slack". */
  ambiguous_names: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
});
export type AnswerProfile = z.input<typeof AnswerProfileSchema>;

export const AnswerSchema = z.object({
  provider: z.string().max(50).optional(),
  text: z.string().max(1_000_000),
  citations: z.array(z.object({ url: z.string().max(4096), title: z.string().max(1000).optional().nullable() })).max(1000).default([]),
  search_queries: z.array(z.string().max(1000)).max(1000).default([]),
});
export type Answer = z.input<typeof AnswerSchema>;

/**
 * The version of the rules below. Raise it with any change that can alter a result: every stored
 * answer read by an older version is read again in the background (rescore.ts), so figures before
 * and after the change stay comparable. docs/metrics.md names the current one.
 */
export const ENGINE_VERSION = 7;

export type AnswerAnalysis = {
  brand: { mentioned: boolean; position: number | null; sentiment: Sentiment | null };
  /** Every brand named, with how the answer speaks of it. */
  mentions: Array<{ name: string; is_brand: boolean; tracked: boolean; position: number; count: number; sentiment: Sentiment }>;
  cited_domains: Array<{ domain: string; count: number }>;
  search_queries: string[];
};

/**
 * What decided that a brand is named: a name or domain that cannot be anything else ("name"), the
 * clues around a name that is also a word ("evidence"), the AI second opinion on such a name
 * ("ai"), or a bold list item naming a brand the profile does not track ("listed").
 */
export type MentionMethod = "name" | "evidence" | "ai" | "listed";

/** A match of a name that is also a word, with the rules' verdict (and the model's, if asked). */
export type AmbiguousMatch = {
  key: string;
  name: string;
  form: string;
  /** The sentence it stands in, for the second opinion. */
  excerpt: string;
  score: number;
  reasons: string[];
  accepted: boolean;
  /** Whether the rules are sure enough to do without a second opinion. */
  sure: boolean;
  decidedBy: "evidence" | "ai";
};

export type DetailedAnalysis = {
  analysis: AnswerAnalysis;
  /** How each mention (by name) was decided. */
  methods: Map<string, MentionMethod>;
  ambiguous: AmbiguousMatch[];
};

type Form = { pattern: RegExp; form: string; kind: AmbiguityKind | null };
/** `domain` finds the registrable domain as a clue (not global: tested, never iterated). */
type Entity = { name: string; isBrand: boolean; tracked: boolean; forms: Form[]; domain: RegExp | null };
type Match = { entity: Entity; form: Form; start: number; end: number };

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A name as a whole word: not inside another word, whatever follows ("Acme's", "d'Acme", "Acme,"),
 * with any run of spaces between its words.
 */
function namePattern(name: string): RegExp | null {
  const words = normalise(name).trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  // A name of punctuation only ("-") would match every dash.
  if (words.length === 0 || !/[\p{L}\p{N}]/u.test(name)) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words.join("\\s+")}(?![\\p{L}\\p{N}_])`, "gu");
}

/** The registrable domain ("example.co.uk"), also as part of a host ("www.example.co.uk", in a URL). */
function domainPattern(domain: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(domain)}(?![\\p{L}\\p{N}_-])`, "gu");
}

export function registrableDomain(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const domain = getDomain(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  return domain ? domain.toLowerCase() : null;
}

function entity(name: string, aliases: string[], domain: string | null | undefined, isBrand: boolean, userMarked: ReadonlySet<string>): Entity {
  const forms: Form[] = [];
  for (const form of [name, ...aliases]) {
    const pattern = namePattern(form);
    if (pattern) forms.push({ pattern, form: form.trim(), kind: ambiguityOf(form, userMarked) });
  }
  const registrable = registrableDomain(domain);
  if (!registrable) return { name, isBrand, tracked: true, forms, domain: null };
  const pattern = domainPattern(registrable);
  forms.push({ pattern, form: registrable, kind: null });
  return { name, isBrand, tracked: true, forms, domain: new RegExp(pattern.source, "u") };
}

/**
 * One entity per name: a competitor listed twice (or under the brand's own name, say for a sister
 * site) adds its aliases and domain to the first, so an answer names each brand once.
 */
function mergeSameNames(entities: Entity[]): Entity[] {
  const byName = new Map<string, Entity>();
  for (const item of entities) {
    const key = normalise(item.name).trim().replace(/\s+/g, " ");
    const first = byName.get(key);
    if (first) {
      first.forms.push(...item.forms);
      first.domain ??= item.domain;
    } else byName.set(key, item);
  }
  return [...byName.values()];
}

/**
 * Brands the profile does not know, named the way assistants list them: a list item that starts
 * with a bold name ("1. **HubSpot** – …"). Counted for positions, so "third in a list of five"
 * holds even when the other four are not tracked.
 */
const LISTED_NAME = /^[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]+(?:\*\*|__)([^*_\n]{2,60}?)(?:\*\*|__)/gm;

function listedNames(text: string, tracked: Entity[]): Entity[] {
  const found = new Map<string, Entity>();
  for (const match of text.matchAll(LISTED_NAME)) {
    const name = match[1].trim().replace(/[:.\-–—]+$/, "").trim();
    if (!/^[\p{Lu}\p{N}]/u.test(name) || name.split(/\s+/).length > 4) continue;
    const key = normalise(name);
    if (isListLabel(name)) continue;
    const isTracked = tracked.some((known) => known.forms.some((form) => new RegExp(form.pattern.source, "u").test(key)));
    if (isTracked || found.has(key)) continue;
    const pattern = namePattern(name);
    if (pattern) found.set(key, { name, isBrand: false, tracked: false, forms: [{ pattern, form: name, kind: null }], domain: null });
  }
  return [...found.values()];
}

/** Every mention, longest first where two overlap ("Acme Pro" is not also "Acme"). */
function findMentions(normalised: string, entities: Entity[]): Match[] {
  const all: Match[] = [];
  for (const item of entities) {
    for (const form of item.forms) {
      for (const match of normalised.matchAll(form.pattern)) {
        all.push({ entity: item, form, start: match.index, end: match.index + match[0].length });
      }
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: Match[] = [];
  let reach = -1;
  for (const match of all) {
    if (match.start < reach) continue;
    kept.push(match);
    reach = match.end;
  }
  return kept;
}

/** The key a decision on one match is filed under: its place in the normalised text. */
export const matchKey = (start: number, end: number) => `${start}-${end}`;

/** Other brands' matches within `reach` characters of this one (`sorted` by start): a binary search, not a scan. */
function nearby(sorted: Match[], match: Match, reach: number): Match[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle].start < match.start - reach - 200) low = middle + 1;
    else high = middle;
  }
  const found: Match[] = [];
  for (let index = low; index < sorted.length && sorted[index].start <= match.end + reach; index++) {
    const other = sorted[index];
    if (other.entity !== match.entity && other.end >= match.start - reach) found.push(other);
  }
  return found;
}

/** Up to 200 characters either side of a match, cut at sentence bounds where there are some. */
function excerpt(source: Normalised, start: number, end: number): string {
  const from = Math.max(0, start - 200);
  const to = Math.min(source.text.length, end + 200);
  const head = source.text.slice(from, start).search(/[.!?\n][^.!?\n]*$/);
  const tail = source.text.slice(end, to).search(/[.!?\n]/);
  return originalSlice(source, head === -1 ? from : from + head + 1, tail === -1 ? to : end + tail + 1).trim();
}

/**
 * Which matches of names that are also words stand for the brand. Two passes: the first reads each
 * match beside the brands that are certain; the second also knows which brands the answer names
 * for sure elsewhere, so "Slack" at a sentence's start counts once **Slack** was bold above.
 */
function judgeAmbiguous(source: Normalised, matches: Match[], language: "en" | "fr", decisions: ReadonlyMap<string, boolean>): Map<Match, AmbiguousMatch> {
  const certain = matches.filter((match) => match.form.kind === null);
  const ambiguous = matches.filter((match) => match.form.kind !== null);
  /** `others`: the brands' matches to read it beside; `brands`: the brands they name. */
  const judge = (match: Match, others: Match[], brands: Set<Entity>, namedElsewhere: boolean) =>
    evidenceFor({
      source,
      start: match.start,
      end: match.end,
      form: match.form.form,
      kind: match.form.kind!,
      language,
      domain: match.entity.domain,
      otherBrands: nearby(others, match, 80),
      otherBrandsInAnswer: brands.size > (brands.has(match.entity) ? 1 : 0),
      namedElsewhere,
    });
  const certainBrands = new Set(certain.map((match) => match.entity));
  const first = new Map(ambiguous.map((match) => [match, judge(match, certain, certainBrands, false)]));
  const surely = (match: Match) => match.form.kind === null || (first.get(match)?.score ?? 0) >= SURE_ACCEPT;
  const accepted = matches.filter((match) => match.form.kind === null || (first.get(match)?.score ?? 0) >= ACCEPT_SCORE);
  const acceptedBrands = new Set(accepted.map((match) => match.entity));
  const sureCount = new Map<Entity, number>();
  for (const match of matches) if (surely(match)) sureCount.set(match.entity, (sureCount.get(match.entity) ?? 0) + 1);

  const verdicts = new Map<Match, AmbiguousMatch>();
  for (const match of ambiguous) {
    const namedElsewhere = (sureCount.get(match.entity) ?? 0) - (surely(match) ? 1 : 0) > 0;
    const evidence = judge(match, accepted, acceptedBrands, namedElsewhere);
    const key = matchKey(match.start, match.end);
    const decided = decisions.get(key);
    verdicts.set(match, {
      key,
      name: match.entity.name,
      form: match.form.form,
      excerpt: excerpt(source, match.start, match.end),
      score: evidence.score,
      reasons: evidence.reasons,
      accepted: decided ?? evidence.score >= ACCEPT_SCORE,
      sure: evidence.score >= SURE_ACCEPT || evidence.score <= SURE_REJECT,
      decidedBy: decided === undefined ? "evidence" : "ai",
    });
  }
  return verdicts;
}

const URL_IN_TEXT = /https?:\/\/[^\s)<>\]"'`]+/gi;

/** Distinct cited pages per registrable domain, from the citations and from links in the text. */
function citedDomains(text: string, citations: Array<{ url: string }>): AnswerAnalysis["cited_domains"] {
  const urls = new Set<string>();
  for (const citation of citations) urls.add(citation.url.trim());
  for (const match of text.matchAll(URL_IN_TEXT)) urls.add(match[0].replace(/[.,;:!?]+$/, ""));
  const counts = new Map<string, number>();
  for (const url of urls) {
    const domain = registrableDomain(url);
    if (domain) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  }
  return [...counts].map(([domain, count]) => ({ domain, count })).sort((a, b) => b.count - a.count || a.domain.localeCompare(b.domain));
}


export type AnalyzeOptions = {
  /** The second opinion's verdicts on ambiguous matches, by matchKey; they override the rules'. */
  decisions?: ReadonlyMap<string, boolean>;
  /** Told each judgement and the brand it went to (for `eval/show.ts`). */
  trace?: (line: string) => void;
};

/** The analysis, how each mention was decided, and every match of a name that is also a word. */
export function analyzeAnswerDetailed(profileInput: AnswerProfile, answerInput: Answer, options: AnalyzeOptions = {}): DetailedAnalysis {
  const profile = AnswerProfileSchema.parse(profileInput);
  const answer = AnswerSchema.parse(answerInput);
  const userMarked = new Set(profile.ambiguous_names.map((name) => normalise(name).trim().replace(/\s+/g, " ")));
  const tracked = mergeSameNames([
    entity(profile.brand_name, profile.aliases, profile.website_url, true, userMarked),
    ...profile.competitors.map((competitor) => entity(competitor.name, competitor.aliases, competitor.domain, false, userMarked)),
  ]);
  const source = normaliseWithMap(answer.text);
  const language = answerLanguage(source.text);
  const matches = findMentions(source.text, [...tracked, ...listedNames(answer.text, tracked)]);
  const verdicts = judgeAmbiguous(source, matches, language, options.decisions ?? new Map());
  const accepted = matches.filter((match) => verdicts.get(match)?.accepted ?? true);

  const byEntity = new Map<Entity, Match[]>();
  for (const match of accepted) {
    const list = byEntity.get(match.entity);
    if (list) list.push(match);
    else byEntity.set(match.entity, [match]);
  }
  const ordered = [...byEntity].sort(([, a], [, b]) => a[0].start - b[0].start);
  const scores = sentimentByBrand(
    source.text,
    accepted.map((match) => ({ key: match.entity, start: match.start, end: match.end })),
    { language, trace: options.trace },
  );
  const methods = new Map<string, MentionMethod>();
  const mentions = ordered.map(([item, found], index) => {
    const decidedBy = found.map((match) => (match.form.kind === null ? "name" : verdicts.get(match)!.decidedBy));
    methods.set(item.name, !item.tracked ? "listed" : decidedBy.includes("name") ? "name" : decidedBy.includes("ai") ? "ai" : "evidence");
    return {
      name: item.name,
      is_brand: item.isBrand,
      tracked: item.tracked,
      position: index + 1,
      count: found.length,
      sentiment: sentimentLabel(scores.get(item) ?? { praise: 0, criticism: 0 }),
    };
  });

  const brandMention = mentions.find((mention) => mention.is_brand);
  return {
    analysis: {
      brand: {
        mentioned: brandMention !== undefined,
        position: brandMention?.position ?? null,
        sentiment: brandMention?.sentiment ?? null,
      },
      mentions,
      cited_domains: citedDomains(answer.text, answer.citations),
      search_queries: [...new Set(answer.search_queries.map((query) => query.trim()).filter(Boolean))],
    },
    methods,
    ambiguous: [...verdicts.values()],
  };
}

export function analyzeAnswer(profile: AnswerProfile, answer: Answer, options: AnalyzeOptions = {}): AnswerAnalysis {
  return analyzeAnswerDetailed(profile, answer, options).analysis;
}
