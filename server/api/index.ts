import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { getConfig } from "../config";
import { ApiError } from "../http/errors";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../http/env";
import { bodyLimits, headerLimit, wellFormedText } from "../http/middleware";
import { createRouter } from "../http/router";
import { logger } from "../logger";
import { changesHeard } from "../runtime";
import { ROUTERS } from "./routers";

/** The /api/v1 application: one router per domain, one error shape, one OpenAPI document. */
export function createApi() {
  const api = createRouter().basePath("/api/v1");

  api.use("*", requestId({ headerName: "x-request-id" }));
  api.use("*", headerLimit);
  api.use("*", bodyLimits);
  api.use("*", wellFormedText);
  api.use("*", answerAfterChangesHeard);
  if (getConfig().LOG_REQUESTS) {
    api.use("*", async (c, next) => {
      const started = performance.now();
      await next();
      logger.info("api.request", { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started), request_id: c.get("requestId") });
    });
  }

  for (const [prefix, router] of Object.values(ROUTERS)) api.route(prefix, router);

  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer", bearerFormat: "JWT" });
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Sightline API", version: "1.0.0", description: "The API behind the Sightline web app; the same contract serves external clients." },
    servers: [{ url: "/" }],
  });

  api.notFound((c) => c.json({ message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  api.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.extra.headers ?? {})) c.header(name, value);
      const { code, errors, email, domain, current_price, currency } = error.extra;
      return c.json(
        {
          message: error.message,
          ...(code && { code }),
          ...(errors && { errors }),
          ...(email && { email }),
          ...(domain && { domain }),
          ...(current_price !== undefined && { current_price }),
          ...(currency && { currency }),
        },
        error.status,
      );
    }
    if (error instanceof HTTPException) {
      // Hono's own validators (malformed JSON, wrong content type) end up here.
      return c.json({ message: error.message || "Bad request" }, error.status);
    }
    if (sqlState(error) === "23505") {
      // Two requests raced to create the same thing; the loser is told, not crashed.
      logger.warn("api.conflict_reached_database", { error: String(error.cause ?? error), path: c.req.path });
      return c.json({ message: "This was just changed by another request. Reload and try again." }, 409);
    }
    if (isInvalidInputFromDatabase(error)) {
      // Validation should have caught it; the database's refusal still is the client's input, not a crash.
      logger.warn("api.invalid_input_reached_database", { error: String(error.cause ?? error), path: c.req.path });
      return c.json({ message: "The request contains characters or values that cannot be stored." }, 400);
    }
    logger.error("api.unhandled", { error: error instanceof Error ? error.stack : String(error), request_id: c.get("requestId"), path: c.req.path });
    return c.json({ message: "Internal server error" }, 500);
  });
  return api;
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22…): NUL bytes, bad encodings, out-of-range
 * numbers or dates, over-long strings. drizzle wraps the driver's error in `cause`.
 */
function isInvalidInputFromDatabase(error: Error): boolean {
  return sqlState(error)?.startsWith("22") ?? false;
}

function sqlState(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

export type Api = ReturnType<typeof createApi>;

let shared: Api | undefined;

/** The one API instance of this process: mounted by the HTTP server and called in process by the web app. */
export function getApi(): Api {
  shared ??= createApi();
  return shared;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request that may have changed something answers once this process has heard what it committed
 * (server/db/user-changes.ts), so what it kept of the user is forgotten before the page a form leads
 * to is read (server/http/kept-answers.ts). PGlite announces during the statement itself; on
 * PostgreSQL this is one round trip on the listening connection. Kept routes change nothing.
 */
const answerAfterChangesHeard: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  if (!SAFE_METHODS.has(c.req.method) && !c.get("readOnly")) await changesHeard();
};
