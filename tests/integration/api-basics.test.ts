import { describe, expect, onTestFinished, test } from "vitest";
import { HEADERS_TOO_LARGE } from "../../server/http/middleware";
import { useApi, withEnv } from "../helpers/api";

const api = useApi();

describe("api basics", () => {
  test("an unknown route is a JSON 404 with a message", async () => {
    const res = await api.request("GET", "/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toEqual({ message: "No route for GET /api/v1/nothing-here" });
  });

  test("every response carries an x-request-id", async () => {
    const responses = await Promise.all([
      api.request("GET", "/config"),
      api.request("GET", "/nothing-here"),
      api.request("GET", "/user/profile"),
      api.request("POST", "/auth/login", { body: { email: "not-an-email" } }),
    ]);
    expect(responses.map((res) => res.status)).toEqual([200, 404, 401, 400]);
    const ids = responses.map((res) => res.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/\S{8,}/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("a caller's x-request-id is kept", async () => {
    const res = await api.request("GET", "/config", { headers: { "x-request-id": "trace-abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-abc-123");
  });

  test("headers over 16 KiB are refused with 431 and a readable message", async () => {
    const res = await api.request("GET", "/config", { headers: { cookie: `big=${"a".repeat(17 * 1024)}` } });
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ message: HEADERS_TOO_LARGE });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  test("headers just under the limit pass", async () => {
    const res = await api.request("GET", "/config", { headers: { cookie: `big=${"a".repeat(15 * 1024)}` } });
    expect(res.status).toBe(200);
  });

  test("a protected route without a bearer token is a JSON 401", async () => {
    const res = await api.request("GET", "/user/profile");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toEqual({ message: "No authentication session" });
  });

  test("a garbage or foreign bearer token is a JSON 401", async () => {
    for (const token of ["garbage", "a.b.c", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."]) {
      const res = await api.request("GET", "/user/profile", { token });
      expect(res.status, token).toBe(401);
      expect(res.body, token).toMatchObject({ message: "Invalid or expired access token", code: "bad_jwt" });
    }
    const basic = await api.request("GET", "/user/profile", { headers: { authorization: "Basic dTpw" } });
    expect(basic.status).toBe(401);
    expect(basic.body).toHaveProperty("message");
  });

  test("a body that is not JSON is a 415 JSON error, malformed JSON a 400", async () => {
    const form = await api.request("POST", "/auth/login", {
      body: "email=a%40example.test",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: expect.any(String) });
    const malformed = await api.request("POST", "/auth/verify", { body: "{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: expect.any(String) });
    const notAnObject = await api.request("POST", "/auth/verify", { body: "[]" });
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.message).toMatch(/^Invalid request/);
  });

  test("/openapi.json is an OpenAPI 3.1 document listing the paths", async () => {
    const res = await api.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info.title).toBe("Sightline API");
    const paths = Object.keys(res.body.paths);
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
    expect(Object.keys(res.body.paths["/api/v1/user/profile"])).toEqual(expect.arrayContaining(["get", "patch"]));
    expect(res.body.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(res.body.components.schemas)).toEqual(expect.arrayContaining(["Session", "User", "Error", "Plan"]));
  });
});

describe("GET /config", () => {
  test("serves the seed defaults", async () => {
    const res = await api.request("GET", "/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
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
    const res = await api.request("GET", "/config");
    expect(res.status).toBe(200);
    expect(res.body.app.name).toBe("Sightline Staging");
    expect(res.body.seo_llm).toMatchObject({ polling_interval: 2500, enabled_providers: ["claude", "chatgpt"], questions_per_provider: 1 });
    expect(res.body.user_limits).toEqual({ default_question_limit: 10, analyses_per_day: 3, analyses_per_month: 100 });
  });
});
