import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../http/env";
import { errorResponse } from "../http/router";
import { requireAdmin, requireAuth } from "./middleware";

/** A route as createRoute takes it, less what the guard adds; `middleware` runs after the guard's. */
type GuardedConfig<P extends string> = Omit<RouteConfig, "path" | "security" | "tags" | "middleware"> & {
  path: P;
  middleware?: MiddlewareHandler<ApiEnv>[];
};

/** The scheme server/api/index.ts registers. */
const bearer = [{ bearerAuth: [] }];

const notSignedIn = errorResponse("Not signed in");
const notAdmin = errorResponse("forbidden: not an admin");

/**
 * A route for signed-in users, under its tag: the bearer scheme in the document and requireAuth
 * before the handler, so neither can be forgotten. The route's own 401 description wins.
 */
export function authedRoute<P extends string, R extends GuardedConfig<P>>(tag: string, config: R) {
  return createRoute({
    ...config,
    tags: [tag],
    security: bearer,
    middleware: [requireAuth, ...(config.middleware ?? [])],
    responses: { 401: notSignedIn, ...config.responses },
  });
}

/** A route for administrators: authedRoute's guard, then requireAdmin (403 `forbidden` for a user). */
export function adminRoute<P extends string, R extends GuardedConfig<P>>(tag: string, config: R) {
  return createRoute({
    ...config,
    tags: [tag],
    security: bearer,
    middleware: [requireAuth, requireAdmin, ...(config.middleware ?? [])],
    responses: { 401: notSignedIn, 403: notAdmin, ...config.responses },
  });
}
