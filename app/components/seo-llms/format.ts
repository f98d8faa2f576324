import { dateTimeFormat, numberFormat } from "#domain/intl";
/** Figures as the overview shows them: "—" when there is nothing to measure yet. */
export function formatPercent(value: number | null | undefined, locale: string) {
  if (value === null || value === undefined) return "—";
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(value / 100);
}

export function formatNumber(value: number | null | undefined, locale: string, digits = 1) {
  if (value === null || value === undefined) return "—";
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

export function formatDateTime(value: string | null | undefined, locale: string) {
  if (!value) return "—";
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(value));
}

/**
 * A moment as a time of day, with its date when that is not the same day as `sameDayAs`. In
 * `timeZone`, named (the server does not know the reader's zone), or else in the reader's own.
 */
export function formatMoment(value: string, locale: string, options: { sameDayAs: string; timeZone?: string }) {
  const zone = options.timeZone ? { timeZone: options.timeZone } : {};
  const dayOf = (iso: string) => dateTimeFormat("en-CA", { ...zone, dateStyle: "short" }).format(new Date(iso));
  const time = dateTimeFormat(locale, { ...zone, hour: "numeric", minute: "2-digit", ...(options.timeZone ? { timeZoneName: "short" } : {}) }).format(new Date(value));
  const day =
    dayOf(value) === dayOf(options.sameDayAs) ? null : dateTimeFormat(locale, { ...zone, weekday: "long", day: "numeric", month: "long" }).format(new Date(value));
  return { day, time };
}
