import http from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/env";

/**
 * Issue 16: every text response travels compressed. The built assets are precompressed (Brotli and
 * gzip, scripts/precompress.mjs) and chosen by Accept-Encoding; pages and API answers are compressed
 * on the way out (server/http/compress.ts); each says Vary: Accept-Encoding so caches keep the
 * variants apart.
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

/** Raw headers and bytes: Node's fetch would undo the encoding and hide it. */
function head(path: string, acceptEncoding: string) {
  return new Promise<{ status?: number; encoding: string | null; length: string | null; vary: string; bytes: number }>((resolve, reject) => {
    http
      .get(`${E2E_BASE_URL}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode,
            encoding: res.headers["content-encoding"] ?? null,
            length: res.headers["content-length"] ?? null,
            vary: String(res.headers.vary ?? ""),
            bytes: Buffer.concat(chunks).byteLength,
          }),
        );
      })
      .on("error", reject);
  });
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

test("pages and API answers: Brotli or gzip as the client takes them, with their length and Vary: Accept-Encoding", async () => {
  for (const path of ["/auth", "/api/v1/openapi.json"]) {
    const brotli = await head(path, "gzip, deflate, br");
    expect(brotli.encoding, path).toBe("br");
    expect(brotli.length, path).toBe(String(brotli.bytes));
    expect(brotli.vary.toLowerCase(), path).toContain("accept-encoding");
    const gzip = await head(path, "gzip, deflate");
    expect(gzip.encoding, path).toBe("gzip");
    const plain = await head(path, "identity");
    expect(plain.encoding, path).toBeNull();
    // At the fastest levels (server/http/compress.ts) a small page such as /auth shrinks to about
    // a third; an answer sent plain, or encoded twice, would not halve.
    expect(brotli.bytes, path).toBeLessThan(plain.bytes / 2);
    expect(gzip.bytes, path).toBeLessThan(plain.bytes / 2);
  }
});
