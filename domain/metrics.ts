/**
 * What the numbers mean (issue 14, docs/metrics.md, the methodology page): one definition per
 * metric, used by every screen, export and API field, and the uncertainty of a proportion measured
 * on a sample of answers.
 */

/** The metrics the methodology page defines, in its order; screens link each label to its anchor. */
export const METRICS = ["visibility", "shareOfVoice", "shareOfMentions", "averagePosition", "sentiment", "citationShare"] as const;
export type MetricId = (typeof METRICS)[number];

/** A percentage's 95 % interval, in percent to one decimal. */
export type Interval = { low: number; high: number };

const Z95 = 1.959963984540054;
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The Wilson score interval of `successes` out of `trials` (95 %): unlike the normal approximation
 * it stays within 0–100 % and is honest for small samples and for 0 % or 100 % (5 of 5 is not
 * "certainly 100 %": 57–100 %). Null when there is no sample.
 */
export function wilsonInterval(successes: number, trials: number): Interval | null {
  if (!(trials > 0) || successes < 0 || successes > trials) return null;
  const p = successes / trials;
  const z2 = Z95 * Z95;
  const centre = p + z2 / (2 * trials);
  const margin = Z95 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const denominator = 1 + z2 / trials;
  return {
    low: round1(Math.max(0, (centre - margin) / denominator) * 100),
    high: round1(Math.min(1, (centre + margin) / denominator) * 100),
  };
}

/** Below this many answers an interval is shown beside the figure: above it, it is a point or two wide. */
export const SMALL_SAMPLE = 100;
