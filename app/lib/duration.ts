import { forLocale, type VideoSource } from "../../server/academy/links";

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
