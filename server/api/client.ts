import { type ClientRequestOptions, type ClientResponse, hc } from "hono/client";
import { mountOf, type Router, type RouterName } from "./routers";

/** Any origin: the clients' `fetch` hands the path to the API in process (or to API_URL). */
const BASE = "http://api.sightline.internal/api/v1";

/**
 * A typed client of one domain router (Hono RPC): paths, params, queries, bodies and answers come
 * from the router's own schemas, so a wrong field name or type is a compile error. The transport is
 * the caller's `fetch` (the web app's session-aware one, a test's in-process one).
 */
export function apiClient<Name extends RouterName>(name: Name, options: ClientRequestOptions & { fetch: typeof fetch }) {
  return hc<Router<Name>>(`${BASE}${mountOf(name)}`, options);
}

/** The path (with its query) a client call asked for, as the API app routes it. */
export function apiPath(input: RequestInfo | URL): string {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return `${url.pathname}${url.search}`;
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body a call's success statuses carry (the union over every 2xx the route declares). */
export type SuccessBody<R> = R extends ClientResponse<infer Body, infer Status, infer _Format> ? (Status extends SuccessStatus ? Body : never) : never;
