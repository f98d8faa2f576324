import type { BillingPeriod, PlanId, SubscriptionStatus } from "#domain/plans";
import type { BillingProviderId, subscriptions } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanTarget = { planId: PlanId; period: BillingPeriod };

/** A subscription as the payment provider sees it, to be stored as is. */
export type ProviderSubscription = {
  subscriptionId: string;
  customerId: string | null;
  scheduleId: string | null;
  userId: string | null;
  status: SubscriptionStatus;
  planId: PlanId;
  period: BillingPeriod;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

export type CheckoutRequest = {
  checkoutId: string;
  userId: string;
  email: string;
  target: PlanTarget;
  referralId: string | null;
  /** The customer from an earlier subscription, so one person stays one customer. */
  customerId: string | null;
};

/** A one-time payment: a backlinks order (issue 15), in one currency, a line per link. */
export type PaymentRequest = {
  orderId: string;
  userId: string;
  email: string;
  currency: string;
  /** Amounts in minor units. */
  lines: Array<{ name: string; amount: number }>;
};

/**
 * What a payment provider does for the subscription state machine (server/billing/service.ts): the
 * port every payment integration implements, as integrations/ai/types.ts is for AI providers.
 * The service decides every transition; a gateway only carries it out at the provider. For the
 * `local` provider there is nothing to carry out: the service's own bookkeeping is the truth.
 */
export interface BillingGateway {
  readonly id: BillingProviderId;
  /** Where the browser goes to pay for a new subscription. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; externalId: string | null }>;
  /** Where the browser goes to pay an order once. */
  createPayment(request: PaymentRequest): Promise<{ url: string; externalId: string | null }>;
  /** Closes an unpaid payment page, so an abandoned order can no longer be paid. */
  expirePayment(externalId: string): Promise<void>;
  /** Upgrades or switches to yearly now, charging the prorated difference; null: the service computes it. */
  changeNow(subscription: SubscriptionRow, target: PlanTarget): Promise<ProviderSubscription | null>;
  /** Arranges a downgrade or a switch to monthly for the end of the current period. */
  scheduleAtRenewal(subscription: SubscriptionRow, target: PlanTarget): Promise<{ scheduleId: string | null }>;
  /** Drops what scheduleAtRenewal arranged (a new change replaces it, a cancellation voids it). */
  clearSchedule(subscription: SubscriptionRow): Promise<void>;
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  /** The provider's page for payment methods and invoices; null when there is none. */
  portalUrl(subscription: SubscriptionRow, returnUrl: string): Promise<string | null>;
}
