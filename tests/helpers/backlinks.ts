import type { InferRequestType } from "hono/client";
import type { Client } from "./api";

export type SiteBody = InferRequestType<Client<"backlinks">["admin"]["sites"]["$post"]>["json"];

/**
 * A catalogue site as an admin posts it (`POST /backlinks/admin/sites`): on `domain`, which a test
 * makes its own (the catalogue is shared with the demo seed and other files), both permanent link
 * types on sale.
 */
export function siteBody(domain: string, extra: Partial<SiteBody> = {}): SiteBody {
  return {
    url: `https://www.${domain}`,
    dr: 50,
    da: 45,
    traffic: 10_000,
    currency: "USD",
    category: "marketing",
    language: "en",
    country: "US",
    dofollow: true,
    turnaround_days: 5,
    sample_url: null,
    offers: { link_insertion_permanent: 10_000, sponsored_article_permanent: 20_000 },
    ...extra,
  };
}
