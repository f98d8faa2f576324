/** Seed 001 §2: a video's length as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

type Source = { provider: "youtube" | "vimeo"; video_id: string; url: string; embed_url: string; host_thumbnail_url: string | null };

/**
 * Seed 001 §2: a video link may be one URL or one per language (en, fr, other): the user's
 * language first, then `other`, then whatever there is.
 */
export function sourceFor(sources: { default?: Source; en?: Source; fr?: Source; other?: Source }, locale: string): Source | undefined {
  const language = locale.slice(0, 2) as "en" | "fr";
  return sources[language] ?? sources.other ?? sources.default ?? sources.en ?? sources.fr;
}
