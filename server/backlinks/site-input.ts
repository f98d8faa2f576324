import { z } from "../http/router";
import { CURRENCIES, LINK_TYPES, SITE_CATEGORIES, SITE_LANGUAGES } from "#domain/backlinks";
import { normaliseWebsite } from "#domain/website";

/**
 * A catalogue site as an admin gives it (the edit form, a CSV row, the demo seed): checked once
 * here, whichever way it comes in. Prices are in minor units (cents) of the site's currency.
 */

export const MAX_PRICE = 10_000_000; // 100,000.00 in any currency: past that, a typo
export const MAX_TRAFFIC = 2_000_000_000;

const score = (name: string) => z.number({ error: `${name} must be a whole number from 0 to 100` }).int(`${name} must be a whole number from 0 to 100`).min(0, `${name} must be a whole number from 0 to 100`).max(100, `${name} must be a whole number from 0 to 100`);
const price = z.number({ error: "A price in cents, a whole number" }).int("A price in cents, a whole number").min(100, "At least 1.00").max(MAX_PRICE, "At most 100,000.00");

/** "https://www.Example.com/blog" → "example.com": the registrable host the catalogue is keyed by. */
export function siteDomain(url: string): string | null {
  const normalised = normaliseWebsite(url);
  if (!normalised) return null;
  return new URL(normalised).hostname.toLowerCase().replace(/^www\./, "");
}

export const SiteInputSchema = z
  .object({
    url: z
      .string({ error: "The site's address is required" })
      .trim()
      .min(1, "The site's address is required")
      .max(500, "At most 500 characters")
      .regex(/^\S+\.\S+$/, "A web address, e.g. https://example.com")
      .openapi({ example: "https://www.example-news.com" }),
    dr: score("DR"),
    da: score("DA"),
    traffic: z.number({ error: "Monthly traffic must be a whole number" }).int("Monthly traffic must be a whole number").min(0, "Monthly traffic cannot be negative").max(MAX_TRAFFIC, "Monthly traffic is too large"),
    currency: z.enum(CURRENCIES, `One of ${CURRENCIES.join(", ")}`),
    category: z.enum(SITE_CATEGORIES, `One of ${SITE_CATEGORIES.join(", ")}`),
    language: z.enum(SITE_LANGUAGES, `One of ${SITE_LANGUAGES.join(", ")}`),
    country: z
      .string({ error: "A two-letter country code" })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "A two-letter country code")
      .openapi({ example: "GB" })
      .transform((value) => value.toUpperCase()),
    dofollow: z.boolean({ error: "true or false" }),
    turnaround_days: z.number({ error: "Days, a whole number from 1 to 90" }).int("Days, a whole number from 1 to 90").min(1, "Days, a whole number from 1 to 90").max(90, "Days, a whole number from 1 to 90"),
    sample_url: z
      .string()
      .trim()
      .max(500, "At most 500 characters")
      .regex(/^(?:[^.]+\.[\s\S]+)?$/, "A web address, e.g. https://example.com/post")
      .openapi({ example: "https://www.example-news.com/2026/a-post" })
      .nullable()
      .transform((value, ctx) => {
        if (!value) return null;
        const normalised = normaliseWebsite(value);
        if (!normalised) ctx.addIssue({ code: "custom", message: "A web address, e.g. https://example.com/post" });
        return normalised;
      }),
    offers: z
      .partialRecord(z.enum(LINK_TYPES), price)
      .refine((offers) => Object.values(offers).some((value) => value !== undefined), "At least one link type with its price")
      .openapi({ minProperties: 1 }),
  })
  .transform((site, ctx) => {
    const url = normaliseWebsite(site.url);
    const domain = url ? siteDomain(url) : null;
    if (!url || !domain) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "A web address, e.g. https://example.com" });
      return z.NEVER;
    }
    const prices = Object.values(site.offers).filter((value): value is number => value !== undefined);
    return { ...site, url, domain, price: Math.min(...prices) };
  });

export type SiteInput = z.input<typeof SiteInputSchema>;
export type CheckedSite = z.output<typeof SiteInputSchema>;
