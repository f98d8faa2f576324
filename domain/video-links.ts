/** A video's link as stored and sent: one URL, or one per language (seed 001 §2). */
export type VideoLinkMap = { en?: string; fr?: string; other?: string };
export type VideoLink = string | VideoLinkMap;

export const LINK_KEYS = ["en", "fr", "other"] as const;
export type LinkKey = (typeof LINK_KEYS)[number];

export type VideoProvider = "youtube" | "vimeo";

/** What the player needs from one link: the host, the host's video id, and where to embed it. */
export type VideoSource = {
  provider: VideoProvider;
  video_id: string;
  url: string;
  embed_url: string;
  /** The host's own still (YouTube only: Vimeo's needs an API call); the client shows a placeholder when it fails. */
  host_thumbnail_url: string | null;
};

export type ParsedLink = { ok: true; source: VideoSource } | { ok: false; reason: "not_video_host" | "no_video_id" };

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;
/** YouTube player options a link may carry through to the embed (e.g. French captions for the `fr` link). */
const YOUTUBE_PASSED_PARAMS = ["cc_lang_pref", "cc_load_policy", "hl"];

/**
 * Reads a YouTube or Vimeo address: watch, youtu.be, embed, shorts and live links; vimeo.com/<id>
 * (with an unlisted hash), channels, groups, showcases and player.vimeo.com/video/<id>.
 */
export function parseVideoUrl(value: string): ParsedLink {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, reason: "not_video_host" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "not_video_host" };
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be" || YOUTUBE_HOSTS.has(host)) {
    let id: string | null | undefined;
    if (host === "youtu.be") id = segments[0];
    else if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v", "e"].includes(segments[0] ?? "")) id = segments[1];
    if (!id || !YOUTUBE_ID.test(id)) return { ok: false, reason: "no_video_id" };
    return { ok: true, source: youtubeSource(id, url) };
  }
  if (VIMEO_HOSTS.has(host)) {
    let index = -1;
    if (host === "player.vimeo.com") index = segments[0] === "video" ? 1 : -1;
    else {
      // showcase/<showcase id>/video/<id> and groups/<name>/videos/<id> name the video after the word.
      const marker = segments.findIndex((segment) => segment === "video" || segment === "videos");
      index = marker >= 0 ? marker + 1 : segments.findIndex((segment) => VIMEO_ID.test(segment));
    }
    const id = index >= 0 ? segments[index] : undefined;
    if (!id || !VIMEO_ID.test(id)) return { ok: false, reason: "no_video_id" };
    const next = segments[index + 1];
    const hash = url.searchParams.get("h") ?? (next && VIMEO_HASH.test(next) ? next : undefined);
    return { ok: true, source: vimeoSource(id, hash && VIMEO_HASH.test(hash) ? hash : undefined) };
  }
  return { ok: false, reason: "not_video_host" };
}

function youtubeSource(id: string, url: URL): VideoSource {
  const embed = new URL(`https://www.youtube-nocookie.com/embed/${id}`);
  const start = startSeconds(url.searchParams.get("t") ?? url.searchParams.get("start"));
  if (start) embed.searchParams.set("start", String(start));
  for (const name of YOUTUBE_PASSED_PARAMS) {
    const value = url.searchParams.get(name);
    if (value && /^[\w-]{1,10}$/.test(value)) embed.searchParams.set(name, value);
  }
  return {
    provider: "youtube",
    video_id: id,
    url: `https://www.youtube.com/watch?v=${id}`,
    embed_url: embed.toString(),
    host_thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
  };
}

function vimeoSource(id: string, hash: string | undefined): VideoSource {
  return {
    provider: "vimeo",
    video_id: id,
    url: hash ? `https://vimeo.com/${id}/${hash}` : `https://vimeo.com/${id}`,
    embed_url: hash ? `https://player.vimeo.com/video/${id}?h=${hash}` : `https://player.vimeo.com/video/${id}`,
    host_thumbnail_url: null,
  };
}

/** `t=90`, `t=1m30s`, `t=1h2m3s` → seconds. */
function startSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+s?$/.test(value)) return Number.parseInt(value, 10) || undefined;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match) return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds || undefined;
}

/** The stored link as `{key: source}`: a single URL is under `default`. */
export function videoSources(link: VideoLink): Partial<Record<LinkKey | "default", VideoSource>> {
  const entries: [LinkKey | "default", string][] =
    typeof link === "string" ? [["default", link]] : LINK_KEYS.flatMap((key) => (link[key] ? [[key, link[key]] as [LinkKey, string]] : []));
  const sources: Partial<Record<LinkKey | "default", VideoSource>> = {};
  for (const [key, value] of entries) {
    const parsed = parseVideoUrl(value);
    if (parsed.ok) sources[key] = parsed.source;
  }
  return sources;
}

/**
 * The link for a language: a single URL is for everyone; a map gives the language's own link,
 * else `other`, else English, else whatever it has.
 */
export function linkForLocale(link: VideoLink, locale: string | null | undefined): string | undefined {
  return typeof link === "string" ? link : forLocale(link, locale);
}

/** Of a per-language map (links, or the sources read from them): the language's own, else `other`, else en, else fr. */
export function forLocale<T>(map: Partial<Record<LinkKey, T>>, locale: string | null | undefined): T | undefined {
  const language = locale?.slice(0, 2).toLowerCase();
  const own = language === "en" || language === "fr" ? map[language] : undefined;
  return own ?? map.other ?? map.en ?? map.fr;
}

/** The map without empty entries (forms send every field). */
export function compactLinkMap(map: VideoLinkMap): VideoLinkMap {
  const compact: VideoLinkMap = {};
  for (const key of LINK_KEYS) {
    const value = map[key]?.trim();
    if (value) compact[key] = value;
  }
  return compact;
}
