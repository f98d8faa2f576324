import { describe, expect, onTestFinished, test } from "vitest";
import { HEADERS_TOO_LARGE } from "../../server/http/middleware";
import { json, refusal, useApi, withEnv } from "../helpers/api";

const api = useApi();

describe("api basics", () => {
  test("an unknown route is a JSON 404 with a message", async () => {
    // No router has it, so no typed client can ask for it.
    const res = await api.raw("GET", "/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toEqual({ message: "No route for GET /api/v1/nothing-here" });
  });

  test("every response carries an x-request-id", async () => {
    const responses = await Promise.all([
      api.client("config").index.$get(),
      api.raw("GET", "/nothing-here"),
      api.client("user").profile.$get(),
      api.client("auth").login.$post({ json: { email: "not-an-email" } }),
    ]);
    expect(responses.map((res) => res.status)).toEqual([200, 404, 401, 400]);
    const ids = responses.map((res) => res.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/\S{8,}/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a caller's x-request-id is kept", async () => {
    const res = await api.client("config", { headers: { "x-request-id": "trace-abc-123" } }).index.$get();
    expect(res.headers.get("x-request-id")).toBe("trace-abc-123");
  });

  test("headers over 16 KiB are refused with 431 and a readable message", async () => {
    const res = await api.client("config", { headers: { cookie: `big=${"a".repeat(17 * 1024)}` } }).index.$get();
    expect(await json(res, 431)).toEqual({ message: HEADERS_TOO_LARGE });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  test("headers just under the limit pass", async () => {
    const res = await api.client("config", { headers: { cookie: `big=${"a".repeat(15 * 1024)}` } }).index.$get();
    expect(res.status).toBe(200);
  });

  test("a protected route without a bearer token is a JSON 401", async () => {
    const res = await api.client("user").profile.$get();
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await json(res, 401)).toEqual({ message: "No authentication session" });
  });

  test("a garbage or foreign bearer token is a JSON 401", async () => {
    for (const token of ["garbage", "a.b.c", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."]) {
      const res = await api.client("user", { token }).profile.$get();
      expect(await json(res, 401, token), token).toMatchObject({ message: "Invalid or expired access token", code: "bad_jwt" });
    }
    const basic = await api.client("user", { headers: { authorization: "Basic dTpw" } }).profile.$get();
    expect(await json(basic, 401)).toHaveProperty("message");
  });

  test("a body that is not JSON is a 415 JSON error, malformed JSON a 400", async () => {
    // Bodies no typed client sends: a form, broken JSON, JSON that is not an object.
    const form = await api.raw("POST", "/auth/login", {
      body: "email=a%40example.test",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refusal(form, 415)).toEqual({ message: expect.any(String) });
    const malformed = await api.raw("POST", "/auth/verify", { body: "{" });
    expect(refusal(malformed, 400)).toEqual({ message: expect.any(String) });
    const notAnObject = await api.raw("POST", "/auth/verify", { body: "[]" });
    expect(refusal(notAnObject, 400).message).toMatch(/^Invalid request/);
  });

  test("/openapi.json is an OpenAPI 3.1 document listing the paths", async () => {
    const doc = await api.openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Sightline API");
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/v1/auth/login",
        "/api/v1/auth/verify",
        "/api/v1/auth/token",
        "/api/v1/auth/logout",
        "/api/v1/config",
        "/api/v1/user/profile",
        "/api/v1/subscription/plans",
        "/api/v1/subscription/current",
      ]),
    );
    expect(Object.keys(doc.paths["/api/v1/user/profile"])).toEqual(expect.arrayContaining(["get", "patch"]));
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(["Session", "User", "Error", "Plan"]));
  });
});

describe("GET /config", () => {
  test("serves the seed defaults", async () => {
    const res = await api.client("config").index.$get();
    expect(await json(res, 200)).toEqual({
      app: { name: "Sightline", version: "1.0.0" },
      seo_llm: {
        questions_per_provider: 1,
        max_questions_per_analysis: 100,
        // No AI key in the test environment: only the demo provider answers.
        enabled_providers: ["demo"],
        polling_interval: 5000,
      },
      user_limits: { default_question_limit: 10, analyses_per_day: 10, analyses_per_month: 100 },
    });
  });

  test("honours environment overrides", async () => {
    onTestFinished(
      withEnv({
        SEO_LLM_POLLING_INTERVAL_MS: "2500",
        SEO_LLM_ENABLED_PROVIDERS: "claude, chatgpt, grok",
        OPENAI_API_KEY: "sk-test",
        ANTHROPIC_API_KEY: "sk-ant-test",
        GEMINI_API_KEY: "gemini-test",
        USER_ANALYSES_PER_DAY: "3",
        APP_NAME: "Sightline Staging",
      }),
    );
    const config = await json(await api.client("config").index.$get(), 200);
    expect(config.app.name).toBe("Sightline Staging");
    expect(config.seo_llm).toMatchObject({ polling_interval: 2500, enabled_providers: ["claude", "chatgpt"], questions_per_provider: 1 });
    expect(config.user_limits).toEqual({ default_question_limit: 10, analyses_per_day: 3, analyses_per_month: 100 });
  });
});
