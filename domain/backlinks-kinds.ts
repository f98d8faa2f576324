/**
 * What is bought and in which currency (issue 15, seed 001 §2–§4): apart from domain/backlinks.ts,
 * which re-exports them, so that the sidebar's cart count (app/components/backlinks/pending-cart.ts)
 * does not bring the whole marketplace vocabulary to every page (issue 16).
 */

/**
 * The seed's `permanent_link_type`: what is bought on a site. A sponsored article is a new post
 * written for the buyer; a link insertion adds the buyer's link to a post already published. Either
 * stays online for good ("permanent") or for twelve months.
 */
export const LINK_TYPES = ["sponsored_article_permanent", "sponsored_article_12_months", "link_insertion_permanent", "link_insertion_12_months"] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** Catalogue currencies. */
export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];
