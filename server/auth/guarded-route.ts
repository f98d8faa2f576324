import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { ApiEnv } from "../http/env";
import { keptAnswer, keptForEveryone } from "../http/kept-answers";
import { errorResponse, jsonResponse, type z } from "../http/router";
import { requireAdmin, requireAuth, requireSignIn } from "./middleware";

/** A route as createRoute takes it, less what the guard adds; `middleware` runs after the guard's. */
type GuardedConfig<P extends string> = Omit<RouteConfig, "path" | "security" | "tags" | "middleware"> & {
  path: P;
  middleware?: MiddlewareHandler<ApiEnv>[];
  /**
   * The answer (200, or a 404 for what is not there yet) depends only on the user's own rows, what
   * every user reads, the URL and the time, and the route changes nothing: it is kept until one of those rows changes
   * (server/http/kept-answers.ts).
   */
  kept?: boolean;
};

/** The scheme server/api/index.ts registers. */
const bearer = [{ bearerAuth: [] }];

const notSignedIn = errorResponse("Not signed in");
const mfaRequired = errorResponse("mfa_required: the account has two-step verification and this session has not given its code (POST /auth/factors/{id}/verify)");
const notAdmin = errorResponse("forbidden: not an admin");

/**
 * A route anyone may call, under its tag: declared as the guarded ones are, so being public reads as
 * a choice. `kept`: its answer is the same for everyone, whoever asks (the application's settings).
 */
export function publicRoute<P extends string, R extends GuardedConfig<P>>(tag: string, { kept, ...config }: R) {
  return createRoute({ ...config, tags: [tag], ...(kept ? { middleware: [keptForEveryone, ...(config.middleware ?? [])] } : {}) });
}

/**
 * A route for signed-in users, under its tag: the bearer scheme in the document and requireAuth
 * before the handler, so neither can be forgotten. The route's own 401 description wins.
 */
export function authedRoute<P extends string, R extends GuardedConfig<P>>(tag: string, { kept, ...config }: R) {
  return createRoute({
    ...config,
    tags: [tag],
    security: bearer,
    middleware: [requireAuth, ...(kept ? [keptAnswer] : []), ...(config.middleware ?? [])],
    responses: { 401: notSignedIn, 403: mfaRequired, ...config.responses },
  });
}

/**
 * A route for a signed-in session that may not have given its second factor yet (aal1): giving the
 * code, reading the factors, signing out. Everything else is an authedRoute.
 */
export function signedInRoute<P extends string, R extends GuardedConfig<P>>(tag: string, config: R) {
  return createRoute({
    ...config,
    tags: [tag],
    security: bearer,
    middleware: [requireSignIn, ...(config.middleware ?? [])],
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

/**
 * The most common route: a signed-in GET answering one schema (a status, a profile, progress),
 * declared in one call so the few that do more stand out.
 */
export function authedRead<P extends string, S extends z.ZodType>(tag: string, read: { path: P; summary: string; description?: string; answer: S; label: string; kept?: boolean }) {
  const { answer, label, ...config } = read;
  return authedRoute(tag, { ...config, method: "get" as const, responses: { 200: jsonResponse(answer, label) } });
}
