import { and, desc, eq, inArray } from "drizzle-orm";
import { type Currency, NEXT_ITEM_STATUSES, type OrderItemStatus } from "#domain/backlinks";
import { getBillingGateway } from "../billing/gateway";
import { getConfig } from "../config";
import type { Database, Executor } from "../db/client";
import { backlinkOrderItems, backlinkOrders, cartItems, users } from "../db/schema";
import { ApiError } from "../http/errors";
import { getMailer } from "../integrations/mail";
import { logger } from "../logger";
import { cartLines } from "./cart";
import { linkPublishedMail, orderPaidMail } from "./mails";

/**
 * Orders (issue 15): a checkout turns the configured cart into one order per currency, each paid
 * once through the billing gateway (Stripe Checkout in payment mode, or the local test-mode page).
 * Payment is recorded once, whichever tells first (the webhook, the local page); it empties the
 * paid lines from the cart. Then each item moves on its own, by an admin, until its link is live.
 */

type OrderRow = typeof backlinkOrders.$inferSelect;
type ItemRow = typeof backlinkOrderItems.$inferSelect;

const LINK_TYPE_NAMES: Record<string, string> = {
  sponsored_article_permanent: "sponsored article, permanent",
  sponsored_article_12_months: "sponsored article, 12 months",
  link_insertion_permanent: "link insertion, permanent",
  link_insertion_12_months: "link insertion, 12 months",
};

function itemView(item: ItemRow) {
  return {
    id: item.id,
    site_id: item.siteId,
    domain: item.domain,
    permanent_link_type: item.linkType,
    price: item.price,
    currency: item.currency,
    target_url: item.targetUrl,
    anchor_text: item.anchorText,
    status: item.status,
    published_url: item.publishedUrl,
    note: item.note,
    status_changed_at: item.statusChangedAt.toISOString(),
  };
}

function orderView(order: OrderRow, items: ItemRow[]) {
  return {
    id: order.id,
    status: order.status,
    currency: order.currency,
    total: order.total,
    provider: order.provider,
    checkout_url: order.status === "pending_payment" ? order.checkoutUrl : null,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    items: items.map(itemView),
  };
}
export type OrderView = ReturnType<typeof orderView>;

const ordersUrl = () => `${getConfig().APP_URL}/backlinks/orders`;

/**
 * Checks the whole cart, then opens one order per currency. Anything not ready is refused with the
 * first line at fault: nothing to buy, a line not configured, a link no longer sold, or a price the
 * user has not yet accepted. Orders still waiting for payment from an earlier try are abandoned, so
 * the newest checkout is the one that counts.
 */
export async function checkout(db: Database, user: { id: string; email: string }, now = new Date()) {
  const lines = await cartLines(db, user.id);
  if (lines.length === 0) throw new ApiError(409, "Your cart is empty", { code: "cart_empty" });
  for (const { view } of lines) {
    const domain = view.domain_id;
    if (!view.available) throw new ApiError(409, `${domain} is no longer sold: remove it from your cart`, { code: "link_unavailable", domain });
    if (view.price_changed) throw new ApiError(409, `The price of ${domain} changed: accept the new price first`, { code: "price_changed", domain });
    if (!view.is_configured) throw new ApiError(409, `Choose the target page and anchor text for ${domain} first`, { code: "cart_not_configured", domain });
  }
  const gateway = getBillingGateway();
  const byCurrency = new Map<Currency, typeof lines>();
  for (const line of lines) byCurrency.set(line.row.currency, [...(byCurrency.get(line.row.currency) ?? []), line]);

  const replaced = await db
    .update(backlinkOrders)
    .set({ status: "abandoned" })
    .where(and(eq(backlinkOrders.userId, user.id), eq(backlinkOrders.status, "pending_payment")))
    .returning();
  await Promise.all(replaced.map((order) => closePaymentPage(order)));
  const opened: OrderView[] = [];
  for (const [currency, group] of byCurrency) {
    const total = group.reduce((sum, line) => sum + line.row.priceAtAdd, 0);
    const order = await db.transaction(async (tx) => {
      const [row] = await tx.insert(backlinkOrders).values({ userId: user.id, currency, total, provider: gateway.id, createdAt: now }).returning();
      const items = await tx
        .insert(backlinkOrderItems)
        .values(
          group.map(({ row: line }) => ({
            orderId: row.id,
            userId: user.id,
            cartItemId: line.id,
            siteId: line.siteId,
            domain: line.domainId,
            linkType: line.linkType,
            price: line.priceAtAdd,
            currency,
            targetUrl: line.targetUrl!,
            anchorText: line.anchorText!,
            statusChangedAt: now,
            createdAt: now,
          })),
        )
        .returning();
      return { row, items };
    });
    const { url, externalId } = await gateway.createPayment({
      orderId: order.row.id,
      userId: user.id,
      email: user.email,
      currency,
      lines: order.items.map((item) => ({ name: `${item.domain} — ${LINK_TYPE_NAMES[item.linkType]}`, amount: item.price })),
    });
    const [saved] = await db.update(backlinkOrders).set({ checkoutUrl: url, externalId }).where(eq(backlinkOrders.id, order.row.id)).returning();
    logger.info("backlinks.checkout_started", { user_id: user.id, order_id: saved.id, provider: gateway.id, currency, items: order.items.length });
    opened.push(orderView(saved, order.items));
  }
  return { orders: opened };
}

/**
 * Records the payment once: the order and its items become paid, and their lines leave the cart.
 * A second notice of the same payment (the webhook after the browser, a redelivery) does nothing.
 * Returns whether this call recorded it.
 */
export async function markOrderPaid(db: Database, orderId: string, now = new Date()): Promise<boolean> {
  const paid = await db.transaction(async (tx) => {
    // An order abandoned for a newer checkout can still be paid on a page left open: it was paid.
    const [order] = await tx
      .update(backlinkOrders)
      .set({ status: "paid", paidAt: now })
      .where(and(eq(backlinkOrders.id, orderId), inArray(backlinkOrders.status, ["pending_payment", "abandoned"])))
      .returning();
    if (!order) return null;
    const items = await tx
      .update(backlinkOrderItems)
      .set({ status: "paid", statusChangedAt: now })
      .where(and(eq(backlinkOrderItems.orderId, order.id), eq(backlinkOrderItems.status, "pending_payment")))
      .returning();
    const bought = items.flatMap((item) => (item.cartItemId ? [item.cartItemId] : []));
    if (bought.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, order.userId), inArray(cartItems.id, bought)));
    return { order, items };
  });
  if (!paid) return false;
  logger.info("backlinks.order_paid", { order_id: orderId, items: paid.items.length });
  await notify(db, paid.order.userId, (user) =>
    orderPaidMail(user.email, user.locale, { total: paid.order.total, currency: paid.order.currency, domains: paid.items.map((item) => item.domain) }, ordersUrl()),
  );
  return true;
}

/** Mail is a courtesy: a failure is logged, never undoes what was recorded. */
async function notify(db: Executor, userId: string, mail: (user: { email: string; locale: string | null }) => Parameters<ReturnType<typeof getMailer>["send"]>[0]) {
  try {
    const [user] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
    if (user) await getMailer().send(mail(user));
  } catch (error) {
    logger.warn("backlinks.mail_failed", { user_id: userId, error: error instanceof Error ? error.message : String(error) });
  }
}

export async function markPaidByExternalId(db: Database, externalId: string) {
  const [order] = await db.select({ id: backlinkOrders.id }).from(backlinkOrders).where(eq(backlinkOrders.externalId, externalId));
  return order ? markOrderPaid(db, order.id) : false;
}

async function ownOrder(db: Executor, userId: string, id: string) {
  const [order] = await db
    .select()
    .from(backlinkOrders)
    .where(and(eq(backlinkOrders.id, id), eq(backlinkOrders.userId, userId)));
  if (!order) throw new ApiError(404, "No such order", { code: "order_not_found" });
  return order;
}

async function withItems(db: Executor, orders: OrderRow[]) {
  if (orders.length === 0) return [];
  const items = await db
    .select()
    .from(backlinkOrderItems)
    .where(
      inArray(
        backlinkOrderItems.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(backlinkOrderItems.createdAt, backlinkOrderItems.domain);
  return orders.map((order) => orderView(order, items.filter((item) => item.orderId === order.id)));
}

export async function getOrder(db: Database, userId: string, id: string) {
  const [view] = await withItems(db, [await ownOrder(db, userId, id)]);
  return view;
}

/** The user's orders, newest first; abandoned checkouts are not orders. */
export async function listOrders(db: Database, userId: string) {
  const orders = await db
    .select()
    .from(backlinkOrders)
    .where(and(eq(backlinkOrders.userId, userId), inArray(backlinkOrders.status, ["pending_payment", "paid"])))
    .orderBy(desc(backlinkOrders.createdAt));
  return { orders: await withItems(db, orders) };
}

/** The local test-mode page's "Pay": what a completed Stripe Checkout leads to. */
export async function payLocalOrder(db: Database, userId: string, id: string) {
  const order = await ownOrder(db, userId, id);
  if (order.provider !== "local") throw new ApiError(409, "This order is paid on Stripe", { code: "checkout_not_local" });
  if (order.status !== "pending_payment") throw new ApiError(409, "This checkout is already closed", { code: "checkout_closed" });
  await markOrderPaid(db, order.id);
  return getOrder(db, userId, id);
}

/** Leaving the checkout: the order is dropped and the cart stays as it was. */
export async function abandonOrder(db: Database, userId: string, id: string) {
  const order = await ownOrder(db, userId, id);
  if (order.status !== "pending_payment") throw new ApiError(409, "This checkout is already closed", { code: "checkout_closed" });
  await db
    .update(backlinkOrders)
    .set({ status: "abandoned" })
    .where(and(eq(backlinkOrders.id, order.id), eq(backlinkOrders.status, "pending_payment")));
  await closePaymentPage(order);
  return { abandoned: true as const };
}

/**
 * An abandoned order's Stripe page is closed, so the same links cannot be paid twice (an old tab,
 * then a new checkout). If closing fails, a payment on it is still recorded: it was paid.
 */
async function closePaymentPage(order: OrderRow) {
  if (!order.externalId) return;
  try {
    await getBillingGateway().expirePayment(order.externalId);
  } catch (error) {
    logger.warn("backlinks.expire_failed", { order_id: order.id, error: error instanceof Error ? error.message : String(error) });
  }
}

// ---- admin ---------------------------------------------------------------------------------------

/** Every paid order's items for the team, newest first, with who bought them. */
export async function adminOrderItems(db: Database, filter: { status?: OrderItemStatus }) {
  const rows = await db
    .select({ item: backlinkOrderItems, email: users.email, paidAt: backlinkOrders.paidAt })
    .from(backlinkOrderItems)
    .innerJoin(backlinkOrders, eq(backlinkOrders.id, backlinkOrderItems.orderId))
    .innerJoin(users, eq(users.id, backlinkOrderItems.userId))
    .where(and(eq(backlinkOrders.status, "paid"), ...(filter.status ? [eq(backlinkOrderItems.status, filter.status)] : [])))
    .orderBy(desc(backlinkOrders.paidAt), backlinkOrderItems.domain)
    .limit(500);
  return {
    items: rows.map((row) => ({
      ...itemView(row.item),
      order_id: row.item.orderId,
      buyer_email: row.email,
      paid_at: row.paidAt?.toISOString() ?? null,
      next_statuses: [...NEXT_ITEM_STATUSES[row.item.status]],
    })),
  };
}

/**
 * Moves an item on (NEXT_ITEM_STATUSES). Published needs the live URL, and tells the buyer; the
 * update is conditional on the status read, so two admins cannot both move it from the same state.
 */
export async function setItemStatus(db: Database, id: string, input: { status: OrderItemStatus; published_url?: string | null; note?: string | null }, now = new Date()) {
  const [item] = await db.select().from(backlinkOrderItems).where(eq(backlinkOrderItems.id, id));
  if (!item) throw new ApiError(404, "No such order item", { code: "order_item_not_found" });
  if (!NEXT_ITEM_STATUSES[item.status].includes(input.status)) {
    throw new ApiError(409, `An item ${item.status.replace("_", " ")} cannot become ${input.status.replace("_", " ")}`, { code: "status_transition" });
  }
  if (input.status === "published" && !input.published_url) {
    throw new ApiError(400, "The live URL is required to publish", { code: "published_url_required", errors: { published_url: [{ code: "required", message: "The live URL is required" }] } });
  }
  const [updated] = await db
    .update(backlinkOrderItems)
    .set({
      status: input.status,
      statusChangedAt: now,
      ...(input.status === "published" ? { publishedUrl: input.published_url } : {}),
      ...(input.note !== undefined ? { note: input.note || null } : {}),
    })
    .where(and(eq(backlinkOrderItems.id, id), eq(backlinkOrderItems.status, item.status)))
    .returning();
  if (!updated) throw new ApiError(409, "This item was just changed by someone else: reload", { code: "status_transition" });
  if (updated.status === "published" && updated.publishedUrl) {
    const publishedUrl = updated.publishedUrl;
    await notify(db, updated.userId, (user) =>
      linkPublishedMail(user.email, user.locale, { domain: updated.domain, publishedUrl, anchor: updated.anchorText, target: updated.targetUrl }, ordersUrl()),
    );
  }
  return itemView(updated);
}
