import { getConfig } from "../config";
import { ApiError } from "../http/errors";
import type { BillingGateway, CheckoutRequest, PaymentRequest, SubscriptionRow } from "../integrations/payments/types";
import { createStripeClient, StripeGateway } from "../integrations/stripe/gateway";

/** The test-mode provider: Sightline's own checkout page, and no one else to tell. */
export class LocalGateway implements BillingGateway {
  readonly id = "local" as const;

  constructor(private readonly appUrl: string) {}

  async createCheckout(request: CheckoutRequest) {
    return { url: `${this.appUrl}/settings/billing/checkout/${request.checkoutId}`, externalId: null };
  }

  async createPayment(request: PaymentRequest) {
    return { url: `${this.appUrl}/backlinks/checkout/${request.orderId}`, externalId: null };
  }

  async expirePayment() {}

  async changeNow() {
    return null;
  }

  async scheduleAtRenewal() {
    return { scheduleId: null };
  }

  async clearSchedule() {}

  async setCancelAtPeriodEnd() {}

  async portalUrl() {
    return null;
  }
}

let gateway: { key: string; value: BillingGateway } | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, else the local test-mode provider; one per configuration. */
export function getBillingGateway(): BillingGateway {
  const config = getConfig();
  const key = `${config.STRIPE_SECRET_KEY ?? ""}|${config.STRIPE_API_URL ?? ""}|${config.APP_URL}|${config.STRIPE_PRICE_LOOKUP_PREFIX}`;
  if (gateway?.key !== key) {
    const value = config.STRIPE_SECRET_KEY
      ? new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL }), {
          secretKey: config.STRIPE_SECRET_KEY,
          apiUrl: config.STRIPE_API_URL,
          appUrl: config.APP_URL,
          lookupPrefix: config.STRIPE_PRICE_LOOKUP_PREFIX,
        })
      : new LocalGateway(config.APP_URL);
    gateway = { key, value };
  }
  return gateway.value;
}

/** The gateway that holds this subscription; 503 when it is Stripe's and Stripe is not configured here. */
export function gatewayFor(row: SubscriptionRow): BillingGateway {
  const current = getBillingGateway();
  if (row.provider === current.id) return current;
  // A subscription from a provider no longer configured (e.g. local rows after Stripe was set up): local bookkeeping only.
  if (row.provider === "local") return new LocalGateway(getConfig().APP_URL);
  throw new ApiError(503, "Stripe is not configured on this server, so this subscription cannot be changed here", { code: "provider_unavailable" });
}
