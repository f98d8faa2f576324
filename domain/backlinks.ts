/**
 * The backlinks marketplace's vocabulary (issue 15, seed 001 §2–§4), shared by the API, which
 * enforces it, and the screens, which show it. Pure: no I/O.
 */

import { CURRENCIES, type Currency, LINK_TYPES, type LinkType } from "./backlinks-kinds";

export { CURRENCIES, type Currency, LINK_TYPES, type LinkType };

/** The cart's default currency (seed 001 §9). */
export const DEFAULT_CART_CURRENCY: Currency = "USD";

export const SITE_CATEGORIES = [
  "business",
  "marketing",
  "technology",
  "finance",
  "health",
  "travel",
  "lifestyle",
  "home",
  "food",
  "sports",
  "education",
  "news",
] as const;
export type SiteCategory = (typeof SITE_CATEGORIES)[number];

/** Interface and market languages the catalogue is filtered by (ISO 639-1). */
export const SITE_LANGUAGES = ["en", "fr", "de", "es", "it", "nl"] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

export const SITE_SORTS = ["price_asc", "price_desc", "dr_desc", "da_desc", "traffic_desc"] as const;
export type SiteSort = (typeof SITE_SORTS)[number];

/** An order item's life: paid through a checkout, then worked on by the team until the link is live. */
export const ORDER_ITEM_STATUSES = ["pending_payment", "paid", "in_progress", "published", "rejected", "refunded"] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

/** Where an admin may move an item from each status (payment itself is the checkout's to record). */
export const NEXT_ITEM_STATUSES: Record<OrderItemStatus, readonly OrderItemStatus[]> = {
  pending_payment: [],
  paid: ["in_progress", "rejected", "refunded"],
  in_progress: ["published", "rejected", "refunded"],
  published: ["refunded"],
  rejected: ["refunded"],
  refunded: [],
};

export const ANCHOR_TEXT_MAX_LENGTH = 100;
export const DOMAIN_MAX_LENGTH = 253;

/** A price in minor units (cents) as the amount a person reads, e.g. 12900 → 129. */
export const majorUnits = (minor: number) => minor / 100;

/** Totals per currency, never adding one currency to another. */
export function totalsByCurrency(items: ReadonlyArray<{ price: number; currency: string }>): Array<{ currency: string; total: number }> {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.price);
  return [...totals].map(([currency, total]) => ({ currency, total })).sort((a, b) => a.currency.localeCompare(b.currency));
}
