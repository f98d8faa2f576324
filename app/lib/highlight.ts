/**
 * Where the tracked brands occur in an answer, for highlighting: matched the way the analysis
 * matches them (case, accents and typographic apostrophes ignored, whole words only), but as
 * offsets into the original text so it can be shown unchanged.
 */
export type Term = { text: string; kind: "brand" | "competitor" };
export type Range = { start: number; end: number; kind: Term["kind"] };

function fold(char: string) {
  return char
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase();
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function highlightRanges(text: string, terms: Term[]): Range[] {
  // The folded text, and for each of its characters the offset of the original one it came from.
  let folded = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i) ?? 0;
    const char = String.fromCodePoint(codePoint);
    const out = fold(char);
    for (let k = 0; k < out.length; k++) origin.push(i);
    folded += out;
    i += char.length;
  }
  origin.push(text.length);

  const candidates: Range[] = [];
  for (const term of terms) {
    const words = fold(term.text).trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
    if (words.length === 0) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${words.join("\\s+")}(?![\\p{L}\\p{N}_])`, "gu");
    for (const match of folded.matchAll(pattern)) {
      const start = origin[match.index];
      const endIndex = match.index + match[0].length;
      const end = endIndex < origin.length - 1 ? origin[endIndex] : text.length;
      candidates.push({ start, end, kind: term.kind });
    }
  }
  // Longest first, then no overlaps: "Acme Analytics" wins over "Acme" at the same place.
  candidates.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const ranges: Range[] = [];
  for (const range of candidates) {
    const last = ranges.at(-1);
    if (last && range.start < last.end) continue;
    ranges.push(range);
  }
  return ranges;
}
