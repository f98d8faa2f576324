/**
 * The sections the sidebar shows as "Soon" (seed 000 §2: /recherche, /articles, /seo-silos,
 * /agent-seo): what each is called in URLs and the API, and the quarter it is planned for. This is
 * the one place that says when; the screens, the API and the admin page read it from here, so
 * moving a date is a one-line change. Pure: no I/O.
 */

export const UPCOMING_FEATURES = ["recherche", "articles", "seo-silos", "agent-seo"] as const;
export type UpcomingFeature = (typeof UPCOMING_FEATURES)[number];

export type PlannedWindow = { year: number; quarter: 1 | 2 | 3 | 4 };

export const PLANNED_WINDOWS: Record<UpcomingFeature, PlannedWindow> = {
  recherche: { year: 2027, quarter: 1 },
  articles: { year: 2027, quarter: 2 },
  "seo-silos": { year: 2027, quarter: 2 },
  "agent-seo": { year: 2027, quarter: 4 },
};

export function isUpcomingFeature(value: string): value is UpcomingFeature {
  return (UPCOMING_FEATURES as readonly string[]).includes(value);
}

/**
 * A window whose quarter has ended is no promise any more: screens then say "coming soon" without
 * a date rather than show a date in the past.
 */
export function windowPassed(window: PlannedWindow, now: Date): boolean {
  const endOfQuarter = Date.UTC(window.year, window.quarter * 3, 1);
  return now.getTime() >= endOfQuarter;
}
