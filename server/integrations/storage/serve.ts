import fs from "node:fs";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { LOCAL_UPLOADS_PATH, localUploadsDir } from "./index";
import { contentTypeOfKey, isStorageKey } from "./keys";
import { LocalStorage } from "./local";

/**
 * GET /uploads/<key>: the local storage's files. Only keys Sightline makes are served, with the
 * type their extension says (set from the detected type at upload), `nosniff`, no script, and
 * cached for good (a replaced file gets a new key).
 */
export async function serveUpload(c: Context): Promise<Response> {
  const key = decodeURIComponentSafe(c.req.path.slice(LOCAL_UPLOADS_PATH.length + 1));
  const contentType = key ? contentTypeOfKey(key) : undefined;
  if (!key || !contentType || !isStorageKey(key)) return c.text("Not found", 404);
  const file = new LocalStorage(localUploadsDir(), LOCAL_UPLOADS_PATH).pathOf(key);
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return c.text("Not found", 404);
  const headers = {
    "content-type": contentType,
    "content-length": String(stat.size),
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    "last-modified": stat.mtime.toUTCString(),
  };
  if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

function decodeURIComponentSafe(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
