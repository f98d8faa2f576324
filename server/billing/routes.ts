import { BILLING_PERIODS, PLAN_IDS, SUBSCRIPTION_STATUSES } from "#domain/plans";
import { BILLING_PROVIDERS, CHANGE_STATUSES, CHANGE_TYPES, CHECKOUT_STATUSES } from "../db/schema";
import { authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, foundOr404, idParams, jsonBody, jsonResponse, z } from "../http/router";
import { getConfig } from "../config";
import { getDb } from "../runtime";
import { abandonLocalCheckout, completeLocalCheckout, startCheckout } from "./checkout";
import { billingPortal, cancelPendingChange, cancelSubscription, changePlan, reactivateSubscription } from "./plan-changes";
import { changeHistory, currentSubscription, getCheckout, listPlans } from "./reads";
import { turnsAt } from "./shapes";
import { findCheckout } from "./records";
import { completeCheckout, stripeGateway } from "./stripe-events";

export const PlanSchema = z
  .object({
    id: z.enum(PLAN_IDS),
    name: z.string(),
    position: z.number().int(),
    currency: z.string(),
    price_monthly: z.number().int().openapi({ description: "Minor units (cents)" }),
    price_yearly: z.number().int().openapi({ description: "Minor units (cents)" }),
    savings_percentage: z.number().int(),
    max_questions_total: z.number().int(),
    max_questions_per_category: z.number().int(),
    max_system_questions_total: z.number().int(),
    categories_available: z.number().int(),
    analyses_per_day: z.number().int(),
    analyses_per_month: z.number().int(),
    site_audits_lifetime: z.number().int().openapi({ description: "Website analyses over the account's life (failed ones do not count)" }),
    competitor_metrics_limits: z
      .object({ domain_authority: z.number().int() })
      .nullable()
      .openapi({ description: "domain_authority: competitors the SEO profile may track" }),
  })
  .openapi("Plan");

export const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    plan_id: z.enum(PLAN_IDS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    billing_period: z.enum(BILLING_PERIODS),
    current_period_start: z.string(),
    current_period_end: z.string(),
    cancel_at_period_end: z.boolean(),
    canceled_at: z.string().nullable(),
    provider: z.enum(BILLING_PROVIDERS),
  })
  .openapi("Subscription");

export const ChangeSchema = z
  .object({
    id: z.uuid(),
    change_type: z.enum(CHANGE_TYPES),
    status: z.enum(CHANGE_STATUSES).openapi({ description: "pending: takes effect at effective_date (the next renewal)" }),
    from_plan_id: z.enum(PLAN_IDS).nullable(),
    from_billing_period: z.enum(BILLING_PERIODS).nullable(),
    to_plan_id: z.enum(PLAN_IDS).nullable(),
    to_billing_period: z.enum(BILLING_PERIODS).nullable(),
    effective_date: z.string(),
    amount: z.number().int().nullable().openapi({ description: "What the change charged, in minor units, when known" }),
    currency: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("SubscriptionChange");

export const CheckoutSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(CHECKOUT_STATUSES),
    provider: z.enum(BILLING_PROVIDERS),
    plan_id: z.enum(PLAN_IDS),
    plan_name: z.string(),
    billing_period: z.enum(BILLING_PERIODS),
    amount: z.number().int(),
    currency: z.string(),
    referral_id: z.string().nullable(),
    url: z.string(),
    created_at: z.string(),
  })
  .openapi("Checkout");

// Answers only a subscription held at Stripe can give, on the calls that change it there.
const stripeUnreachable = errorResponse("payment_provider_error: Stripe refused or could not be reached");
const stripeNotConfigured = errorResponse("provider_unavailable: the subscription is Stripe's and Stripe is not configured on this server");
const atStripe = { 502: stripeUnreachable, 503: stripeNotConfigured };

export const ChangeResultSchema = z
  .object({
    requires_checkout: z.boolean(),
    checkout_url: z.string().nullable(),
    immediate_change: z.boolean(),
    scheduled_change: z.boolean(),
    change_type: z.enum(["upgrade", "downgrade", "billing_change"]).nullable(),
    effective_date: z.string().nullable(),
    message: z.string(),
  })
  .openapi("PlanChangeResult");

const PlanRequestSchema = z.object({
  plan_id: z.enum(PLAN_IDS).openapi({ description: "A paid plan: a free one is 400 plan_not_purchasable" }),
  billing_period: z.enum(BILLING_PERIODS),
  referral_id: z
    .string()
    .trim()
    .max(200)
    // Surrounding spaces are trimmed first, so the document's pattern lets them through too.
    .regex(/^\s*[\w.:-]*\s*$/, "Letters, digits, '.', ':', '_' and '-' only")
    .nullish()
    .openapi({ description: "From the referral-tracking script, when it loaded" }),
});

const MessageSchema = z.object({ message: z.string() });
const IdParam = idParams("Not a checkout id");
const NO_CHECKOUT = "No such checkout of this user";

const current = authedRoute("subscription", {
  method: "get",
  path: "/current",
  summary: "The signed-in user's subscription, or null when there is none",
  kept: true,
  responses: { 200: jsonResponse(z.object({ subscription: SubscriptionSchema.nullable() }), "Current subscription") },
});

const plansRoute = authedRoute("subscription", {
  method: "get",
  path: "/plans",
  summary: "Every plan, by monthly price",
  kept: true,
  responses: { 200: jsonResponse(z.object({ plans: z.array(PlanSchema) }), "Plans") },
});

const historyRoute = authedRoute("subscription", {
  method: "get",
  path: "/change-history",
  summary: "The subscription's changes, newest first; a pending one takes effect at its effective_date",
  responses: { 200: jsonResponse(z.array(ChangeSchema), "Changes") },
});

const checkoutRoute = authedRoute("subscription", {
  method: "post",
  path: "/checkout",
  summary: "Starts paying for a plan: the browser goes to url (Stripe Checkout, or the local test-mode page)",
  request: { body: jsonBody(PlanRequestSchema) },
  responses: {
    200: jsonResponse(z.object({ url: z.string(), checkout_id: z.uuid() }), "Where to pay"),
    400: errorResponse("Bad input, or a free plan"),
    409: errorResponse("A subscription exists: change its plan instead"),
    429: errorResponse("too_many_checkouts: five different checkouts are open; the same plan, period and referral gives back the open one"),
    502: stripeUnreachable,
  },
});

const checkoutGet = authedRoute("subscription", {
  method: "get",
  path: "/checkout/{id}",
  summary: "A checkout of the signed-in user; a Stripe one is brought up to date first",
  request: { params: IdParam },
  responses: { ...foundOr404(CheckoutSchema, "Checkout", NO_CHECKOUT), 502: stripeUnreachable },
});

const checkoutComplete = authedRoute("subscription", {
  method: "post",
  path: "/checkout/{id}/complete",
  summary: "Local test mode only: pays the checkout, starting the subscription",
  request: { params: IdParam },
  responses: { ...foundOr404(z.object({ subscription: SubscriptionSchema }), "Subscribed", NO_CHECKOUT), 409: errorResponse("Closed, paid on Stripe, or a subscription exists") },
});

const checkoutAbandon = authedRoute("subscription", {
  method: "post",
  path: "/checkout/{id}/abandon",
  summary: "Local test mode only: gives up the payment",
  request: { params: IdParam },
  responses: { ...foundOr404(MessageSchema, "Abandoned", NO_CHECKOUT), 409: errorResponse("Closed") },
});

const changePlanRoute = authedRoute("subscription", {
  method: "put",
  path: "/change-plan",
  summary: "Upgrade (now, prorated), downgrade or yearly → monthly (at renewal), monthly → yearly (now); a checkout without a paid subscription",
  request: { body: jsonBody(PlanRequestSchema) },
  responses: {
    200: jsonResponse(ChangeResultSchema, "What happened"),
    400: errorResponse("Bad input, or a free plan"),
    402: errorResponse("payment_declined: the prorated charge was declined, nothing changed"),
    409: errorResponse("current_plan, change_pending, downgrade_while_canceled or renewal_change_while_canceled"),
    429: errorResponse("too_many_checkouts: without a paid subscription this is a checkout, and five different ones are open"),
    ...atStripe,
  },
});

const cancelRoute = authedRoute("subscription", {
  method: "post",
  path: "/cancel",
  summary: "Cancels at the end of the current period",
  responses: {
    200: jsonResponse(z.object({ message: z.string(), effective_date: z.string() }), "Canceled at period end"),
    409: errorResponse("no_subscription or already_canceled"),
    ...atStripe,
  },
});

const reactivateRoute = authedRoute("subscription", {
  method: "post",
  path: "/reactivate",
  summary: "Undoes a cancellation before the period ends",
  responses: {
    200: jsonResponse(MessageSchema, "Renews again"),
    409: errorResponse("not_canceled or subscription_ended"),
    ...atStripe,
  },
});

const pendingRoute = authedRoute("subscription", {
  method: "delete",
  path: "/pending-change",
  summary: "Drops the change scheduled for the renewal: the current plan continues",
  responses: {
    200: jsonResponse(MessageSchema, "Dropped"),
    409: errorResponse("no_pending_change"),
    ...atStripe,
  },
});

const portalRoute = authedRoute("subscription", {
  method: "post",
  path: "/portal",
  summary: "Stripe's Billing Portal (payment methods, invoices) for the user's subscription",
  responses: {
    200: jsonResponse(z.object({ url: z.string() }), "Where to go"),
    409: errorResponse("portal_unavailable"),
    ...atStripe,
  },
});

export const subscriptionRoutes = createRouter()
  .openapi(current, async (c) => {
    const subscription = await currentSubscription(await getDb(), c.get("user").id);
    c.set("keptUntil", turnsAt(subscription));
    return c.json({ subscription }, 200);
  })
  .openapi(plansRoute, async (c) => c.json({ plans: await listPlans(await getDb()) }, 200))
  .openapi(historyRoute, async (c) => c.json(await changeHistory(await getDb(), c.get("user").id), 200))
  .openapi(checkoutRoute, async (c) => {
    const user = c.get("user");
    const { url, checkout_id } = await startCheckout(await getDb(), { id: user.id, email: user.email }, c.req.valid("json"));
    return c.json({ url, checkout_id }, 200);
  })
  .openapi(checkoutGet, async (c) => {
    const db = await getDb();
    const userId = c.get("user").id;
    const id = c.req.valid("param").id;
    const row = await findCheckout(db, userId, id);
    const gateway = stripeGateway();
    if (row.provider === "stripe" && row.status === "open" && row.externalId && gateway) {
      // The browser may be back from Checkout before the webhook: read the session from Stripe.
      await completeCheckout(db, gateway, await gateway.retrieveCheckoutSession(row.externalId));
    }
    const checkout = await getCheckout(db, userId, id);
    return c.json(checkout, 200);
  })
  .openapi(checkoutComplete, async (c) => {
    const subscription = await completeLocalCheckout(await getDb(), c.get("user").id, c.req.valid("param").id);
    return c.json({ subscription }, 200);
  })
  .openapi(checkoutAbandon, async (c) => {
    await abandonLocalCheckout(await getDb(), c.get("user").id, c.req.valid("param").id);
    return c.json({ message: "Payment abandoned" }, 200);
  })
  .openapi(changePlanRoute, async (c) => {
    const user = c.get("user");
    return c.json(await changePlan(await getDb(), { id: user.id, email: user.email }, c.req.valid("json")), 200);
  })
  .openapi(cancelRoute, async (c) => c.json(await cancelSubscription(await getDb(), c.get("user").id), 200))
  .openapi(reactivateRoute, async (c) => c.json(await reactivateSubscription(await getDb(), c.get("user").id), 200))
  .openapi(pendingRoute, async (c) => c.json(await cancelPendingChange(await getDb(), c.get("user").id), 200))
  .openapi(portalRoute, async (c) => c.json(await billingPortal(await getDb(), c.get("user").id, `${getConfig().APP_URL}/settings/billing`), 200));
