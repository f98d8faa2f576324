import { describe, expect, it } from "vitest";
import { publicUrl } from "./public-url";

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers: { host: "10.0.0.5:3000", ...headers } });
const config = (TRUST_PROXY: number, PUBLIC_ORIGIN: string | null = null) => ({ TRUST_PROXY, PUBLIC_ORIGIN });

describe("publicUrl", () => {
  it("leaves a local run alone: no APP_URL, no trusted proxy", () => {
    expect(publicUrl(request("/auth?x=1"), config(0))).toBeUndefined();
  });

  it("puts every request on APP_URL's origin, whatever Host and scheme Node saw", () => {
    expect(publicUrl(request("/auth?mode=login"), config(0, "https://app.example.com"))).toBe("https://app.example.com/auth?mode=login");
  });

  it("ignores forwarded headers unless the proxy is trusted", () => {
    const forged = request("/auth", { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" });
    expect(publicUrl(forged, config(0))).toBeUndefined();
    expect(publicUrl(forged, config(0, "https://app.example.com"))).toBe("https://app.example.com/auth");
  });

  it("with TRUST_PROXY, takes the scheme and host the proxy forwarded", () => {
    expect(publicUrl(request("/a", { "x-forwarded-proto": "https", "x-forwarded-host": "app.example.com" }), config(1))).toBe("https://app.example.com/a");
    // No forwarded host: the Host header the proxy passed on.
    expect(publicUrl(request("/a", { "x-forwarded-proto": "https" }), config(1))).toBe("https://10.0.0.5:3000/a");
  });

  it("reads the entry the trusted proxy wrote, from the right, as for X-Forwarded-For", () => {
    const chain = request("/a", { "x-forwarded-proto": "http, https", "x-forwarded-host": "evil.example, app.example.com" });
    expect(publicUrl(chain, config(1))).toBe("https://app.example.com/a");
    // Two proxies, the outer one's entry first; a proxy that overwrote instead of appending leaves one.
    expect(publicUrl(chain, config(2))).toBe("http://evil.example/a");
    expect(publicUrl(request("/a", { "x-forwarded-proto": "https" }), config(2))).toBe("https://10.0.0.5:3000/a");
  });

  it("falls back to APP_URL when the forwarded values are not a scheme and a host", () => {
    const fallback = "https://app.example.com";
    expect(publicUrl(request("/a", { "x-forwarded-proto": "gopher" }), config(1, fallback))).toBe(`${fallback}/a`);
    expect(publicUrl(request("/a", { "x-forwarded-proto": "https", "x-forwarded-host": "a b/c" }), config(1, fallback))).toBe(`${fallback}/a`);
    expect(publicUrl(request("/a"), config(1, fallback))).toBe(`${fallback}/a`);
  });

  it("keeps a request already in absolute form", () => {
    expect(publicUrl(request("http://other.example/a"), config(0, "https://app.example.com"))).toBeUndefined();
  });
});
