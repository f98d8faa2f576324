import type Stripe from "stripe";
import { eq, isNull, and } from "drizzle-orm";
import type { Database } from "../db/client";
import { billingEvents } from "../db/schema";
import { StripeGateway } from "../integrations/stripe/gateway";
import { logger } from "../logger";
import { getBillingGateway } from "./gateway";
import { checkoutByExternalId, markCheckoutCompleted, markPastDue, syncProviderSubscription } from "./provider-sync";

export function stripeGateway(): StripeGateway | null {
  const gateway = getBillingGateway();
  return gateway instanceof StripeGateway ? gateway : null;
}

/**
 * Applies one verified Stripe event. Each event id is applied once: a redelivery of an applied
 * event does nothing. Order does not matter: the subscription is read back from Stripe each time,
 * so an old event cannot overwrite a newer state.
 */
export async function handleStripeEvent(db: Database, gateway: StripeGateway, event: Stripe.Event) {
  const [fresh] = await db.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
  if (!fresh) {
    const [seen] = await db.select().from(billingEvents).where(eq(billingEvents.id, event.id));
    if (seen?.processedAt) return "duplicate" as const;
    // Received before but its handling failed: Stripe is retrying, so try again (handlers are idempotent).
  }
  await apply(db, gateway, event);
  await db.update(billingEvents).set({ processedAt: new Date() }).where(and(eq(billingEvents.id, event.id), isNull(billingEvents.processedAt)));
  return "applied" as const;
}

async function apply(db: Database, gateway: StripeGateway, event: Stripe.Event) {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      if (event.data.object.mode === "payment") await completePayment(db, event.data.object);
      else await completeCheckout(db, gateway, event.data.object);
      return;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await syncSubscription(db, gateway, event.data.object.id, event.data.object.metadata?.userId);
      return;
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const subscriptionId = invoiceSubscription(event.data.object);
      if (subscriptionId) await syncSubscription(db, gateway, subscriptionId);
      return;
    }
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscription(event.data.object);
      if (!subscriptionId) return;
      await syncSubscription(db, gateway, subscriptionId);
      // Stripe marks the subscription past_due itself on a renewal failure; the invoice is read back
      // so a failure already settled (paid later, voided, written off) is not applied late.
      const invoice = event.data.object.id ? await gateway.retrieveInvoice(event.data.object.id) : event.data.object;
      // A declined prorated upgrade leaves an open invoice too, but Stripe keeps the subscription
      // as it was (pending_if_incomplete): only a failed renewal makes it past due.
      if (invoice.status === "open" && invoice.billing_reason === "subscription_cycle") await markPastDue(db, subscriptionId);
      return;
    }
    default:
      logger.info("billing.stripe_event_ignored", { type: event.type, id: event.id });
  }
}

type PaymentHandler = (db: Database, checkoutSessionId: string) => Promise<unknown>;

/**
 * One-time payments other parts of the app open through the gateway (a backlinks order), by the
 * session's `metadata.kind`: billing carries them to whoever registered, without knowing them.
 */
const paymentHandlers = new Map<string, PaymentHandler>();
export function onStripePayment(kind: string, handler: PaymentHandler) {
  paymentHandlers.set(kind, handler);
}

/** A Checkout in payment mode: paid now, or later for delayed methods (async_payment_succeeded). */
async function completePayment(db: Database, session: Stripe.Checkout.Session) {
  if (session.status !== "complete" || session.payment_status !== "paid") return;
  const handler = paymentHandlers.get(session.metadata?.kind ?? "");
  if (handler) await handler(db, session.id);
  else logger.warn("billing.stripe_payment_unclaimed", { session: session.id, kind: session.metadata?.kind ?? null });
}

/** checkout.session.completed, or the browser's return from Checkout if that came first. */
export async function completeCheckout(db: Database, gateway: StripeGateway, session: Stripe.Checkout.Session) {
  if (session.mode !== "subscription" || session.status !== "complete") return null;
  if (session.payment_status === "unpaid") return null;
  const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  if (!subscriptionId) return null;
  const checkout = await checkoutByExternalId(db, session.id);
  const userId = checkout?.userId ?? session.client_reference_id ?? session.metadata?.userId ?? null;
  const synced = await syncSubscription(db, gateway, subscriptionId, userId);
  await markCheckoutCompleted(db, session.id);
  return synced;
}

async function syncSubscription(db: Database, gateway: StripeGateway, subscriptionId: string, userId?: string | null) {
  const subscription = await gateway.retrieveById(subscriptionId);
  const state = gateway.toProviderSubscription(subscription);
  if (!state) {
    logger.warn("billing.stripe_unknown_price", { subscription: subscriptionId });
    return null;
  }
  const synced = await syncProviderSubscription(db, state, { userId });
  if (synced && "duplicate_of" in synced) {
    // Two checkouts paid (two tabs): the first subscription stays, the second is ended at once.
    logger.warn("billing.duplicate_subscription_canceled", { subscription: subscriptionId, kept: synced.duplicate_of, customer: state.customerId });
    await gateway.cancelNow(subscriptionId);
  }
  return synced;
}

/** Since API 2025-03-31 the invoice's subscription is under parent.subscription_details. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  return typeof subscription === "string" ? subscription : (subscription?.id ?? null);
}
