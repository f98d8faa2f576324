import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/env";

/**
 * Issue 16: every text response travels compressed. The built assets are precompressed (Brotli and
 * gzip, scripts/precompress.mjs) and chosen by Accept-Encoding; pages and API answers are gzipped
 * on the way out; each says Vary: Accept-Encoding so caches keep the variants apart.
 */

/**
 * The sign-in page ships no script (decision 030); the public 404 page hydrates, so it names its
 * entry (large enough to be precompressed) among the modules it starts after the first paint.
 */
async function firstScript(): Promise<string> {
  const html = await (await fetch(`${E2E_BASE_URL}/no-such-page`, { headers: { "accept-encoding": "identity" } })).text();
  const src = html.match(/"(\/assets\/entry\.client-[^"]+\.js)"/)?.[1];
  expect(src, "a script of the 404 page").toBeTruthy();
  return src!;
}

/** Raw headers: Node's fetch would undo the encoding and hide it. */
async function head(path: string, acceptEncoding: string) {
  const res = await fetch(`${E2E_BASE_URL}${path}`, { headers: { "accept-encoding": acceptEncoding } });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, encoding: res.headers.get("content-encoding"), vary: res.headers.get("vary") ?? "", bytes };
}

test("static assets: Brotli or gzip as the browser takes them, plain otherwise, cached for good", async () => {
  const script = await firstScript();
  const plain = await head(script, "identity");
  expect(plain).toMatchObject({ status: 200, encoding: null });
  const brotli = await head(script, "gzip, deflate, br");
  expect(brotli).toMatchObject({ status: 200, encoding: "br" });
  expect(brotli.vary.toLowerCase()).toContain("accept-encoding");
  const gzip = await head(script, "gzip");
  expect(gzip).toMatchObject({ status: 200, encoding: "gzip" });
});

test("pages and API answers are gzipped with Vary: Accept-Encoding", async () => {
  for (const path of ["/auth", "/api/v1/openapi.json"]) {
    const compressed = await head(path, "gzip, deflate, br");
    expect(compressed.encoding, path).toBe("gzip");
    expect(compressed.vary.toLowerCase(), path).toContain("accept-encoding");
    const plain = await head(path, "identity");
    expect(plain.encoding, path).toBeNull();
  }
});
