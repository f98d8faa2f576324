import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createFakeSites, type FakeSites, fetchError } from "../../tests/fakes/sites";
import { loadConfig, resetConfig } from "../config";
import { isPublicAddress, type Resolver } from "./addresses";
import { createSafeFetch, FETCH_LIMITS, type SafeFetchOptions } from "./safe-fetch";

let sites: FakeSites;
/** A second fixture server on 127.0.0.2, the one local address the refusal tests treat as public. */
let gateway: FakeSites;

beforeAll(async () => {
  sites = await createFakeSites({ slowMs: 3000 });
  gateway = await createFakeSites({ address: "127.0.0.2" });
});
afterAll(async () => {
  await sites.close();
  await gateway.close();
});

/** The fixtures live on 127.0.0.1: crawling them needs private addresses allowed. */
const open = (options: SafeFetchOptions = {}) => createSafeFetch({ allowPrivate: true, resolve: sites.resolve, timeoutMs: 1000, ...options });

/** The real rule, except that the gateway's address stands for a public site. */
const guarded = (options: SafeFetchOptions = {}) =>
  createSafeFetch({
    allowPrivate: false,
    resolve: gateway.resolve,
    isAllowedAddress: (address) => address === "127.0.0.2" || isPublicAddress(address),
    ...options,
  });

describe("fetching a page", () => {
  it("reads a gzipped page as text, with its headers and timings, and says who is asking", async () => {
    const page = await open()(sites.url("acme.test"));

    expect(page).toMatchObject({ url: sites.url("acme.test"), status: 200, truncated: false, redirects: [] });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(page.body).toContain("<title>Acme Books — Bookkeeping software for small businesses</title>");
    expect(page.bytes).toBe(Buffer.byteLength(page.body));
    expect(page.timeToFirstByteMs).toBeGreaterThanOrEqual(0);
    expect(page.durationMs).toBeGreaterThanOrEqual(page.timeToFirstByteMs);
    expect(sites.requests.at(-1)).toEqual({ host: "acme.test", path: "/", userAgent: "SightlineBot/1.0 (+http://localhost:3000)" });
  });

  it("decodes the charset the server declares", async () => {
    const page = await open()(sites.url("acme.test", "/latin1"));
    expect(page.body).toContain("<title>Crème brûlée à la française</title>");
  });

  it("returns error statuses as pages: a 404 is a finding, not a failure", async () => {
    const page = await open()(sites.url("acme.test", "/nothing-here"));
    expect(page).toMatchObject({ status: 404, body: "Not found" });
  });

  it("stops reading at 2 MB and says the body was cut, compressed or not", async () => {
    for (const path of ["/", "/gzip"]) {
      const page = await open()(sites.url("huge.test", path));
      expect(page.status).toBe(200);
      expect(page.truncated).toBe(true);
      expect(page.bytes).toBe(FETCH_LIMITS.maxBodyBytes);
    }
  });

  it("gives up after the time-out, counting from the first byte sent to the last one read", async () => {
    const fetch = open({ timeoutMs: 400 });
    const started = Date.now();
    expect(await fetchError(fetch(sites.url("slow.test")))).toMatchObject({ code: "timeout", detail: { url: sites.url("slow.test") } });
    expect(await fetchError(fetch(sites.url("slow.test", "/drip")))).toMatchObject({ code: "timeout" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("names DNS and connection failures", async () => {
    const nowhere: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await fetchError(open({ resolve: nowhere })("https://nowhere.invalid/"))).toMatchObject({ code: "dns_failed", detail: { cause: "ENOTFOUND" } });
    expect(await fetchError(open()("http://acme.test:1/"))).toMatchObject({ code: "connection_failed", detail: { cause: "ECONNREFUSED" } });
  });

  it.each([["ftp://acme.test/file"], ["file:///etc/passwd"], ["javascript:alert(1)"], ["not a url"], ["http://user:secret@acme.test/"]])(
    "refuses %s before any connection",
    async (url) => {
      expect(await fetchError(open()(url))).toMatchObject({ code: "invalid_url" });
    },
  );
});

describe("redirects", () => {
  it("follows a chain of three and reports each hop", async () => {
    const page = await open()(sites.url("hops.test", "/hops/3"));
    expect(page.url).toBe(sites.url("hops.test", "/hops/0"));
    expect(page.redirects).toEqual([
      { from: sites.url("hops.test", "/hops/3"), to: sites.url("hops.test", "/hops/2"), status: 301 },
      { from: sites.url("hops.test", "/hops/2"), to: sites.url("hops.test", "/hops/1"), status: 301 },
      { from: sites.url("hops.test", "/hops/1"), to: sites.url("hops.test", "/hops/0"), status: 301 },
    ]);
  });

  it("follows five and refuses the sixth", async () => {
    expect((await open()(sites.url("hops.test", "/hops/5"))).redirects).toHaveLength(5);
    const error = await fetchError(open()(sites.url("hops.test", "/hops/6")));
    expect(error.code).toBe("too_many_redirects");
    expect(error.detail.redirects).toHaveLength(6);
    expect(error.detail.loop).toBeUndefined();
  });

  it("stops a loop as soon as it comes back", async () => {
    const error = await fetchError(open()(sites.url("hops.test", "/loop/a")));
    expect(error).toMatchObject({ code: "too_many_redirects", detail: { loop: true, url: sites.url("hops.test", "/loop/a") } });
    expect(error.detail.redirects).toHaveLength(2);
  });

  it("refuses a redirect to another scheme", async () => {
    expect(await fetchError(open()(sites.url("hops.test", "/to-file")))).toMatchObject({ code: "invalid_url", detail: { url: "file:///etc/passwd" } });
  });
});

describe("the address rule (ALLOW_PRIVATE_FETCH off)", () => {
  it("is on by default: the configuration's ALLOW_PRIVATE_FETCH is false unless set", async () => {
    expect(loadConfig({}).ALLOW_PRIVATE_FETCH).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_FETCH: "true" }).ALLOW_PRIVATE_FETCH).toBe(true);
    const before = sites.requests.length;
    const error = await fetchError(createSafeFetch({ resolve: sites.resolve })(sites.url("acme.test")));
    expect(error).toMatchObject({ code: "address_not_allowed", detail: { address: "127.0.0.1", url: sites.url("acme.test") } });
    expect(sites.requests.length).toBe(before);
  });

  it.each([
    ["a name that resolves to loopback", () => `http://localhost:${sites.port}/`, "127.0.0.1"],
    ["a loopback literal", () => `http://127.0.0.1:${sites.port}/`, "127.0.0.1"],
    ["loopback written as one number", () => `http://2130706433:${sites.port}/`, "127.0.0.1"],
    ["an IPv4-mapped IPv6 literal", () => `http://[::ffff:127.0.0.1]:${sites.port}/`, "::ffff:7f00:1"],
    ["the IPv6 loopback", () => `http://[::1]:${sites.port}/`, "::1"],
    ["the cloud metadata address", () => "http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
  ])("refuses %s without connecting", async (_name, url, address) => {
    const before = sites.requests.length;
    const error = await fetchError(createSafeFetch({ allowPrivate: false })(url()));
    expect(error).toMatchObject({ code: "address_not_allowed", detail: { address } });
    expect(sites.requests.length).toBe(before);
  });

  it("lets an allowed address through, so the refusals below are the redirects' own", async () => {
    const page = await guarded()(gateway.url("hops.test", "/hops/1"));
    expect(page).toMatchObject({ status: 200, url: gateway.url("hops.test", "/hops/0") });
  });

  it.each([
    ["/to-loopback", "127.0.0.1"],
    ["/to-metadata", "169.254.169.254"],
  ])("checks the address again after a redirect (%s)", async (path, address) => {
    const error = await fetchError(guarded()(gateway.url("hops.test", path)));
    expect(error).toMatchObject({ code: "address_not_allowed", detail: { address } });
    expect(error.detail.redirects).toHaveLength(1);
    expect(error.detail.redirects![0]!.from).toBe(gateway.url("hops.test", path));
  });

  it("checks at connect time: a name that rebinds to loopback is refused on the answer used", async () => {
    let calls = 0;
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: "127.0.0.2", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]);
    const fetch = guarded({ resolve: rebinding });
    expect((await fetch(gateway.url("rebind.test", "/hops/0"))).status).toBe(404);
    expect(await fetchError(fetch(gateway.url("rebind.test", "/hops/0")))).toMatchObject({ code: "address_not_allowed", detail: { address: "127.0.0.1" } });
  });

  describe("with ALLOW_PRIVATE_FETCH=true", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      resetConfig();
    });

    it("fetches private addresses (tests, intranets)", async () => {
      vi.stubEnv("ALLOW_PRIVATE_FETCH", "true");
      resetConfig();
      const page = await createSafeFetch({ resolve: sites.resolve })(`http://127.0.0.1:${sites.port}/`);
      expect(page.status).toBe(404);
    });
  });
});
