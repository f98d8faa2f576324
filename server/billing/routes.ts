import { createRoute } from "@hono/zod-openapi";
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from "../db/schema";
import { requireAuth } from "../api/middleware";
import { bearer, createRouter, errorResponse, jsonResponse, z } from "../api/router";
import { getDb } from "../runtime";
import { currentSubscription, listPlans } from "./service";

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
    competitor_metrics_limits: z.object({ domain_authority: z.number().int() }).nullable(),
  })
  .openapi("Plan");

export const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    plan_id: z.enum(PLAN_IDS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    billing_period: z.enum(["monthly", "yearly"]),
    current_period_start: z.string(),
    current_period_end: z.string(),
    cancel_at_period_end: z.boolean(),
  })
  .openapi("Subscription");

const current = createRoute({
  method: "get",
  path: "/current",
  tags: ["subscription"],
  summary: "The signed-in user's subscription, or null when there is none",
  security: bearer,
  middleware: [requireAuth] as const,
  responses: {
    200: jsonResponse(z.object({ subscription: SubscriptionSchema.nullable() }), "Current subscription"),
    401: errorResponse("Not signed in"),
  },
});

const plansRoute = createRoute({
  method: "get",
  path: "/plans",
  tags: ["subscription"],
  summary: "Every plan, cheapest first",
  security: bearer,
  middleware: [requireAuth] as const,
  responses: { 200: jsonResponse(z.object({ plans: z.array(PlanSchema) }), "Plans"), 401: errorResponse("Not signed in") },
});

export const subscriptionRoutes = createRouter()
  .openapi(current, async (c) => {
    const subscription = await currentSubscription(await getDb(), c.get("user").id);
    return c.json({ subscription }, 200);
  })
  .openapi(plansRoute, async (c) => c.json({ plans: await listPlans(await getDb()) }, 200));
