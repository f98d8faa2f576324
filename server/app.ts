import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { clientIpContext, cspNonceContext } from "./request-context";
import { getApi } from "./api";
import type { ApiEnv } from "./http/env";
import { compression } from "./http/compress";
import { clientIp } from "./http/middleware";
import { getConfig } from "./config";
import { LOCAL_UPLOADS_PATH } from "./integrations/storage";
import { serveUpload } from "./integrations/storage/serve";
import { logger } from "./logger";
import { type IncomingTarget, publicUrl } from "./public-url";
import { CSP_REPORT_PATH, cspNonce, securityHeaders } from "./security-headers";

export { getConfig };
export { start, stop } from "./boot";
export { startupFailure } from "./startup-failure";

/** For the HTTP server (server.js): the URL to give a request before anything reads it. */
export const publicRequestUrl = (incoming: IncomingTarget) => publicUrl(incoming, getConfig());

const MODE = import.meta.env?.MODE ?? process.env.NODE_ENV;
const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, React Router loads the build and derives its route tables again on every
 * request (flattening and ranking every route, building its static handler: 0.7 ms of CPU per page
 * here), so development can swap the build under it. Elsewhere the build never changes: it is
 * handed over once, loaded on the first request, and the tables are derived once (issue 16).
 */
const handleDocument: RequestHandler =
  MODE === "development"
    ? createRequestHandler(loadBuild, MODE)
    : (() => {
        let handler: Promise<RequestHandler> | undefined;
        return async (request, context) => {
          handler ??= loadBuild().then(
            (build) => createRequestHandler(build, MODE),
            (error) => {
              handler = undefined;
              throw error;
            },
          );
          return (await handler)(request, context);
        };
      })();

/** The methods anything here answers; TRACE, CONNECT and inventions get 405 before any handler. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A CSP report is a few hundred bytes; browsers send them unauthenticated. */
const MAX_CSP_REPORT_BYTES = 16 * 1024;

/** The whole HTTP surface of a web process: the JSON API, then every page of the React Router app. */
export const app = new Hono<ApiEnv>();
app.use("*", async (c, next) => {
  if (!METHODS.includes(c.req.method)) return c.text("Method Not Allowed", 405, { allow: METHODS.join(", ") });
  await next();
});
// A refused body (413) is left unread, and the rest of it may still be on its way: the connection
// ends with the answer, so no next request is sent down a socket whose drain is given up on.
app.use("*", async (c, next) => {
  await next();
  if (c.res.status === 413) c.res.headers.set("connection", "close");
});
// Pages and API answers, Brotli or gzip as the client takes them (the static assets are precompressed
// at build). Event streams and images are left alone.
app.use("*", compression());
// Built once, on the first request: the configuration is read after the module loads.
let headers: MiddlewareHandler | undefined;
app.use("*", (c, next) => {
  headers ??= securityHeaders(getConfig());
  return headers(c, next);
});
// The API owns its whole prefix, so an unknown /api/v1 path gets its JSON 404, not the app's page.
app.all("/api/v1/*", (c) => getApi().fetch(c.req.raw, c.env));
app.all("/api/v1", (c) => getApi().fetch(c.req.raw, c.env));
// Uploaded files of the local storage (academy thumbnails); with S3 they are linked on the bucket instead.
app.get(`${LOCAL_UPLOADS_PATH}/*`, serveUpload);
app.post(CSP_REPORT_PATH, bodyLimit({ maxSize: MAX_CSP_REPORT_BYTES, onError: (c) => c.body(null, 413) }), async (c) => {
  const reports = await c.req.json().catch(() => null);
  for (const report of cspReports(reports)) logger.warn("csp.violation", report);
  return c.body(null, 204);
});
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(clientIpContext, clientIp(c));
  context.set(cspNonceContext, cspNonce(c));
  return handleDocument(c.req.raw, context);
});

/**
 * The violations in a report-uri body (`{"csp-report": {...}}`) or a Reporting API batch
 * (`[{type: "csp-violation", body: {...}}]`), reduced to what tells where to look.
 */
function cspReports(body: unknown): Array<Record<string, string>> {
  const bodies: unknown[] = Array.isArray(body)
    ? body.filter((entry) => entry?.type === "csp-violation").map((entry) => entry.body)
    : body && typeof body === "object" && "csp-report" in body
      ? [body["csp-report"]]
      : [];
  return bodies.slice(0, 20).flatMap((report) => {
    if (!report || typeof report !== "object") return [];
    const read = (...names: string[]) => {
      for (const name of names) {
        const value = (report as Record<string, unknown>)[name];
        if (typeof value === "string") return value.slice(0, 300);
      }
      return "";
    };
    return [
      {
        page: read("documentURL", "document-uri"),
        directive: read("effectiveDirective", "effective-directive", "violated-directive"),
        blocked: read("blockedURL", "blocked-uri"),
        source: read("sourceFile", "source-file"),
      },
    ];
  });
}
