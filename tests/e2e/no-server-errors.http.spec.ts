import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { UPLOAD_ROUTES } from "../../app/middleware/form-body.server";
import routes from "../../app/routes";
import { requestLinkToken } from "./support/api";
import { E2E_BASE_URL, E2E_DATA_DIR, HTTP_ADMIN_EMAIL } from "./support/env";

/**
 * The server never answers 500 to a client's mistake. A browser only ever posts forms, but
 * anything can post anything: every page with an action gets every kind of body, anonymous, signed
 * in and as an admin; every page is asked for with hostile parameters; unknown methods are 405.
 * The route list comes from app/routes.ts, so a new page is covered the day it is added.
 */

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };
type Page = { pattern: string; file: string; action: boolean; index: boolean };

const APP = path.resolve(import.meta.dirname, "../../app");

function pages(entries: RouteEntry[], parent = ""): Page[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
    const source = fs.readFileSync(path.join(APP, entry.file), "utf8");
    const action = /export (async )?function action\b/.test(source);
    const own: Page[] = entry.path || entry.index ? [{ pattern, file: entry.file, action, index: Boolean(entry.index) }] : [];
    return [...own, ...pages(entry.children ?? [], entry.path ? pattern : parent)];
  });
}

const ALL = pages(routes as RouteEntry[]).filter((page) => page.pattern !== "/*");
// Signing out ends the session the other posts are made with: last.
const ACTIONS = ALL.filter((page) => page.action).sort((a, b) => Number(a.pattern === "/auth/logout") - Number(b.pattern === "/auth/logout"));

/** A URL for a pattern: an id nobody has, a slug that does not exist. */
function urlFor(pattern: string, id: string = crypto.randomUUID()): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => (name === "slug" ? "no-such-course" : id));
}

/**
 * The web session cookie of a fresh sign-in: the link from the outbox, then the confirming post.
 * Each worker signs the same admin in at about the same time, and each takes the newest mail to
 * that address: one may take the link the other has just used, so a link that gives no session is
 * asked for again.
 */
async function signIn(email: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const token = await requestLinkToken(E2E_BASE_URL, E2E_DATA_DIR, email);
    const response = await fetch(`${E2E_BASE_URL}/auth/verify`, { method: "POST", body: new URLSearchParams({ token }), redirect: "manual" });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("sl_session="));
    if (cookie) return cookie.split(";")[0]!;
    if (attempt === 3) throw new Error(`No session for ${email}: ${response.status}`);
  }
}

type Body = { name: string; contentType?: string; body: string | Uint8Array<ArrayBuffer>; expected: number | "client" };

const BOUNDARY = "----sightline-boundary";
const BODIES: Body[] = [
  { name: "JSON", contentType: "application/json", body: JSON.stringify({ intent: "save", email: "a@b.c" }), expected: 415 },
  { name: "text", contentType: "text/plain", body: "intent=save", expected: 415 },
  { name: "XML", contentType: "application/xml", body: "<intent>save</intent>", expected: 415 },
  { name: "bytes", contentType: "application/octet-stream", body: new Uint8Array(crypto.randomBytes(64)), expected: 415 },
  { name: "no type", body: new TextEncoder().encode("intent=save"), expected: 415 },
  { name: "multipart without its boundary", contentType: "multipart/form-data", body: `--${BOUNDARY}\r\n\r\nx`, expected: 400 },
  { name: "broken multipart", contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nunterminated`, expected: 400 },
  { name: "form over 1 MB", contentType: "application/x-www-form-urlencoded", body: `intent=save&name=${"a".repeat(1024 * 1024)}`, expected: 413 },
  // A well-formed form the action does not expect: its own answer, a redirect or a 4xx.
  { name: "odd form", contentType: "application/x-www-form-urlencoded", body: "intent=%ZZ&&=&id=not-a-uuid&intent=publish", expected: "client" },
  { name: "empty form", contentType: "application/x-www-form-urlencoded", body: "", expected: "client" },
];

async function post(url: string, body: Body, cookie?: string) {
  const headers: Record<string, string> = { origin: E2E_BASE_URL };
  if (body.contentType) headers["content-type"] = body.contentType;
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${E2E_BASE_URL}${url}`, { method: "POST", headers, body: body.body, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

test.describe("no 500 for a client's mistake", () => {
  let user = "";
  let admin = "";

  test.beforeAll(async () => {
    user = await signIn(`http-${crypto.randomUUID()}@e2e.test`);
    admin = await signIn(HTTP_ADMIN_EMAIL);
  });

  test("the route table has the pages with forms", () => {
    // A guard on the discovery itself: an empty list would make the next test pass for nothing.
    expect(ACTIONS.map((page) => page.pattern)).toEqual(expect.arrayContaining(["/auth", "/settings/informations", "/admin/academy/courses/:id", "/preferences"]));
  });

  test("every action, every kind of body, anonymous, signed in and as an admin", async () => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    for (const page of ACTIONS) {
      const url = urlFor(page.pattern);
      // A form on an index route posts to `?index`, else the post goes to its parent layout.
      const query = page.index ? "?index" : "";
      // React Router's own data requests (JavaScript on) go to the same action through `.data`.
      for (const target of [`${url}${query}`, `${url === "/" ? "/_root" : url}.data${query}`]) {
        for (const [who, cookie] of [["anonymous", undefined], ["user", user], ["admin", admin]] as const) {
          if (who === "admin" && !page.pattern.startsWith("/admin")) continue;
          for (const body of BODIES) {
            // A page that takes a file takes more than 1 MB: there such a form is the action's to refuse.
            const expected = body.expected === 413 && UPLOAD_ROUTES.has(page.pattern) ? "client" : body.expected;
            // Refused from its declared length, a body is not sent whole: the server closes as it
            // answers, and a client still writing would fail with EPIPE (as a slow machine showed).
            const status =
              expected === 413 ? (await refusedBeforeTheBody(target, body.contentType ?? "", Buffer.byteLength(body.body), cookie)).status : await post(target, body, cookie);
            const ok = expected === "client" ? status < 500 : status === expected;
            if (!ok) failures.push(`${who} POST ${target} (${body.name}): ${status}, expected ${expected}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test("every page, with ids nobody has and parameters that make no sense", async () => {
    test.setTimeout(120_000);
    const hostile = "?page=-1&period=forever&start_date=x&end_date=2026-13-45&provider=nobody&category=%00&q=%ff&model=x&min_occurrences=-5&mode=x&redirectTo=%2F%2Fevil.example&id=x";
    const failures: string[] = [];
    for (const page of ALL) {
      for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
        const url = `${urlFor(page.pattern, id)}${hostile}`;
        for (const [who, cookie] of [["user", user], ["admin", admin]] as const) {
          const response = await fetch(`${E2E_BASE_URL}${url}`, { headers: { cookie }, redirect: "manual" });
          await response.arrayBuffer();
          if (response.status >= 500) failures.push(`${who} GET ${url}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test("a download with filters the API refuses is 400 with the reason; someone's checkout is 404", async () => {
    const download = await fetch(`${E2E_BASE_URL}/exports/citing-sources.csv?start_date=x`, { headers: { cookie: user } });
    expect(download.status).toBe(400);
    expect(await download.text()).toMatch(/^This download's filters are not valid: .*start_date/);

    const checkout = await fetch(`${E2E_BASE_URL}/settings/billing/checkout/${crypto.randomUUID()}`, { headers: { cookie: user } });
    expect(checkout.status).toBe(404);
  });

  test("a body too large is refused at once and the connection ends with the answer", async () => {
    const twoMegabytes = 2 * 1024 * 1024;
    for (const [target, type] of [
      ["/auth", "application/x-www-form-urlencoded"],
      ["/auth.data", "application/x-www-form-urlencoded"],
      ["/api/v1/auth/login", "application/json"],
    ]) {
      const answer = await refusedBeforeTheBody(target!, type!, twoMegabytes);
      expect(answer.status, target).toBe(413);
      expect(answer.connection, target).toBe("close");
    }
    // The pages that take a file refuse a form past their own, larger, limit.
    for (const [pattern, limit] of UPLOAD_ROUTES) {
      const target = urlFor(pattern);
      const answer = await refusedBeforeTheBody(target, "application/x-www-form-urlencoded", limit + 1);
      expect(answer.status, target).toBe(413);
      expect(answer.connection, target).toBe("close");
    }
  });

  test("TRACE and other unknown methods are 405, on pages and on the API", async () => {
    for (const target of ["/", "/auth", "/api/v1/health", "/api/v1/user/profile"]) {
      // Names Node's HTTP parser does not know at all it refuses with 400 itself, before any code of ours.
      for (const method of ["TRACE", "LOCK", "PROPFIND", "PURGE"]) {
        const { status, allow } = await rawRequest(method, target);
        expect(status, `${method} ${target}`).toBe(405);
        expect(allow).toContain("GET");
      }
    }
  });
});

/** node:http, since fetch itself refuses to send TRACE. */
function rawRequest(method: string, target: string): Promise<{ status: number; allow: string }> {
  const url = new URL(target, E2E_BASE_URL);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: url.pathname, method }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: String(response.headers.allow ?? "") }));
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * Declares a body of `length` bytes, sends its first kilobyte and waits: the answer must come
 * before the rest is sent, from the declared length alone. (Sending it all races the server's
 * close: the client may still be writing when the socket ends, and fails with EPIPE before it
 * reads the answer.)
 */
function refusedBeforeTheBody(target: string, type: string, length: number, cookie?: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${E2E_BASE_URL}${target}`, {
      method: "POST",
      headers: { origin: E2E_BASE_URL, "content-type": type, "content-length": String(length), ...(cookie ? { cookie } : {}) },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${target}: no answer before the body was sent`));
    }, 10_000);
    request.on("response", (response) => {
      clearTimeout(timer);
      resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      response.resume();
      request.destroy();
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.write("intent=save&name=".padEnd(1024, "a"));
  });
}
