import { CONNECTORS, type KeywordLanguage, STOP_WORDS } from "./stop-words";

/**
 * Keywords from a page's own words: candidate phrases of one to three words that neither start nor
 * end with a stop word (the RAKE and YAKE family's rule), scored by where they appear (title and
 * headings weigh more than body text, and earlier words more than later ones) and how often.
 * Phrases are chosen before single words, one per idea, and the brand's own name is left out.
 */

export type KeywordSource = { text: string; weight: number };

export type KeywordOptions = {
  /** Phrases to leave out (the brand's own name). */
  exclude?: string[];
  min?: number;
  max?: number;
};

const MAX_WORDS = 3;
// Each extra word multiplies the score: a phrase wins over its own words once it holds about
// two thirds of their weight, as "bookkeeping software" should over "bookkeeping". A phrase held
// together by a connector gets less: it is as often a fragment ("affinés au lait") as a name
// ("logiciel de comptabilité").
const PHRASE_BONUS = [1, 1, 1.5, 1.7];
const CONNECTED_BONUS = 1.2;
// Weight a candidate needs (two body mentions, or one in a heading) before the fallback; a single
// word must also appear twice, or any word of a title would qualify.
const MIN_EVIDENCE = 2;
const MIN_WORD_COUNT = 2;
// Slots the phrases leave for single words ("freelancers").
const ROOM_FOR_WORDS = 3;
// Words within the first few dozen of a source count up to twice.
const POSITION_SCALE = 30;

// Break phrases at punctuation, line ends and spaced dashes; keep hyphenated words whole.
const CHUNK_BREAK = /[.,;:!?()[\]{}"«»“”„|/\\\n\r\t•·…+=<>#*_~]+|\s[-–—]+\s|[–—]/;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu)['’]/;
const POSSESSIVE = /['’]s?$/;

type Candidate = { phrase: string; words: string[]; score: number; count: number };

export function extractKeywords(sources: KeywordSource[], language: KeywordLanguage, options: KeywordOptions = {}): string[] {
  const min = options.min ?? 5;
  const max = options.max ?? 10;
  const stop = STOP_WORDS[language];
  const excluded = (options.exclude ?? []).map((phrase) => tokenize(phrase, language)).filter((words) => words.length > 0);
  // The brand is tracked on its own: neither its name nor one of its words alone is a keyword.
  const isExcluded = (candidate: Candidate) =>
    excluded.some((words) => {
      const phrase = words.join(" ");
      if (candidate.words.length === 1) return words.includes(candidate.phrase);
      return candidate.phrase === phrase || contains(candidate.phrase, phrase) || contains(phrase, candidate.phrase);
    });
  const candidates = new Map<string, Candidate>();

  for (const source of sources) {
    let position = 0;
    for (const chunk of source.text.split(CHUNK_BREAK)) {
      const tokens = tokenize(chunk, language);
      tokens.forEach((_, start) => {
        const weight = source.weight * (1 + 1 / (1 + (position + start) / POSITION_SCALE));
        for (let size = 1; size <= MAX_WORDS && start + size <= tokens.length; size++) {
          const words = tokens.slice(start, start + size);
          if (!isCandidate(words, stop, CONNECTORS[language])) continue;
          const phrase = words.join(" ");
          const entry = candidates.get(phrase) ?? { phrase, words, score: 0, count: 0 };
          entry.score += weight;
          entry.count++;
          candidates.set(phrase, entry);
        }
      });
      position += tokens.length;
    }
  }

  const ranked = [...candidates.values()]
    .filter((candidate) => !isExcluded(candidate))
    .map((candidate) => ({ ...candidate, ranked: candidate.score * bonus(candidate.words, stop) }))
    .sort((a, b) => b.ranked - a.ranked || a.phrase.localeCompare(b.phrase));

  return select(ranked, min, max).map((candidate) => candidate.phrase);
}

/**
 * Phrases first ("bookkeeping software" says more than "bookkeeping"), leaving room for the single
 * words that no chosen phrase holds; then, if that is not enough, whatever scores next. Returned
 * best first.
 */
function select<T extends Candidate & { ranked: number }>(ranked: T[], min: number, max: number): T[] {
  const chosen: T[] = [];
  const strong = (candidate: T) => candidate.score >= MIN_EVIDENCE && (candidate.words.length > 1 || candidate.count >= MIN_WORD_COUNT);
  const pick = (accept: (candidate: T) => boolean, limit: number) => {
    for (const candidate of ranked) {
      if (chosen.length >= limit) return;
      if (chosen.includes(candidate) || !accept(candidate)) continue;
      // One phrase per idea: not "bookkeeping" beside "bookkeeping software", nor "online
      // bookkeeping software" after it.
      if (chosen.some((other) => contains(other.phrase, candidate.phrase) || contains(candidate.phrase, other.phrase))) continue;
      // Nor the bridge between two chosen phrases: "affinés au lait" between "fromages affinés"
      // and "lait cru".
      const first = candidate.words[0];
      const last = candidate.words.at(-1);
      if (candidate.words.length > 1 && chosen.some((other) => other.words.at(-1) === first) && chosen.some((other) => other.words[0] === last)) continue;
      chosen.push(candidate);
    }
  };
  pick((candidate) => strong(candidate) && candidate.words.length > 1, max - ROOM_FOR_WORDS);
  pick(strong, max);
  if (chosen.length < min) pick(() => true, max);
  return chosen.sort((a, b) => b.ranked - a.ranked);
}

/** Lower-case words, French elisions (l', d', qu') and English possessives removed. */
export function tokenize(text: string, language: KeywordLanguage): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  return words
    .map((word) => (language === "fr" ? word.replace(ELISION, "") : word.replace(POSSESSIVE, "")).replace(/^[-'’]+|[-'’]+$/g, ""))
    .filter(Boolean);
}

function isCandidate(words: string[], stop: ReadonlySet<string>, connectors: ReadonlySet<string>): boolean {
  const first = words[0]!;
  const last = words.at(-1)!;
  if (stop.has(first) || stop.has(last)) return false;
  if (words.some((word) => !/\p{L}/u.test(word))) return false;
  if (words.length === 1 && first.length < 3) return false;
  // A stop word in the middle only as a connector ("logiciel de comptabilité").
  return words.slice(1, -1).every((word) => !stop.has(word) || connectors.has(word));
}

function bonus(words: string[], stop: ReadonlySet<string>): number {
  return words.length === 3 && stop.has(words[1]!) ? CONNECTED_BONUS : PHRASE_BONUS[words.length]!;
}

/** Whether `phrase` holds `part` as whole words. */
function contains(phrase: string, part: string): boolean {
  return phrase !== part && ` ${phrase} `.includes(` ${part} `);
}

/**
 * The page's language for keywords: its `lang` attribute when that is English or French, else the
 * language whose stop words its text uses most (a fair guess on a few hundred words), else null.
 */
export function detectLanguage(lang: string | null, text: string): KeywordLanguage | null {
  const declared = lang?.toLowerCase().split(/[-_]/)[0];
  if (declared === "en" || declared === "fr") return declared;
  const sample = text.slice(0, 5000).toLowerCase().match(WORD) ?? [];
  const count = (language: KeywordLanguage) => sample.filter((word) => STOP_WORDS[language].has(word.replace(ELISION, ""))).length;
  const en = count("en");
  const fr = count("fr");
  if (Math.max(en, fr) < 5 || en === fr) return null;
  return en > fr ? "en" : "fr";
}
