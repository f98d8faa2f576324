/**
 * The text primitives the answer engine reads with: a normalised copy of the answer that remembers
 * where each of its characters came from, words with their offsets, and sentence bounds.
 */

/** Case, accents and typographic apostrophes do not matter: "L’Oréal" is "l'oreal". */
export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase()
    // Ligatures have no decomposition: "cœur" is "coeur", "Lætitia" is "laetitia".
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae");
}

/**
 * The answer normalised character by character, with `origin[i]` the offset in the original text
 * of normalised character i: matching runs on the normalised text, while capitalisation and
 * markdown are read from the original ("Slack" mid-sentence is not "slack").
 */
export type Normalised = {
  original: string;
  text: string;
  origin: number[];
  /** Where each line starts, in the normalised text and in the original (read once, used per match). */
  lines: Lines;
  originalLines: Lines;
};

export type Lines = { starts: number[]; length: number };

export function lines(text: string): Lines {
  const starts = [0];
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return { starts, length: text.length };
}

/** The line around a position, [start, end) without its newline: a binary search, so a long one-line answer is not scanned per match. */
export function lineAround({ starts, length }: Lines, at: number): [number, number] {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= at) low = middle;
    else high = middle - 1;
  }
  return [starts[low], low + 1 < starts.length ? starts[low + 1] - 1 : length];
}

export function normaliseWithMap(original: string): Normalised {
  let text = "";
  const origin: number[] = [];
  let offset = 0;
  for (const char of original) {
    const piece = normalise(char);
    text += piece;
    for (let index = 0; index < piece.length; index++) origin.push(offset);
    offset += char.length;
  }
  origin.push(offset);
  return { original, text, origin, lines: lines(text), originalLines: lines(original) };
}

/** The original text behind the normalised span [start, end). */
export function originalSlice(source: Normalised, start: number, end: number): string {
  return source.original.slice(source.origin[start], source.origin[end]);
}

export type Token = { word: string; start: number; end: number };

/** Words, with inner apostrophes and hyphens kept ("n'est", "d'orange", "user-friendly"). */
export function tokenise(text: string, from = 0, to = text.length): Token[] {
  const tokens: Token[] = [];
  for (const match of text.slice(from, to).matchAll(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu)) {
    tokens.push({ word: match[0], start: from + match.index, end: from + match.index + match[0].length });
  }
  return tokens;
}

/**
 * Sentence-like units: a line, or a sentence within it. A full stop inside a word or number
 * ("monday.com", "4.5") does not end one.
 */
export function units(text: string): Array<{ start: number; end: number; line: number }> {
  const found: Array<{ start: number; end: number; line: number }> = [];
  let lineStart = 0;
  text.split("\n").forEach((line, lineIndex) => {
    let start = 0;
    for (const bound of line.matchAll(/(?<![.!?])[.!?]+(?=\s|$)/g)) {
      const end = bound.index + bound[0].length;
      if (line.slice(start, end).trim()) found.push({ start: lineStart + start, end: lineStart + end, line: lineIndex });
      start = end;
    }
    if (line.slice(start).trim()) found.push({ start: lineStart + start, end: lineStart + line.length, line: lineIndex });
    lineStart += line.length + 1;
  });
  return found;
}

const ENGLISH = new Set("the and is are of to with for in on it this that be you your can its has have which or as by".split(" "));
const FRENCH = new Set("le la les des est et pour dans sur une un du que qui avec pas son sa ses vous votre aux ou plus en".split(" "));

/** English or French, by their commonest words (answers can be in either whatever the market). */
export function answerLanguage(text: string): "en" | "fr" {
  let english = 0;
  let french = 0;
  for (const token of tokenise(text.slice(0, 5000))) {
    if (ENGLISH.has(token.word)) english++;
    if (FRENCH.has(token.word)) french++;
  }
  return french > english ? "fr" : "en";
}
