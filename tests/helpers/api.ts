import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { addDays } from "date-fns";
import type { ClientResponse, InferRequestType } from "hono/client";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { createApi, getApi, type Api } from "../../server/api";
import { apiClient, apiPath } from "../../server/api/client";
import type { RouterName } from "../../server/api/routers";
import { getConfig, resetConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { subscriptions } from "../../server/db/schema";
import type { PlanId } from "#domain/plans";
import { start, type StartOptions, stop } from "../../server/boot";
import { changesHeard, getBoss, getDb } from "../../server/runtime";
import { ErrorSchema, type z } from "../../server/http/router";
import type { SessionSchema } from "../../server/auth/routes";
import { checkConformance, takeViolations } from "./conformance";
import { createScratchDatabase, type ScratchDatabase } from "./postgres";
import type { OpenApiDocument } from "./openapi";

export type Session = z.infer<typeof SessionSchema>;

/** The body of every 4xx/5xx answer (server/http/router.ts ErrorSchema). */
export type ErrorBody = z.infer<typeof ErrorSchema>;

export type OutboxMail = { to: string; subject: string; text: string; html: string; created_at: string; file: string };

/** Who calls: the bearer token, extra headers, and the caller's address. */
export type CallerOptions = {
  token?: string;
  headers?: Record<string, string>;
  /** The end user's address as the in-process caller reports it. Random by default, so no two
   * requests share a per-IP rate limit by accident (tests on PostgreSQL share one database). */
  ip?: string;
  /**
   * Send at once. By default a request waits until this process has heard the changes committed
   * before it (server/db/user-changes.ts), as a user's next click always would: a test's writes
   * straight to the database are then seen, on PostgreSQL too, as another process's soon are.
   */
  unheard?: boolean;
};

/** The typed client of one domain router, as `client(name)` makes it. */
export type Client<Name extends RouterName> = ReturnType<typeof apiClient<Name>>;

/** What `raw()` answers. The body is `unknown`: read it with `refusal()`, or hold it to a literal. */
export type RawAnswer = { status: number; headers: Headers; body: unknown };

/** A fresh, lower-case address: every test makes its own users. */
export function uniqueEmail(label = "user") {
  return `${label}-${crypto.randomUUID()}@example.test`;
}

/** A random address from the IPv6 documentation range. */
export function uniqueIp() {
  const groups = crypto.randomBytes(12).toString("hex").match(/.{4}/g)!;
  return `2001:db8:${groups.join(":")}`;
}

// ---- reading answers --------------------------------------------------------------------------

/**
 * The statuses every route may answer from the layers all routes share (server/http/router.ts
 * withSharedResponses: schema refusals, no token, body size and media type, header size). The
 * document lists them; the routers' types do not, so their body is the shared error.
 */
type SharedStatus = 400 | 401 | 413 | 415 | 431;
type AnyResponse = ClientResponse<unknown, number, string>;
type StatusOf<R> = R extends ClientResponse<unknown, infer Status, string> ? Status : never;
type BodyAt<R, S> = R extends ClientResponse<infer Body, infer Status, string> ? (Status extends S ? Body : never) : never;
type BodyFor<R, S> = [BodyAt<R, S>] extends [never] ? ErrorBody : BodyAt<R, S>;

/**
 * Asserts that a typed client's answer has `status` and returns its body as that status's schema
 * types it (a route's answers are a union by status). A wrong status fails with `label` and the body.
 */
export async function json<R extends AnyResponse, S extends StatusOf<R> | SharedStatus>(res: R, status: S, label?: string): Promise<BodyFor<R, S>> {
  const text = await res.text();
  expect(res.status, label ? `${label}: ${text}` : text).toBe(status);
  return JSON.parse(text);
}

/** Asserts that a `raw()` answer is a refusal with `status`, in the shape every error has, and returns it. */
export function refusal(res: RawAnswer, status: number, label?: string): ErrorBody {
  expect(res.status, `${label ? `${label}: ` : ""}${JSON.stringify(res.body)}`).toBe(status);
  const parsed = ErrorSchema.safeParse(res.body);
  expect(parsed.success, `an error body: ${JSON.stringify(res.body)}`).toBe(true);
  // The body itself, not what the parse kept: a field the schema does not know must still show.
  return res.body as ErrorBody;
}

// ---- the helpers on one API -----------------------------------------------------------------

/**
 * Typed clients, the raw escape hatch, the sign-in flow and the outbox reader on the API `app()`
 * returns (useApi's, or one a test file starts itself).
 */
export function apiHelpers(app: () => Api) {
  /**
   * A typed client of one router (`client("questions", { token })`), made by the web app's own
   * factory and sent to the API in process: paths, params, bodies and answers are checked by the
   * compiler against the routers' schemas.
   */
  function client<Name extends RouterName>(name: Name, init: CallerOptions = {}): Client<Name> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const send = async (input: RequestInfo | URL, requestInit?: RequestInit) => {
      if (!init.unheard) await changesHeard();
      return app().request(apiPath(input), requestInit, { clientIp: init.ip ?? uniqueIp() });
    };
    return apiClient(name, { fetch: send as typeof fetch, headers });
  }

  /**
   * The escape hatch, for what the typed clients cannot send: text that is not the JSON the route
   * takes (malformed, a wrong type, an unknown or missing field), multipart bodies, other media
   * types, oversized bodies, exact signed bytes, routes outside the domain routers. A `string` or
   * `FormData` body goes as it is; anything else as JSON.
   */
  async function raw(method: string, urlPath: string, init: CallerOptions & { body?: unknown } = {}): Promise<RawAnswer> {
    const headers = new Headers(init.headers);
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    let body: string | FormData | undefined;
    if (init.body instanceof FormData) {
      // Multipart: the Request sets the content type with its boundary.
      body = init.body;
    } else if (init.body !== undefined) {
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const fullPath = urlPath.startsWith("/api/") ? urlPath : `/api/v1${urlPath}`;
    if (!init.unheard) await changesHeard();
    const res = await app().request(fullPath, { method, headers, body }, { clientIp: init.ip ?? uniqueIp() });
    const text = await res.text();
    const isJson = res.headers.get("content-type")?.includes("application/json");
    return { status: res.status, headers: res.headers, body: isJson && text ? JSON.parse(text) : text };
  }

  /** The OpenAPI document the API serves (on the app, not in a domain router). */
  async function openApiDocument(): Promise<OpenApiDocument> {
    const res = await raw("GET", "/openapi.json");
    expect(res.status).toBe(200);
    // tests/helpers/conformance.ts reads it the same way; Contract checks it is OpenAPI 3.1.
    return res.body as OpenApiDocument;
  }

  /** Every outbox mail sent to `email` (which the API stores lower-cased), oldest first. */
  async function mailsTo(email: string): Promise<OutboxMail[]> {
    const address = email.trim().toLowerCase();
    const dir = path.resolve(getConfig().DATA_DIR, "outbox");
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const mails = await Promise.all(
      names
        .filter((name) => name.endsWith(".json"))
        .map(async (name) => {
          const file = path.join(dir, name);
          return { ...(JSON.parse(await fs.readFile(file, "utf8")) as Omit<OutboxMail, "file">), file };
        }),
    );
    return mails.filter((mail) => mail.to === address).sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  type LoginInput = InferRequestType<Client<"auth">["login"]["$post"]>["json"];

  /**
   * POST /auth/login and, when it succeeds, the one mail it sent with the link's token. `res` is
   * the typed answer, its body unread. Compares the outbox before and after, so earlier links to
   * the same address never get in the way.
   */
  async function login(email: string, body: Omit<LoginInput, "email"> = {}, init: CallerOptions = {}) {
    const before = new Set((await mailsTo(email)).map((mail) => mail.file));
    const res = await client("auth", init).login.$post({ json: { email, ...body } });
    if (res.status !== 200) return { res, mail: undefined, link: undefined, token: undefined };
    const sent = (await mailsTo(email)).filter((mail) => !before.has(mail.file));
    expect(sent, `exactly one new mail to ${email}`).toHaveLength(1);
    const mail = sent[0];
    const match = mail.text.match(/https?:\/\/\S+[?&]token=[\w-]+/);
    expect(match, "a sign-in link in the mail").not.toBeNull();
    const link = new URL(match![0]);
    return { res, mail, link, token: link.searchParams.get("token")! };
  }

  /** The whole magic-link flow: login → the link from the outbox → verify. */
  async function signIn(email = uniqueEmail()): Promise<Session> {
    const { res, token } = await login(email);
    if (!token) await json(res, 200);
    return json(await client("auth").verify.$post({ json: { token: token! } }), 200);
  }

  /** signIn with `email` listed in ADMIN_EMAILS: the role is given at sign-in and kept by the session. */
  async function signInAdmin(email = uniqueEmail("admin")): Promise<Session> {
    const restore = withEnv({ ADMIN_EMAILS: email });
    try {
      const admin = await signIn(email);
      expect(admin.user.role).toBe("admin");
      return admin;
    } finally {
      restore();
    }
  }

  /**
   * signIn, then a month of `plan` written straight into the database: for tests about what a plan
   * allows, not about buying it (billing.test.ts covers that through the API).
   */
  async function signInOnPlan(plan: PlanId, email?: string): Promise<Session> {
    const session = await signIn(email);
    if (plan !== "free") {
      const db = await getDb();
      await db.insert(subscriptions).values({ userId: session.user.id, planId: plan, status: "active", currentPeriodEnd: addDays(new Date(), 30) });
    }
    return session;
  }

  /** Polls an analysis the way the screen does, until it leaves pending/processing. */
  async function settledAnalysis(token: string, id: string) {
    const analyses = client("analyses", { token });
    for (let i = 0; i < 300; i++) {
      const analysis = await json(await analyses[":id"].$get({ param: { id } }), 200);
      if (!["pending", "processing"].includes(analysis.status)) return analysis;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the analysis did not finish");
  }

  return { client, raw, openApiDocument, mailsTo, login, signIn, signInAdmin, signInOnPlan, settledAnalysis };
}

/**
 * Starts the runtime for this test file (its own in-memory PGlite, or the run's PostgreSQL
 * database), builds the /api/v1 app, and stops everything after the file. Every request made
 * through the app (and through the web app's in-process instance) is held against the OpenAPI
 * document; a test whose requests or answers depart from it fails (tests/helpers/conformance.ts).
 */
export function useApi(options: { jobs?: StartOptions["jobs"]; ownDatabase?: boolean } = {}) {
  let api: Api | undefined;
  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    let databaseUrl = inject("databaseUrl") ?? process.env.DATABASE_URL ?? "memory://";
    // The PostgreSQL run shares one database between files, and so its job queues: a file whose
    // jobs need its own configuration (an issuer on its own port) gets a database of its own.
    if (options.ownDatabase && inject("databaseUrl") && process.env.TEST_DATABASE_URL) {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, "sightline_own");
      databaseUrl = scratch.url;
    }
    process.env.DATABASE_URL = databaseUrl;
    resetConfig();
    await start({ databaseUrl, jobs: options.jobs ?? "none" });
    api = createApi();
    checkConformance(api);
    checkConformance(getApi());
  });

  afterEach(() => {
    const violations = takeViolations();
    if (violations) throw new Error(`The API departed from its OpenAPI document:\n${violations}`);
  });

  afterAll(async () => {
    await stop();
    await scratch?.drop();
    // Requests made in beforeAll/afterAll hooks belong to no test: the file fails instead.
    const violations = takeViolations();
    if (violations) throw new Error(`The API departed from its OpenAPI document outside a test:\n${violations}`);
  });

  function app(): Api {
    if (!api) throw new Error("useApi(): the runtime is not started yet (call helpers inside tests or hooks)");
    return api;
  }

  return {
    ...apiHelpers(app),
    db: (): Promise<Database> => getDb(),
    boss: () => getBoss(),
  };
}

/** Sets environment variables for one test and re-reads the configuration; returns the undo. */
export function withEnv(values: Record<string, string | undefined>) {
  const previous = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfig();
  };
  apply(values);
  return () => apply(previous);
}
