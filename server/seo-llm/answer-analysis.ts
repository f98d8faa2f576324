import { getDomain } from "tldts";
import { z } from "zod";

/**
 * What one AI answer says about the brand: is it mentioned, where among the brands the answer
 * names, how it is spoken of, and which sites the answer leans on. Pure: the pipeline stores its
 * result beside the raw answer, and `sightline analyze-answer` runs it on a file.
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
});
export type AnswerProfile = z.input<typeof AnswerProfileSchema>;

export const AnswerSchema = z.object({
  provider: z.string().max(50).optional(),
  text: z.string().max(1_000_000),
  citations: z.array(z.object({ url: z.string().max(4096), title: z.string().max(1000).optional().nullable() })).max(1000).default([]),
  search_queries: z.array(z.string().max(1000)).max(1000).default([]),
});
export type Answer = z.input<typeof AnswerSchema>;

export type Sentiment = "positive" | "neutral" | "negative";

/**
 * The version of the rules below. Raise it with any change that can alter a result: every stored
 * answer read by an older version is read again in the background (rescore.ts), so figures before
 * and after the change stay comparable. docs/metrics.md names the current one.
 */
export const ENGINE_VERSION = 1;

export type AnswerAnalysis = {
  brand: { mentioned: boolean; position: number | null; sentiment: Sentiment | null };
  /** Every brand named, with how the answer speaks of it (the sentences around its mentions). */
  mentions: Array<{ name: string; is_brand: boolean; tracked: boolean; position: number; count: number; sentiment: Sentiment }>;
  cited_domains: Array<{ domain: string; count: number }>;
  search_queries: string[];
};

type Entity = { name: string; isBrand: boolean; tracked: boolean; patterns: RegExp[] };
type Match = { entity: Entity; start: number; end: number };

/** Case, accents and typographic apostrophes do not matter: "L’Oréal" is "l'oreal". */
export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A name as a whole word: not inside another word, whatever follows ("Acme's", "d'Acme", "Acme,"),
 * with any run of spaces between its words.
 */
function namePattern(name: string): RegExp | null {
  const words = normalise(name).trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return null;
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

function entity(name: string, aliases: string[], domain: string | null | undefined, isBrand: boolean): Entity {
  const patterns = [name, ...aliases].map(namePattern).filter((pattern): pattern is RegExp => pattern !== null);
  const registrable = registrableDomain(domain);
  if (registrable) patterns.push(domainPattern(registrable));
  return { name, isBrand, tracked: true, patterns };
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
    if (first) first.patterns.push(...item.patterns);
    else byName.set(key, item);
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
    const isTracked = tracked.some((known) => known.patterns.some((pattern) => new RegExp(pattern.source, "u").test(key)));
    if (isTracked || found.has(key)) continue;
    const pattern = namePattern(name);
    if (pattern) found.set(key, { name, isBrand: false, tracked: false, patterns: [pattern] });
  }
  return [...found.values()];
}

/** Every mention, longest first where two overlap ("Acme Pro" is not also "Acme"). */
function findMentions(normalised: string, entities: Entity[]): Match[] {
  const all: Match[] = [];
  for (const item of entities) {
    for (const pattern of item.patterns) {
      for (const match of normalised.matchAll(pattern)) {
        all.push({ entity: item, start: match.index, end: match.index + match[0].length });
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

// Sentiment: a small lexicon in English and French (accent-free, as text is normalised), with
// negation in the three words before. Enough to tell praise from warnings in assistant prose.
const POSITIVE = new Set(
  "best excellent great leading leader recommended recommend reliable trusted popular top strong powerful easy intuitive affordable innovative robust favorite favourite outstanding ideal efficient secure quality good loved praised standout meilleur meilleure meilleurs excellente excellent recommande recommandee recommandes fiable reconnu reconnue populaire performant performante puissant puissante simple intuitif intuitive abordable innovant innovante robuste ideal ideale efficace securise qualite bon bonne apprecie appreciee incontournable leader".split(" "),
);
const NEGATIVE = new Set(
  "worst poor bad expensive overpriced limited lacks lacking complaints complaint issues issue problems problem drawback drawbacks slow difficult complicated unreliable outdated buggy risky weak avoid scam disappointing criticized criticised downside pire mauvais mauvaise cher chere couteux couteuse limite limitee manque plaintes probleme problemes inconvenient inconvenients lent lente difficile complique compliquee obsolete decevant decevante eviter arnaque critique critiques faible".split(" "),
);
const NEGATIONS = new Set("not no never without isn't aren't doesn't don't lack ne pas jamais sans aucun aucune".split(" "));

function sentimentOf(sentences: string[]): Sentiment {
  let score = 0;
  for (const sentence of sentences) {
    const words = sentence.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
    words.forEach((word, index) => {
      const polarity = POSITIVE.has(word) ? 1 : NEGATIVE.has(word) ? -1 : 0;
      if (!polarity) return;
      const negated = words.slice(Math.max(0, index - 3), index).some((before) => NEGATIONS.has(before) || before.endsWith("n't"));
      score += negated ? -polarity : polarity;
    });
  }
  return score > 0 ? "positive" : score < 0 ? "negative" : "neutral";
}

/** The sentences (or list lines) that hold a mention. */
function sentencesAround(normalised: string, matches: Match[]): string[] {
  const bounds = /[.!?\n]/g;
  return matches.map((match) => {
    let start = 0;
    let end = normalised.length;
    for (const bound of normalised.matchAll(bounds)) {
      if (bound.index < match.start) start = bound.index + 1;
      else if (bound.index >= match.end) {
        end = bound.index;
        break;
      }
    }
    return normalised.slice(start, end);
  });
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

export function analyzeAnswer(profileInput: AnswerProfile, answerInput: Answer): AnswerAnalysis {
  const profile = AnswerProfileSchema.parse(profileInput);
  const answer = AnswerSchema.parse(answerInput);
  const tracked = mergeSameNames([
    entity(profile.brand_name, profile.aliases, profile.website_url, true),
    ...profile.competitors.map((competitor) => entity(competitor.name, competitor.aliases, competitor.domain, false)),
  ]);
  const normalised = normalise(answer.text);
  const matches = findMentions(normalised, [...tracked, ...listedNames(answer.text, tracked)]);

  const byEntity = new Map<Entity, Match[]>();
  for (const match of matches) byEntity.set(match.entity, [...(byEntity.get(match.entity) ?? []), match]);
  const ordered = [...byEntity].sort(([, a], [, b]) => a[0].start - b[0].start);
  const mentions = ordered.map(([item, found], index) => ({
    name: item.name,
    is_brand: item.isBrand,
    tracked: item.tracked,
    position: index + 1,
    count: found.length,
    sentiment: sentimentOf(sentencesAround(normalised, found)),
  }));

  const brandMatches = byEntity.get(tracked[0]) ?? [];
  const brandMention = mentions.find((mention) => mention.is_brand);
  return {
    brand: {
      mentioned: brandMatches.length > 0,
      position: brandMention?.position ?? null,
      sentiment: brandMatches.length > 0 ? sentimentOf(sentencesAround(normalised, brandMatches)) : null,
    },
    mentions,
    cited_domains: citedDomains(answer.text, answer.citations),
    search_queries: [...new Set(answer.search_queries.map((query) => query.trim()).filter(Boolean))],
  };
}
