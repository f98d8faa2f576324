import { and, asc, eq, inArray } from "drizzle-orm";
import { type Currency, DEFAULT_CART_CURRENCY, LINK_TYPES, type LinkType, totalsByCurrency } from "#domain/backlinks";
import type { Database, Executor } from "../db/client";
import { backlinkOffers, backlinkSites, cartItems, users } from "../db/schema";
import { ApiError } from "../http/errors";
import { findSite, offerPrice } from "./catalogue";

/**
 * Each user's cart (seed 001 §3, §4, §5, §7; issue 15). The server decides every price: an item
 * keeps the catalogue's price at the time it was added, whatever the client sends; when the
 * catalogue changes, the item says so and only the new catalogue price may be accepted.
 */

type CartRow = typeof cartItems.$inferSelect;
type Live = { price: number | null; available: boolean };

const NO_ITEM = "No such item in your cart";

function itemView(item: CartRow, live: Live) {
  return {
    id: item.id,
    page_id: item.pageId,
    search_id: item.searchId,
    domain_id: item.domainId,
    site_data: item.siteData,
    price_at_add: item.priceAtAdd,
    currency: item.currency,
    permanent_link_type: item.linkType,
    is_configured: Boolean(item.targetUrl && item.anchorText),
    target_url: item.targetUrl,
    anchor_text: item.anchorText,
    added_at: item.addedAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
    /** The catalogue's price now; null when the site is retired or no longer sells this link type. */
    current_price: live.price,
    price_changed: live.price !== null && live.price !== item.priceAtAdd,
    available: live.available && live.price !== null,
  };
}
export type CartItemView = ReturnType<typeof itemView>;

/** The catalogue now, for a set of cart lines: one query. */
async function liveState(db: Executor, items: CartRow[]): Promise<Map<string, Live>> {
  if (items.length === 0) return new Map();
  const rows = await db
    .select({ siteId: backlinkSites.id, retiredAt: backlinkSites.retiredAt, currency: backlinkSites.currency, linkType: backlinkOffers.linkType, price: backlinkOffers.price })
    .from(backlinkSites)
    .leftJoin(backlinkOffers, eq(backlinkOffers.siteId, backlinkSites.id))
    .where(
      inArray(
        backlinkSites.id,
        items.map((item) => item.siteId),
      ),
    );
  const live = new Map<string, Live>();
  for (const item of items) {
    const offer = rows.find((row) => row.siteId === item.siteId && row.linkType === item.linkType);
    const site = rows.find((row) => row.siteId === item.siteId);
    // A site that changed currency is a new price altogether: the old line cannot be paid as it was.
    const price = offer && site?.currency === item.currency ? offer.price : null;
    live.set(item.id, { price, available: Boolean(site && !site.retiredAt) });
  }
  return live;
}

/** The cart's answer (seed §3 Cart): with several currencies, one total each in `totals`, never one sum. */
export async function getCart(db: Executor, userId: string, type?: LinkType) {
  const conditions = [eq(cartItems.userId, userId), ...(type ? [eq(cartItems.linkType, type)] : [])];
  const rows = await db
    .select()
    .from(cartItems)
    .where(and(...conditions))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  const live = await liveState(db, rows);
  const items = rows.map((row) => itemView(row, live.get(row.id)!));
  const totals = totalsByCurrency(items.map((item) => ({ price: item.price_at_add, currency: item.currency })));
  const currencies = totals.map((total) => total.currency);
  const currency = currencies.length === 1 ? currencies[0] : currencies.includes(DEFAULT_CART_CURRENCY) || currencies.length === 0 ? DEFAULT_CART_CURRENCY : currencies[0];
  const itemsByType = Object.fromEntries(LINK_TYPES.map((linkType) => [linkType, items.filter((item) => item.permanent_link_type === linkType).length]));
  return {
    items,
    total_items: items.length,
    /** In `currency`; with several currencies, that currency's total only (see `totals`). */
    total_price: totals.find((total) => total.currency === currency)?.total ?? 0,
    currency: currency as Currency,
    has_multiple_currencies: totals.length > 1,
    totals,
    items_by_type: itemsByType as Record<LinkType, number>,
  };
}

export type AddItem = { page_id: string; search_id?: string | null; domain_id?: string | null; permanent_link_type: LinkType };

/**
 * Adds a line at the catalogue's price. The same page and link type twice: 409 already_in_cart
 * with the domain (seed §5, §8), decided by the unique index so two clicks at once cannot both add.
 */
export async function addItem(db: Database, userId: string, input: AddItem) {
  const site = await findSite(db, input.page_id);
  if (!site) throw new ApiError(404, "No such site in the catalogue", { code: "site_not_found" });
  if (site.retiredAt) throw new ApiError(409, `${site.domain} is no longer in the catalogue`, { code: "site_retired", domain: site.domain });
  if (input.domain_id && input.domain_id.toLowerCase() !== site.domain) {
    throw new ApiError(400, "domain_id is not this page's domain", { code: "domain_mismatch", errors: { domain_id: [{ code: "domain_mismatch", message: "Not this page's domain" }] } });
  }
  const price = await offerPrice(db, site.id, input.permanent_link_type);
  if (price === null) throw new ApiError(409, `${site.domain} does not sell this link type`, { code: "link_type_unavailable", domain: site.domain });
  const [row] = await db
    .insert(cartItems)
    .values({
      userId,
      siteId: site.id,
      pageId: site.id,
      searchId: input.search_id || null,
      domainId: site.domain,
      siteData: { id: site.id, url: site.url, domain: site.domain, dr: site.dr, da: site.da, traffic: site.traffic, price, currency: site.currency, category: site.category },
      linkType: input.permanent_link_type,
      priceAtAdd: price,
      currency: site.currency,
    })
    .onConflictDoNothing({ target: [cartItems.userId, cartItems.pageId, cartItems.linkType] })
    .returning();
  if (!row) throw new ApiError(409, `${site.domain} is already in your cart`, { code: "already_in_cart", domain: site.domain });
  return itemView(row, { price, available: true });
}

async function ownItem(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  if (!row) throw new ApiError(404, NO_ITEM, { code: "cart_item_not_found" });
  return row;
}

export async function removeItem(db: Database, userId: string, id: string) {
  const [row] = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (!row) throw new ApiError(404, NO_ITEM, { code: "cart_item_not_found" });
  return { deleted: true as const };
}

export async function clearCart(db: Database, userId: string) {
  const rows = await db.delete(cartItems).where(eq(cartItems.userId, userId)).returning({ id: cartItems.id });
  return { deleted: rows.length };
}

/**
 * Accepts the catalogue's new price for a line (seed §7 PUT …/price). Only the current catalogue
 * price and currency are accepted: 409 price_mismatch with them otherwise, so a client can never
 * set its own.
 */
export async function acceptPrice(db: Database, userId: string, id: string, input: { price: number; currency: Currency }) {
  const item = await ownItem(db, userId, id);
  const live = (await liveState(db, [item])).get(item.id)!;
  if (!live.available || live.price === null) {
    throw new ApiError(409, "This link is no longer sold: remove it from your cart", { code: "link_unavailable", domain: item.domainId });
  }
  if (input.price !== live.price || input.currency !== item.currency) {
    throw new ApiError(409, "That is not the catalogue's price", { code: "price_mismatch", current_price: live.price, currency: item.currency });
  }
  const [row] = await db
    .update(cartItems)
    .set({ priceAtAdd: live.price, siteData: { ...item.siteData, price: live.price }, updatedAt: new Date() })
    .where(eq(cartItems.id, item.id))
    .returning();
  return itemView(row, live);
}

/** The host of the user's own website, when known: a bought link must point there. */
async function ownHost(db: Executor, userId: string): Promise<string | null> {
  const [user] = await db.select({ websiteUrl: users.websiteUrl }).from(users).where(eq(users.id, userId));
  if (!user?.websiteUrl) return null;
  try {
    return new URL(user.websiteUrl).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Where the link points and the words it shows: both needed before checkout (`is_configured`). */
export async function configureItem(db: Database, userId: string, id: string, input: { target_url: string; anchor_text: string }) {
  const item = await ownItem(db, userId, id);
  const host = await ownHost(db, userId);
  const target = new URL(input.target_url).hostname.toLowerCase().replace(/^www\./, "");
  if (host && target !== host && !target.endsWith(`.${host}`)) {
    throw new ApiError(400, `The link must point to your site, ${host}`, { code: "target_not_own_site", errors: { target_url: [{ code: "target_not_own_site", message: `Must be a page of ${host}` }] } });
  }
  const [row] = await db
    .update(cartItems)
    .set({ targetUrl: input.target_url, anchorText: input.anchor_text, updatedAt: new Date() })
    .where(eq(cartItems.id, item.id))
    .returning();
  return itemView(row, (await liveState(db, [row])).get(row.id)!);
}

/** Lines by id, with the catalogue now, for the checkout. */
export async function cartLines(db: Executor, userId: string) {
  const rows = await db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  const live = await liveState(db, rows);
  return rows.map((row) => ({ row, view: itemView(row, live.get(row.id)!) }));
}
