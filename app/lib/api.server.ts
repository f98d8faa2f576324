import type { TFunction } from "i18next";
import { createContext, data, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { getApi } from "../../server/api";
import type { AuthUser } from "../../server/http/env";
import type {
  AcademyChapter, AcademyChapterInput, AcademyChapterPatch, AcademyCourse, AcademyCourseDetail, AcademyCourseInput,
  AcademyCoursePatch, AcademyProgressResult, AcademyThumbnail, AcademyVideo, AcademyVideoDetail, AcademyVideoInput,
  AcademyVideoPatch, Analysis, AnalysisStats, AnalysisSummary, ApiFieldErrors, AppConfig, Availability, Checkout, CitingSources,
  InsightFilters, Leaderboard, Plan, PlanChangeResult, PlanRequest, Profile, QueryClusters, Question, QuestionInput, QuotaStatus,
  SeoProfile, SeoProfileInput, Session, Subscription, SubscriptionChange, ThumbnailTarget, Usage,
} from "./api-types";
import { getConfig } from "./config.server";
import { clientIpContext } from "../../server/request-context";
import { commitSession, destroySession, readSession, type WebSession } from "./session.server";
import { setToast } from "./toast.server";
import { getFixedT } from "~/middleware/i18next.server";

/** Seed 000 §7: 30 s unless a call says otherwise. */
const DEFAULT_TIMEOUT_MS = 30_000;
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

export type ApiResult<T> = { data: T; status: number; headers: Headers };

type CallOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  timeoutMs?: number;
};

/**
 * The web app's only way to the API. It holds the session of one request: refreshes the access
 * token shortly before it expires, retries once after a 401, makes identical GETs once, and calls
 * the Hono app in process (or over HTTP when API_URL is set).
 */
export class ApiClient {
  #session: WebSession | null;
  #refreshing: Promise<WebSession> | undefined;
  readonly #gets = new Map<string, Promise<ApiResult<unknown>>>();
  /** Lets the in-process API check this request's token once for all its calls (server/http/env.ts). */
  readonly #authMemo = new Map<string, Promise<AuthUser>>();
  /** True when this request refreshed the tokens, so the response must carry the new cookie. */
  sessionChanged = false;

  constructor(
    private readonly options: { request: Request; session: WebSession | null; clientIp: string; t: TFunction },
  ) {
    this.#session = options.session;
  }

  get session() {
    return this.#session;
  }

  // ---- endpoints -------------------------------------------------------------------------

  readonly auth = {
    login: (body: { email: string; redirect_to: string; locale: string }) =>
      this.#send<{ message: string }>("POST", "/auth/login", { body }),
    verify: (token: string) => this.#send<Session>("POST", "/auth/verify", { body: { token } }),
    preview: (token: string) => this.#send<{ email: string; expires_at: string }>("POST", "/auth/verify/preview", { body: { token } }),
    logout: (scope: "local" | "global" | "others" = "local") => this.mutate<null>("POST", "/auth/logout", { query: { scope } }),
  };

  readonly user = {
    profile: () => this.get<Profile>("/user/profile"),
    update: (body: { first_name?: string | null; last_name?: string | null; website_url?: string | null; locale?: string }) =>
      this.mutate<Profile>("PATCH", "/user/profile", { body }),
  };

  readonly subscription = {
    current: () => this.get<{ subscription: Subscription | null }>("/subscription/current"),
    plans: () => this.get<{ plans: Plan[] }>("/subscription/plans"),
    history: () => this.get<SubscriptionChange[]>("/subscription/change-history"),
    checkout: (body: PlanRequest) => this.mutate<{ url: string; checkout_id: string }>("POST", "/subscription/checkout", { body }).then(dataOf),
    /** A Stripe checkout is brought up to date on the way (the browser may be back before the webhook). */
    getCheckout: (id: string) => this.get<Checkout>(`/subscription/checkout/${encodeURIComponent(id)}`),
    completeCheckout: (id: string) => this.mutate<{ subscription: Subscription }>("POST", `/subscription/checkout/${encodeURIComponent(id)}/complete`).then(dataOf),
    abandonCheckout: (id: string) => this.mutate<{ message: string }>("POST", `/subscription/checkout/${encodeURIComponent(id)}/abandon`).then(dataOf),
    changePlan: (body: PlanRequest) => this.mutate<PlanChangeResult>("PUT", "/subscription/change-plan", { body }).then(dataOf),
    cancel: () => this.mutate<{ message: string; effective_date: string }>("POST", "/subscription/cancel").then(dataOf),
    reactivate: () => this.mutate<{ message: string }>("POST", "/subscription/reactivate").then(dataOf),
    portal: () => this.mutate<{ url: string }>("POST", "/subscription/portal").then(dataOf),
    cancelPendingChange: () => this.mutate<{ message: string }>("DELETE", "/subscription/pending-change").then(dataOf),
  };

  /** Seed 001 §9: questions and analyses get 90 s. */
  readonly seoProfile = {
    /** null until the profile is set up (the API answers 404). */
    get: () => this.get<SeoProfile>("/user/seo-profile").catch(nullOn404),
    update: (body: SeoProfileInput) => this.mutate<SeoProfile>("PATCH", "/user/seo-profile", { body }),
  };

  readonly questions = {
    list: async (filters: { q?: string; category?: string; language?: string; source?: string; is_active?: string } = {}) => {
      const result = await this.getResult<{ questions: Question[]; total: number }>("/user-questions", { query: filters, timeoutMs: 90_000 });
      return { ...result.data, usage: usageFrom(result.headers) };
    },
    get: (id: string) => this.get<Question>(`/user-questions/${encodeURIComponent(id)}`, { timeoutMs: 90_000 }),
    create: (body: QuestionInput) => this.mutate<Question>("POST", "/user-questions", { body, timeoutMs: 90_000 }),
    update: (id: string, body: QuestionInput) => this.mutate<Question>("PUT", `/user-questions/${encodeURIComponent(id)}`, { body, timeoutMs: 90_000 }),
    remove: (id: string) => this.mutate<{ deleted: true }>("DELETE", `/user-questions/${encodeURIComponent(id)}`, { timeoutMs: 90_000 }),
  };

  readonly quota = {
    status: () => this.get<QuotaStatus>("/quota/status"),
    /** Whether an analysis may start now (seed 001: "availability"); a POST that changes nothing, so it is shared like a read. */
    check: () => this.#shared("POST /quota/check", {}, () => this.#authed<Availability>("POST", "/quota/check", {})),
  };

  readonly analyses = {
    create: (body: { question_limit?: number } = {}) => this.mutate<Analysis>("POST", "/seo-llm/analyses", { body, timeoutMs: 90_000 }),
    /** null when the user has none yet (404). */
    latest: () => this.get<Analysis>("/seo-llm/analyses/latest", { timeoutMs: 90_000 }).catch(nullOn404),
    get: (id: string) => this.get<Analysis>(`/seo-llm/analyses/${encodeURIComponent(id)}`, { timeoutMs: 90_000 }),
    list: (page: { limit?: number; offset?: number } = {}) =>
      this.get<{ analyses: AnalysisSummary[]; total: number; limit: number; offset: number }>("/seo-llm/analyses", { query: page, timeoutMs: 90_000 }),
    stats: (period: { startDate?: string; endDate?: string }) => this.get<AnalysisStats>("/seo-llm/analyses/stats", { query: period, timeoutMs: 90_000 }),
  };

  readonly insights = {
    citingSources: (filters: InsightFilters & { limit?: number } = {}) =>
      this.get<CitingSources>("/seo-llm/analyses/citing-sources", { query: filters, timeoutMs: 90_000 }),
    /** Seed 001 §4: a 202 means the clusters are being computed, so the screen shows that, not an error. */
    queryClusters: async (options: { model?: string; limit?: number; page?: number; min_occurrences?: number; start_date?: string; end_date?: string }) => {
      const { data, status } = await this.getResult<QueryClusters>("/analytics/ai-search-queries", { query: options, timeoutMs: 90_000 });
      return { ...data, computing: status === 202 };
    },
  };

  readonly leaderboard = {
    /** Seed 001 §9: the leaderboard gets 120 s. */
    competitors: (options: { limit?: number; min_analyses?: number; start_date?: string; end_date?: string } = {}) =>
      this.get<Leaderboard>("/leaderboard/competitors", { query: options, timeoutMs: 120_000 }),
    position: () => this.get<{ position: number | null; total: number }>("/leaderboard/position", { timeoutMs: 120_000 }),
  };

  readonly academy = {
    publishedCourses: () => this.get<AcademyCourse[]>("/academy/published-courses"),
    course: (slug: string) => this.get<AcademyCourseDetail>(`/academy/courses/${encodeURIComponent(slug)}`),
    video: (id: string) => this.get<AcademyVideoDetail>(`/academy/videos/${encodeURIComponent(id)}`),
    setProgress: (id: string, watched: boolean) =>
      this.mutate<AcademyProgressResult>("PUT", `/academy/videos/${encodeURIComponent(id)}/progress`, { body: { watched } }).then(dataOf),
  };

  /** Seed 001 §7: the admin calls (403 for users). Thumbnails go up as multipart `file` or as JSON `{url}`. */
  readonly academyAdmin = {
    courses: () => this.get<AcademyCourse[]>("/academy/admin/courses"),
    course: (id: string) => this.get<AcademyCourseDetail>(`/academy/admin/courses/${encodeURIComponent(id)}`),
    createCourse: (body: AcademyCourseInput) => this.mutate<AcademyCourseDetail>("POST", "/academy/admin/courses", { body }).then(dataOf),
    updateCourse: (id: string, body: AcademyCoursePatch) =>
      this.mutate<AcademyCourseDetail>("PUT", `/academy/admin/courses/${encodeURIComponent(id)}`, { body }).then(dataOf),
    deleteCourse: (id: string) => this.mutate<{ deleted: true }>("DELETE", `/academy/admin/courses/${encodeURIComponent(id)}`).then(dataOf),
    publish: (id: string, isPublished: boolean) =>
      this.mutate<AcademyCourse>("POST", `/academy/admin/courses/${encodeURIComponent(id)}/publish`, { body: { is_published: isPublished } }).then(dataOf),
    reorderCourses: (ids: string[]) => this.mutate<{ ids: string[] }>("POST", "/academy/admin/courses/reorder", { body: { ids } }).then(dataOf),
    reorderChapters: (courseId: string, ids: string[]) =>
      this.mutate<{ ids: string[] }>("POST", `/academy/admin/courses/${encodeURIComponent(courseId)}/chapters/reorder`, { body: { ids } }).then(dataOf),
    createChapter: (body: AcademyChapterInput) => this.mutate<AcademyChapter>("POST", "/academy/admin/chapters", { body }).then(dataOf),
    updateChapter: (id: string, body: AcademyChapterPatch) =>
      this.mutate<AcademyChapter>("PUT", `/academy/admin/chapters/${encodeURIComponent(id)}`, { body }).then(dataOf),
    deleteChapter: (id: string) => this.mutate<{ deleted: true }>("DELETE", `/academy/admin/chapters/${encodeURIComponent(id)}`).then(dataOf),
    reorderVideos: (chapterId: string, ids: string[]) =>
      this.mutate<{ ids: string[] }>("POST", `/academy/admin/chapters/${encodeURIComponent(chapterId)}/videos/reorder`, { body: { ids } }).then(dataOf),
    createVideo: (body: AcademyVideoInput) => this.mutate<AcademyVideo>("POST", "/academy/admin/videos", { body }).then(dataOf),
    updateVideo: (id: string, body: AcademyVideoPatch) =>
      this.mutate<AcademyVideo>("PUT", `/academy/admin/videos/${encodeURIComponent(id)}`, { body }).then(dataOf),
    deleteVideo: (id: string) => this.mutate<{ deleted: true }>("DELETE", `/academy/admin/videos/${encodeURIComponent(id)}`).then(dataOf),
    uploadThumbnail: (target: ThumbnailTarget, file: Blob, filename = "thumbnail") => {
      const body = new FormData();
      body.set("file", file, filename);
      return this.mutate<AcademyThumbnail>("POST", thumbnailPath(target), { body, timeoutMs: 60_000 }).then(dataOf);
    },
    setThumbnailUrl: (target: ThumbnailTarget, url: string) => this.mutate<AcademyThumbnail>("POST", thumbnailPath(target), { body: { url } }).then(dataOf),
    /** Seed 001 §7 names DELETE /academy/courses/{id}/thumbnail (no /admin) for courses. */
    deleteThumbnail: (target: ThumbnailTarget) =>
      this.mutate<AcademyThumbnail>(
        "DELETE",
        target.kind === "course" ? `/academy/courses/${encodeURIComponent(target.id)}/thumbnail` : thumbnailPath(target),
      ).then(dataOf),
  };

  config = () => this.#sendShared<AppConfig>("/config");

  // ---- transport -------------------------------------------------------------------------

  /** An authenticated GET; the same path in the same request is fetched once. */
  get<T>(path: string, options: Omit<CallOptions, "body"> = {}): Promise<T> {
    return this.#shared(path, options, () => this.#authed<T>("GET", path, options));
  }

  /** A GET whose headers matter too (the x-lifetime-* usage counters); shared with get(). */
  getResult<T>(path: string, options: Omit<CallOptions, "body"> = {}): Promise<ApiResult<T>> {
    return this.#sharedResult(path, options, () => this.#authed<T>("GET", path, options));
  }

  #sendShared<T>(path: string): Promise<T> {
    return this.#shared(`public:${path}`, {}, () => this.#send<T>("GET", path, {}));
  }

  async #shared<T>(key: string, options: CallOptions, call: () => Promise<ApiResult<T>>): Promise<T> {
    return (await this.#sharedResult(key, options, call)).data;
  }

  #sharedResult<T>(key: string, options: CallOptions, call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    const cacheKey = `${key}?${JSON.stringify(options.query ?? {})}`;
    let pending = this.#gets.get(cacheKey) as Promise<ApiResult<T>> | undefined;
    if (!pending) {
      pending = call();
      this.#gets.set(cacheKey, pending);
      pending.catch(() => this.#gets.delete(cacheKey));
    }
    return pending;
  }

  async mutate<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, options: CallOptions = {}) {
    // A write may change what earlier reads of this request returned, the signed-in user included.
    this.#forgetReads();
    try {
      return await this.#authed<T>(method, path, options);
    } finally {
      this.#forgetReads();
    }
  }

  #forgetReads() {
    this.#gets.clear();
    this.#authMemo.clear();
  }

  async #authed<T>(method: string, path: string, options: CallOptions): Promise<ApiResult<T>> {
    let session = await this.#currentSession();
    try {
      return await this.#send<T>(method, path, options, session.access_token);
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
      session = await this.#refresh(session);
      try {
        return await this.#send<T>(method, path, options, session.access_token);
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
    this.#refreshing ??= this.#send<Session>("POST", "/auth/token", {
      query: { grant_type: "refresh_token" },
      body: { refresh_token: session.refresh_token },
    }).then(
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

  /** Seed 000 §4/§8: an unrefreshable session ends on the sign-in page with the "Session expirée" toast. */
  async #expired(): Promise<Response> {
    this.clearSession();
    const headers = new Headers();
    headers.append("Set-Cookie", await destroySession());
    const { t } = this.options;
    headers.append("Set-Cookie", await setToast({ type: "error", title: t("auth.sessionExpired.title"), description: t("auth.sessionExpired.description") }));
    return redirect("/auth?mode=login", { headers });
  }

  async #send<T>(method: string, path: string, options: CallOptions, token?: string): Promise<ApiResult<T>> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== "") search.set(name, String(value));
    }
    const target = `/api/v1${path}${search.size ? `?${search}` : ""}`;
    const headers = new Headers({ accept: "application/json" });
    // A FormData body (an upload) sets its own multipart type with the boundary.
    const form = options.body instanceof FormData;
    if (options.body !== undefined && !form) headers.set("content-type", "application/json");
    if (token) headers.set("authorization", `Bearer ${token}`);
    // Only for the session list; trimmed so an oversized header cannot make every call a 431.
    const userAgent = this.options.request.headers.get("user-agent");
    if (userAgent) headers.set("user-agent", userAgent.slice(0, 500));
    const body = options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body);
    const init: RequestInit = { method, headers, body };

    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const apiUrl = getConfig().API_URL;
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
        ? fetch(new URL(target, apiUrl), { ...init, headers: withForwardedFor(headers, this.options.clientIp), signal: AbortSignal.timeout(timeoutMs) })
        : Promise.resolve(getApi().request(target, init, { clientIp: this.options.clientIp, authMemo: this.#authMemo }));
      response = await Promise.race([call, timeout]);
    } catch (error) {
      if (error instanceof ApiRequestError) throw error;
      throw new ApiRequestError(502, this.options.t("errors.network"), "network");
    } finally {
      clearTimeout(timer);
    }

    const data = response.status === 204 ? null : await response.json().catch(() => null);
    // Seed 000 §7: 202 means accepted and still processing, not a failure.
    if (!response.ok) {
      const body = (data ?? {}) as { message?: string; error?: string; code?: string; errors?: ApiFieldErrors };
      const message =
        response.status === 431 ? this.options.t("errors.headersTooLarge") : body.message || body.error || response.statusText || this.options.t("errors.requestFailed");
      throw new ApiRequestError(response.status, message, body.code, body.errors, response.headers, body);
    }
    return { data: data as T, status: response.status, headers: response.headers };
  }
}

/**
 * For loaders: the API's 404 (absent, someone else's, or unpublished) is the page's 404, not an
 * error screen. A malformed id the API refuses with 400 is no page either.
 */
export function notFoundOn404(error: unknown): never {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
  throw error;
}

function thumbnailPath(target: ThumbnailTarget) {
  return `/academy/admin/${target.kind === "course" ? "courses" : "videos"}/${encodeURIComponent(target.id)}/thumbnail`;
}

/** The body of a mutation, for callers that need nothing else of the answer. */
const dataOf = <T>(result: ApiResult<T>) => result.data;

function nullOn404(error: unknown): null {
  if (error instanceof ApiRequestError && error.status === 404) return null;
  throw error;
}

function usageFrom(headers: Headers): Usage {
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
export const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const client = new ApiClient({
    request,
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
export function requireSession(context: Readonly<RouterContextProvider>, request: Request): WebSession {
  const session = getApiClient(context).session;
  if (!session) {
    const url = new URL(request.url);
    const redirectTo = `${url.pathname}${url.search}`;
    throw redirect(`/auth?mode=login&redirectTo=${encodeURIComponent(redirectTo)}`);
  }
  return session;
}
