import { authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, jsonResponse, query, someOf, z } from "../http/router";
import { PROVIDER_IDS } from "#domain/providers";
import { getBoss, getDb } from "../runtime";
import { searchQueryClusters } from "./search-query-insights";

export const QueryClustersSchema = z
  .object({
    query_clusters: z.array(
      z.object({
        id: z.string(),
        representative_query: z.string(),
        queries: z.array(z.object({ query: z.string(), count: z.number().int() })).openapi({ description: "Up to 20 spellings, most frequent first" }),
        total_occurrences: z.number().int(),
        total_citations: z.number().int().openapi({ description: "Citations of the answers that ran these searches, each answer once" }),
        model_breakdown: someOf(PROVIDER_IDS, z.number().int()).openapi({ description: "Occurrences per provider that ran these searches" }),
        questions: z
          .array(z.object({ id: z.uuid().nullable().openapi({ description: "null once the question is deleted" }), question_text: z.string(), count: z.number().int() }))
          .openapi({ description: "Up to 10" }),
      }),
    ),
    metadata: z.object({
      total_clusters: z.number().int(),
      total_queries: z.number().int(),
      page: z.number().int(),
      page_size: z.number().int(),
      model: z.enum(["all", ...PROVIDER_IDS]),
      min_occurrences: z.number().int(),
      computed_at: z.string().nullable(),
    }),
  })
  .openapi("QueryClusters");

const clusters = authedRoute("insights", {
  method: "get",
  path: "/ai-search-queries",
  summary: "The searches the assistants ran while answering, grouped into clusters of near-identical queries",
  description: "202 with empty data while a large account's clusters are computed; ask again in a few seconds.",
  request: {
    query: z.object({
      model: query.enumOr(["all", ...PROVIDER_IDS], "all"),
      limit: query.int({ min: 1, max: 500, default: 50 }),
      page: query.int({ min: 1, max: 100_000, default: 1 }),
      min_occurrences: query.int({ min: 1, max: 1_000_000, default: 1 }),
      start_date: query.date(),
      end_date: query.date().openapi({ description: "Not before start_date" }),
    }),
  },
  responses: {
    200: jsonResponse(QueryClustersSchema, "Clusters, most frequent first"),
    202: jsonResponse(QueryClustersSchema, "Being computed: empty for now"),
    400: errorResponse("Invalid option, or start_date after end_date"),
  },
});

export const searchQueryRoutes = createRouter().openapi(clusters, async (c) => {
  const boss = await getBoss().catch(() => null);
  const { computing, ...body } = await searchQueryClusters(await getDb(), boss, c.get("user").id, c.req.valid("query"));
  return c.json(body, computing ? 202 : 200);
});
