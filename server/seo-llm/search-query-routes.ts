import { createRoute } from "@hono/zod-openapi";
import { requireAuth } from "../api/middleware";
import { bearer, createRouter, errorResponse, jsonResponse, z } from "../api/router";
import { PROVIDER_IDS } from "../integrations/ai/types";
import { getBoss, getDb } from "../runtime";
import { searchQueryClusters } from "./search-query-insights";

const blank = (value: unknown) => (value === "" ? undefined : value);
const date = z.preprocess(blank, z.iso.date("A date as YYYY-MM-DD").optional());

export const QueryClustersSchema = z
  .object({
    query_clusters: z.array(
      z.object({
        id: z.string(),
        representative_query: z.string(),
        queries: z.array(z.object({ query: z.string(), count: z.number().int() })).openapi({ description: "Up to 20 spellings, most frequent first" }),
        total_occurrences: z.number().int(),
        total_citations: z.number().int().openapi({ description: "Citations of the answers that ran these searches, each answer once" }),
        model_breakdown: z.record(z.string(), z.number().int()),
        questions: z.array(z.object({ id: z.string().nullable(), question_text: z.string(), count: z.number().int() })).openapi({ description: "Up to 10" }),
      }),
    ),
    metadata: z.object({
      total_clusters: z.number().int(),
      total_queries: z.number().int(),
      page: z.number().int(),
      page_size: z.number().int(),
      model: z.string(),
      min_occurrences: z.number().int(),
      computed_at: z.string().nullable(),
    }),
  })
  .openapi("QueryClusters");

const clusters = createRoute({
  method: "get",
  path: "/ai-search-queries",
  tags: ["insights"],
  summary: "The searches the assistants ran while answering, grouped into clusters of near-identical queries",
  description: "202 with empty data while a large account's clusters are computed; ask again in a few seconds.",
  security: bearer,
  middleware: [requireAuth] as [typeof requireAuth],
  request: {
    query: z.object({
      model: z.preprocess(blank, z.enum(["all", ...PROVIDER_IDS]).default("all")),
      limit: z.preprocess(blank, z.coerce.number().int().min(1).max(500).default(50)),
      page: z.preprocess(blank, z.coerce.number().int().min(1).max(100_000).default(1)),
      min_occurrences: z.preprocess(blank, z.coerce.number().int().min(1).max(1_000_000).default(1)),
      start_date: date,
      end_date: date,
    }),
  },
  responses: {
    200: jsonResponse(QueryClustersSchema, "Clusters, most frequent first"),
    202: jsonResponse(QueryClustersSchema, "Being computed: empty for now"),
    400: errorResponse("Invalid option"),
    401: errorResponse("Not signed in"),
  },
});

export const searchQueryRoutes = createRouter().openapi(clusters, async (c) => {
  const boss = await getBoss().catch(() => null);
  const { computing, ...body } = await searchQueryClusters(await getDb(), boss, c.get("user").id, c.req.valid("query"));
  return c.json(body, computing ? 202 : 200);
});
