import { collator, displayNames } from "./intl";
/**
 * The SEO profile's rules, shared by the API's schema and the web form so both refuse the same
 * input with the same limits.
 */

// The limits live with the other forms' numbers (form-limits.ts); here as the profile's rules.
export { PROFILE_LIMITS, QUESTION_TEXT_LIMITS } from "./form-limits";

/** In the product's order: a plan with N categories gets the first N. */
export const QUESTION_CATEGORIES = ["selection", "understanding", "benefits", "comparison", "quality"] as const;
export type QuestionCategory = (typeof QUESTION_CATEGORIES)[number];

export const MARKET_LANGUAGES = ["en", "fr"] as const;
export type MarketLanguage = (typeof MARKET_LANGUAGES)[number];

/** Region codes the runtime names that are no country: unions, pseudo-locales, ISO's exceptional reservations. */
const NOT_COUNTRIES = new Set(["AC", "CP", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB"]);

/**
 * ISO 3166-1 alpha-2 codes of current countries the runtime can name: "XX" or "ZZ" are none, and a
 * retired code ("UK", "SU", "YU") is refused for the one that replaced it ("GB", "RU", "RS"), so each
 * country is offered, and stored, once.
 */
export function isCountryCode(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.has(value)) return false;
  try {
    if (Intl.getCanonicalLocales(`und-${value}`)[0] !== `und-${value}`) return false;
    const name = displayNames(["en"], { type: "region", fallback: "none" }).of(value);
    return Boolean(name) && name !== "Unknown Region";
  } catch {
    return false;
  }
}

export function countryName(code: string, locale: string): string {
  try {
    return displayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every code `isCountryCode` accepts, found once (676 letter pairs to try) on first use. */
let countryCodes: string[] | undefined;
function allCountryCodes(): string[] {
  if (!countryCodes) {
    countryCodes = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (isCountryCode(code)) countryCodes.push(code);
      }
    }
  }
  return countryCodes;
}

/** Countries offered by the form, named in the UI language, sorted as that language sorts. */
export function countryOptions(locale: string): Array<{ code: string; name: string }> {
  const order = collator(locale);
  return allCountryCodes()
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((x, y) => order.compare(x.name, y.name));
}

/**
 * A competitor's site as its host name ("www.rival.fr" → "rival.fr" is left to the analysis, which
 * compares registrable domains): scheme, path and port are dropped; null when it is no host name.
 */
export function normaliseDomain(input: string): string | null {
  const value = input.trim().toLowerCase();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, "");
  return /^[a-z\d-]+(\.[a-z\d-]+)+$/.test(host) && host.length <= 253 ? host : null;
}

/** Trimmed, non-empty, first spelling kept, compared case- and accent-insensitively. */
export function distinctTexts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, " ");
    const key = value.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}
