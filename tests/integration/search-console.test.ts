import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { searchConsoleConnections, searchConsoleDays } from "../../server/db/schema";
import { unseal } from "../../server/auth/sealed";
import { shiftDay } from "../../server/search-console/sync";
import { createOidcIssuer, type OidcIssuer } from "../fakes/oidc-issuer";
import { createFakeSearchConsole, FAKE_QUERIES, type FakeSearchConsole, trafficOf } from "../fakes/search-console";
import { json, refusal, uniqueEmail, useApi, withEnv } from "../helpers/api";

/**
 * Connecting Search Console (issue 13) through the API: Google's OAuth round trip against an issuer
 * on loopback (offline access, PKCE, refresh, revocation), and the Search Console API on loopback
 * driven through Google's official client, with the sync job running.
 */
let google: OidcIssuer;
let console_: FakeSearchConsole;
let undoEnv: () => void;
const CLIENT = "sc-client.apps.example";
const APP = "http://app.example";
const SITE = "https://www.acme.example/";
const DOMAIN = "sc-domain:acme.example";

beforeAll(async () => {
  google = await createOidcIssuer({ clients: [{ clientId: CLIENT, clientSecret: "sc-secret", redirectUris: [`${APP}/api/v1/oauth/google/callback`] }] });
  console_ = await createFakeSearchConsole({
    accessGrant: (token) => google.accessGrant(token),
    defaultSites: [
      { siteUrl: SITE, permissionLevel: "siteOwner" },
      { siteUrl: DOMAIN, permissionLevel: "siteFullUser" },
      { siteUrl: "https://unverified.example/", permissionLevel: "siteUnverifiedUser" },
    ],
  });
  undoEnv = withEnv({ GOOGLE_CLIENT_ID: CLIENT, GOOGLE_CLIENT_SECRET: "sc-secret", GOOGLE_ISSUER: google.issuer, SEARCH_CONSOLE_API_URL: console_.url, APP_URL: undefined });
});
// Its sync jobs need this file's Google issuer: no other file's worker may take them.
const api = useApi({ jobs: "work", ownDatabase: true });
afterAll(async () => {
  undoEnv?.();
  await Promise.all([google?.close(), console_?.close()]);
});

type Decision = { email: string; allow?: boolean; allScopes?: boolean };

/**
 * The browser's part, over HTTP with a cookie jar: the authorization request, Google's sign-in page
 * (a form), yes or no, then the redirects until the one to our callback, whose query is returned.
 */
async function consent(authUrl: string, decision: Decision): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let url = new URL(authUrl);
  let res = await send(url);
  for (let hops = 0; hops < 10; hops++) {
    if (res.status === 200) {
      const action = /<form method="post" action="([^"]+)"/.exec(await res.text())?.[1];
      if (!action) throw new Error("no sign-in form");
      const form = new URLSearchParams({ login_email: decision.email, login_verified: "true", decision: decision.allow === false ? "deny" : "allow" });
      if (decision.allScopes !== false) form.set("login_all_scopes", "true");
      url = new URL(action, url);
      res = await send(url, { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
      continue;
    }
    expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(300);
    url = new URL(res.headers.get("location") ?? "", url);
    if (url.pathname === "/api/v1/oauth/google/callback") return url.search;
    res = await send(url);
  }
  throw new Error("the consent did not come back");
}

/** Google sends the browser to the callback: where does the API send it next? */
async function callback(search: string): Promise<URL> {
  const res = await api.raw("GET", `/oauth/google/callback${search}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "");
}

async function signedIn() {
  const email = uniqueEmail("gsc");
  const session = await api.signIn(email);
  return { email, session, oauth: api.client("searchConsoleOAuth", { token: session.access_token }), data: api.client("searchConsole", { token: session.access_token }) };
}
type User = Awaited<ReturnType<typeof signedIn>>;

async function connect(user: User, decision: Partial<Decision> = {}, origin: "dashboard" | "onboarding" | "settings" = "dashboard") {
  const { data } = await json(await user.oauth.connect.$post({ json: { origin, app_origin: APP } }), 200);
  return callback(await consent(data.auth_url, { email: user.email, ...decision }));
}

/** Until the sync ends; a sync is eleven calls, some retried after a pause, on a loaded machine. */
async function synced(user: User) {
  for (let i = 0; i < 900; i++) {
    const status = await json(await user.oauth.status.$get(), 200);
    if (status.sync_status === "idle" && status.last_synced_at) return status;
    if (status.sync_status === "failed") return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the sync did not finish");
}

describe("connecting Google Search Console", () => {
  test("connect asks Google for offline, read-only Search Console access with PKCE and a state", async () => {
    const user = await signedIn();
    const { data } = await json(await user.oauth.connect.$post({ json: { app_origin: APP } }), 200);
    const url = new URL(data.auth_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENT,
      response_type: "code",
      access_type: "offline",
      prompt: "consent",
      scope: "openid email https://www.googleapis.com/auth/webmasters.readonly",
      code_challenge_method: "S256",
      redirect_uri: `${APP}/api/v1/oauth/google/callback`,
    });
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  });

  test("the return stores the refresh token sealed, lists the sites, and asks for a site", async () => {
    const user = await signedIn();
    const back = await connect(user);
    expect(back.toString()).toBe(`${APP}/dashboard?connected=true&needs_selection=true`);
    const status = await json(await user.oauth.status.$get(), 200);
    expect(status).toMatchObject({ is_connected: true, connected_site: null, needs_selection: true, needs_reconnect: false, source: "google", account_email: user.email });
    // An unverified property is not offered.
    expect(status.sites).toEqual([
      { site_url: SITE, permission_level: "siteOwner" },
      { site_url: DOMAIN, permission_level: "siteFullUser" },
    ]);
    const [row] = await (await api.db()).select().from(searchConsoleConnections).where(eq(searchConsoleConnections.userId, user.session.user.id));
    const sealed = row?.refreshTokenSealed ?? "";
    expect(sealed.split(".")).toHaveLength(5);
    for (const token of google.issuedRefreshTokens) expect(sealed).not.toContain(token);
    const claims = await unseal(sealed, "search-console-refresh-token");
    expect(google.issuedRefreshTokens).toContain(claims?.rt);
    expect(await json(await user.oauth.sites.$get(), 200)).toEqual({ data: status.sites });
  });

  test("from onboarding, the return is the onboarding step", async () => {
    const user = await signedIn();
    expect((await connect(user, {}, "onboarding")).toString()).toBe(`${APP}/onboarding?step=google_search_console&connected=true&needs_selection=true`);
  });

  test("choosing a site syncs it; the dashboard's figures are Google's, against the period before", async () => {
    const user = await signedIn();
    await connect(user);
    const unknown = await user.oauth.sites.select.$post({ json: { site_url: "https://someone-else.example/" } });
    expect((await json(unknown, 400)).errors?.site_url?.[0]?.code).toBe("unknown_site");

    const chosen = await json(await user.oauth.sites.select.$post({ json: { site_url: SITE } }), 200);
    expect(chosen).toMatchObject({ connected_site: SITE, needs_selection: false });
    const status = await synced(user);
    expect(status.sync_status).toBe("idle");

    const performance = await json(await user.data.performance.$get({ query: { period: "7days" } }), 200);
    const end = status.data_end_date as string;
    const days = Array.from({ length: 7 }, (_, index) => shiftDay(end, index - 6));
    const expected = days.map((date) => trafficOf(SITE, date));
    const clicks = expected.reduce((sum, day) => sum + day.clicks, 0);
    const impressions = expected.reduce((sum, day) => sum + day.impressions, 0);
    expect(performance.range).toEqual({ start_date: days[0], end_date: end });
    expect(performance.totals).toMatchObject({ clicks, impressions });
    expect(performance.totals?.ctr).toBeCloseTo((clicks / impressions) * 100, 1);
    expect(performance.daily.map((day) => day.date)).toEqual(days);
    expect(performance.previous).toMatchObject({ start_date: shiftDay(end, -13), end_date: shiftDay(end, -7) });
    expect(performance.queries.map((row) => row.key)).toEqual(FAKE_QUERIES);
    expect(performance.pages[0]?.key).toBe(SITE);
    expect(performance.status.connected_site).toBe(SITE);
  });

  test("the data of one user is never another's", async () => {
    const owner = await signedIn();
    await connect(owner);
    await json(await owner.oauth.sites.select.$post({ json: { site_url: SITE } }), 200);
    const stranger = await signedIn();
    expect(await json(await stranger.oauth.status.$get(), 200)).toMatchObject({ is_connected: false, sites: [] });
    expect((await json(await stranger.data.performance.$get({ query: {} }), 409)).code).toBe("not_connected");
    expect((await json(await stranger.oauth.sites.select.$post({ json: { site_url: SITE } }), 409)).code).toBe("not_connected");
  });

  test("an expired access token is refreshed; 429 and 5xx are tried again after a pause", async () => {
    const user = await signedIn();
    await connect(user);
    await json(await user.oauth.sites.select.$post({ json: { site_url: DOMAIN } }), 200);
    await synced(user);
    google.expireAccessTokens();
    const refreshesBefore = google.refreshes;
    console_.failNext(429, 1, 1);
    console_.failNext(503, 1);
    const callsBefore = console_.calls.length;
    await json(await user.data.refresh.$post(), 202);
    const status = await synced(user);
    expect(status).toMatchObject({ sync_status: "idle", sync_error: null });
    expect(google.refreshes).toBeGreaterThan(refreshesBefore);
    // Eleven calls for a sync, and the two that failed were made again.
    expect(console_.calls.length - callsBefore).toBe(13);
  });

  test("one sync at a time: asking again while one is queued changes nothing", async () => {
    const user = await signedIn();
    await connect(user);
    await json(await user.oauth.sites.select.$post({ json: { site_url: SITE } }), 200);
    await synced(user);
    const answers = await Promise.all([user.data.refresh.$post(), user.data.refresh.$post(), user.data.refresh.$post()]);
    expect(answers.map((res) => res.status)).toEqual([202, 202, 202]);
    const boss = await api.boss();
    const jobs = await boss.getQueueSize("search-console.sync");
    expect(jobs).toBeLessThanOrEqual(1);
    await synced(user);
  });

  test("revoked at Google: the status says reconnect, and reconnecting keeps the chosen site", async () => {
    const user = await signedIn();
    await connect(user);
    await json(await user.oauth.sites.select.$post({ json: { site_url: SITE } }), 200);
    await synced(user);
    google.revoke(google.subjectOf(user.email));
    google.expireAccessTokens();
    await json(await user.data.refresh.$post(), 202);
    const status = await synced(user);
    expect(status).toMatchObject({ needs_reconnect: true, sync_status: "failed", sync_error: "needs_reconnect", connected_site: SITE });
    expect((await json(await user.data.refresh.$post(), 409)).code).toBe("needs_reconnect");

    const back = await connect(user, {}, "settings");
    expect(back.toString()).toBe(`${APP}/settings/integrations?connected=true`);
    const again = await synced(user);
    expect(again).toMatchObject({ needs_reconnect: false, connected_site: SITE, sync_status: "idle" });
  });

  test("disconnect revokes the grant at Google and deletes it with the data", async () => {
    const user = await signedIn();
    await connect(user);
    await json(await user.oauth.sites.select.$post({ json: { site_url: SITE } }), 200);
    await synced(user);
    const before = google.revocations;
    expect(await json(await user.oauth.disconnect.$post(), 200)).toMatchObject({ is_connected: false, connected_site: null });
    expect(google.revocations).toBe(before + 1);
    const db = await api.db();
    expect(await db.select().from(searchConsoleDays).where(eq(searchConsoleDays.userId, user.session.user.id))).toEqual([]);
    expect(await db.select().from(searchConsoleConnections).where(eq(searchConsoleConnections.userId, user.session.user.id))).toEqual([]);
  });
});

describe("the return's errors (seed §8)", () => {
  test("denied on Google's screen: oauth_failed", async () => {
    const user = await signedIn();
    expect((await connect(user, { allow: false })).searchParams.get("error")).toBe("oauth_failed");
    expect(await json(await user.oauth.status.$get(), 200)).toMatchObject({ is_connected: false });
  });

  test("the Search Console box unticked: permissions_denied", async () => {
    const user = await signedIn();
    expect((await connect(user, { allScopes: false })).searchParams.get("error")).toBe("permissions_denied");
  });

  test("parameters missing: invalid_callback; a state never issued or already spent: session_expired", async () => {
    expect((await callback("")).searchParams.get("error")).toBe("invalid_callback");
    expect((await callback("?code=abc")).searchParams.get("error")).toBe("invalid_callback");
    expect((await callback(`?code=abc&state=${crypto.randomBytes(32).toString("base64url")}`)).searchParams.get("error")).toBe("session_expired");

    const user = await signedIn();
    const { data } = await json(await user.oauth.connect.$post({ json: { app_origin: APP } }), 200);
    const search = await consent(data.auth_url, { email: user.email });
    expect((await callback(search)).searchParams.get("connected")).toBe("true");
    // The same return again: its state was spent.
    expect((await callback(search)).searchParams.get("error")).toBe("session_expired");
  });

  test("a code Google refuses (replayed with a fresh state): callback_failed", async () => {
    const user = await signedIn();
    const first = await json(await user.oauth.connect.$post({ json: { app_origin: APP } }), 200);
    const spent = new URLSearchParams(await consent(first.data.auth_url, { email: user.email }));
    await callback(`?${spent}`);
    const second = await json(await user.oauth.connect.$post({ json: { app_origin: APP } }), 200);
    const fresh = new URLSearchParams(await consent(second.data.auth_url, { email: user.email }));
    const replay = new URLSearchParams({ code: spent.get("code") ?? "", state: fresh.get("state") ?? "" });
    expect((await callback(`?${replay}`)).searchParams.get("error")).toBe("callback_failed");
  });

  test("without a bearer token the calls are refused; the callback needs none", async () => {
    expect(refusal(await api.raw("GET", "/oauth/google/status"), 401).message).toBeTruthy();
    expect(refusal(await api.raw("POST", "/oauth/google/connect"), 401).message).toBeTruthy();
  });
});

describe("the demo Search Console", () => {
  test("without a Google client, connecting picks the demo: sites from the profile, figures every time the same", async () => {
    const undo = withEnv({ GOOGLE_CLIENT_ID: undefined });
    try {
      const user = await signedIn();
      await json(
        await api
          .client("seoProfile", { token: user.session.access_token })
          .index.$patch({ json: { BrandName: "Acme", WebsiteURL: "https://www.acme-demo.fr", MarketLanguage: "fr", Keywords: ["logiciel comptable"] } }),
        200,
      );
      const { data } = await json(await user.oauth.connect.$post({ json: { app_origin: APP } }), 200);
      expect(data.auth_url).toBe(`${APP}/dashboard?connected=true&needs_selection=true`);
      const status = await json(await user.oauth.status.$get(), 200);
      expect(status).toMatchObject({ is_connected: true, source: "demo", needs_selection: true });
      expect(status.sites.map((site) => site.site_url)).toEqual(["sc-domain:acme-demo.fr", "https://www.acme-demo.fr/", "https://blog.acme-demo.fr/"]);
      await json(await user.oauth.sites.select.$post({ json: { site_url: "sc-domain:acme-demo.fr" } }), 200);
      await synced(user);
      const first = await json(await user.data.performance.$get({ query: { period: "30days" } }), 200);
      expect(first.totals?.impressions).toBeGreaterThan(10_000);
      expect(first.queries.some((row) => row.key === "logiciel comptable avis")).toBe(true);
      expect(first.keywords).toEqual([expect.objectContaining({ keyword: "logiciel comptable", organic: expect.objectContaining({ queries: 5 }) })]);
      await json(await user.data.refresh.$post(), 202);
      await synced(user);
      const second = await json(await user.data.performance.$get({ query: { period: "30days" } }), 200);
      expect(second.totals).toEqual(first.totals);
      expect(await json(await user.oauth.disconnect.$post(), 200)).toMatchObject({ is_connected: false });
    } finally {
      undo();
    }
  });
});
