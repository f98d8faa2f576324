import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { clientIpContext } from "../app/lib/context";
import { getApi } from "./api";
import type { ApiEnv } from "./api/env";
import { clientIp } from "./api/middleware";

export { start, stop } from "./runtime";
export { getConfig } from "./config";

export const api = getApi();

const handleDocument = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env?.MODE ?? process.env.NODE_ENV,
);

/** The whole HTTP surface of a web process: the JSON API, then every page of the React Router app. */
export const app = new Hono<ApiEnv>();
// The API owns its whole prefix, so an unknown /api/v1 path gets its JSON 404, not the app's page.
app.all("/api/v1/*", (c) => api.fetch(c.req.raw, c.env));
app.all("/api/v1", (c) => api.fetch(c.req.raw, c.env));
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(clientIpContext, clientIp(c));
  return handleDocument(c.req.raw, context);
});
