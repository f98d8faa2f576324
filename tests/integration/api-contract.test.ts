import { beforeAll, describe, expect, test } from "vitest";
import { createApi } from "../../server/api";
import { isSchemaRefusal, requestProblemsFor } from "../helpers/conformance";
import { json, type RawAnswer, type Session, uniqueEmail, useApi } from "../helpers/api";
import { Contract, type OpenApiDocument, type Operation } from "../helpers/openapi";
import { type Mode, placesOf, random, replaceAt, seedOf, ValueMaker } from "../helpers/openapi-cases";
import { jsonBodyLimit } from "../../server/http/middleware";

/**
 * Schemathesis in miniature: every operation of the OpenAPI document is called with requests made
 * from its own schemas, valid ones and ones that break a rule each, by a fresh user (an admin for
 * the admin routes). Whatever is sent, the API never answers 5xx, answers only statuses the document
 * lists with bodies that match them (tests/helpers/conformance.ts checks every exchange), refuses
 * what the document refuses with a 4xx, and takes what it allows (no "Invalid request" for it).
 * Seeded per operation: the same requests every run.
 *
 * Two expectations hold once the shared body checks of server/api/index.ts are in: a JSON body over
 * 1 MB is 413 (body_too_large) and a lone UTF-16 surrogate in it is 400 (invalid_unicode).
 */

// Read when the file is collected, so each operation is a test of its own.
const document = (await (await createApi().request("/api/v1/openapi.json")).json()) as OpenApiDocument;
const contract = new Contract(document);

const api = useApi({ jobs: "send" });

/** Sampled per operation: requests that break a bound, format, enum or required field, then ones of the wrong type. */
const BROKEN_RULES_PER_OPERATION = 5;
const WRONG_TYPES_PER_OPERATION = 2;
const LONE_SURROGATE = "a\ud800b";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

// ---- fixtures: real things for the ids in paths and bodies -------------------------------------

type Fixtures = {
  user: Session;
  admin: Session;
  question: string;
  analysis: string;
  checkout: string;
  siteAudit: string;
  course: { id: string; slug: string };
  chapter: string;
  video: string;
  /** Every course, read just before the courses are reordered. */
  courseIds?: string[];
};
let fixtures: Fixtures;

beforeAll(async () => {
  const user = await api.signIn(uniqueEmail("contract"));
  const token = user.access_token;
  await json(await api.client("seoProfile", { token }).index.$patch({ json: { BrandName: "Acme", MarketLanguage: "en", Keywords: ["web analytics"] } }), 200);
  const [question] = (await json(await api.client("questions", { token }).index.$get({ query: {} }), 200)).questions;
  const analysis = await json(await api.client("analyses", { token }).index.$post({ json: { question_limit: 1 } }), 201);
  const checkout = await json(await api.client("subscription", { token }).checkout.$post({ json: { plan_id: "pro", billing_period: "monthly" } }), 200);
  const siteAudit = await json(await api.client("siteAudits", { token }).index.$post({ json: { url: "https://acme.example" } }), 202);
  const admin = await api.signInAdmin(uniqueEmail("contract-admin"));
  const academy = api.client("academy", { token: admin.access_token });
  const course = await json(await academy.admin.courses.$post({ json: { slug: `contract-${Date.now().toString(36)}`, title: "Contract", is_published: true } }), 201);
  const chapter = await json(await academy.admin.chapters.$post({ json: { course_id: course.id, title: "Chapter" } }), 201);
  const link = "https://www.youtube.com/watch?v=0eKVizvYSUQ";
  const video = await json(await academy.admin.videos.$post({ json: { chapter_id: chapter.id, title: "Video", link } }), 201);
  fixtures = { user, admin, question: question.id, analysis: analysis.id, checkout: checkout.checkout_id, siteAudit: siteAudit.id, course, chapter: chapter.id, video: video.id };
});

/** The real thing a path parameter or an id field names, by where it is. */
function fixtureFor(operation: Operation, place: string[]): unknown {
  const name = place.at(-1);
  const path = operation.path.replace("/api/v1", "");
  if (place[0] === "path") {
    if (name === "slug") return fixtures.course.slug;
    if (path.startsWith("/user-questions/")) return fixtures.question;
    if (path.startsWith("/seo-llm/analyses/")) return fixtures.analysis;
    if (path.startsWith("/subscription/checkout/")) return fixtures.checkout;
    if (path.startsWith("/site-audits/")) return fixtures.siteAudit;
    if (/\/videos\/\{id\}/.test(path)) return fixtures.video;
    if (/\/chapters\/\{id\}/.test(path)) return fixtures.chapter;
    if (/\/courses\/\{id\}/.test(path)) return fixtures.course.id;
  }
  if (place[0] === "body") {
    if (name === "course_id") return fixtures.course.id;
    if (name === "chapter_id") return fixtures.chapter;
    if (name === "redirect_to") return "http://localhost:3000/auth/verify";
    if (name === "ids" && path === "/academy/admin/courses/reorder") return fixtures.courseIds;
    if (name === "ids" && path.endsWith("/chapters/reorder")) return [fixtures.chapter];
    if (name === "ids" && path.endsWith("/videos/reorder")) return [fixtures.video];
  }
  return undefined;
}

// ---- requests ---------------------------------------------------------------------------------

type Case = {
  label: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body?: { media: string; value: unknown };
  token?: string | null;
  /** What must come back besides conformance: "accepted" (no schema refusal), "refused" (a 4xx), or one status. */
  expect: "accepted" | "refused" | { status: number; code?: string };
};

const isAdminOnly = (operation: Operation) => operation.spec.responses[403]?.description.startsWith("forbidden");
const jsonMedia = (operation: Operation) => Object.keys(operation.spec.requestBody?.content ?? {}).find((media) => media.includes("json"));

function toRequest(operation: Operation, c: Case): { path: string; init: { token?: string; headers: Record<string, string>; body?: unknown } } {
  let path = operation.path;
  for (const [name, value] of Object.entries(c.params)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(c.query)) if (value !== undefined) search.set(name, typeof value === "string" ? value : JSON.stringify(value));
  const headers = { ...c.headers };
  let body: unknown;
  if (c.body?.media.includes("json")) {
    headers["content-type"] = c.body.media;
    body = c.body.value === undefined ? "" : JSON.stringify(c.body.value);
  } else if (c.body) {
    body = c.body.value;
    if (typeof body === "string") headers["content-type"] = c.body.media;
  }
  const token = c.token === null ? undefined : c.token;
  return { path: `${path}${search.size ? `?${search}` : ""}`, init: { token, headers, body } };
}

/** The `code` of an answer's error body (undefined when the body is not an object with one). */
function codeOf(res: RawAnswer): unknown {
  return typeof res.body === "object" && res.body !== null && "code" in res.body ? res.body.code : undefined;
}

/** The same request as the API will see it, for the document's verdict on it. */
function asFetchRequest(operation: Operation, c: Case) {
  const { path, init } = toRequest(operation, c);
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  return new Request(`http://localhost${path}`, { method: operation.method, headers, body: init.body as BodyInit | undefined });
}

/** The cases of one operation: valid ones, one per broken rule (sampled), and the shared refusals. */
function casesFor(operation: Operation, tokens: { user: string; admin: string }): Case[] {
  const rng = random(seedOf(operation.label));
  const maker = new ValueMaker(contract, rng, { value: (place) => fixtureFor(operation, place) });
  const parameters = operation.spec.parameters ?? [];
  const token = operation.spec.security ? (isAdminOnly(operation) ? tokens.admin : tokens.user) : undefined;
  const media = jsonMedia(operation);
  const bodySchema = media ? operation.spec.requestBody!.content[media].schema : undefined;

  const valid = (mode: Mode): Case => {
    const pick = (where: "path" | "query" | "header") =>
      Object.fromEntries(
        parameters
          .filter((parameter) => parameter.in === where && (parameter.required || where === "path" || rng.chance(0.6)))
          .map((parameter) => [parameter.name, maker.valid(parameter.schema, mode, [where, parameter.name])]),
      );
    const body = media ? { media, value: maker.valid(bodySchema, mode, ["body"]) } : undefined;
    return { label: `valid (${mode})`, params: pick("path"), query: pick("query"), headers: pick("header") as Record<string, string>, body, token, expect: "accepted" };
  };
  const base = valid("typical");
  const cases: Case[] = [base];
  if (media || parameters.some((parameter) => parameter.in === "query")) cases.push(valid("min"), valid("max"));

  const broken: Array<Case & { kind: "type" | "rule" }> = [];
  for (const parameter of parameters.filter((entry) => entry.in !== "header")) {
    const group = parameter.in === "path" ? "params" : "query";
    for (const { rule, value, kind } of maker.invalid(parameter.schema)) {
      // Path and query values are text: only what text can say is a case there.
      if (typeof value === "object" && value !== null) continue;
      broken.push({ ...base, kind, label: `${parameter.in} ${parameter.name}: ${rule}`, [group]: { ...base[group], [parameter.name]: value === null ? "null" : value }, expect: "refused" });
    }
    if (parameter.required && parameter.in === "query") {
      const { [parameter.name]: _left, ...rest } = base.query;
      broken.push({ ...base, kind: "rule", label: `query ${parameter.name}: missing`, query: rest, expect: "refused" });
    }
  }
  if (media && base.body) {
    for (const place of placesOf(contract, bodySchema, base.body.value)) {
      for (const { rule, value, kind } of maker.invalid(place.schema)) {
        broken.push({ ...base, kind, label: `body/${place.path.join("/")}: ${rule}`, body: { media, value: replaceAt(base.body.value, place.path, value) }, expect: "refused" });
      }
    }
    for (const name of contract.resolve(bodySchema).required ?? []) {
      broken.push({ ...base, kind: "rule", label: `body/${name}: missing`, body: { media, value: replaceAt(base.body.value, [name], undefined) }, expect: "refused" });
    }
    for (const value of [null, [], "text", 42]) broken.push({ ...base, kind: "type", label: `body: ${JSON.stringify(value)}`, body: { media, value }, expect: "refused" });
    const strings = placesOf(contract, bodySchema, base.body.value).filter((place) => typeof place.path.reduce<any>((value, key) => value?.[key], base.body!.value) === "string");
    if (strings.length > 0) {
      const place = rng.pick(strings);
      cases.push({ ...base, label: `body/${place.path.join("/")}: a lone surrogate`, body: { media, value: replaceAt(base.body.value, place.path, LONE_SURROGATE) }, expect: { status: 400, code: "invalid_unicode" } });
    }
    // 1 MB, or the route's own larger limit (a CSV import).
    const over = jsonBodyLimit(operation.path) + 1;
    cases.push({ ...base, label: `body over ${over - 1} bytes`, body: { media, value: { ...(base.body.value as object), padding: "x".repeat(over) } }, expect: { status: 413, code: "body_too_large" } });
  }
  if (operation.spec.responses[415]) cases.push({ ...base, label: "a body of an undeclared media type", body: { media: "text/plain", value: "plain text" }, expect: { status: 415 } });
  if (operation.spec.requestBody?.content["multipart/form-data"]) {
    const form = (bytes: Buffer | string, name: string) => {
      const data = new FormData();
      data.set("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
      return data;
    };
    cases.push({ ...base, label: "multipart: an image", body: { media: "multipart/form-data", value: form(PNG, "a.png") }, expect: "accepted" });
    cases.push({ ...base, label: "multipart: not an image", body: { media: "multipart/form-data", value: form("text", "a.txt") }, expect: { status: 400, code: "file_type" } });
  }
  cases.push(...rng.sample(broken.filter((c) => c.kind === "rule"), BROKEN_RULES_PER_OPERATION));
  cases.push(...rng.sample(broken.filter((c) => c.kind === "type"), WRONG_TYPES_PER_OPERATION));
  if (token) cases.push({ ...base, label: "no bearer token", token: null, expect: { status: 401 } });
  if (isAdminOnly(operation)) cases.push({ ...base, label: "a user, not an admin", token: tokens.user, expect: { status: 403 } });
  return cases;
}

// ---- the operations -------------------------------------------------------------------------

/** Reads before writes, deletes last (thumbnails, then videos, chapters, courses), sign-out at the very end. */
function order(operation: Operation) {
  if (operation.label === "POST /api/v1/auth/logout") return 100;
  if (operation.method === "DELETE") return 50 + ["thumbnail", "/videos/", "/chapters/", "/courses/"].findIndex((part) => operation.path.includes(part));
  return ["GET", "POST", "PUT", "PATCH"].indexOf(operation.method) * 10;
}

/*
 * Not exercised past its first check: Stripe's webhook. Stripe is not configured in this file, so it
 * answers the documented 404 whatever it carries (after the shared body checks); signed events,
 * including ones that are not events, are in billing-stripe.test.ts, whose fake Stripe signs them.
 */
const operations = [...contract.operations].sort((a, b) => order(a) - order(b));

describe("every operation of the OpenAPI document, from its own schemas", () => {
  test("the document lists every route the API serves", () => {
    expect(operations.length).toBeGreaterThanOrEqual(65);
  });

  for (const operation of operations) {
    test(operation.label, async () => {
      const tokens = { user: fixtures.user.access_token, admin: fixtures.admin.access_token };
      if (operation.label === "POST /api/v1/academy/admin/courses/reorder") {
        // The whole current list, read now: other files may add courses meanwhile (then 400 reorder_mismatch, documented).
        const current = (await json(await api.client("academy", { token: tokens.admin }).admin.courses.$get(), 200)).map((course) => course.id);
        fixtures = { ...fixtures, courseIds: current };
      }
      const failures: string[] = [];
      for (const c of casesFor(operation, tokens)) {
        // Signing out (everywhere, with scope=global) would end the sessions the later cases use.
        if (operation.label === "POST /api/v1/auth/logout" && c.token) c.token = (await api.signIn(uniqueEmail("contract-logout"))).access_token;
        const { problems } = await requestProblemsFor(contract, asFetchRequest(operation, c));
        const { path, init } = toRequest(operation, c);
        // Generated requests, valid or not: sent as they are, outside the typed clients.
        const res = await api.raw(operation.method, path, init);
        const where = `${c.label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        if (res.status >= 500) failures.push(`${where}: a server error`);
        if (c.expect === "accepted") {
          if (problems.length > 0) failures.push(`${c.label}: the test made a request the document refuses: ${problems.map((p) => `${p.at} ${p.message}`).join("; ")}`);
          if (isSchemaRefusal(res.status, res.body)) failures.push(`${where}: refused as invalid, but the document allows it`);
        } else if (c.expect === "refused") {
          // A value that breaks one branch of an anyOf may suit another: then it must be taken.
          if (problems.length === 0 && isSchemaRefusal(res.status, res.body)) failures.push(`${where}: refused as invalid, but the document allows it`);
          if (problems.length > 0 && (res.status < 400 || res.status >= 500)) failures.push(`${where}: taken, but the document refuses it`);
        } else if (res.status !== c.expect.status || (c.expect.code && codeOf(res) !== c.expect.code)) {
          failures.push(`${where}: expected ${c.expect.status}${c.expect.code ? ` ${c.expect.code}` : ""}`);
        }
      }
      expect(failures, `${operation.label}:\n${failures.join("\n")}`).toEqual([]);
    });
  }
});
