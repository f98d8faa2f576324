import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getConfig } from "../config";
import type { ApiEnv } from "./env";
import { fieldError } from "./field-errors";

/** Node itself refuses headers over 64 KiB (server.js); past this we answer 431 with a readable body. */
export const MAX_HEADER_BYTES = 16 * 1024;

export const HEADERS_TOO_LARGE = "Request headers too large. Please clear your browser cookies and try again.";

export const headerLimit: MiddlewareHandler<ApiEnv> = async (c, next) => {
  let size = 0;
  c.req.raw.headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  if (size > MAX_HEADER_BYTES) return c.json({ message: HEADERS_TOO_LARGE }, 431);
  await next();
};

/** JSON bodies: the largest the API takes (an SEO profile, an academy course) is a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Multipart bodies reach only the upload routes, which each cap their own and say which field is
 * too large (academy thumbnails: 413 `file_size` past 10 MB and the form around it); no other route
 * reads one. This backstop sits above every such limit, so theirs answers first.
 */
export const MAX_MULTIPART_BYTES = 16 * 1024 * 1024;
/**
 * JSON routes that take files as text, with their own cap (a catalogue CSV of 10,000 rows is about
 * 1.5 MB): the route's own limit answers with its message, this one only lets it through.
 */
const LARGE_JSON_ROUTES = new Map([["/api/v1/backlinks/admin/sites/import", 8 * 1024 * 1024]]);

/** The most a JSON body sent to `path` may weigh. */
export const jsonBodyLimit = (path: string) => LARGE_JSON_ROUTES.get(path) ?? MAX_BODY_BYTES;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Refuses an oversized body with 413 before reading more: by its Content-Length at once, or, for a
 * chunked body, as soon as the count passes the limit. The HTTP server (server/app.ts) closes the
 * connection with the answer, so the rest is never read.
 */
export const bodyLimits: MiddlewareHandler<ApiEnv> = (c, next) => {
  const multipart = c.req.header("content-type")?.toLowerCase().startsWith("multipart/") ?? false;
  const maxSize = multipart ? MAX_MULTIPART_BYTES : jsonBodyLimit(c.req.path);
  return bodyLimit({
    maxSize,
    onError: (c) =>
      c.json({ message: `The request body is larger than ${megabytes(maxSize)}`, code: "body_too_large" }, 413),
  })(c, next);
};

/** A UTF-16 surrogate without its pair: JSON can carry one ("\ud800"), UTF-8 and the database cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text in a JSON body must be well-formed Unicode. A lone surrogate would be stored as U+FFFD by
 * one column and refused by the next; it is refused here, once, for every route, with the field.
 */
export const wellFormedText: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.raw.body && /^application\/([\w.+-]+\+)?json/i.test(c.req.header("content-type") ?? "")) {
    // Hono keeps the text for the route's validator; the route may still read the stream itself
    // (its own size limit, a signature over the exact bytes), so it gets an unread copy.
    const text = await c.req.text();
    c.req.raw = new Request(c.req.raw, { body: text });
    const field = illFormedAt(parseJson(text), []);
    if (field !== null) {
      const message = "Text must be valid Unicode: it contains a lone UTF-16 surrogate";
      return c.json({ message: `Invalid request. ${field ? `${field}: ` : ""}${message}`, code: "invalid_unicode", errors: fieldError(field || "_", "invalid_unicode", message) }, 400);
    }
  }
  await next();
};

/** Malformed JSON is the validator's to report. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The dotted path of the first key or string value that is not well-formed, or null. */
function illFormedAt(value: unknown, path: string[]): string | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = illFormedAt(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return [...path, key.replace(LONE_SURROGATE, "\uFFFD")].join(".");
      const found = illFormedAt(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The end user's address: given by the in-process caller, else the socket (or the proxy, if trusted). */
export function clientIp(c: Context<ApiEnv>): string {
  if (c.env?.clientIp) return c.env.clientIp;
  const hops = getConfig().TRUST_PROXY;
  if (hops > 0) {
    const chain = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
    const forwarded = chain[chain.length - hops];
    if (forwarded && isIP(forwarded)) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
