import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { createApi, getApi, type Api } from "../../server/api";
import { getConfig, resetConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { start, type StartOptions, stop } from "../../server/boot";
import { getBoss, getDb } from "../../server/runtime";
import type { ErrorSchema, z } from "../../server/http/router";
import type { SessionSchema } from "../../server/auth/routes";
import { checkConformance, takeViolations } from "./conformance";

export type Session = z.infer<typeof SessionSchema>;

/** The body of every 4xx/5xx answer (server/http/router.ts ErrorSchema). */
export type ErrorBody = z.infer<typeof ErrorSchema>;

export type OutboxMail = { to: string; subject: string; text: string; html: string; created_at: string; file: string };

export type RequestOptions = {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The end user's address as the in-process caller reports it. Random by default, so no two
   * requests share a per-IP rate limit by accident (tests on PostgreSQL share one database). */
  ip?: string;
};

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T };

/** A fresh, lower-case address: every test makes its own users. */
export function uniqueEmail(label = "user") {
  return `${label}-${crypto.randomUUID()}@example.test`;
}

/** A random address from the IPv6 documentation range. */
export function uniqueIp() {
  const groups = crypto.randomBytes(12).toString("hex").match(/.{4}/g)!;
  return `2001:db8:${groups.join(":")}`;
}

/**
 * Starts the runtime for this test file (its own in-memory PGlite, or the run's PostgreSQL
 * database), builds the /api/v1 app, and stops everything after the file. Every request made
 * through the app (and through the web app's in-process instance) is held against the OpenAPI
 * document; a test whose requests or answers depart from it fails (tests/helpers/conformance.ts).
 */
export function useApi(options: { jobs?: StartOptions["jobs"] } = {}) {
  let api: Api | undefined;

  beforeAll(async () => {
    const databaseUrl = inject("databaseUrl") ?? process.env.DATABASE_URL ?? "memory://";
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
    // Requests made in beforeAll/afterAll hooks belong to no test: the file fails instead.
    const violations = takeViolations();
    if (violations) throw new Error(`The API departed from its OpenAPI document outside a test:\n${violations}`);
  });

  function app(): Api {
    if (!api) throw new Error("useApi(): the runtime is not started yet (call helpers inside tests or hooks)");
    return api;
  }

  async function request<T = any>(method: string, urlPath: string, init: RequestOptions = {}): Promise<ApiResponse<T>> {
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
    const res = await app().request(fullPath, { method, headers, body }, { clientIp: init.ip ?? uniqueIp() });
    const text = await res.text();
    const isJson = res.headers.get("content-type")?.includes("application/json");
    return { status: res.status, headers: res.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
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

  /**
   * POST /auth/login and, when it succeeds, the one mail it sent with the link's token.
   * Compares the outbox before and after, so earlier links to the same address never get in the way.
   */
  async function login(email: string, body: Record<string, unknown> = {}, init: Omit<RequestOptions, "body"> = {}) {
    const before = new Set((await mailsTo(email)).map((mail) => mail.file));
    const res = await request("POST", "/auth/login", { ...init, body: { email, ...body } });
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
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const verified = await request<Session>("POST", "/auth/verify", { body: { token } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return verified.body;
  }

  return {
    request,
    login,
    signIn,
    mailsTo,
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
