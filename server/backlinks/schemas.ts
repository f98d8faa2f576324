import { CURRENCIES, LINK_TYPES, ORDER_ITEM_STATUSES, SITE_CATEGORIES, SITE_LANGUAGES, SITE_SORTS, ANCHOR_TEXT_MAX_LENGTH } from "#domain/backlinks";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from "#domain/text";
import { query, z } from "../http/router";
import { RequiredWebsiteSchema, WebsiteFieldSchema } from "../users/routes";
import { SiteInputSchema } from "./site-input";

/* The marketplace API's schemas: what each route takes and answers (issue 15, seed 001 §3, §7). */

const LINK_TYPE = z.enum(LINK_TYPES, `One of ${LINK_TYPES.join(", ")}`);
const absentIfEmpty = (value: unknown) => (value === "" ? undefined : value);

/** An optional whole number in a query string: digits only, empty means absent. */
const optionalInt = (min: number, max: number) =>
  z
    .preprocess(
      (value) => {
        const given = absentIfEmpty(value);
        return typeof given === "string" && /^\d+$/.test(given) ? Number(given) : given;
      },
      z.number({ error: `A whole number from ${min} to ${max}` }).int().min(min, `At least ${min}`).max(max, `At most ${max}`).optional(),
    )
    .openapi({ param: { allowEmptyValue: true } });

export const SiteQuerySchema = z.object({
  category: query.enum(SITE_CATEGORIES, `One of ${SITE_CATEGORIES.join(", ")}`),
  dr_min: optionalInt(0, 100),
  dr_max: optionalInt(0, 100),
  da_min: optionalInt(0, 100),
  da_max: optionalInt(0, 100),
  traffic_min: optionalInt(0, 2_000_000_000),
  price_min: optionalInt(0, 100_000_000).openapi({ description: "Minor units, in each site's own currency" }),
  price_max: optionalInt(0, 100_000_000).openapi({ description: "Minor units, in each site's own currency" }),
  currency: query.enum(CURRENCIES, `One of ${CURRENCIES.join(", ")}`),
  language: query.enum(SITE_LANGUAGES, `One of ${SITE_LANGUAGES.join(", ")}`),
  country: query.text(z.string().regex(/^[A-Za-z]{2}$/, "A two-letter country code").openapi({ example: "FR" })),
  link_type: query.enum(LINK_TYPES, `One of ${LINK_TYPES.join(", ")}`).openapi({ description: "Only sites selling it; price, its price filter and sort are then that link type's" }),
  q: query.text(z.string().trim().max(100, "At most 100 characters")).openapi({ description: "Part of the domain or the category" }),
  cited: query
    .enum(["1", "true", "on", "0", "false"], "1 or 0")
    .transform((value) => (value === undefined ? undefined : value === "1" || value === "true" || value === "on"))
    .openapi({ description: "1 (or true, on: a checkbox's value): only sites whose domain the AI assistants cited in the caller's analyses" }),
  sort: query.enumOr(SITE_SORTS, "dr_desc"),
  page: query.int({ min: 1, max: 100_000, default: 1 }),
  per_page: query.int({ min: 1, max: 100, default: 24 }),
});

export const SiteSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    domain: z.string(),
    dr: z.number().int(),
    da: z.number().int(),
    traffic: z.number().int().openapi({ description: "Monthly visits" }),
    price: z.number().int().openapi({ description: "Minor units: the cheapest offer (or the link_type's, when filtered by one)" }),
    currency: z.enum(CURRENCIES),
    category: z.string(),
    language: z.string(),
    country: z.string(),
    dofollow: z.boolean(),
    turnaround_days: z.number().int(),
    sample_url: z.string().nullable(),
    demo: z.boolean().openapi({ description: "From the seeded demo catalogue" }),
    retired: z.boolean(),
    offers: z.array(z.object({ link_type: z.enum(LINK_TYPES), price: z.number().int() })),
    ai_citations: z.number().int().openapi({ description: "How often the AI assistants cited this domain in the caller's analyses" }),
  })
  .openapi("BacklinkSite");

export const SitesPageSchema = z
  .object({ sites: z.array(SiteSchema), page: z.number().int(), per_page: z.number().int(), total: z.number().int(), pages: z.number().int() })
  .openapi("BacklinkSitesPage");

export const IdParams = z.object({ id: z.uuid("Not an id") });

// ---- cart ----------------------------------------------------------------------------------------

export const AddItemSchema = z
  .object({
    page_id: z.uuid({ error: (issue) => (issue.input == null ? "page_id is required" : "page_id is not a catalogue page") }),
    search_id: z.string().max(200, "At most 200 characters").nullish(),
    domain_id: z.string().max(253, "At most 253 characters").nullish(),
    site_data: z.unknown().optional().openapi({ description: "Ignored: the server keeps the catalogue's record" }),
    price: z.unknown().optional().openapi({ description: "Ignored: the price is the catalogue's at the time of adding" }),
    currency: z.unknown().optional().openapi({ description: "Ignored: the site's currency" }),
    permanent_link_type: LINK_TYPE,
  })
  .openapi("AddCartItem");

export const CartTypeQuery = z.object({ type: query.enum(LINK_TYPES, `One of ${LINK_TYPES.join(", ")}`) });

export const PriceSchema = z.object({
  price: z.number({ error: "price is required" }).int("Minor units, a whole number").min(0, "Cannot be negative"),
  currency: z.enum(CURRENCIES, `One of ${CURRENCIES.join(", ")}`),
});

export const ConfigureSchema = z.object({
  target_url: RequiredWebsiteSchema,
  anchor_text: z
    .string({ error: "The anchor text is required" })
    .trim()
    .min(1, "The anchor text is required")
    .max(ANCHOR_TEXT_MAX_LENGTH, `At most ${ANCHOR_TEXT_MAX_LENGTH} characters`)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE),
});

export const CartItemSchema = z
  .object({
    id: z.uuid(),
    page_id: z.string(),
    search_id: z.string().nullable(),
    domain_id: z.string(),
    site_data: z.record(z.string(), z.unknown()),
    price_at_add: z.number().int(),
    currency: z.enum(CURRENCIES),
    permanent_link_type: z.enum(LINK_TYPES),
    is_configured: z.boolean(),
    target_url: z.string().nullable(),
    anchor_text: z.string().nullable(),
    added_at: z.string(),
    updated_at: z.string(),
    current_price: z.number().int().nullable().openapi({ description: "The catalogue's price now; null when no longer sold" }),
    price_changed: z.boolean(),
    available: z.boolean(),
  })
  .openapi("CartItem");

export const CartSchema = z
  .object({
    items: z.array(CartItemSchema),
    total_items: z.number().int(),
    total_price: z.number().int().openapi({ description: "Minor units of `currency`; with several currencies, that currency's total only" }),
    currency: z.enum(CURRENCIES),
    has_multiple_currencies: z.boolean(),
    totals: z.array(z.object({ currency: z.string(), total: z.number().int() })).openapi({ description: "One total per currency, never added together" }),
    items_by_type: z.record(z.enum(LINK_TYPES), z.number().int()),
  })
  .openapi("Cart");

// ---- orders --------------------------------------------------------------------------------------

export const OrderItemSchema = z
  .object({
    id: z.uuid(),
    site_id: z.uuid(),
    domain: z.string(),
    permanent_link_type: z.enum(LINK_TYPES),
    price: z.number().int(),
    currency: z.enum(CURRENCIES),
    target_url: z.string(),
    anchor_text: z.string(),
    status: z.enum(ORDER_ITEM_STATUSES),
    published_url: z.string().nullable(),
    note: z.string().nullable(),
    status_changed_at: z.string(),
  })
  .openapi("BacklinkOrderItem");

export const OrderSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(["pending_payment", "paid", "abandoned"]),
    currency: z.enum(CURRENCIES),
    total: z.number().int(),
    provider: z.enum(["local", "stripe"]),
    checkout_url: z.string().nullable().openapi({ description: "Where to pay, while the order waits for payment" }),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    items: z.array(OrderItemSchema),
  })
  .openapi("BacklinkOrder");

export const OrdersSchema = z.object({ orders: z.array(OrderSchema) });

export const AdminItemsQuery = z.object({ status: query.enum(ORDER_ITEM_STATUSES, `One of ${ORDER_ITEM_STATUSES.join(", ")}`) });

export const AdminItemsSchema = z.object({
  items: z.array(
    OrderItemSchema.extend({ order_id: z.uuid(), buyer_email: z.string(), paid_at: z.string().nullable(), next_statuses: z.array(z.enum(ORDER_ITEM_STATUSES)) }),
  ),
});

export const ItemStatusSchema = z.object({
  status: z.enum(ORDER_ITEM_STATUSES, `One of ${ORDER_ITEM_STATUSES.join(", ")}`),
  published_url: WebsiteFieldSchema.openapi({ description: "The live page; required to publish" }),
  note: z.string().trim().max(500, "At most 500 characters").regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE).nullish(),
});

// ---- admin catalogue -----------------------------------------------------------------------------

export const SiteBodySchema = SiteInputSchema;

export const ImportBodySchema = z.object({ csv: z.string({ error: "The CSV text is required" }).min(1, "The CSV text is required").max(5_000_000, "At most 5 MB") });

export const ImportResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  refused: z.array(
    z.object({
      line: z.number().int(),
      domain: z.string().nullable(),
      errors: z.array(z.string()).openapi({ description: "For people, in English" }),
      issues: z
        .array(z.object({ column: z.string().nullable(), code: z.string() }))
        .openapi({ description: "The same, coded by column: the field codes, or price_format, field_count, unclosed_quote, duplicate_domain" }),
    }),
  ),
});

export const RetireSchema = z.object({ retired: z.boolean({ error: "true or false" }) });
