import type { FetchErrorCode } from "#domain/site-audit";

/**
 * Why a page could not be fetched, as a stable code the API and the UI translate (never a sentence):
 * - `invalid_url`: not an http(s) address (also a redirect to another scheme);
 * - `address_not_allowed`: the host is, or resolves to, a loopback, private, link-local, CGNAT,
 *   multicast, reserved or cloud-metadata address (ALLOW_PRIVATE_FETCH lifts this);
 * - `timeout`: the whole fetch, redirects and body included, took longer than its limit;
 * - `too_many_redirects`: more redirects than allowed, or a loop;
 * - `dns_failed`: the host name does not resolve;
 * - `connection_failed`: refused, reset, or TLS failed;
 * - `invalid_response`: the server answered something that is not HTTP, or a body that does not
 *   decompress.
 */
export type { FetchErrorCode };

export type Redirect = { from: string; to: string; status: number };

export type FetchErrorDetail = {
  /** The address being fetched when it failed (after any redirects). */
  url?: string;
  /** The refused IP address, for `address_not_allowed`. */
  address?: string;
  /** The redirects followed before the failure: a report can show the chain or the loop. */
  redirects?: Redirect[];
  /** The redirect target seen twice, for a loop. */
  loop?: boolean;
  /** Node's own error code (ECONNREFUSED, ERR_SSL_…), for logs. */
  cause?: string;
};

export class SiteFetchError extends Error {
  override name = "SiteFetchError";
  constructor(
    readonly code: FetchErrorCode,
    readonly detail: FetchErrorDetail = {},
  ) {
    super(detail.url ? `${code}: ${detail.url}` : code);
  }
}
