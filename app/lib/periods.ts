/** Seed 001 §7: the overview's periods, in days; 30 by default. */
export const PERIODS = [7, 30, 90, 180, 365] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 30;

/** Seed 000 §3 names the long periods in months ("6 mois", "12 mois"), the others in days. */
export const periodMonths = (days: number): number | null => (days === 180 ? 6 : days === 365 ? 12 : null);

export function parsePeriod(value: string | null): Period {
  const days = Number(value);
  return (PERIODS as readonly number[]).includes(days) ? (days as Period) : DEFAULT_PERIOD;
}

/** The last `days` days up to `now`, as the API's startDate/endDate (UTC calendar dates). */
export function periodRange(days: number, now = new Date()) {
  const end = now.toISOString().slice(0, 10);
  const start = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { startDate: start, endDate: end };
}
