import { authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, jsonResponse, query, someOf, z } from "../http/router";
import { PROVIDER_IDS } from "#domain/providers";
import { QUESTION_CATEGORIES } from "#domain/seo-profile";
import { getDb } from "../runtime";
import { citingSources } from "./citing-sources";

export const InsightQuerySchema = z.object({
  start_date: query.date(),
  end_date: query.date().openapi({ description: "Not before start_date" }),
  provider: query.enum(PROVIDER_IDS),
  category: query.enum(QUESTION_CATEGORIES),
});

export const CitingSourcesSchema = z
  .object({
    data: z.array(
      z.object({
        domain: z.string(),
        total_citations: z.number().int(),
        percentage: z.number().openapi({ description: "Of all citations matching the filters" }),
        providers: someOf(PROVIDER_IDS, z.number().int()).openapi({ description: "Citations per provider that cited the domain" }),
        top_urls: z
          .array(z.object({ url: z.string(), title: z.string().nullable(), citations: z.number().int() }))
          .openapi({ description: "The most cited pages, for the 20 most cited domains" }),
        is_own: z.boolean(),
        competitor: z.string().nullable().openapi({ description: "The known competitor whose site this is" }),
      }),
    ),
    total_citations: z.number().int(),
    total_answers: z.number().int().openapi({ description: "Answers in the period, citing or not" }),
    total_domains: z.number().int(),
    period: z.object({ start: z.string(), end: z.string() }),
  })
  .openapi("CitingSources");

const list = authedRoute("insights", {
  method: "get",
  path: "/citing-sources",
  summary: "The sites the assistants cite in their answers, by registrable domain (default: last 30 days)",
  request: { query: InsightQuerySchema.extend({ limit: query.int({ min: 1, max: 500, default: 50 }) }) },
  responses: {
    200: jsonResponse(CitingSourcesSchema, "Domains, most cited first"),
    400: errorResponse("Invalid filter, or start_date after end_date"),
  },
});

/** Mounted before the analyses router, whose /{id} would otherwise take "citing-sources" for an id. */
export const citingSourcesRoutes = createRouter().openapi(list, async (c) =>
  c.json(await citingSources(await getDb(), c.get("user").id, c.req.valid("query")), 200),
);
