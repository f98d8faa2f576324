import { describe, expect, it } from "vitest";
import { sameOriginMiddleware } from "./same-origin.server";

/** APP_URL is http://localhost:3000 in the unit project (vitest.config.ts). */
async function post(headers: Record<string, string>, method = "POST") {
  const request = new Request("http://localhost:3000/preferences", { method, headers });
  let reached = false;
  try {
    await sameOriginMiddleware({ request, context: {} as never, params: {} } as never, async () => {
      reached = true;
      return new Response("ok");
    });
    return reached ? 200 : 0;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe("sameOriginMiddleware", () => {
  it("lets the app's own posts through, and those without Origin (curl, old clients)", async () => {
    expect(await post({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" })).toBe(200);
    expect(await post({})).toBe(200);
  });

  it("refuses posts from another origin or another site", async () => {
    expect(await post({ origin: "https://evil.example" })).toBe(403);
    expect(await post({ origin: "http://evil.localhost:3000", "sec-fetch-site": "same-site" })).toBe(403);
    expect(await post({ origin: "null", "sec-fetch-site": "cross-site" })).toBe(403);
  });

  it("leaves reads alone", async () => {
    expect(await post({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }, "GET")).toBe(200);
  });
});
