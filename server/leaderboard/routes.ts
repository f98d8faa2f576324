import { authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, jsonResponse, query, z } from "../http/router";
import { getDb } from "../runtime";
import { IntervalSchema } from "../seo-llm/metric-schemas";
import { leaderboard, position } from "./service";

export const LeaderboardSchema = z
  .object({
    competitors: z.array(
      z.object({
        rank: z.number().int(),
        name: z.string(),
        is_brand: z.boolean(),
        tracked: z.boolean().openapi({ description: "The brand or a known competitor" }),
        visibility: z.number().openapi({ description: "Percent of the period's answers that name the brand (answers of total_answers)" }),
        visibility_interval: IntervalSchema.nullable(),
        share_of_mentions: z.number().openapi({ description: "Percent of every brand's presences (each brand once per answer) that are this brand's (answers of total_presences); share of voice counts only the tracked brands" }),
        share_of_mentions_interval: IntervalSchema.nullable(),
        average_position: z.number(),
        sentiment: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
        mentions: z.number().int(),
        answers: z.number().int(),
        analyses: z.number().int(),
      }),
    ),
    total_brands: z.number().int(),
    total_answers: z.number().int(),
    total_presences: z.number().int().openapi({ description: "Every brand named, once per answer: share of mentions' denominator" }),
    period: z.object({ start: z.string(), end: z.string() }),
  })
  .openapi("Leaderboard");

const competitors = authedRoute("leaderboard", {
  method: "get",
  path: "/competitors",
  summary: "The brands in the answers to the user's questions, ranked by visibility (default: last 30 days)",
  kept: true,
  request: {
    query: z.object({
      limit: query.int({ min: 1, max: 1000, default: 100 }),
      min_analyses: query.int({ min: 0, max: 100_000, default: 1 }),
      start_date: query.date(),
      end_date: query.date().openapi({ description: "Not before start_date" }),
    }),
  },
  responses: { 200: jsonResponse(LeaderboardSchema, "Ranking"), 400: errorResponse("Invalid option, or start_date after end_date") },
});

const userPosition = authedRoute("leaderboard", {
  method: "get",
  path: "/position",
  summary: "The user's brand's rank among all brands of the last 30 days",
  kept: true,
  responses: {
    200: jsonResponse(z.object({ position: z.number().int().nullable().openapi({ description: "null when the brand is never named" }), total: z.number().int() }), "Position"),
  },
});

export const leaderboardRoutes = createRouter()
  .openapi(competitors, async (c) => c.json(await leaderboard(await getDb(), c.get("user").id, c.req.valid("query")), 200))
  .openapi(userPosition, async (c) => c.json(await position(await getDb(), c.get("user").id), 200));
