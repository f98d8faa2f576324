import { authedRead, authedRoute } from "../auth/guarded-route";
import { createRouter, jsonResponse, z } from "../http/router";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { PLAN_IDS } from "#domain/plans";
import { getDb } from "../runtime";
import { availabilityAndTurn, quotaStatus } from "./quota";

const CategoryQuotaSchema = z.object({
  allowed: z.boolean(),
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int().openapi({ description: "Also bounded by what the total quota leaves" }),
});

export const QuotaStatusSchema = z
  .object({
    plan_id: z.enum(PLAN_IDS),
    plan_name: z.string(),
    is_top_plan: z.boolean().openapi({ description: "No upgrade raises these limits (seed 001 §6: the max-plan label)" }),
    limits: z.object({
      allowed_categories: z.array(z.enum(QUESTION_CATEGORIES)),
      total_available_categories: z.number().int(),
      category_quotas: z.record(z.enum(QUESTION_CATEGORIES), CategoryQuotaSchema),
      max_questions_per_category: z.number().int(),
      max_questions_total: z.number().int(),
      max_system_questions_total: z.number().int(),
      max_competitors: z.number().int().openapi({ description: "Competitors the SEO profile may track" }),
    }),
    usage: z.object({
      questions_total: z.number().int(),
      user_questions: z.number().int(),
      system_questions: z.number().int(),
      remaining: z.number().int(),
    }),
  })
  .openapi("QuotaStatus");

export const AvailabilitySchema = z
  .object({
    can_analyze: z.boolean(),
    next_allowed_at: z.string().nullable().openapi({ description: "When a limit frees up (rolling windows of 24 h and 30 days)" }),
    upgrade_required: z.boolean(),
    reason: z.enum(["analysis_in_progress", "daily_limit", "monthly_limit"]).nullable(),
    analyses_today: z.number().int(),
    analyses_this_month: z.number().int(),
    limits: z.object({ per_day: z.number().int(), per_month: z.number().int() }),
  })
  .openapi("AnalysisAvailability");

const status = authedRead("quota", { path: "/status", summary: "The plan's question limits and what the user uses of them", answer: QuotaStatusSchema, label: "Quota" });

const check = authedRoute("quota", {
  method: "post",
  path: "/check",
  summary: "Whether an analysis may be launched now (empty body)",
  kept: true,
  responses: { 200: jsonResponse(AvailabilitySchema, "Availability") },
});

export const quotaRoutes = createRouter()
  .openapi(status, async (c) => c.json(await quotaStatus(await getDb(), c.get("user").id), 200))
  .openapi(check, async (c) => {
    const { answer, turnsAt } = await availabilityAndTurn(await getDb(), c.get("user").id);
    c.set("keptUntil", turnsAt);
    return c.json(answer, 200);
  });
