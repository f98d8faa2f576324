/**
 * Intl's formatters, each made once per locale and options, then reused (issue 16).
 *
 * Making one costs 10–50 µs (ICU resolves the locale and loads its data every time); formatting
 * with one made already costs under 1 µs. Made at each call, they were most of a data-heavy
 * page's server time: the backlinks catalogue made four per site (price, two figures, country),
 * and the country list of the profile forms one per letter pair, 676 of them.
 *
 * Formatters hold no state between calls, so one may serve every request. A formatter made without
 * a `timeZone` keeps the process's zone from when it was made, as the process's zone never
 * changes. Bad locales or options throw as the constructors do, and nothing is kept for them.
 */

/**
 * What makes a key is written in the code (the interface's locales, a few fixed tags, options at
 * each call site) or one of a fixed list (a price's currency): a few dozen. The bound is for a
 * call site that one day passes what a visitor sent (a language tag has endless valid forms).
 */
const MAX_KEPT = 200;
type Locales = Intl.LocalesArgument;

function keptOf<T, O>(kind: new (locales: Locales, options: O) => T): (locales: Locales, options: O) => T {
  const made = new Map<string, T>();
  return (locales, options) => {
    // The options as JSON: each call site writes its options in the same order every time.
    const key = `${locales} ${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (formatter === undefined) {
      formatter = new kind(locales, options);
      // Only the server's process lives long enough to need it (the browser's build drops the line).
      if (import.meta.env?.SSR !== false && made.size >= MAX_KEPT) made.clear();
      made.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat: (locales: Locales, options?: Intl.NumberFormatOptions) => Intl.NumberFormat = /* @__PURE__ */ keptOf(Intl.NumberFormat);
export const dateTimeFormat: (locales: Locales, options?: Intl.DateTimeFormatOptions) => Intl.DateTimeFormat = /* @__PURE__ */ keptOf(Intl.DateTimeFormat);
export const displayNames: (locales: Locales, options: Intl.DisplayNamesOptions) => Intl.DisplayNames = /* @__PURE__ */ keptOf(Intl.DisplayNames);
export const relativeTimeFormat: (locales: Locales, options?: Intl.RelativeTimeFormatOptions) => Intl.RelativeTimeFormat = /* @__PURE__ */ keptOf(
  Intl.RelativeTimeFormat,
);
export const pluralRules: (locales: Locales, options?: Intl.PluralRulesOptions) => Intl.PluralRules = /* @__PURE__ */ keptOf(Intl.PluralRules);
export const collator: (locales: Locales, options?: Intl.CollatorOptions) => Intl.Collator = /* @__PURE__ */ keptOf(Intl.Collator);
