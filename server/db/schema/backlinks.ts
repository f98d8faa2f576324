import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CURRENCIES, LINK_TYPES, ORDER_ITEM_STATUSES } from "#domain/backlinks";
import { BILLING_PROVIDERS } from "./billing";
import { users } from "./users";

/**
 * The backlinks marketplace (issue 15): the catalogue of sites, each user's cart, and the orders a
 * checkout makes. Prices are in minor units (cents) of the site's currency.
 */

/**
 * A site links can be bought on. `price` is its cheapest offer, kept with the offers so the listing
 * sorts and filters on one indexed column. A retired site stays (orders point at it) but is neither
 * listed nor addable.
 */
export const backlinkSites = pgTable(
  "backlink_sites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    domain: text("domain").notNull(),
    /** The domain as the citing-sources data counts it ("blog.example.co.uk" → "example.co.uk"). */
    registrableDomain: text("registrable_domain").notNull(),
    url: text("url").notNull(),
    dr: integer("dr").notNull(),
    da: integer("da").notNull(),
    traffic: integer("traffic").notNull(),
    price: integer("price").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    category: text("category").notNull(),
    language: text("language").notNull(),
    country: text("country").notNull(),
    dofollow: boolean("dofollow").notNull().default(true),
    turnaroundDays: integer("turnaround_days").notNull(),
    sampleUrl: text("sample_url"),
    /** From the seeded demo catalogue: labelled as such on every screen. */
    demo: boolean("demo").notNull().default(false),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("backlink_sites_domain_idx").on(table.domain),
    // The listing's usual shapes: live sites by price, authority or traffic, within a category.
    index("backlink_sites_live_price_idx").on(table.price).where(sql`${table.retiredAt} is null`),
    index("backlink_sites_live_dr_idx").on(table.dr).where(sql`${table.retiredAt} is null`),
    index("backlink_sites_live_traffic_idx").on(table.traffic).where(sql`${table.retiredAt} is null`),
    index("backlink_sites_category_idx").on(table.category, table.price),
    index("backlink_sites_registrable_idx").on(table.registrableDomain),
  ],
);

/** What a site sells, one price per link type. */
export const backlinkOffers = pgTable(
  "backlink_offers",
  {
    siteId: uuid("site_id")
      .notNull()
      .references(() => backlinkSites.id, { onDelete: "cascade" }),
    linkType: text("link_type", { enum: LINK_TYPES }).notNull(),
    price: integer("price").notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.linkType] }), index("backlink_offers_type_idx").on(table.linkType, table.price)],
);

/**
 * A line of a user's cart (seed 001 §3 Cart item). `page_id` is the catalogue page the link is
 * bought on (the site's id), `domain_id` its domain and `search_id` the listing it was added from;
 * `site_data` keeps the site as it was. `price_at_add` is the catalogue's price then, never the
 * client's. One line per page and link type (seed §5).
 */
export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    siteId: uuid("site_id")
      .notNull()
      .references(() => backlinkSites.id, { onDelete: "cascade" }),
    pageId: text("page_id").notNull(),
    searchId: text("search_id"),
    domainId: text("domain_id").notNull(),
    siteData: jsonb("site_data").$type<Record<string, unknown>>().notNull(),
    linkType: text("link_type", { enum: LINK_TYPES }).notNull(),
    priceAtAdd: integer("price_at_add").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    targetUrl: text("target_url"),
    anchorText: text("anchor_text"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("cart_items_user_page_type_idx").on(table.userId, table.pageId, table.linkType)],
);

/**
 * One checkout: the configured cart lines of one currency, paid at once (Stripe Checkout in payment
 * mode, or the local test-mode page). `status` is the payment's; each item then has its own.
 */
export const backlinkOrders = pgTable(
  "backlink_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending_payment", "paid", "abandoned"] }).notNull().default("pending_payment"),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    total: integer("total").notNull(),
    provider: text("provider", { enum: BILLING_PROVIDERS }).notNull(),
    externalId: text("external_id"),
    checkoutUrl: text("checkout_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [index("backlink_orders_user_idx").on(table.userId, table.createdAt), uniqueIndex("backlink_orders_external_idx").on(table.externalId)],
);

export const backlinkOrderItems = pgTable(
  "backlink_order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => backlinkOrders.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    /** The cart line it was bought from: removed from the cart once paid. */
    cartItemId: uuid("cart_item_id"),
    siteId: uuid("site_id")
      .notNull()
      .references(() => backlinkSites.id),
    domain: text("domain").notNull(),
    linkType: text("link_type", { enum: LINK_TYPES }).notNull(),
    price: integer("price").notNull(),
    currency: text("currency", { enum: CURRENCIES }).notNull(),
    targetUrl: text("target_url").notNull(),
    anchorText: text("anchor_text").notNull(),
    status: text("status", { enum: ORDER_ITEM_STATUSES }).notNull().default("pending_payment"),
    publishedUrl: text("published_url"),
    note: text("note"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("backlink_order_items_order_idx").on(table.orderId), index("backlink_order_items_status_idx").on(table.status, table.statusChangedAt)],
);
