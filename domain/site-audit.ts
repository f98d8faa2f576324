/**
 * The website analysis's states and failure codes (issue 12), shared by the API, the table and the
 * screens that show an analysis running, done or failed.
 */

/** `pending`: queued; `running`: a worker is fetching the site; `done`: the report is there; `failed`: `error.code` says why. */
export const SITE_AUDIT_STATUSES = ["pending", "running", "done", "failed"] as const;
export type SiteAuditStatus = (typeof SITE_AUDIT_STATUSES)[number];

/**
 * Why the home page could not be fetched (server/site-audit/errors.ts says when each happens):
 * not an http(s) address, an address the server may not reach, too slow, too many redirects, a
 * name that does not resolve, a refused connection, an answer that is not HTTP.
 */
export const FETCH_ERROR_CODES = ["invalid_url", "address_not_allowed", "timeout", "too_many_redirects", "dns_failed", "connection_failed", "invalid_response"] as const;
export type FetchErrorCode = (typeof FETCH_ERROR_CODES)[number];

/** A failed analysis's code: the fetch's, or `audit_error` when the analysis itself broke. */
export const SITE_AUDIT_ERROR_CODES = [...FETCH_ERROR_CODES, "audit_error"] as const;
export type SiteAuditErrorCode = (typeof SITE_AUDIT_ERROR_CODES)[number];

export const isSiteAuditRunning = (status: SiteAuditStatus): boolean => status === "pending" || status === "running";
