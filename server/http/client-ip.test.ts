import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfig } from "../config";
import type { ApiEnv } from "./env";
import { clientIp } from "./middleware";

const app = new Hono<ApiEnv>().get("/", (c) => c.text(clientIp(c)));

async function ipWith(trustProxy: string, forwardedFor: string, env: ApiEnv["Bindings"] = {}) {
  process.env.TRUST_PROXY = trustProxy;
  resetConfig();
  const response = await app.request("/", { headers: { "x-forwarded-for": forwardedFor } }, env);
  return response.text();
}

afterEach(() => {
  delete process.env.TRUST_PROXY;
  resetConfig();
});

describe("clientIp", () => {
  it("ignores X-Forwarded-For unless told how many proxies to trust", async () => {
    expect(await ipWith("0", "203.0.113.7")).toBe("unknown");
  });

  it("reads the address the trusted proxy appended, not what the client wrote on the left", async () => {
    expect(await ipWith("1", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ipWith("true", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ipWith("2", "198.51.100.1, 203.0.113.7")).toBe("198.51.100.1");
  });

  it("refuses an entry that is not an address", async () => {
    expect(await ipWith("1", "6.6.6.6, not-an-ip")).toBe("unknown");
  });

  it("prefers the address the in-process caller gives", async () => {
    expect(await ipWith("1", "6.6.6.6, 203.0.113.7", { clientIp: "192.0.2.5" })).toBe("192.0.2.5");
  });
});
