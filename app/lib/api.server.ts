import type { TFunction } from "i18next";
import type { ClientResponse } from "hono/client";
import { createContext, data, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { getApi } from "../../server/api";
import { keptInProcess } from "../../server/api/in-process";
import { textOf } from "../../server/http/known-body";
import { apiClient, apiPath, type SuccessBody } from "../../server/api/client";
import type { RouterName } from "../../server/api/routers";
import type { AuthUser } from "../../server/http/env";
import type { ApiFieldErrors, Session, Usage } from "./api-types";
import { getConfig } from "./config.server";
import { clientIpContext } from "../../server/request-context";
import { commitSession, destroySession, readSession, type WebSession } from "./session.server";
import { setToast } from "./toast.server";
import { getFixedT } from "~/middleware/i18next.server";

/** Seed 000 §7: 30 s unless a call says otherwise. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** Seed 000 §7, 001 §9: questions, analyses and the insights over them get 90 s, the leaderboard and the website analysis 120 s. */
const SLOW_MS = 90_000;
const SLOWEST_MS = 120_000;
/** Seed 001 §9: a token counts as expired 10 s before it does. */
const REFRESH_MARGIN_MS = 10_000;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: ApiFieldErrors,
    readonly headers?: Headers,
    /** The whole error body, for the few answers that carry more than a message (e.g. `email`). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** What every call gives: the body of its success status, the status (202: still being computed) and the headers. */
export type ApiResult<T> = { data: T; status: number; headers: Headers };

/** How one domain router is reached: its time-out, and whether it needs the session's token. */
type Reach = { timeoutMs?: number; authorize?: boolean };

/** A GET answer kept for the rest of the request, so each asker gets its own Response of it. */
type Buffered = { status: number; headers: Headers; body: string | null };

/**
 * A kept GET answer as one asker reads it: its own parse of the text, as `read` asks for it. A
 * Response made from the text would encode it into a body stream only for `json()` to drain and
 * decode it again, three times the parse's cost, for every call of every page (issue 16).
 */
class KeptResponse extends Response {
  readonly #text: string | null;

  constructor(text: string | null, init: ResponseInit) {
    super(null, init);
    this.#text = text;
  }

  override async text(): Promise<string> {
    return this.#text ?? "";
  }

  override async json(): Promise<unknown> {
    return JSON.parse(this.#text ?? "");
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return new TextEncoder().encode(this.#text ?? "").buffer as ArrayBuffer;
  }

  override clone(): KeptResponse {
    return new KeptResponse(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/**
 * The web app's only way to the API: one typed client per domain router (Hono RPC, built from the
 * routers' own schemas by server/api/client.ts), over a transport that holds the session of one
 * request. It refreshes the access token shortly before it expires (once, however many loaders
 * ask), retries once after a 401, makes identical GETs once, applies the seeds' time-outs, turns
 * every refusal into an ApiRequestError with a readable message, and calls the Hono app in process
 * (or over HTTP when API_URL is set).
 *
 *   const { data: profile } = await read(api.user.profile.$get());
 */
export class ApiClient {
  #session: WebSession | null;
  #refreshing: Promise<WebSession> | undefined;
  readonly #gets = new Map<string, Promise<Buffered>>();
  readonly #shared = new Map<string, Promise<unknown>>();
  /** Lets the in-process API check this request's token once for all its calls (server/http/env.ts). */
  readonly #authMemo = new Map<string, Promise<AuthUser>>();
  /** True when this request refreshed the tokens, so the response must carry the new cookie. */
  sessionChanged = false;

  constructor(
    private readonly options: { request: Request; url: URL; session: WebSession | null; clientIp: string; t: TFunction },
  ) {
    this.#session = options.session;
  }

  get session() {
    return this.#session;
  }

  /** The page asked for, as its loaders see it (a client navigation's `.data` URL taken back to the page's). */
  get pageUrl(): URL {
    return this.options.url;
  }

  // ---- one client per domain router (server/api/routers.ts) -------------------------------

  /** Sign-in, links and the token refresh: public, so they never carry (or refresh) a token. */
  readonly auth = this.#client("auth", { authorize: false });
  /** The same router's calls for a signed-in user (logout). */
  readonly sessions = this.#client("auth");

  readonly config = this.#client("config", { authorize: false });
  readonly user = this.#client("user");
  readonly seoProfile = this.#client("seoProfile");
  readonly onboarding = this.#client("onboarding");
  readonly questions = this.#client("questions", { timeoutMs: SLOW_MS });
  readonly quota = this.#client("quota");
  readonly analyses = this.#client("analyses", { timeoutMs: SLOW_MS });
  readonly citingSources = this.#client("citingSources", { timeoutMs: SLOW_MS });
  readonly searchQueries = this.#client("searchQueries", { timeoutMs: SLOW_MS });
  readonly leaderboard = this.#client("leaderboard", { timeoutMs: SLOWEST_MS });
  readonly siteAudits = this.#client("siteAudits", { timeoutMs: SLOWEST_MS });
  readonly searchConsoleOAuth = this.#client("searchConsoleOAuth");
  readonly searchConsole = this.#client("searchConsole");
  readonly factors = this.#client("factors");
  readonly subscription = this.#client("subscription");
  /** The "Soon" sections and their waitlists (issue 17). */
  readonly features = this.#client("features");
  readonly adminConfiguration = this.#client("adminConfiguration");
  readonly academy = this.#client("academy");
  /** The academy's thumbnail uploads: 10 MB may take a minute on a slow line. */
  readonly uploads = this.#client("academy", { timeoutMs: 60_000 });
  /** The backlinks marketplace: its catalogue, checkout and orders, and the team's side of them. */
  readonly backlinks = this.#client("backlinks");
  /** The catalogue's CSV import: a few megabytes, checked row by row. */
  readonly backlinkImports = this.#client("backlinks", { timeoutMs: 60_000 });
  readonly cart = this.#client("cart");


  #client<Name extends RouterName>(name: Name, reach: Reach = {}) {
    return apiClient(name, { fetch: ((input: RequestInfo | URL, init?: RequestInit) => this.#fetch(apiPath(input), init ?? {}, reach)) as typeof fetch });
  }

  /**
   * A call that changes nothing although it is not a GET (POST /quota/check): made once per
   * request under `key`, as identical GETs are.
   */
  once<T>(key: string, call: () => Promise<T>): Promise<T> {
    let pending = this.#shared.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = call();
      this.#shared.set(key, pending);
      pending.catch(() => this.#shared.delete(key));
    }
    return pending;
  }

  // ---- transport -------------------------------------------------------------------------

  async #fetch(path: string, init: RequestInit, reach: Reach): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    if (method === "GET") return this.#sharedGet(`${reach.authorize !== false}:${path}`, () => this.#exchange(method, path, init, reach));
    // A write may change what earlier reads of this request returned, the signed-in user included.
    this.#forgetReads();
    try {
      return await this.#exchange(method, path, init, reach);
    } finally {
      this.#forgetReads();
    }
  }

  async #sharedGet(key: string, exchange: () => Promise<Response>): Promise<Response> {
    let pending = this.#gets.get(key);
    if (!pending) {
      pending = exchange().then(async (response) => ({
        status: response.status,
        headers: response.headers,
        body: response.status === 204 ? null : await textOf(response),
      }));
      this.#gets.set(key, pending);
      pending.catch(() => this.#gets.delete(key));
    }
    const { status, headers, body } = await pending;
    return new KeptResponse(body, { status, headers });
  }

  #forgetReads() {
    this.#gets.clear();
    this.#shared.clear();
    this.#authMemo.clear();
  }

  async #exchange(method: string, path: string, init: RequestInit, reach: Reach): Promise<Response> {
    if (reach.authorize === false) return this.#send(method, path, init, reach);
    let session = await this.#currentSession();
    try {
      return await this.#send(method, path, init, reach, session.access_token);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 403 && error.code === "mfa_required") throw this.#codeRequired();
      if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
      session = await this.#refresh(session);
      try {
        return await this.#send(method, path, init, reach, session.access_token);
      } catch (retryError) {
        if (retryError instanceof ApiRequestError && retryError.status === 401) throw await this.#expired();
        throw retryError;
      }
    }
  }

  async #currentSession(): Promise<WebSession> {
    const session = this.#session;
    if (!session) throw await this.#expired();
    if (session.expires_at * 1000 - REFRESH_MARGIN_MS <= Date.now()) return this.#refresh(session);
    return session;
  }

  /** One refresh per request however many loaders ask at once. */
  #refresh(session: WebSession): Promise<WebSession> {
    this.#refreshing ??= read(this.auth.token.$post({ query: { grant_type: "refresh_token" }, json: { refresh_token: session.refresh_token } })).then(
      ({ data }) => {
        this.setSession(data);
        this.sessionChanged = true;
        return this.#session!;
      },
      async (error) => {
        if (error instanceof ApiRequestError && (error.status === 401 || error.status === 400)) throw await this.#expired();
        throw error;
      },
    );
    return this.#refreshing;
  }

  /** Signed out (or the session died): nothing for the middleware to write back, even after a refresh. */
  clearSession() {
    this.#session = null;
    this.sessionChanged = false;
  }

  setSession(session: Session) {
    this.#session = {
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      expires_at: session.expires_at,
      user: { id: session.user.id, email: session.user.email, role: session.user.role },
    };
  }

  /** Signed in with one factor on an account that has two: the code first, then back here. */
  #codeRequired(): Response {
    const { url } = this.options;
    const back = url.pathname.startsWith("/auth") ? "/dashboard" : `${url.pathname}${url.search}`;
    return redirect(`/auth/mfa?redirectTo=${encodeURIComponent(back)}`);
  }

  /** Seed 000 §4/§8: an unrefreshable session ends on the sign-in page with the "Session expirée" toast. */
  async #expired(): Promise<Response> {
    this.clearSession();
    const headers = new Headers();
    headers.append("Set-Cookie", await destroySession());
    const { t } = this.options;
    headers.append("Set-Cookie", await setToast({ type: "error", title: t("auth.sessionExpired.title"), description: t("auth.sessionExpired.description") }));
    return redirect("/auth?mode=login", { headers });
  }

  /** One exchange with the API; any answer but a success is thrown as an ApiRequestError. */
  async #send(method: string, path: string, init: RequestInit, reach: Reach, token?: string): Promise<Response> {
    const apiUrl = getConfig().API_URL;
    if (!apiUrl && init.body == null) {
      const kept = await keptInProcess(method, path, token, this.#authMemo);
      if (kept) return this.#answered(new KeptResponse(kept.body, { status: kept.status, headers: kept.headers }));
    }
    const headers = new Headers(init.headers);
    headers.set("accept", "application/json");
    if (token) headers.set("authorization", `Bearer ${token}`);
    // Only for the session list; trimmed so an oversized header cannot make every call a 431.
    const userAgent = this.options.request.headers.get("user-agent");
    if (userAgent) headers.set("user-agent", userAgent.slice(0, 500));
    const request: RequestInit = { method, headers, body: init.body };

    const timeoutMs = reach.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ApiRequestError(504, this.options.t("errors.timeout", { seconds: Math.round(timeoutMs / 1000) }), "timeout")),
        timeoutMs,
      );
    });
    let response: Response;
    try {
      const call = apiUrl
        ? fetch(new URL(path, apiUrl), { ...request, headers: withForwardedFor(headers, this.options.clientIp), signal: AbortSignal.timeout(timeoutMs) })
        : Promise.resolve(getApi().request(path, request, { clientIp: this.options.clientIp, authMemo: this.#authMemo }));
      response = await Promise.race([call, timeout]);
    } catch (error) {
      if (error instanceof ApiRequestError) throw error;
      throw new ApiRequestError(502, this.options.t("errors.network"), "network");
    } finally {
      clearTimeout(timer);
    }
    return this.#answered(response);
  }

  /** The API's answer as the caller takes it: a success as it is, anything else thrown. */
  async #answered(response: Response): Promise<Response> {
    // Seed 000 §7: 202 means accepted and still processing, not a failure.
    if (response.ok) return response;
    const body = ((await response.json().catch(() => null)) ?? {}) as { message?: string; error?: string; code?: string; errors?: ApiFieldErrors };
    const message =
      response.status === 431 ? this.options.t("errors.headersTooLarge") : body.message || body.error || response.statusText || this.options.t("errors.requestFailed");
    throw new ApiRequestError(response.status, message, body.code, body.errors, response.headers, body);
  }
}

/**
 * The one shape of every call's answer: `{ data, status, headers }`, `data` typed by the route's
 * success responses. Refusals were thrown by the transport as ApiRequestError already.
 */
export async function read<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<ApiResult<SuccessBody<R>>> {
  const response = await call;
  const data = response.status === 204 ? null : await response.json();
  return { data: data as SuccessBody<R>, status: response.status, headers: response.headers };
}

/** The body alone, for `.then(dataOf)`. */
export const dataOf = <T>(result: ApiResult<T>) => result.data;

/**
 * For loaders: the API's 404 (absent, someone else's, or unpublished) is the page's 404, not an
 * error screen. A malformed id the API refuses with 400 is no page either.
 */
export function notFoundOn404(error: unknown): never {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
  throw error;
}

/** For a resource that may not exist yet (the SEO profile, the latest analysis): null on 404. */
export function nullOn404(error: unknown): null {
  if (error instanceof ApiRequestError && error.status === 404) return null;
  throw error;
}

/** Seed 001 §7: the x-lifetime-* usage counters of the questions and website-analysis calls. */
export function usageFrom(headers: Headers): Usage {
  const read = (name: string) => {
    const value = headers.get(`x-lifetime-${name}`);
    return value === null || value === "" ? Number.NaN : Number(value);
  };
  const usage = { limit: read("limit"), used: read("used"), remaining: read("remaining") };
  return Object.values(usage).every(Number.isFinite) ? usage : null;
}

function withForwardedFor(headers: Headers, ip: string) {
  const copy = new Headers(headers);
  copy.set("x-forwarded-for", ip);
  return copy;
}

export const apiContext = createContext<ApiClient>();

/** Builds the request's API client from the session cookie; writes the cookie back when tokens rotated. */
export const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const client = new ApiClient({
    request,
    url,
    session: await readSession(request),
    clientIp: context.get(clientIpContext),
    t: await getFixedT(context),
  });
  context.set(apiContext, client);
  const response = await next();
  if (client.sessionChanged && client.session) {
    response.headers.append("Set-Cookie", await commitSession(client.session));
  }
  return response;
};

export function getApiClient(context: Readonly<RouterContextProvider>): ApiClient {
  return context.get(apiContext);
}

/** The guard every protected loader and action starts with. */
export function requireSession(context: Readonly<RouterContextProvider>): WebSession {
  const client = getApiClient(context);
  const session = client.session;
  if (!session) {
    const url = client.pageUrl;
    const redirectTo = `${url.pathname}${url.search}`;
    throw redirect(`/auth?mode=login&redirectTo=${encodeURIComponent(redirectTo)}`);
  }
  return session;
}

/**
 * Whether an analysis may start now (seed 001: the availability indicator). POST /quota/check
 * changes nothing, and the layout and the page both ask: made once per request.
 */
export const availabilityOf = (api: ApiClient) => api.once("quota.check", () => read(api.quota.check.$post()));

/** A query as the API reads it: every value a string, absent ones left out. */
export function queryOf<T extends Record<string, string | number | boolean | null | undefined>>(values: T): { [K in keyof T]?: string } {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== "") query[name] = String(value);
  return query as { [K in keyof T]?: string };
}
