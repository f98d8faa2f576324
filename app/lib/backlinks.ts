import {
  CURRENCIES,
  type Currency,
  DEFAULT_CART_CURRENCY,
  LINK_TYPES,
  type LinkType,
  SITE_CATEGORIES,
  SITE_LANGUAGES,
  SITE_SORTS,
  type SiteSort,
  totalsByCurrency,
} from "#domain/backlinks";
import { hasControlCharacters } from "#domain/text";
import type { Cart, CartItem } from "./api-types";
import { numberFormat } from "#domain/intl";

/*
 * The marketplace screens' pure rules (issue 15): prices as people type and read them, the
 * catalogue's filters as they travel in its URL, and the cart as it will be once the changes under
 * way are done (seed 001 §4: optimistic, rolled back when the server says otherwise).
 */

// ---- money ---------------------------------------------------------------------------------------

/**
 * Seed 001 §9: minor units divided by 100, en-US in English and fr-FR otherwise, without decimals;
 * a price that has cents (an admin's 149.50) keeps them rather than being rounded away.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = minor % 100 === 0 ? 0 : 2;
  return numberFormat(locale.startsWith("en") ? "en-US" : "fr-FR", {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 100);
}

/** The most the catalogue takes (100,000.00 in any currency) and its price filter (1,000,000.00). */
export const MAX_PRICE_CENTS = 10_000_000;
export const MAX_PRICE_FILTER_CENTS = 100_000_000;

/**
 * A price as a person types it, in major units, into cents: "149", "149.5", "149,50" (French),
 * "1 234,50" or "1,234.50". Null for anything else (a negative, three decimals, letters).
 */
export function parseMajor(text: string): number | null {
  let value = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (!value) return null;
  // "1,234.50": commas that group thousands before a decimal point.
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value)) value = value.replaceAll(",", "");
  else value = value.replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a form's default value, in major units: 14900 → "149", 14950 → "149.50". */
export function majorText(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return "";
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

// ---- the catalogue's filters ---------------------------------------------------------------------

export const CATALOGUE_PAGE_SIZE = 24;
export const DEFAULT_SITE_SORT: SiteSort = "dr_desc";
export const SEARCH_MAX_LENGTH = 100;
export const MAX_TRAFFIC = 2_000_000_000;

/** The filters a person sets, by their name in the screen's URL (prices in major units there). */
export const FILTER_NAMES = [
  "q",
  "category",
  "language",
  "country",
  "currency",
  "link_type",
  "dr_min",
  "dr_max",
  "da_min",
  "da_max",
  "traffic_min",
  "price_min",
  "price_max",
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

export type CatalogueQuery = {
  /** Each filter as the form shows it: "" when not set, or when what the URL said was no value of it. */
  values: Record<FilterName, string>;
  cited: boolean;
  sort: SiteSort;
  page: number;
  /** The filters the URL gave that could not be read: the screen says they were left out. */
  ignored: FilterName[];
};

const oneOf =
  (values: readonly string[]) =>
  (text: string): string | null =>
    values.includes(text) ? text : null;
const score = (text: string) => (/^\d{1,3}$/.test(text) && Number(text) <= 100 ? String(Number(text)) : null);
const READERS: Record<FilterName, (text: string) => string | null> = {
  // Control characters are no search anyone typed, and the database refuses some of them.
  q: (text) => {
    const cleaned = [...text]
      .filter((char) => !hasControlCharacters(char))
      .join("")
      .trim()
      .slice(0, SEARCH_MAX_LENGTH);
    return cleaned || null;
  },
  category: oneOf(SITE_CATEGORIES),
  language: oneOf(SITE_LANGUAGES),
  country: (text) => (/^[A-Za-z]{2}$/.test(text) ? text.toUpperCase() : null),
  currency: oneOf(CURRENCIES),
  link_type: oneOf(LINK_TYPES),
  dr_min: score,
  dr_max: score,
  da_min: score,
  da_max: score,
  traffic_min: (text) => {
    const digits = text.replace(/[\s,.\u00a0\u202f]/g, "");
    return /^\d{1,10}$/.test(digits) && Number(digits) <= MAX_TRAFFIC ? String(Number(digits)) : null;
  },
  price_min: (text) => priceFilter(text),
  price_max: (text) => priceFilter(text),
};

function priceFilter(text: string): string | null {
  const cents = parseMajor(text);
  return cents !== null && cents <= MAX_PRICE_FILTER_CENTS ? text.trim() : null;
}

/** The catalogue's URL as the screen reads it: nothing it cannot use reaches the API. */
export function parseCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const values = Object.fromEntries(FILTER_NAMES.map((name) => [name, ""])) as Record<FilterName, string>;
  const ignored: FilterName[] = [];
  for (const name of FILTER_NAMES) {
    const given = params.get(name)?.trim();
    if (!given) continue;
    const value = READERS[name](given);
    if (value === null) ignored.push(name);
    else values[name] = value;
  }
  const sort = params.get("sort");
  const page = params.get("page") ?? "";
  return {
    values,
    cited: ["1", "true", "on"].includes(params.get("cited") ?? ""),
    sort: SITE_SORTS.includes(sort as SiteSort) ? (sort as SiteSort) : DEFAULT_SITE_SORT,
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
    ignored,
  };
}

/** The query GET /backlinks/sites takes: prices in cents, every value a string. */
export function catalogueApiQuery(query: CatalogueQuery): Record<string, string> {
  const api: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = query.values[name];
    if (!value) continue;
    api[name] = name === "price_min" || name === "price_max" ? String(parseMajor(value)) : value;
  }
  if (query.cited) api.cited = "1";
  api.sort = query.sort;
  api.page = String(query.page);
  api.per_page = String(CATALOGUE_PAGE_SIZE);
  return api;
}

/** The screen's own URL for these filters (another page, say): only what is set, "" when nothing is. */
export function catalogueSearch(query: CatalogueQuery, change: { page?: number } = {}): string {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) if (query.values[name]) search.set(name, query.values[name]);
  if (query.cited) search.set("cited", "1");
  if (query.sort !== DEFAULT_SITE_SORT) search.set("sort", query.sort);
  const page = change.page ?? query.page;
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Whether anything narrows the list (the sort and the page do not). */
export const isFiltered = (query: CatalogueQuery) => query.cited || FILTER_NAMES.some((name) => query.values[name] !== "");

/** The filters the "more filters" panel holds: it opens by itself when one of them is set. */
export const ADVANCED_FILTERS: readonly FilterName[] = ["language", "country", "currency", "dr_min", "dr_max", "da_min", "da_max", "traffic_min", "price_min", "price_max"];

// ---- the cart, with the changes under way --------------------------------------------------------

/** A line being added: what the site's page knows of it before the server answers. */
export type PendingAdd = { page_id: string; domain: string; permanent_link_type: LinkType; price: number; currency: Currency };
export type PendingCart = { adding: readonly PendingAdd[]; removing: readonly string[]; clearing: boolean };

/** Seed 001 §4: a line added optimistically has a temporary id starting with `temp-`. */
export const tempItemId = (add: Pick<PendingAdd, "page_id" | "permanent_link_type">) => `temp-${add.page_id}-${add.permanent_link_type}`;
export const isTempItem = (id: string) => id.startsWith("temp-");

function tempItem(add: PendingAdd, now: string): CartItem {
  return {
    id: tempItemId(add),
    page_id: add.page_id,
    search_id: null,
    domain_id: add.domain,
    site_data: { id: add.page_id, domain: add.domain, price: add.price, currency: add.currency },
    price_at_add: add.price,
    currency: add.currency,
    permanent_link_type: add.permanent_link_type,
    is_configured: false,
    target_url: null,
    anchor_text: null,
    added_at: now,
    updated_at: now,
    current_price: add.price,
    price_changed: false,
    available: true,
  };
}

/** The cart's figures for these lines, as the server computes them (server/backlinks/cart.ts). */
export function cartOf(items: CartItem[]): Cart {
  const totals = totalsByCurrency(items.map((item) => ({ price: item.price_at_add, currency: item.currency })));
  const currencies = totals.map((total) => total.currency);
  const currency = (
    currencies.length === 1 ? currencies[0] : currencies.includes(DEFAULT_CART_CURRENCY) || currencies.length === 0 ? DEFAULT_CART_CURRENCY : currencies[0]
  ) as Currency;
  const itemsByType = Object.fromEntries(LINK_TYPES.map((type) => [type, items.filter((item) => item.permanent_link_type === type).length])) as Record<LinkType, number>;
  return {
    items,
    total_items: items.length,
    total_price: totals.find((total) => total.currency === currency)?.total ?? 0,
    currency,
    has_multiple_currencies: totals.length > 1,
    totals,
    items_by_type: itemsByType,
  };
}

/**
 * The cart once the changes under way are done (seed 001 §4): a line being removed is gone, and
 * its price_at_add with it; clearing leaves an empty cart in USD at 0; a line being added is there
 * with a `temp-` id, unless the same site and link type already is (the server will refuse it).
 */
export function withPending(cart: Cart, pending: PendingCart, now = new Date().toISOString()): Cart {
  if (pending.clearing) return cartOf([]);
  if (!pending.adding.length && !pending.removing.length) return cart;
  const removing = new Set(pending.removing);
  const items = cart.items.filter((item) => !removing.has(item.id));
  for (const add of pending.adding) {
    const known = items.some((item) => item.page_id === add.page_id && item.permanent_link_type === add.permanent_link_type);
    if (!known) items.push(tempItem(add, now));
  }
  return cartOf(items);
}

/** What stands between the cart and its checkout, line by line (the button says why it waits). */
export type CheckoutBlocker = "empty" | "not_configured" | "price_changed" | "unavailable";

export function checkoutBlockers(cart: Cart): CheckoutBlocker[] {
  if (cart.items.length === 0) return ["empty"];
  const blockers = new Set<CheckoutBlocker>();
  for (const item of cart.items) {
    if (!item.available) blockers.add("unavailable");
    else if (item.price_changed) blockers.add("price_changed");
    if (!item.is_configured) blockers.add("not_configured");
  }
  return [...blockers];
}
