import { auth, searchconsole, type searchconsole_v1 } from "@googleapis/searchconsole";
import { discover } from "../../auth/oidc";
import { type Config, getConfig } from "../../config";
import { logger } from "../../logger";

/**
 * Google's side of Search Console (issue 13): the OAuth client that connects an account (offline
 * access, so a refresh token), and the API through Google's official client. Every endpoint comes
 * from GOOGLE_ISSUER's discovery document and SEARCH_CONSOLE_API_URL, so tests point them at
 * loopback servers that speak the same protocols.
 */

export const SEARCH_CONSOLE_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
/** Read-only Search Console, and which Google account it is (shown in the settings). */
export const CONNECT_SCOPES = ["openid", "email", SEARCH_CONSOLE_SCOPE];

export type SiteEntry = { site_url: string; permission_level: string };
export type AnalyticsRow = { keys: string[]; clicks: number; impressions: number; position: number };
export type AnalyticsRequest = { startDate: string; endDate: string; dimensions: Array<"date" | "query" | "page">; rowLimit: number };

/** What the sync needs of a Search Console account; the demo implements it too. */
export interface SearchConsoleApi {
  listSites(): Promise<SiteEntry[]>;
  query(siteUrl: string, request: AnalyticsRequest): Promise<AnalyticsRow[]>;
}

/**
 * Why a call failed, as the product acts on it: `revoked` (the grant is gone: reconnect),
 * `forbidden` (the account lost this site), `unavailable` (429, 5xx, network: try later).
 */
export class SearchConsoleError extends Error {
  constructor(
    readonly code: "revoked" | "forbidden" | "unavailable",
    message: string,
  ) {
    super(message);
    this.name = "SearchConsoleError";
  }
}

export function googleConfigured(config: Config = getConfig()): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

type OAuthClient = InstanceType<typeof auth.OAuth2>;

const ATTEMPTS = 4;
const CALL_TIMEOUT_MS = 30_000;
const MAX_DELAY_MS = 30_000;

/** An OAuth client for the connection flow, its endpoints from the issuer's discovery document. */
export async function googleOAuthClient(redirectUri?: string, config: Config = getConfig()): Promise<OAuthClient> {
  const document = await discover(config.GOOGLE_ISSUER);
  return new auth.OAuth2({
    // Without a time-out a connection that never answers would hold a sync (and its user's next ones) forever.
    transporterOptions: { timeout: CALL_TIMEOUT_MS },
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: document.authorization_endpoint,
      oauth2TokenUrl: document.token_endpoint,
      oauth2RevokeUrl: document.revocation_endpoint ?? new URL("/revoke", document.token_endpoint).toString(),
    },
  });
}

/**
 * Revokes a refresh token (RFC 7009: the token in the body, the client authenticated, which Google
 * accepts and other issuers require); a failure is logged, not thrown: the user is leaving either way.
 */
export async function revokeGrant(refreshToken: string, config: Config = getConfig()): Promise<boolean> {
  try {
    const document = await discover(config.GOOGLE_ISSUER);
    const endpoint = document.revocation_endpoint ?? new URL("/revoke", document.token_endpoint).toString();
    const credentials = Buffer.from(`${encodeURIComponent(config.GOOGLE_CLIENT_ID ?? "")}:${encodeURIComponent(config.GOOGLE_CLIENT_SECRET ?? "")}`).toString("base64");
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${credentials}` },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token" }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw Object.assign(new Error(`revocation answered ${response.status}`), { status: response.status });
    return true;
  } catch (error) {
    logger.warn("search-console.revoke_failed", { error: summarize(error) });
    return false;
  }
}


/** The API of one Google account, through its refresh token (the client refreshes access tokens itself). */
export async function googleSearchConsole(refreshToken: string, config: Config = getConfig()): Promise<SearchConsoleApi> {
  // The discovery document is fetched on first use: a dropped connection there is tried again too.
  const client = await withRetries(() => googleOAuthClient(undefined, config));
  client.setCredentials({ refresh_token: refreshToken });
  const api = searchconsole({ version: "v1", auth: client, rootUrl: config.SEARCH_CONSOLE_API_URL });
  return {
    async listSites() {
      const response = await withRetries(() => api.sites.list({}, { retry: false, timeout: CALL_TIMEOUT_MS }));
      return (response.data.siteEntry ?? [])
        .filter((entry) => entry.siteUrl && entry.permissionLevel !== "siteUnverifiedUser")
        .map((entry) => ({ site_url: entry.siteUrl as string, permission_level: entry.permissionLevel ?? "siteRestrictedUser" }));
    },
    async query(siteUrl, request) {
      const requestBody: searchconsole_v1.Schema$SearchAnalyticsQueryRequest = { ...request, dataState: "final", type: "web" };
      const response = await withRetries(() => api.searchanalytics.query({ siteUrl, requestBody }, { retry: false, timeout: CALL_TIMEOUT_MS }));
      return (response.data.rows ?? []).map((row) => ({
        keys: row.keys ?? [],
        clicks: row.clicks ?? 0,
        impressions: row.impressions ?? 0,
        position: row.position ?? 0,
      }));
    },
  };
}

type HttpFailure = { status?: number; response?: { status?: number; headers?: unknown; data?: unknown }; code?: string };

/**
 * 429 and 5xx are tried again after Retry-After, else 1 s doubling with jitter (at most 30 s), four
 * attempts in all; what is left becomes a SearchConsoleError.
 */
async function withRetries<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const failure = classify(error);
      if (failure.code !== "unavailable" || attempt >= ATTEMPTS) throw failure;
      await new Promise((resolve) => setTimeout(resolve, failure.retryAfterMs ?? backoff(attempt)));
    }
  }
}

const backoff = (attempt: number) => Math.min(MAX_DELAY_MS, 1000 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);

function classify(error: unknown): SearchConsoleError & { retryAfterMs?: number } {
  const failure = error as HttpFailure;
  const status = failure.response?.status ?? failure.status;
  const body = JSON.stringify(failure.response?.data ?? "");
  // The token endpoint answers `invalid_grant` when the user revoked access or the token expired.
  if (body.includes("invalid_grant") || status === 401) return new SearchConsoleError("revoked", summarize(error));
  if (status === 403 && !body.includes("rateLimitExceeded") && !body.includes("quotaExceeded")) return new SearchConsoleError("forbidden", summarize(error));
  const result: SearchConsoleError & { retryAfterMs?: number } = new SearchConsoleError("unavailable", summarize(error));
  const retryAfter = Number(header(failure.response?.headers, "retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) result.retryAfterMs = Math.min(MAX_DELAY_MS, retryAfter * 1000);
  return result;
}

function header(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === "string" ? value : null;
}

function summarize(error: unknown): string {
  const failure = error as HttpFailure & { message?: string; cause?: { message?: string; code?: string; cause?: { code?: string; message?: string } } };
  const status = failure.response?.status ?? failure.status;
  // fetch's own "fetch failed" says why only in its cause (ECONNRESET, a time-out…).
  const cause = failure.cause?.cause ?? failure.cause;
  const why = cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : "";
  return `${status ?? failure.code ?? "error"}: ${String(failure.message ?? error).slice(0, 200)}${why}`;
}
