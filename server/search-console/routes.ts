import { authedRead, authedRoute, publicRoute } from "../auth/guarded-route";
import { getConfig } from "../config";
import { createRouter, errorResponse, invalidInput, jsonBody, jsonResponse } from "../http/router";
import { getBoss, getDb } from "../runtime";
import { disconnect, finishConnection, getStatus, listSites, selectSite, startConnection } from "./connection";
import { getPerformance } from "./performance";
import {
  CallbackQuerySchema,
  ConnectAnswerSchema,
  ConnectBodySchema,
  PerformanceSchema,
  PeriodQuerySchema,
  SelectSiteSchema,
  SitesAnswerSchema,
  StatusSchema,
} from "./schemas";
import { requestSync } from "./sync-requests";

const TAG = "search-console";
const notConnected = errorResponse("not_connected: no Search Console account is connected; needs_reconnect: Google says access was revoked");

const connect = authedRoute(TAG, {
  method: "post",
  path: "/connect",
  summary: "Start connecting a Search Console account: where to send the browser",
  description:
    "With a Google client configured: Google's consent screen (scopes openid, email and webmasters.readonly, offline access, consent prompt, PKCE), whose return comes to GET /callback. Without one: the demo Search Console is connected at once and `auth_url` is the page to return to. The body is optional.",
  request: { body: { ...jsonBody(ConnectBodySchema), required: false } },
  responses: {
    200: jsonResponse(ConnectAnswerSchema, "Where to send the browser"),
    503: errorResponse("provider_unavailable: Google's discovery document cannot be read"),
  },
});

const callback = publicRoute(TAG, {
  method: "get",
  path: "/callback",
  summary: "Google's return (the OAuth redirect URI): stores the grant and sends the browser back",
  description:
    "Redirects to the screen the connection started on, with `connected=true` (and `needs_selection=true` when a site must be chosen) or `error=` oauth_failed (denied), invalid_callback (parameters missing), callback_failed (the exchange failed), session_expired (unknown or expired state) or permissions_denied (the Search Console scope was not granted). The state names the user who started: no bearer token is needed.",
  request: { query: CallbackQuerySchema },
  responses: { 302: { description: "Back to the app" } },
});

const status = authedRead(TAG, {
  path: "/status",
  summary: "Whether a Search Console account is connected, its sites and the chosen one",
  answer: StatusSchema,
  label: "Status",
  kept: true,
});

const sites = authedRoute(TAG, {
  method: "get",
  path: "/sites",
  summary: "The sites the connected account can see (asked of Google again after ten minutes)",
  responses: { 200: jsonResponse(SitesAnswerSchema, "Sites"), 409: notConnected },
});

const select = authedRoute(TAG, {
  method: "post",
  path: "/sites/select",
  summary: "Choose the site the dashboard shows; its data is then synced",
  request: { body: jsonBody(SelectSiteSchema) },
  responses: {
    200: jsonResponse(StatusSchema, "Chosen; the status as it now is"),
    400: errorResponse("unknown_site (at site_url): not a site the account can see; or invalid input"),
    409: notConnected,
  },
});

const leave = authedRoute(TAG, {
  method: "post",
  path: "/disconnect",
  summary: "Disconnect: the grant is revoked at Google, then it and the synced data are deleted",
  responses: { 200: jsonResponse(StatusSchema, "Disconnected") },
});

/** The OAuth side, mounted at /oauth/google (seed 000 §7). */
export const searchConsoleOAuthRoutes = createRouter()
  .openapi(connect, async (c) => {
    const body = c.req.header("content-type")?.includes("json") ? c.req.valid("json") : undefined;
    const appOrigin = getConfig().PUBLIC_ORIGIN ?? (body?.app_origin ? new URL(body.app_origin).origin : new URL(c.req.url).origin);
    const answer = await startConnection(await getDb(), c.get("user").id, { origin: body?.origin ?? "dashboard", appOrigin });
    return c.json({ data: answer }, 200);
  })
  .openapi(callback, async (c) => {
    const appOrigin = getConfig().PUBLIC_ORIGIN ?? new URL(c.req.url).origin;
    return c.redirect(await finishConnection(await getDb(), await getBoss(), c.req.valid("query"), appOrigin), 302);
  })
  .openapi(status, async (c) => c.json(await getStatus(await getDb(), c.get("user").id), 200))
  .openapi(sites, async (c) => c.json({ data: await listSites(await getDb(), c.get("user").id) }, 200))
  .openapi(select, async (c) => c.json(await selectSite(await getDb(), await getBoss(), c.get("user").id, c.req.valid("json").site_url), 200))
  .openapi(leave, async (c) => c.json(await disconnect(await getDb(), c.get("user").id), 200));

const performance = authedRoute(TAG, {
  method: "get",
  path: "/performance",
  summary: "The chosen site's traffic for a period, its top queries and pages, and each keyword's organic and AI figures",
  description: "Read from the last sync. When that is older than 24 hours a sync is queued on the way and `status.sync_status` says so.",
  request: { query: PeriodQuerySchema },
  responses: {
    200: jsonResponse(PerformanceSchema, "Performance"),
    400: invalidInput,
    409: errorResponse("not_connected: no account connected; needs_selection: no site chosen yet"),
  },
});

const refresh = authedRoute(TAG, {
  method: "post",
  path: "/refresh",
  summary: "Sync the chosen site's data now (one sync at a time per user)",
  description: "Answers at once (202) with the status; while a sync is queued or running, asking again changes nothing.",
  responses: { 202: jsonResponse(StatusSchema, "Accepted: a sync is queued or already under way"), 409: notConnected },
});

/** The data side, mounted at /search-console. */
export const searchConsoleDataRoutes = createRouter()
  .openapi(performance, async (c) => c.json(await getPerformance(await getDb(), await getBoss(), c.get("user").id, c.req.valid("query").period), 200))
  .openapi(refresh, async (c) => {
    const db = await getDb();
    const userId = c.get("user").id;
    const current = await getStatus(db, userId);
    if (!current.is_connected) return c.json({ message: "No Search Console account is connected", code: "not_connected" }, 409);
    if (current.needs_reconnect) return c.json({ message: "Access to Search Console was revoked: connect again", code: "needs_reconnect" }, 409);
    await requestSync(db, await getBoss(), userId);
    return c.json(await getStatus(db, userId), 202);
  });
