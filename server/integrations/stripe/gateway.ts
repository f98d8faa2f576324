import Stripe from "stripe";
import { ApiError } from "../../http/errors";
import { logger } from "../../logger";
import type { BillingGateway, CheckoutRequest, PaymentRequest, PlanTarget, ProviderSubscription, SubscriptionRow } from "../payments/types";
import { inferBillingPeriod, BILLING_PERIODS, type BillingPeriod, PLAN_IDS, type PlanId, type SubscriptionStatus } from "#domain/plans";

export type StripeSettings = {
  secretKey: string;
  appUrl: string;
  lookupPrefix: string;
  /** A proxy or a local protocol fake instead of https://api.stripe.com. */
  apiUrl?: string;
};

export function createStripeClient(settings: Pick<StripeSettings, "secretKey" | "apiUrl">): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    // The SDK retries connection errors, 409 and 5xx with an idempotency key: safe for every call here.
    maxNetworkRetries: 2,
    timeout: 30_000,
    appInfo: { name: "Sightline" },
    ...(target && {
      host: target.hostname,
      port: Number(target.port || (target.protocol === "http:" ? 80 : 443)),
      protocol: target.protocol === "http:" ? ("http" as const) : ("https" as const),
    }),
  });
}

/**
 * Stripe Billing (providers.md §8): Checkout for new subscriptions, prorated updates for upgrades,
 * subscription schedules for changes at renewal, cancel_at_period_end, and the Billing Portal.
 */
export class StripeGateway implements BillingGateway {
  readonly id = "stripe" as const;
  readonly #prices = new Map<string, string>();

  constructor(
    readonly stripe: Stripe,
    private readonly settings: StripeSettings,
  ) {}

  lookupKey(target: PlanTarget) {
    return `${this.settings.lookupPrefix}_${target.planId}_${target.period}`;
  }

  /** Prices are found by lookup key, so the same code runs against test and live mode. */
  async priceId(target: PlanTarget): Promise<string> {
    const key = this.lookupKey(target);
    const known = this.#prices.get(key);
    if (known) return known;
    const { data } = await guard(() => this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
    const price = data[0];
    if (!price) {
      logger.error("billing.stripe_price_missing", { lookup_key: key });
      throw new ApiError(502, `Stripe has no active price for this plan (lookup key ${key})`, { code: "payment_provider_error" });
    }
    this.#prices.set(key, price.id);
    return price.id;
  }

  async createCheckout(request: CheckoutRequest) {
    const price = await this.priceId(request.target);
    const session = await guard(() => this.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price, quantity: 1 }],
      success_url: `${this.settings.appUrl}/settings/billing?checkout=${request.checkoutId}`,
      cancel_url: `${this.settings.appUrl}/settings/billing?checkout=${request.checkoutId}&canceled=1`,
      client_reference_id: request.userId,
      ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
      metadata: { userId: request.userId, checkoutId: request.checkoutId, ...(request.referralId && { referral: request.referralId }) },
      subscription_data: { metadata: { userId: request.userId, ...(request.referralId && { referral: request.referralId }) } },
      allow_promotion_codes: true,
    }));
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    return { url: session.url, externalId: session.id };
  }

  /**
   * A backlinks order: Checkout in payment mode, a line per link priced inline (price_data), since
   * catalogue prices are ours and change without a Stripe price behind them. The order id rides in
   * the metadata, so the webhook finds the order whatever happens to the browser.
   */
  async createPayment(request: PaymentRequest) {
    const session = await guard(() =>
      this.stripe.checkout.sessions.create({
        mode: "payment",
        line_items: request.lines.map((line) => ({
          quantity: 1,
          price_data: { currency: request.currency.toLowerCase(), unit_amount: line.amount, product_data: { name: line.name } },
        })),
        success_url: `${this.settings.appUrl}/backlinks/orders?paid=${request.orderId}`,
        cancel_url: `${this.settings.appUrl}/backlinks/cart?canceled=${request.orderId}`,
        client_reference_id: request.userId,
        customer_email: request.email,
        metadata: { kind: "backlinks_order", orderId: request.orderId, userId: request.userId },
        payment_intent_data: { metadata: { kind: "backlinks_order", orderId: request.orderId } },
      }),
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    return { url: session.url, externalId: session.id };
  }

  async expirePayment(externalId: string) {
    const session = await guard(() => this.stripe.checkout.sessions.retrieve(externalId));
    // Paid meanwhile, or already expired: nothing to close (the webhook records a payment).
    if (session.status !== "open") return;
    await guard(() => this.stripe.checkout.sessions.expire(externalId));
  }

  async changeNow(subscription: SubscriptionRow, target: PlanTarget) {
    const current = await this.retrieve(subscription);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${current.id} has no item`);
    const price = await this.priceId(target);
    // A change now replaces whatever a schedule would do at the renewal (e.g. a downgrade's last phase).
    if (current.schedule) await this.releaseSchedule(typeof current.schedule === "string" ? current.schedule : current.schedule.id);
    let updated = await guard(() =>
      this.stripe.subscriptions.update(current.id, {
        items: [{ id: item.id, price }],
        // Charge the prorated difference now; with pending_if_incomplete the change applies only once paid.
        // Such an update takes only the pending-update parameters: no cancel_at_period_end here.
        proration_behavior: "always_invoice",
        payment_behavior: "pending_if_incomplete",
        expand: ["items.data.price"],
      }),
    );
    if (updated.pending_update) {
      // The prorated invoice was not paid: Stripe keeps the old price (the update waits, then expires).
      throw new ApiError(402, "The payment for this change was declined: your plan stays as it is. Update your payment method and try again.", {
        code: "payment_declined",
      });
    }
    if (updated.cancel_at_period_end || updated.cancel_at !== null) {
      // Upgrading a canceled subscription renews it again (the service records the reactivation).
      updated = await guard(() => this.stripe.subscriptions.update(current.id, { cancel_at_period_end: false, expand: ["items.data.price"] }));
    }
    return this.toProviderSubscription(updated);
  }

  async scheduleAtRenewal(subscription: SubscriptionRow, target: PlanTarget) {
    const current = await this.retrieve(subscription);
    const price = await this.priceId(target);
    const schedule = await guard(() =>
      current.schedule
        ? this.stripe.subscriptionSchedules.retrieve(typeof current.schedule === "string" ? current.schedule : current.schedule.id)
        : this.stripe.subscriptionSchedules.create({ from_subscription: current.id }),
    );
    // The phase running now: after an earlier change took effect, phases[0] is a past one.
    const phase = schedule.phases.find((candidate) => candidate.start_date === schedule.current_phase?.start_date) ?? schedule.phases[0];
    const item = current.items.data[0];
    if (!phase || !item) throw new Error(`Stripe schedule ${schedule.id} has no current phase`);
    // The current phase is resent unchanged (Stripe requires it, past ones may be left out); the next
    // phase is the new price from the renewal on.
    await guard(() => this.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: item.price.id, quantity: item.quantity ?? 1 }], start_date: phase.start_date, end_date: phase.end_date },
        {
          items: [{ price, quantity: 1 }],
          duration: { interval: target.period === "yearly" ? "year" : "month", interval_count: 1 },
        },
      ],
    }));
    return { scheduleId: schedule.id };
  }

  async clearSchedule(subscription: SubscriptionRow) {
    if (subscription.externalScheduleId) await this.releaseSchedule(subscription.externalScheduleId);
  }

  private async releaseSchedule(scheduleId: string) {
    try {
      await this.stripe.subscriptionSchedules.release(scheduleId);
    } catch (error) {
      // Already released or completed: nothing is scheduled any more, which is what was asked.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw providerError(error);
    }
  }

  async setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean) {
    if (cancel) {
      // Stripe refuses cancel_at_period_end on a subscription a schedule manages (e.g. in the last
      // phase of a downgrade that took effect): there will be no renewal for it to act on.
      const current = await this.retrieve(subscription);
      if (current.schedule) await this.releaseSchedule(typeof current.schedule === "string" ? current.schedule : current.schedule.id);
    }
    await guard(() => this.stripe.subscriptions.update(this.subscriptionId(subscription), { cancel_at_period_end: cancel }));
  }

  async portalUrl(subscription: SubscriptionRow, returnUrl: string) {
    if (!subscription.externalCustomerId) return null;
    const customer = subscription.externalCustomerId;
    const session = await guard(() => this.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
    return session.url;
  }

  /** Ends a subscription at once (a second one the user paid for by mistake); Stripe refunds are manual. */
  async cancelNow(id: string) {
    await guard(() => this.stripe.subscriptions.cancel(id));
  }

  async retrieveById(id: string) {
    return guard(() => this.stripe.subscriptions.retrieve(id, { expand: ["items.data.price"] }));
  }

  async retrieveCheckoutSession(id: string) {
    return guard(() => this.stripe.checkout.sessions.retrieve(id));
  }

  async retrieveInvoice(id: string) {
    return guard(() => this.stripe.invoices.retrieve(id));
  }

  /** Stripe's subscription in Sightline's terms; null when its price is not one of Sightline's plans. */
  toProviderSubscription(subscription: Stripe.Subscription, now = new Date()): ProviderSubscription | null {
    const item = subscription.items.data[0];
    if (!item) return null;
    const plan = this.planOfPrice(item.price, new Date(item.current_period_end * 1000), now);
    if (!plan) return null;
    return {
      subscriptionId: subscription.id,
      customerId: typeof subscription.customer === "string" ? subscription.customer : (subscription.customer?.id ?? null),
      scheduleId: typeof subscription.schedule === "string" ? subscription.schedule : (subscription.schedule?.id ?? null),
      userId: subscription.metadata?.userId ?? null,
      status: mapStatus(subscription.status),
      planId: plan.planId,
      period: plan.period,
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    };
  }

  /** The plan a price sells: from its lookup key, else its metadata.plan_id and interval. */
  planOfPrice(price: Stripe.Price | string, periodEnd: Date, now: Date): PlanTarget | null {
    if (typeof price === "string") return null;
    const prefix = `${this.settings.lookupPrefix}_`;
    if (price.lookup_key?.startsWith(prefix)) {
      const [planId, period] = price.lookup_key.slice(prefix.length).split("_");
      if (isPlanId(planId) && isPeriod(period)) return { planId, period };
    }
    const planId = price.metadata?.plan_id;
    if (!isPlanId(planId)) return null;
    const interval = price.recurring?.interval;
    const period: BillingPeriod = interval === "year" ? "yearly" : interval === "month" ? "monthly" : inferBillingPeriod(periodEnd, now);
    return { planId, period };
  }

  private subscriptionId(subscription: SubscriptionRow) {
    if (!subscription.externalSubscriptionId) throw new Error(`Subscription ${subscription.id} is not a Stripe subscription`);
    return subscription.externalSubscriptionId;
  }

  private retrieve(subscription: SubscriptionRow) {
    return this.retrieveById(this.subscriptionId(subscription));
  }
}

/**
 * Stripe's refusals and outages as the API's answer: 502 with a stable code, the details in the log
 * (a wrong key, a missing price or a bug in a request are the operator's to fix, not the user's).
 */
function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  logger.error("billing.stripe_error", { type: error.type, code: error.code, status: error.statusCode, error: error.message, param: error.param, request_id: error.requestId });
  return new ApiError(502, "Stripe could not complete this request. Try again in a moment.", { code: "payment_provider_error" });
}

async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error);
  }
}

/** Stripe's eight statuses onto Sightline's five: those that end access are `canceled`. */
function mapStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  // Those that end access (canceled, incomplete_expired, unpaid once retries are exhausted, paused) are canceled.
  const kept: readonly string[] = ["active", "trialing", "past_due", "incomplete"];
  return kept.includes(status) ? (status as SubscriptionStatus) : "canceled";
}

function isPlanId(value: string | undefined): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value ?? "");
}

function isPeriod(value: string | undefined): value is BillingPeriod {
  return (BILLING_PERIODS as readonly string[]).includes(value ?? "");
}
