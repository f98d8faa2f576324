import { authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, getById, jsonBody, jsonResponse, query, z } from "../http/router";
import { fieldError } from "../http/field-errors";
import { getConfig } from "../config";
import { MARKET_LANGUAGES, QUESTION_CATEGORIES } from "#domain/seo-profile";
import { ANALYSIS_STATUSES, ANSWER_STATUSES } from "../db/schema";
import { PROVIDER_IDS } from "#domain/providers";
import { getBoss, getDb } from "../runtime";
import { IntervalSchema } from "./metric-schemas";
import { analysisStats, createAnalysis, getAnalysis, latestAnalysis, listAnalyses } from "./analyses";

const MetricsSchema = z.object({
  answers: z.number().int(),
  mentioned: z.number().int(),
  tracked_presences: z.number().int().openapi({ description: "Tracked brands (yours and your competitors) named, counted once per answer: share of voice's denominator" }),
  visibility: z.number().nullable().openapi({ description: "Percent of answers mentioning the brand (mentioned of answers)" }),
  visibility_interval: IntervalSchema.nullable(),
  share_of_voice: z.number().nullable().openapi({ description: "The brand's percent of tracked-brand presences (mentioned of tracked_presences)" }),
  share_of_voice_interval: IntervalSchema.nullable(),
  average_position: z.number().nullable(),
  sentiment: z.object({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
});

const SENTIMENTS = ["positive", "neutral", "negative"] as const;
// The services type providers as text (the analysis tables store them so): named, not enumerated.
const PROVIDER_ID = `A provider id: ${PROVIDER_IDS.join(", ")}`;

const BreakdownFields = {
  summary: MetricsSchema,
  by_provider: z.array(MetricsSchema.extend({ provider: z.string().openapi({ description: PROVIDER_ID }) })),
  by_category: z.array(MetricsSchema.extend({ category: z.enum(QUESTION_CATEGORIES) })),
  brands: z.array(
    z.object({ name: z.string(), is_brand: z.boolean(), answers: z.number().int(), mentions: z.number().int(), average_position: z.number() }),
  ),
};

export const AnalysisSummarySchema = z
  .object({
    id: z.uuid(),
    status: z.enum(ANALYSIS_STATUSES),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    deadline_at: z
      .string()
      .nullable()
      .openapi({ description: "The latest the analysis will end: answers still open then fail and it closes (null: launched before deadlines existed)" }),
    question_limit: z.number().int(),
    providers: z.array(z.string().openapi({ description: PROVIDER_ID })),
    simulated: z.boolean().openapi({ description: "Answered by the demo provider" }),
    brand_name: z.string(),
    brand_aliases: z.array(z.string()),
    competitors: z.array(z.object({ name: z.string(), domain: z.string().nullable(), aliases: z.array(z.string()) })).openapi({ description: "As they were when the analysis ran" }),
    market_language: z.enum(MARKET_LANGUAGES),
    progress: z.object({ total: z.number().int(), completed: z.number().int(), failed: z.number().int(), pending: z.number().int() }),
  })
  .openapi("AnalysisSummary");

const AnswerSchema = z.object({
  id: z.uuid(),
  question_id: z.uuid().nullable().openapi({ description: "null once the question is deleted" }),
  question_text: z.string(),
  category: z.enum(QUESTION_CATEGORIES),
  language: z.enum(MARKET_LANGUAGES),
  provider: z.string().openapi({ description: PROVIDER_ID }),
  model: z.string().nullable(),
  status: z.enum(ANSWER_STATUSES),
  attempts: z.number().int(),
  answer_text: z.string().nullable(),
  citations: z.array(z.object({ url: z.string(), title: z.string().nullable() })),
  search_queries: z.array(z.string()),
  latency_ms: z.number().int().nullable(),
  answered_at: z.string().nullable(),
  brand: z.object({ mentioned: z.boolean().nullable(), position: z.number().int().nullable(), sentiment: z.enum(SENTIMENTS).nullable() }),
  mentions: z.array(
    z.object({ name: z.string(), is_brand: z.boolean(), tracked: z.boolean(), position: z.number().int(), count: z.number().int(), sentiment: z.string().openapi({ description: SENTIMENTS.join(", ") }) }),
  ),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const AnalysisSchema = AnalysisSummarySchema.extend({ ...BreakdownFields, answers: z.array(AnswerSchema).optional() }).openapi("Analysis");

export const StatsSchema = z
  .object({
    period: z.object({ start: z.string(), end: z.string() }),
    analyses: z.number().int(),
    ...BreakdownFields,
    engine: z
      .object({
        version: z.number().int().openapi({ description: "The analysis engine's version (docs/metrics.md)" }),
        rescored_at: z.string().nullable().openapi({ description: "When answers of this period were last read again by a newer engine; null if never" }),
      })
      .openapi({ description: "Which engine the figures come from" }),
    trend: z.array(
      z.object({
        date: z.string(),
        answers: z.number().int(),
        mentioned: z.number().int(),
        visibility: z.number().nullable(),
        visibility_interval: IntervalSchema.nullable(),
        tracked_presences: z.number().int().openapi({ description: "Share of voice's denominator that day" }),
        share_of_voice: z.number().nullable(),
        average_position: z.number().nullable(),
      }),
    ),
  })
  .openapi("AnalysisStats");

/**
 * The largest question_limit: the largest plan's questions. SEO_LLM_MAX_QUESTIONS_PER_ANALYSIS
 * (GET /config max_questions_per_analysis) may set a lower one, which the handler enforces.
 */
export const MAX_QUESTION_LIMIT = 100;
const QuestionLimitSchema = z.object({
  question_limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_QUESTION_LIMIT)
    .optional()
    .openapi({ description: "At most this many questions (default: all, within the plan); at most GET /config max_questions_per_analysis" }),
});

const create = authedRoute("analyses", {
  method: "post",
  path: "/",
  summary: "Launch an analysis: every active question × every enabled provider",
  request: { body: { ...jsonBody(QuestionLimitSchema), required: false } },
  responses: {
    201: jsonResponse(AnalysisSchema, "Queued (status pending)"),
    400: errorResponse("No profile or no question yet, or an invalid limit"),
    409: errorResponse("An analysis is already running"),
    429: errorResponse("Daily or monthly limit reached (code daily_limit / monthly_limit, retry-after)"),
  },
});

const list = authedRoute("analyses", {
  method: "get",
  path: "/",
  summary: "The user's analyses, newest first",
  request: {
    query: z.object({
      limit: query.int({ min: 1, max: 100, default: 10 }),
      offset: query.int({ min: 0, max: 1_000_000, default: 0 }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ analyses: z.array(AnalysisSummarySchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
      "Page of analyses",
    ),
    400: errorResponse("Invalid paging"),
  },
});

const latest = authedRoute("analyses", {
  method: "get",
  path: "/latest",
  summary: "The newest analysis, with its figures (404 when there is none)",
  kept: true,
  responses: { 200: jsonResponse(AnalysisSchema, "Analysis"), 404: errorResponse("No analysis yet") },
});

const stats = authedRoute("analyses", {
  method: "get",
  path: "/stats",
  summary: "Visibility, share of voice, position and sentiment over a period (default: last 30 days), with a daily trend",
  kept: true,
  request: { query: z.object({ startDate: query.date(), endDate: query.date().openapi({ description: "Not before startDate" }) }) },
  responses: { 200: jsonResponse(StatsSchema, "Figures"), 400: errorResponse("Invalid dates, or startDate after endDate") },
});

const one = authedRoute(
  "analyses",
  getById(AnalysisSchema, { summary: "One analysis with every answer", thing: "Analysis", invalid: "Not an analysis id", missing: "No such analysis of this user" }),
);

export const analysisRoutes = createRouter()
  .openapi(create, async (c) => {
    const body = c.req.valid("json");
    const max = getConfig().SEO_LLM_MAX_QUESTIONS_PER_ANALYSIS;
    if (body.question_limit !== undefined && body.question_limit > max) {
      const message = `Too big: expected number to be <=${max}`;
      return c.json({ message: `Invalid request. question_limit: ${message}`, errors: fieldError("question_limit", "too_big", message) }, 400);
    }
    const analysis = await createAnalysis(await getDb(), await getBoss(), c.get("user").id, body);
    return c.json(analysis, 201);
  })
  .openapi(list, async (c) => c.json(await listAnalyses(await getDb(), c.get("user").id, c.req.valid("query")), 200))
  .openapi(latest, async (c) => c.json(await latestAnalysis(await getDb(), c.get("user").id), 200))
  .openapi(stats, async (c) => c.json(await analysisStats(await getDb(), c.get("user").id, c.req.valid("query")), 200))
  .openapi(one, async (c) => c.json(await getAnalysis(await getDb(), c.get("user").id, c.req.valid("param").id, { answers: true }), 200));
