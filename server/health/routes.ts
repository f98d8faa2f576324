import { sql } from "drizzle-orm";
import { publicRoute } from "../auth/guarded-route";
import { createRouter, jsonResponse, z } from "../http/router";
import { getDb } from "../runtime";

const StatusSchema = z.object({ status: z.enum(["ok", "unavailable"]) }).openapi("Health");

const live = publicRoute("health", {
  method: "get",
  path: "/",
  summary: "Liveness: the process answers (no I/O)",
  responses: { 200: jsonResponse(StatusSchema, "Alive") },
});

const ready = publicRoute("health", {
  method: "get",
  path: "/ready",
  summary: "Readiness: the database answers; a load balancer routes traffic only to ready processes",
  responses: { 200: jsonResponse(StatusSchema, "Ready"), 503: jsonResponse(StatusSchema, "Database unreachable") },
});

export const healthRoutes = createRouter()
  .openapi(live, (c) => c.json({ status: "ok" as const }, 200))
  .openapi(ready, async (c) => {
    try {
      await (await getDb()).execute(sql`select 1`);
      return c.json({ status: "ok" as const }, 200);
    } catch {
      return c.json({ status: "unavailable" as const }, 503);
    }
  });
