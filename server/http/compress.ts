import { Duplex } from "node:stream";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { knownBody } from "./known-body";

/**
 * Pages and API answers compressed on the way out, Brotli when the client takes it, else gzip.
 *
 * Hono's `compress()` pipes every body through a CompressionStream (gzip only on Node 20): a web
 * stream per response, a rendered page's string turned into chunks and back, and the node server's
 * fast path for a body given whole lost. Here a body that is already whole (a rendered page, a JSON
 * answer: one chunk, then the end) is compressed in one call and sent with its length; only a body
 * still being written is compressed as a stream. Answers are compressed at the fastest levels: Brotli
 * quality 4 made a signed-in page 1–1.4 kB smaller than quality 1 (7.7 kB against 9.1 kB) for
 * 3–4 % more of the server's CPU a page (docs/operations.md). The static assets are
 * precompressed at build, at Brotli's highest quality, and carry their Content-Encoding already.
 */
export type Encoding = "br" | "gzip";

/** Below this many bytes compression saves less than the headers it adds. */
const THRESHOLD = 1024;
const BROTLI_QUALITY = 1;
/** What nginx compresses dynamic answers with by default; about Brotli 1's size, at up to twice its CPU. */
const GZIP_LEVEL = 1;
/** A whole body larger than this is compressed off the event loop. */
const SYNC_LIMIT = 512 * 1024;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    ...(size > 0 ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}),
  },
});

/** The encoding to answer with, from an Accept-Encoding header: the highest q, Brotli on a tie. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim().toLowerCase() === "q") weight = Number(value);
    }
    q.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => q.get(encoding) ?? q.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return undefined;
}

export function compressWhole(bytes: Uint8Array, encoding: Encoding): Buffer {
  return encoding === "br" ? zlib.brotliCompressSync(bytes, brotliOptions(bytes.byteLength)) : zlib.gzipSync(bytes, { level: GZIP_LEVEL });
}

function compressWholeAsync(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === "br") zlib.brotliCompress(bytes, brotliOptions(bytes.byteLength), done);
    else zlib.gzip(bytes, { level: GZIP_LEVEL }, done);
  });
}

function compressor(encoding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  return Duplex.toWeb(encoding === "br" ? zlib.createBrotliCompress(brotliOptions(0)) : zlib.createGzip({ level: GZIP_LEVEL })) as ReadableWritablePair<Uint8Array, Uint8Array>;
}

export function compression(): MiddlewareHandler {
  return async function compression(c, next) {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (
      c.req.method === "HEAD" ||
      res.status === 206 ||
      res.status === 204 ||
      res.status === 304 ||
      headers.has("content-encoding") ||
      headers.has("transfer-encoding") ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("content-type") ?? "") ||
      NO_TRANSFORM.test(headers.get("cache-control") ?? "")
    ) {
      return;
    }
    const vary = headers.get("vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    if (!encoding) return;
    const answer = (body: BodyInit | Uint8Array, encoded: boolean) => {
      const out = new Headers(headers);
      out.delete("content-length");
      if (encoded) {
        out.set("content-encoding", encoding);
        const etag = out.get("etag");
        if (etag && !etag.startsWith("W/")) out.set("etag", `W/${etag}`);
      }
      // Unset first: Hono's setter would copy the old answer's headers (its length, its strong ETag)
      // onto the new one and rebuild it around a stream, losing the node server's fast path.
      c.res = undefined;
      c.res = new Response(body as BodyInit, { status: res.status, statusText: res.statusText, headers: out });
    };
    // A whole body: compressed in one call, off the event loop when it is large.
    const answerWhole = async (bytes: Uint8Array) =>
      answer(bytes.byteLength > SYNC_LIMIT ? await compressWholeAsync(bytes, encoding) : compressWhole(bytes, encoding), true);
    // A body made from what was at hand (a rendered page's bytes, a kept answer's text) is taken as
    // it is: read from the Response, it would be encoded into a stream and read back in chunks.
    const known = knownBody(res);
    if (known !== undefined) {
      const bytes = typeof known === "string" ? Buffer.from(known) : known;
      if (bytes.byteLength >= THRESHOLD) await answerWhole(bytes);
      return;
    }
    if (!res.body) return;

    // A body given whole comes as one chunk and then its end; a second chunk means it is still
    // being written, and it is compressed as it comes.
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let whole = false;
    for (let reads = 0; reads < 2; reads++) {
      const { done, value } = await reader.read();
      if (done) {
        whole = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
    if (whole) {
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      if (size < THRESHOLD) return answer(bytes, false);
      return answerWhole(bytes);
    }
    const rest = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    answer(rest.pipeThrough(compressor(encoding)), true);
  };
}
