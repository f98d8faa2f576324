import { WEBSITE_MAX_LENGTH } from "./form-limits";

/**
 * Seed 000 §5: http becomes https, and https is added when there is no scheme.
 * Returns null for anything that is not a web address with a dotted host name.
 */
export function normaliseWebsite(input: string): string | null {
  let value = input.trim();
  if (!value) return null;
  if (/^http:\/\//i.test(value)) value = `https://${value.slice(7)}`;
  else if (!/^[a-z][a-z\d+.-]*:\/\//i.test(value)) value = `https://${value}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || !/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) || url.username || url.password) return null;
  const text = url.toString();
  // A bare domain reads better without the slash URL() adds.
  return url.pathname === "/" && !url.search && !url.hash ? text.replace(/\/$/, "") : text;
}

// With the other forms' numbers (form-limits.ts); here with the rule that applies it.
export { WEBSITE_MAX_LENGTH };

export type WebsiteCheck = { ok: true; website: string } | { ok: false; reason: "invalid" | "tooLong" };

/** Normalises, then measures: the stored (https) form is what must fit in 255 characters. */
export function checkWebsite(input: string): WebsiteCheck {
  const website = normaliseWebsite(input);
  if (!website) return { ok: false, reason: "invalid" };
  if (website.length > WEBSITE_MAX_LENGTH) return { ok: false, reason: "tooLong" };
  return { ok: true, website };
}
