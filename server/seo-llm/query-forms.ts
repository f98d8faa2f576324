/**
 * The comparison form of a search query (query-clusters.ts groups queries by it): lower case, no
 * accents, punctuation or stop words, plurals and typos folded; and what must agree for two forms
 * to cluster, their intents and their numbers. Why: docs/decisions/011-query-clusters.md.
 */

export type QueryLanguage = "en" | "fr";

// Articles, prepositions, conjunctions, copulas and the fluff of a spoken question ("what is the
// best…"). Kept on purpose: words that change the intent (best, meilleur, vs, free, without, sans,
// pas, how, why, comment, pourquoi), numbers and years, and "it", "us" (IT, the US).
const STOP_WORDS: Record<QueryLanguage, ReadonlySet<string>> = {
  en: new Set(
    "a an the of for in on at to from by with about into and or is are be do does can should what which that this these those my your our their its i s".split(
      " ",
    ),
  ),
  // "l", "d", "qu" cover elisions typed without their apostrophe; "son", "ton", "ma" are left out
  // because they are ordinary English words (or initials) in a mixed-language corpus.
  fr: new Set(
    "l d qu le la les un une des du de au aux a et ou en dans pour par sur avec chez est sont ce cet cette ces sa ses mon mes notre nos votre vos leur leurs qui que quoi quel quelle quels quelles il elle y se ne".split(
      " ",
    ),
  ),
};

/**
 * Words that carry the intent a report is about. Two forms whose intents differ never cluster,
 * however many other words they share: Jaccard alone cannot tell "pricing" from "small", and a long
 * "hubspot crm pricing small business" would otherwise absorb "hubspot crm reviews small business".
 */
const INTENT_WORDS: Record<string, string> = {
  best: "best top meilleur meilleure",
  price: "price pricing cost cheap cheapest affordable prix tarif tarification cout cher",
  review: "review rating opinion avis",
  alternative: "alternative competitor concurrent",
  comparison: "vs versus compare comparison comparer comparatif comparaison",
  free: "free gratuit gratuite gratuitement",
};

/**
 * Plural folding, the only stemming: "logiciels" and "logiciel" compare equal. A trailing s or x
 * is dropped from letter-only words longer than 3 letters ("bus", "des" and "ss" endings such as
 * "business" are left alone), then a trailing y becomes "ie" so that "agency" and "agencies"
 * (→ "agencie") meet. The folded form is for comparison only and need not be a word.
 */
function foldPlural(token: string): string {
  const last = token[token.length - 1];
  if (token.length <= 3 || (last !== "s" && last !== "x" && last !== "y") || !LETTERS_ONLY.test(token)) return token;
  let folded = token;
  if ((last === "s" || last === "x") && !folded.endsWith("ss")) folded = folded.slice(0, -1);
  if (folded.length > 3 && folded.endsWith("y")) folded = `${folded.slice(0, -1)}ie`;
  return folded;
}

const LETTERS_ONLY = /^\p{L}+$/u;
const HAS_DIGIT = /\p{N}/u;

const INTENT_OF = new Map<string, string>();
for (const [intent, words] of Object.entries(INTENT_WORDS)) {
  for (const word of words.split(" ")) INTENT_OF.set(foldPlural(word), intent);
}

const STOP_WORDS_OF: Record<QueryLanguage | "both", ReadonlySet<string>> = {
  en: STOP_WORDS.en,
  fr: STOP_WORDS.fr,
  both: new Set([...STOP_WORDS.en, ...STOP_WORDS.fr]),
};
// Plain ASCII (most queries) has no accent to strip nor typographic apostrophe: skip the Unicode passes.
const PLAIN_ASCII = /^[\x20-\x5f\x61-\x7e]*$/;

function tokenise(query: string, language: QueryLanguage | "both"): string[] {
  let text = PLAIN_ASCII.test(query)
    ? query.toLowerCase()
    : query
        .normalize("NFKD")
        .replace(/\p{M}/gu, "")
        .replace(/[\u2018\u2019\u02bc\u2032\u0060\u00b4]/g, "'")
        .toLowerCase();
  // Elisions go before punctuation is stripped: "c'est" loses its "c" without every "c" (the
  // language) becoming a stop word, and "Acme's" is "acme".
  if (text.includes("'")) {
    if (language !== "en") text = text.replace(/(^|[^\p{L}\p{N}])(?:qu|jusqu|lorsqu|puisqu|[cdjlmnst])'(?=\p{L})/gu, "$1 ");
    if (language !== "fr") text = text.replace(/(\p{L})'s(?![\p{L}\p{N}])/gu, "$1");
  }
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
  const stopWords = STOP_WORDS_OF[language];
  const kept = words.filter((word) => !stopWords.has(word));
  // A query made only of stop words ("The The", "Le") is still a query: keep its words.
  return (kept.length > 0 ? kept : words).map(foldPlural);
}

/**
 * The comparison form of a query: lower case, no accents, no punctuation, no stop words (English
 * and French unless `language` narrows it to one), plurals folded, tokens sorted and deduplicated.
 * "" when the query has no letter or digit.
 */
export function normaliseQuery(query: string, language?: QueryLanguage): string {
  const tokens = tokenise(query, language ?? "both");
  return [...new Set(tokens)].sort().join(" ");
}

/**
 * What must be equal for two forms to cluster: their intents and their numbers ("best crm 2025" is
 * a different search from "best crm 2026"; "iphone 15" from "iphone 16").
 */
export function signatureOf(tokens: readonly string[]): string {
  const intents = new Set<string>();
  const numbers: string[] = [];
  for (const token of tokens) {
    const intent = INTENT_OF.get(token);
    if (intent) intents.add(intent);
    if (HAS_DIGIT.test(token)) numbers.push(token);
  }
  return `${[...intents].sort().join(",")}|${numbers.sort().join(",")}`;
}

/** Token-set Jaccard similarity of two queries' comparison forms, 0 when their intents or numbers differ. */
export function querySimilarity(a: string, b: string, language?: QueryLanguage): number {
  const left = normaliseQuery(a, language).split(" ").filter(Boolean);
  const right = normaliseQuery(b, language).split(" ").filter(Boolean);
  if (left.length === 0 || right.length === 0 || signatureOf(left) !== signatureOf(right)) return 0;
  const rightSet = new Set(right);
  const shared = left.filter((token) => rightSet.has(token)).length;
  return shared / (left.length + right.length - shared);
}

/** Optimal string alignment distance, but only "is it at most 1?": that is all typo folding asks. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  // A swap of two neighbours ("hubspto") is one typo, not two substitutions.
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/**
 * Typo folding across the corpus: a letter-only token is replaced by one within one edit (insert,
 * delete, substitute, swap) that occurs at least twice as often, the commoner spelling being the
 * intended one. Tokens under 5 letters ("crm"/"cms"), pairs of 5-letter tokens ("price"/"prime"),
 * numbers and intent words never fold. Deletion-neighbourhood index: no all-pairs comparison.
 */
export function typoRoots(weights: Map<string, number>): Map<string, string> {
  const eligible = [...weights.keys()].filter((token) => token.length >= 5 && LETTERS_ONLY.test(token) && !INTENT_OF.has(token));
  eligible.sort((a, b) => weights.get(b)! - weights.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
  const byDeletion = new Map<string, string[]>();
  const keysOf = (token: string) => {
    const keys = [token];
    for (let i = 0; i < token.length; i++) keys.push(token.slice(0, i) + token.slice(i + 1));
    return keys;
  };
  const roots = new Map<string, string>();
  for (const token of eligible) {
    const weight = weights.get(token)!;
    let best: string | undefined;
    for (const key of keysOf(token)) {
      for (const other of byDeletion.get(key) ?? []) {
        if (roots.get(other) !== other || weights.get(other)! < 2 * weight) continue;
        if (Math.max(token.length, other.length) < 6 || !withinOneEdit(token, other)) continue;
        const otherWeight = weights.get(other)!;
        const bestWeight = best === undefined ? -1 : weights.get(best)!;
        if (otherWeight > bestWeight || (otherWeight === bestWeight && other < best!)) best = other;
      }
    }
    roots.set(token, best ?? token);
    // Only roots are indexed: a typo never becomes the target of another typo.
    if (best === undefined) {
      for (const key of keysOf(token)) {
        const list = byDeletion.get(key);
        if (list) list.push(token);
        else byDeletion.set(key, [token]);
      }
    }
  }
  return roots;
}
