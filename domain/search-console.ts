/**
 * Search Console (issue 13, seed 000 §3–§4, §8): the dashboard's periods, where a connection's data
 * comes from, and the codes a connection's return carries. Shared by the API and the web app.
 */

/** Seed §3: the dashboard's periods; 30 days by default. */
export const DASHBOARD_PERIODS = ["7days", "30days", "90days", "180days", "365days"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "30days";

export function isDashboardPeriod(value: unknown): value is DashboardPeriod {
  return typeof value === "string" && (DASHBOARD_PERIODS as readonly string[]).includes(value);
}

/** Seed 000 §9: the product's name, then dashboard_period; kept a year. */
export const DASHBOARD_PERIOD_COOKIE = "sightline_dashboard_period";

export const periodDays = (period: DashboardPeriod): number => Number.parseInt(period, 10);

/** `google` is the user's own account; `demo` draws deterministic sites and traffic from the profile. */
export const SEARCH_CONSOLE_SOURCES = ["google", "demo"] as const;
export type SearchConsoleSource = (typeof SEARCH_CONSOLE_SOURCES)[number];

/** Seed §8: why a connection's return failed, as `?error=` on the page it returns to. */
export const CONNECT_ERRORS = ["oauth_failed", "invalid_callback", "callback_failed", "session_expired", "permissions_denied"] as const;
export type ConnectError = (typeof CONNECT_ERRORS)[number];

export function isConnectError(value: unknown): value is ConnectError {
  return typeof value === "string" && (CONNECT_ERRORS as readonly string[]).includes(value);
}

/** Where a connection started, so its return lands there. */
export const CONNECT_ORIGINS = ["dashboard", "onboarding", "settings"] as const;
export type ConnectOrigin = (typeof CONNECT_ORIGINS)[number];

/**
 * A sync's state: `queued`/`running` while one is under way (one at a time per user), `failed` with
 * a code when the last one did not finish.
 */
export const SYNC_STATUSES = ["idle", "queued", "running", "failed"] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const SYNC_ERRORS = ["needs_reconnect", "site_forbidden", "unavailable"] as const;
export type SyncError = (typeof SYNC_ERRORS)[number];

/** How many rows of top queries and top pages a sync keeps per period (the API's rowLimit). */
export const TOP_ROWS = 1000;

/**
 * Whether a Search Console property is the profile's website (seed §2: that one is "recommended"):
 * a URL-prefix property on the same host (www or not), or a domain property of the same domain.
 */
export function siteMatchesWebsite(siteUrl: string, website: string | null | undefined): boolean {
  if (!website) return false;
  const host = hostOf(website);
  if (!host) return false;
  if (siteUrl.startsWith("sc-domain:")) {
    const domain = siteUrl.slice("sc-domain:".length).toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  }
  const siteHost = hostOf(siteUrl);
  return siteHost !== null && siteHost.replace(/^www\./, "") === host.replace(/^www\./, "");
}

function hostOf(address: string): string | null {
  try {
    return new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** A property as people read it: `sc-domain:example.com` is "example.com", a URL prefix loses its scheme and last slash. */
export function siteLabel(siteUrl: string): string {
  return siteUrl.startsWith("sc-domain:") ? siteUrl.slice("sc-domain:".length) : siteUrl.replace(/^https?:\/\//, "").replace(/\/$/, "");
}
