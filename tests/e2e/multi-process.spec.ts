import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/postgres";
import { requestLinkToken, verifyToken } from "./support/api";
import { E2E_PORT } from "./support/env";
import { type ServerProcess, startServer } from "./support/server-process";

/**
 * Two web processes behind one database, as behind a load balancer: a link asked for on one
 * works on the other, tokens and the session cookie are honoured by both, and the rate limit
 * counts across them. Needs a PostgreSQL server; PGlite is one process by nature.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
const RATE_LIMIT_EMAIL = 3;

test.describe("two processes, one PostgreSQL database", () => {
  test.skip(!SERVER_URL, "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test): two processes need a shared PostgreSQL server");
  test.describe.configure({ mode: "serial" });

  const dataDir = path.join(os.tmpdir(), `sightline_e2e_${crypto.randomBytes(6).toString("hex")}`);
  let database: ScratchDatabase | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    database = await createScratchDatabase(SERVER_URL!, "sightline_e2e");
    const shared = {
      DATABASE_URL: database.url,
      SECRET_KEY: crypto.randomBytes(48).toString("base64url"),
      // One outbox for both, and magic links that point at A.
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${E2E_PORT + 1}`,
      RATE_LIMIT_EMAIL: String(RATE_LIMIT_EMAIL),
      RATE_LIMIT_IP: "1000",
      ADMIN_EMAILS: "",
      SMTP_URL: undefined,
      API_URL: undefined,
    };
    // One after the other: the first applies the migrations and pg-boss's schema.
    a = await startServer({ ...shared, PORT: String(E2E_PORT + 1) });
    b = await startServer({ ...shared, PORT: String(E2E_PORT + 2) });
  });

  test.afterAll(async () => {
    test.setTimeout(120_000);
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("a link asked for on A signs in on B; both honour the tokens, the refresh and the cookie", async () => {
    const email = `two-${crypto.randomUUID()}@e2e.test`;
    const token = await requestLinkToken(a!.url, dataDir, email);
    const session = await verifyToken(b!.url, token);
    expect(session.user.email).toBe(email);

    const profile = await fetch(`${a!.url}/api/v1/user/profile`, { headers: bearer(session.access_token) });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email, role: "user" });

    const refreshed = await fetch(`${b!.url}/api/v1/auth/token?grant_type=refresh_token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect((await fetch(`${a!.url}/api/v1/user/profile`, { headers: bearer(next.access_token) })).status).toBe(200);

    // The web session cookie sealed by A opens pages on B (same SECRET_KEY).
    // Asked for through the API, not by this client: the page asks before it signs in, then the post does.
    const linkToken = await requestLinkToken(a!.url, dataDir, email);
    const ask = await fetch(`${a!.url}/auth/verify?token=${linkToken}`, { redirect: "manual" });
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("verify-confirm");
    const verify = await fetch(`${a!.url}/auth/verify`, { method: "POST", body: new URLSearchParams({ token: linkToken }), redirect: "manual" });
    expect(verify.status).toBe(302);
    const cookie = verify.headers.getSetCookie().find((value) => value.startsWith("sl_session="));
    expect(cookie).toBeDefined();
    // A page any signed-in user opens (the dashboard would send this new account to its onboarding).
    const opened = await fetch(`${b!.url}/settings/informations`, { headers: { cookie: cookie!.split(";")[0] }, redirect: "manual" });
    expect(opened.status).toBe(200);

    // Signing out on A ends the session on B at once: the session lives in the database.
    const logout = await fetch(`${a!.url}/api/v1/auth/logout`, { method: "POST", headers: bearer(next.access_token) });
    expect(logout.status).toBe(204);
    const after = await fetch(`${b!.url}/api/v1/user/profile`, { headers: bearer(next.access_token) });
    expect(after.status).toBe(401);
  });

  test("what B keeps of a user is forgotten when A changes it, and a sign-out on A ends B's remembered session", async () => {
    const email = `kept-${crypto.randomUUID()}@e2e.test`;
    const session = await verifyToken(b!.url, await requestLinkToken(a!.url, dataDir, email));
    const auth = bearer(session.access_token);
    const firstName = async (server: ServerProcess) => {
      const answer = await fetch(`${server.url}/api/v1/user/summary`, { headers: auth });
      return ((await answer.json()) as { profile: { profile: { first_name: string | null } } }).profile.profile.first_name;
    };
    expect(await firstName(b!)).toBeNull(); // B keeps the answer, and the checked session
    for (const name of ["Ada", "Grace"]) {
      const patched = await fetch(`${a!.url}/api/v1/user/profile`, {
        method: "PATCH",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ first_name: name }),
      });
      expect(patched.status).toBe(200);
      // A's commit reaches B as a notification, within milliseconds.
      await expect.poll(() => firstName(b!), { timeout: 2_000, intervals: [10] }).toBe(name);
    }
    expect((await fetch(`${a!.url}/api/v1/auth/logout`, { method: "POST", headers: auth })).status).toBe(204);
    await expect.poll(async () => (await fetch(`${b!.url}/api/v1/user/summary`, { headers: auth })).status, { timeout: 2_000, intervals: [10] }).toBe(401);
  });

  test("the e-mail rate limit counts requests on both processes", async () => {
    const email = `limit-${crypto.randomUUID()}@e2e.test`;
    const ask = (server: ServerProcess) =>
      fetch(`${server.url}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
    expect((await ask(a!)).status).toBe(200);
    expect((await ask(a!)).status).toBe(200);
    expect((await ask(b!)).status).toBe(200);
    const refused = await ask(b!);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited_email" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
