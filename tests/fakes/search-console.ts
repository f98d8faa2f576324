import http from "node:http";
import type { AddressInfo } from "node:net";
/** What an access token stands for, as the issuer knows it. */
type TokenGrant = { sub: string; scope: string };

/**
 * Google's Search Console API (v1) on loopback, as the official client calls it: `GET
 * /webmasters/v3/sites` and `POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query`, each with
 * a bearer token the fake issuer gave (looked up through `accessGrant`, so expiry and revocation are
 * real), Google's error bodies, and failures a test queues (429 with Retry-After, 5xx). Traffic is
 * a pure function of the site and the day, so a test can compute what the dashboard must show.
 */
export type FakeSearchConsole = Awaited<ReturnType<typeof createFakeSearchConsole>>;

const SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";

export function trafficOf(siteUrl: string, date: string) {
  const day = Number(date.slice(8, 10));
  const impressions = 100 + day * 10 + (siteUrl.length % 7);
  return { clicks: Math.round(impressions / 10), impressions, position: 5 + (day % 5) };
}

export const FAKE_QUERIES = ["fake query one", "fake query two", "fake query three"];

export async function createFakeSearchConsole(options: {
  accessGrant: (token: string) => TokenGrant | null;
  /** The sites each subject (the issuer's `sub`) can see; the default for everyone else. */
  sites?: Record<string, Array<{ siteUrl: string; permissionLevel: string }>>;
  defaultSites?: Array<{ siteUrl: string; permissionLevel: string }>;
  port?: number;
}) {
  const failures: Array<{ status: number; retryAfter?: number }> = [];
  const calls: string[] = [];
  const sitesOf = (sub: string) => options.sites?.[sub] ?? options.defaultSites ?? [];

  const server = http.createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://fake");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    const googleError = (code: number, status: string, message: string, reason?: string) =>
      json(code, { error: { code, message, status, ...(reason && { errors: [{ reason, message, domain: "usageLimits" }] }) } });

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const grant = options.accessGrant(token);
    if (!grant) return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    if (!grant.scope.split(" ").includes(SCOPE)) return googleError(403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.");
    calls.push(`${req.method} ${decodeURIComponent(pathname)}`);
    const failure = failures.shift();
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter !== undefined ? { "retry-after": String(failure.retryAfter) } : {};
      if (failure.status === 429) return json(429, { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED", errors: [{ reason: "rateLimitExceeded" }] } }, headers);
      return json(failure.status, { error: { code: failure.status, message: "Backend Error", status: "UNAVAILABLE" } }, headers);
    }

    if (req.method === "GET" && pathname === "/webmasters/v3/sites") {
      return json(200, { siteEntry: sitesOf(grant.sub) });
    }
    const match = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(pathname);
    if (req.method === "POST" && match?.[1]) {
      const siteUrl = decodeURIComponent(match[1]);
      if (!sitesOf(grant.sub).some((site) => site.siteUrl === siteUrl)) {
        return googleError(403, "PERMISSION_DENIED", `User does not have sufficient permission for site '${siteUrl}'.`, "forbidden");
      }
      const body = JSON.parse(raw || "{}") as { startDate: string; endDate: string; dimensions?: string[]; rowLimit?: number };
      const days: string[] = [];
      for (let at = Date.parse(`${body.startDate}T00:00:00Z`); at <= Date.parse(`${body.endDate}T00:00:00Z`); at += 86_400_000) {
        days.push(new Date(at).toISOString().slice(0, 10));
      }
      const [dimension] = body.dimensions ?? [];
      const rowOf = (keys: string[], clicks: number, impressions: number, position: number) => ({ keys, clicks, impressions, ctr: impressions ? clicks / impressions : 0, position });
      if (dimension === "date") {
        return json(200, { rows: days.map((date) => ({ ...rowOf([date], 0, 0, 0), ...trafficOf(siteUrl, date), ctr: 0.1 })), responseAggregationType: "byProperty" });
      }
      const keys = dimension === "page" ? ["/", "/pricing", "/blog"].map((path) => new URL(path, siteUrl.replace("sc-domain:", "https://")).toString()) : FAKE_QUERIES;
      const rows = keys.map((key, index) => rowOf([key], (3 - index) * days.length, (3 - index) * days.length * 10, 2 + index));
      return json(200, { rows: rows.slice(0, body.rowLimit ?? 1000), responseAggregationType: "byPage" });
    }
    googleError(404, "NOT_FOUND", "Not found");
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** What SEARCH_CONSOLE_API_URL is set to. */
    url: `${origin}/`,
    calls,
    /** The next `times` calls fail with `status` (after the bearer is checked, as Google's quota is per user). */
    failNext(status: number, times = 1, retryAfter?: number) {
      for (let index = 0; index < times; index++) failures.push({ status, retryAfter });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
