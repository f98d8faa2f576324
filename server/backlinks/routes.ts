import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { adminRoute, authedRoute } from "../auth/guarded-route";
import type { ApiEnv } from "../http/env";
import { ApiError } from "../http/errors";
import { createRouter, DeletedSchema, errorResponse, foundOr404, invalidInput, jsonBody, jsonResponse, z } from "../http/router";
import { onStripePayment } from "../billing/stripe-events";
import { getDb } from "../runtime";
import { acceptPrice, addItem, clearCart, configureItem, getCart, removeItem } from "./cart";
import { allSites, getSite, getSiteByDomain, listSites, setRetired, updateSite, upsertSites } from "./catalogue";
import { CsvHeaderError, catalogueCsv, parseCatalogueCsv } from "./csv-import";
import { abandonOrder, adminOrderItems, checkout, getOrder, listOrders, markPaidByExternalId, payLocalOrder, setItemStatus } from "./orders";
import {
  AddItemSchema,
  AdminItemsQuery,
  AdminItemsSchema,
  CartItemSchema,
  CartSchema,
  CartTypeQuery,
  ConfigureSchema,
  IdParams,
  ImportBodySchema,
  ImportResultSchema,
  ItemStatusSchema,
  OrderItemSchema,
  OrderSchema,
  OrdersSchema,
  PriceSchema,
  RetireSchema,
  SiteBodySchema,
  SiteQuerySchema,
  SiteSchema,
  SitesPageSchema,
} from "./schemas";

/* The backlinks marketplace's API (issue 15): the catalogue and orders under /backlinks, the cart under /cart (seed 001 §7). */

const MARKET = "backlinks";
const CART = "cart";
const ADMIN = "backlinks admin";
const NO_SITE = "No such site in the catalogue";
const NO_ITEM = "No such item in your cart";
const NO_ORDER = "No such order";

// Stripe tells the billing webhook when an order's Checkout is paid; the order is ours to record.
onStripePayment("backlinks_order", markPaidByExternalId);

const viewer = (c: Context<ApiEnv>) => ({ id: c.get("user").id, role: c.get("user").role });

const sites = authedRoute(MARKET, {
  method: "get",
  path: "/sites",
  summary: "The catalogue's live sites, filtered, sorted and paged, each with its AI citations in the caller's analyses",
  kept: true,
  request: { query: SiteQuerySchema },
  responses: { 200: jsonResponse(SitesPageSchema, "A page of sites"), 400: invalidInput },
});

const site = authedRoute(MARKET, {
  method: "get",
  path: "/sites/{id}",
  summary: "A site with every link type it sells and its price",
  kept: true,
  request: { params: IdParams },
  responses: foundOr404(SiteSchema, "Site", NO_SITE),
});

const startCheckout = authedRoute(MARKET, {
  method: "post",
  path: "/checkout",
  summary: "Opens one payment per currency for the configured cart; the cart stays as it is until paid",
  responses: {
    201: jsonResponse(OrdersSchema, "Orders waiting for payment, each with its checkout_url"),
    409: errorResponse("cart_empty, cart_not_configured, price_changed or link_unavailable (with the domain)"),
  },
});

const orders = authedRoute(MARKET, {
  method: "get",
  path: "/orders",
  summary: "The caller's orders, newest first, with each link's status",
  responses: { 200: jsonResponse(OrdersSchema, "Orders") },
});

const order = authedRoute(MARKET, {
  method: "get",
  path: "/orders/{id}",
  summary: "One of the caller's orders",
  request: { params: IdParams },
  responses: foundOr404(OrderSchema, "Order", NO_ORDER),
});

const payOrder = authedRoute(MARKET, {
  method: "post",
  path: "/orders/{id}/pay",
  summary: "Test mode only (no Stripe key): the local checkout page's Pay",
  request: { params: IdParams },
  responses: { ...foundOr404(OrderSchema, "Paid", NO_ORDER), 409: errorResponse("checkout_not_local or checkout_closed") },
});

const abandon = authedRoute(MARKET, {
  method: "post",
  path: "/orders/{id}/abandon",
  summary: "Leaves a checkout unpaid: the cart stays as it was",
  request: { params: IdParams },
  responses: { ...foundOr404(z.object({ abandoned: z.literal(true) }), "Abandoned", NO_ORDER), 409: errorResponse("checkout_closed") },
});

// ---- admin ---------------------------------------------------------------------------------------

const adminSite = adminRoute(ADMIN, {
  method: "put",
  path: "/admin/sites/{id}",
  summary: "Changes a site's figures and offers",
  request: { params: IdParams, body: jsonBody(SiteBodySchema) },
  responses: { ...foundOr404(SiteSchema, "Updated", NO_SITE), 409: errorResponse("domain_taken") },
});

const adminRetire = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/sites/{id}/retire",
  summary: "Retires a site (off the listing and the cart) or brings it back",
  request: { params: IdParams, body: jsonBody(RetireSchema) },
  responses: foundOr404(SiteSchema, "Site", NO_SITE),
});

const adminCreate = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/sites",
  summary: "Adds a site (or updates the one with its domain)",
  request: { body: jsonBody(SiteBodySchema) },
  responses: { 201: jsonResponse(SiteSchema, "Added"), 400: invalidInput },
});

const adminImport = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/sites/import",
  summary: "Adds or updates sites from CSV text (columns: see the export), row by row; refused rows are reported with their line",
  request: { body: jsonBody(ImportBodySchema) },
  responses: { 200: jsonResponse(ImportResultSchema, "What was added, updated and refused"), 400: errorResponse("csv_header: a missing or unknown column, or too many rows") },
});

const adminExport = adminRoute(ADMIN, {
  method: "get",
  path: "/admin/sites/export",
  summary: "The whole catalogue as CSV text, in the import's format (retired sites included); the web app serves it as a download",
  responses: { 200: jsonResponse(z.object({ csv: z.string(), rows: z.number().int() }), "CSV text") },
});

const adminItems = adminRoute(ADMIN, {
  method: "get",
  path: "/admin/order-items",
  summary: "Paid orders' links, newest first, with the buyer and where each may move next",
  request: { query: AdminItemsQuery },
  responses: { 200: jsonResponse(AdminItemsSchema, "Items"), 400: invalidInput },
});

const adminItemStatus = adminRoute(ADMIN, {
  method: "put",
  path: "/admin/order-items/{id}/status",
  summary: "Moves a link on: in_progress, published (with the live URL; the buyer is told), rejected or refunded",
  request: { params: IdParams, body: jsonBody(ItemStatusSchema) },
  responses: { ...foundOr404(OrderItemSchema, "Moved", "No such order item"), 409: errorResponse("status_transition") },
});

/** A catalogue of 10,000 rows is about 1.5 MB of CSV; the JSON around it adds little. */
const MAX_IMPORT_BYTES = 6 * 1024 * 1024;

export const backlinkRoutes = createRouter();
backlinkRoutes.use(
  "/admin/sites/import",
  bodyLimit({ maxSize: MAX_IMPORT_BYTES, onError: (c) => c.json({ message: "The file is too large: at most 5 MB", code: "body_too_large" }, 413) }),
);
export const backlinksRouter = backlinkRoutes
  .openapi(sites, async (c) => c.json(await listSites(await getDb(), c.get("user").id, c.req.valid("query")), 200))
  .openapi(site, async (c) => c.json(await getSite(await getDb(), viewer(c), c.req.valid("param").id), 200))
  .openapi(startCheckout, async (c) => c.json(await checkout(await getDb(), { id: c.get("user").id, email: c.get("user").email }), 201))
  .openapi(orders, async (c) => c.json(await listOrders(await getDb(), c.get("user").id), 200))
  .openapi(order, async (c) => c.json(await getOrder(await getDb(), c.get("user").id, c.req.valid("param").id), 200))
  .openapi(payOrder, async (c) => c.json(await payLocalOrder(await getDb(), c.get("user").id, c.req.valid("param").id), 200))
  .openapi(abandon, async (c) => c.json(await abandonOrder(await getDb(), c.get("user").id, c.req.valid("param").id), 200))
  .openapi(adminImport, async (c) => {
    let parsed: ReturnType<typeof parseCatalogueCsv>;
    try {
      parsed = parseCatalogueCsv(c.req.valid("json").csv);
    } catch (error) {
      if (error instanceof CsvHeaderError) throw new ApiError(400, error.message, { code: "csv_header" });
      throw error;
    }
    const { added, updated } = await upsertSites(await getDb(), parsed.sites);
    return c.json({ added, updated, refused: parsed.refused }, 200);
  })
  .openapi(adminExport, async (c) => {
    const rows = await allSites(await getDb());
    const checked = rows.map(({ site: row, offers }) => ({
      url: row.url,
      domain: row.domain,
      dr: row.dr,
      da: row.da,
      traffic: row.traffic,
      price: row.price,
      currency: row.currency,
      category: row.category as never,
      language: row.language as never,
      country: row.country,
      dofollow: row.dofollow,
      turnaround_days: row.turnaroundDays,
      sample_url: row.sampleUrl,
      offers: Object.fromEntries(offers.map((offer) => [offer.linkType, offer.price])),
    }));
    return c.json({ csv: catalogueCsv(checked), rows: checked.length }, 200);
  })
  .openapi(adminCreate, async (c) => {
    const input = c.req.valid("json");
    const db = await getDb();
    await upsertSites(db, [input]);
    return c.json(await getSiteByDomain(db, viewer(c), input.domain), 201);
  })
  .openapi(adminSite, async (c) => c.json(await updateSite(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json")), 200))
  .openapi(adminRetire, async (c) => c.json(await setRetired(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json").retired), 200))
  .openapi(adminItems, async (c) => c.json(await adminOrderItems(await getDb(), c.req.valid("query")), 200))
  .openapi(adminItemStatus, async (c) => c.json(await setItemStatus(await getDb(), c.req.valid("param").id, c.req.valid("json")), 200));

// ---- cart ----------------------------------------------------------------------------------------

const cartItems = authedRoute(CART, {
  method: "get",
  path: "/items",
  summary: "The caller's cart (seed 001 §3 Cart), optionally one link type's lines",
  kept: true,
  request: { query: CartTypeQuery },
  responses: { 200: jsonResponse(CartSchema, "Cart"), 400: invalidInput },
});

const addCartItem = authedRoute(CART, {
  method: "post",
  path: "/items",
  summary: "Adds a link at the catalogue's price (a client's price is ignored); the same page and link type twice: 409",
  request: { body: jsonBody(AddItemSchema) },
  responses: {
    201: jsonResponse(CartItemSchema, "Added"),
    400: invalidInput,
    404: errorResponse("site_not_found"),
    409: errorResponse("already_in_cart, site_retired or link_type_unavailable, with the domain"),
  },
});

const clearItems = authedRoute(CART, {
  method: "delete",
  path: "/items",
  summary: "Empties the cart",
  responses: { 200: jsonResponse(z.object({ deleted: z.number().int() }), "How many lines were removed") },
});

const removeCartItem = authedRoute(CART, {
  method: "delete",
  path: "/items/{id}",
  summary: "Removes a line",
  request: { params: IdParams },
  responses: foundOr404(DeletedSchema, "Removed", NO_ITEM),
});

const priceItem = authedRoute(CART, {
  method: "put",
  path: "/items/{id}/price",
  summary: "Accepts the catalogue's new price for a line; any other price: 409 price_mismatch with the current one",
  request: { params: IdParams, body: jsonBody(PriceSchema) },
  responses: { ...foundOr404(CartItemSchema, "Updated", NO_ITEM), 409: errorResponse("price_mismatch or link_unavailable") },
});

const configureCartItem = authedRoute(CART, {
  method: "put",
  path: "/items/{id}",
  summary: "Sets where the link points (a page of the caller's site) and its anchor text",
  request: { params: IdParams, body: jsonBody(ConfigureSchema) },
  responses: foundOr404(CartItemSchema, "Configured", NO_ITEM),
});

export const cartRoutes = createRouter()
  .openapi(cartItems, async (c) => c.json(await getCart(await getDb(), c.get("user").id, c.req.valid("query").type), 200))
  .openapi(addCartItem, async (c) => c.json(await addItem(await getDb(), c.get("user").id, c.req.valid("json")), 201))
  .openapi(clearItems, async (c) => c.json(await clearCart(await getDb(), c.get("user").id), 200))
  .openapi(removeCartItem, async (c) => c.json(await removeItem(await getDb(), c.get("user").id, c.req.valid("param").id), 200))
  .openapi(priceItem, async (c) => c.json(await acceptPrice(await getDb(), c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200))
  .openapi(configureCartItem, async (c) => c.json(await configureItem(await getDb(), c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200));
