import { forLocale, type VideoSource } from "./video-links";

/**
 * The academy's rules, for the API's schemas and the admin forms alike (seed 001 §2, §5): a form
 * refuses what the API would, before any request.
 */
export const ACADEMY_LOCALES = ["en", "fr"] as const;
export type AcademyLocale = (typeof ACADEMY_LOCALES)[number];

export const ACADEMY_LIMITS = { slug: 100, title: 200, description: 5000, link: 2000, url: 2000, duration: 359_999 } as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Seed 001 §5: the thumbnail types and size accepted (10 MB). */
export const THUMBNAIL_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/gif"] as const;
export const MAX_THUMBNAIL_BYTES = 10 * 1024 * 1024;

/** Seed 001 §2: a video's length as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/**
 * Seed 001 §2: a video link may be one URL (`default`) or one per language (en, fr, other), chosen
 * by the server's rule for links.
 */
export function sourceFor(sources: { default?: VideoSource; en?: VideoSource; fr?: VideoSource; other?: VideoSource }, locale: string): VideoSource | undefined {
  return sources.default ?? forLocale(sources, locale);
}
