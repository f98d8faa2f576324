import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it, type MockInstance, vi } from "vitest";
import { chooseEncoding, compression } from "./compress";
import { withBody } from "./known-body";

const page = `<!DOCTYPE html><html lang="en"><body>${Array.from({ length: 400 }, (_, i) => `<li class="row">Question ${i}: which CRM do small teams pick?</li>`).join("")}</body></html>`;

/** The body getters of the answers made from what was at hand: the compression must not read them. */
const reads: MockInstance[] = [];

function app() {
  const app = new Hono();
  app.use("*", compression());
  app.get("/page", (c) => c.html(page));
  app.get("/json", (c) => c.json({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) }));
  app.get("/small", (c) => c.json({ ok: true }));
  app.get("/image", (c) => c.body(new Uint8Array(4096).fill(7), 200, { "content-type": "image/png" }));
  app.get("/no-transform", (c) => c.html(page, 200, { "cache-control": "no-transform" }));
  app.get("/encoded", (c) => c.body(zlib.gzipSync(page), 200, { "content-type": "text/html", "content-encoding": "gzip" }));
  app.get("/etag", (c) => c.html(page, 200, { etag: '"v1"', vary: "Cookie" }));
  // Answers made from what was at hand: a page's bytes, a kept answer's text (with a non-Latin character).
  const known = (body: string | Uint8Array, type: string) => {
    const response = new Response(body as BodyInit, { headers: { "content-type": type } });
    const read = vi.spyOn(response, "body", "get");
    reads.push(read);
    return withBody(response, body);
  };
  app.get("/known-page", () => known(Buffer.from(`${page}🇫🇷`), "text/html; charset=utf-8"));
  app.get("/known-json", () => known(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => `ligne ${i} ’`) }), "application/json"));
  app.get("/known-small", () => known("{}", "application/json"));
  app.get("/stream", () => {
    const parts = ["id,name\n", ...Array.from({ length: 50 }, (_, i) => `${i},row number ${i} of a long export\n`)];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const part = parts.shift();
        if (part === undefined) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 1));
        controller.enqueue(new TextEncoder().encode(part));
      },
    });
    return new Response(body, { headers: { "content-type": "text/csv" } });
  });
  return app;
}

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app().request(path, { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

function decode(bytes: Buffer, encoding: string | null): string {
  if (encoding === "br") return zlib.brotliDecompressSync(bytes).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(bytes).toString("utf8");
  return bytes.toString("utf8");
}

async function body(res: Response) {
  return Buffer.from(await res.arrayBuffer());
}

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0, br", "br"],
    ["br;q=0, gzip;q=0", undefined],
    ["*", "br"],
    ["*;q=0.2, gzip;q=0.5", "gzip"],
    ["identity", undefined],
    ["deflate", undefined],
    ["", undefined],
    [" GZIP ; q=0.8 ", "gzip"],
    ["br;q=nonsense, gzip", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
  it("no header, no encoding", () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe("compression", () => {
  it("compresses a page whole with Brotli, with its length, and it decodes to the page", async () => {
    const res = await get("/page", "gzip, deflate, br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const bytes = await body(res);
    expect(bytes.byteLength).toBeLessThan(page.length / 5);
    expect(decode(bytes, "br")).toBe(page);
  });

  it("takes an answer made from bytes or text at hand as it is, without reading its body", async () => {
    reads.length = 0;
    const pageRes = await get("/known-page", "gzip, deflate, br");
    expect(pageRes.headers.get("content-encoding")).toBe("br");
    expect(decode(await body(pageRes), "br")).toBe(`${page}🇫🇷`);
    const json = await get("/known-json", "gzip");
    expect(json.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(decode(await body(json), "gzip")).rows[199]).toBe("ligne 199 ’");
    const small = await get("/known-small", "br");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({});
    expect(reads).toHaveLength(3);
    for (const read of reads) expect(read).not.toHaveBeenCalled();
  });

  it("gzips for a client that takes only gzip", async () => {
    const res = await get("/json", "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(decode(await body(res), "gzip")).rows).toHaveLength(200);
  });

  it("sends plain bytes to a client that takes neither, still saying the answer varies", async () => {
    for (const accept of [undefined, "identity", "deflate"]) {
      const res = await get("/page", accept);
      expect(res.headers.get("content-encoding"), String(accept)).toBeNull();
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect((await body(res)).toString("utf8")).toBe(page);
    }
  });

  it("leaves a small answer as it is", async () => {
    const res = await get("/small", "br");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it("leaves alone what is compressed already, what must not be transformed, and HEAD", async () => {
    const image = await get("/image", "br");
    expect(image.headers.get("content-encoding")).toBeNull();
    expect((await body(image)).byteLength).toBe(4096);

    const noTransform = await get("/no-transform", "br");
    expect(noTransform.headers.get("content-encoding")).toBeNull();

    const encoded = await get("/encoded", "br");
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(decode(await body(encoded), "gzip")).toBe(page);

    const head = await get("/page", "br", "HEAD");
    expect(head.headers.get("content-encoding")).toBeNull();
  });

  it("weakens a strong ETag and adds to an existing Vary", async () => {
    const res = await get("/etag", "br");
    expect(res.headers.get("etag")).toBe('W/"v1"');
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
  });

  it("compresses a body still being written as a stream, whole at the end", async () => {
    for (const encoding of ["br", "gzip"]) {
      const res = await get("/stream", encoding);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-length")).toBeNull();
      const text = decode(await body(res), encoding);
      expect(text.split("\n")).toHaveLength(52);
      expect(text.startsWith("id,name\n0,row number 0")).toBe(true);
    }
  });
});
