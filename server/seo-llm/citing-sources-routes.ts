import { createRoute } from "@hono/zod-openapi";
import { requireAuth } from "../api/middleware";
import { bearer, createRouter, errorResponse, jsonResponse, z } from "../api/router";
import { PROVIDER_IDS } from "../integrations/ai/types";
import { QUESTION_CATEGORIES } from "../db/schema";
import { getDb } from "../runtime";
import { citingSources } from "./citing-sources";

const blank = (value: unknown) => (value === "" ? undefined : value);
const date = z.preprocess(blank, z.iso.date("A date as YYYY-MM-DD").optional());

export const InsightQuerySchema = z.object({
  start_date: date,
  end_date: date,
  provider: z.preprocess(blank, z.enum(PROVIDER_IDS).optional()),
  category: z.preprocess(blank, z.enum(QUESTION_CATEGORIES).optional()),
});

export const CitingSourcesSchema = z
  .object({
    data: z.array(
      z.object({
        domain: z.string(),
        total_citations: z.number().int(),
        percentage: z.number().openapi({ description: "Of all citations matching the filters" }),
        providers: z.record(z.string(), z.number().int()),
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

const list = createRoute({
  method: "get",
  path: "/citing-sources",
  tags: ["insights"],
  summary: "The sites the assistants cite in their answers, by registrable domain (default: last 30 days)",
  security: bearer,
  middleware: [requireAuth] as [typeof requireAuth],
  request: { query: InsightQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(500).default(50) }) },
  responses: {
    200: jsonResponse(CitingSourcesSchema, "Domains, most cited first"),
    400: errorResponse("Invalid filter"),
    401: errorResponse("Not signed in"),
  },
});

/** Mounted before the analyses router, whose /{id} would otherwise take "citing-sources" for an id. */
export const citingSourcesRoutes = createRouter().openapi(list, async (c) =>
  c.json(await citingSources(await getDb(), c.get("user").id, c.req.valid("query")), 200),
);
