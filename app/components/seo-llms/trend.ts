import type { Interval } from "#domain/metrics";

export type TrendPoint = {
  date: string;
  answers: number;
  mentioned: number;
  visibility: number | null;
  visibility_interval: Interval | null;
  tracked_presences: number;
  share_of_voice: number | null;
};

/** Below this many measured days a line says nothing: two dots at the edge of an empty month. */
export const MIN_TREND_POINTS = 3;

/**
 * The days to show as figures instead of a chart (newest first), or null when there are enough for
 * a chart. Days without an answer are not measurements.
 */
export function firstMeasurements<P extends { date: string; answers: number }>(points: P[]): P[] | null {
  const measured = points.filter((point) => point.answers > 0);
  if (measured.length >= MIN_TREND_POINTS) return null;
  return [...measured].sort((a, b) => b.date.localeCompare(a.date));
}
