import { hasControlCharacters } from "#domain/text";

const BASE = "http://sightline.invalid";
const MAX_LENGTH = 1000;

/**
 * A same-site path to send the browser to after sign-in or a form post, else `fallback`.
 * Parsed as browsers parse it: they drop tabs and newlines and read `\` as `/`, so `/\t/evil.example`
 * or `/\evil.example` would leave the site. Control characters would also break the Location header.
 */
/** Where a signed-in user goes when nothing else is asked for. */
export const DEFAULT_REDIRECT = "/dashboard";

export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.length > MAX_LENGTH) return fallback;
  if (hasControlCharacters(target) || target.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

