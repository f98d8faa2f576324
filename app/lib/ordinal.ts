import { numberFormat, pluralRules } from "#domain/intl";

/** English picks its suffix by the number's ordinal plural category (1st, 2nd, 3rd, 11th, 21st…). */
const ENGLISH_SUFFIXES: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };

/**
 * A rank as people read it: "2nd" in English, "2e" in French ("1er" for the first; the feminine
 * "1re" is never needed, a rank here qualifies a masculine noun). Unknown locales get English.
 */
export function ordinal(n: number, locale: string): string {
  const language = locale.toLowerCase().split(/[-_]/)[0];
  const number = numberFormat(language === "fr" ? "fr" : "en").format(n);
  if (language === "fr") return `${number}${n === 1 ? "er" : "e"}`;
  return `${number}${ENGLISH_SUFFIXES[pluralRules("en", { type: "ordinal" }).select(n)] ?? "th"}`;
}
