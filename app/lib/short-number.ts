import { numberFormat } from "#domain/intl";
/**
 * Seed 001 §9: large figures shortened to thousands, millions and billions (1,234 → 1.2K,
 * 4,500,000 → 4.5M), one decimal at most. French writes them its own way ("1,2 k", "4,5 M",
 * "1,2 Md"). The exact figure is `exactNumber`'s, for a `title`.
 */

const UNITS = { en: ["", "K", "M", "B"], fr: ["", "k", "M", "Md"] } as const;

const language = (locale: string) => (locale.startsWith("fr") ? "fr" : "en");
const tag = (locale: string) => (language(locale) === "fr" ? "fr-FR" : "en-US");

export function shortNumber(value: number, locale: string): string {
  if (!Number.isFinite(value)) return "—";
  const lang = language(locale);
  const digits = numberFormat(tag(locale), { maximumFractionDigits: 1 });
  const size = Math.abs(value);
  if (size < 1000) return numberFormat(tag(locale), { maximumFractionDigits: 0 }).format(value);
  let exponent = Math.min(3, Math.floor(Math.log10(size) / 3));
  // 999,950 is "1M", not "1,000K": the rounding may carry into the next unit.
  if (exponent < 3 && Math.round((size / 1000 ** exponent) * 10) / 10 >= 1000) exponent++;
  const number = digits.format(Math.round((value / 1000 ** exponent) * 10) / 10);
  const unit = UNITS[lang][exponent];
  return lang === "fr" ? `${number}\u00a0${unit}` : `${number}${unit}`;
}

/** The whole figure, grouped as the reader's language groups it: for the shortened one's `title`. */
export function exactNumber(value: number, locale: string): string {
  return numberFormat(tag(locale), { maximumFractionDigits: 0 }).format(value);
}
