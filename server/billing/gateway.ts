import type { BillingGateway, CheckoutRequest } from "../integrations/payments/types";

/** The test-mode provider: Sightline's own checkout page, and no one else to tell. */
export class LocalGateway implements BillingGateway {
  readonly id = "local" as const;

  constructor(private readonly appUrl: string) {}

  async createCheckout(request: CheckoutRequest) {
    return { url: `${this.appUrl}/settings/billing/checkout/${request.checkoutId}`, externalId: null };
  }

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
