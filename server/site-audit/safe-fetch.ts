import http from "node:http";
import https from "node:https";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { getConfig } from "../config";
import { checkedLookup, isPublicAddress, type Resolver, systemResolver } from "./addresses";
import { type FetchErrorDetail, type Redirect, SiteFetchError } from "./errors";

/**
 * Fetching pages whose address a user typed, without letting that user read the server's own
 * network (SSRF). Node's http client with a checked `lookup` rather than `fetch`: the address is
 * judged where the socket connects (see addresses.ts), every redirect is followed by hand so each
 * hop is judged again, and the body is read as a stream so a huge page stops at the limit.
 */

/** Issue 12's limits: 5 redirects, 2 MB per body, 10 s per fetch (redirects and body included). */
export const FETCH_LIMITS = { maxRedirects: 5, maxBodyBytes: 2 * 1024 * 1024, timeoutMs: 10_000 } as const;

export type SafeFetchOptions = {
  /** Lift the address rule (tests, intranets). Default: the ALLOW_PRIVATE_FETCH setting. */
  allowPrivate?: boolean;
  /**
   * Which addresses may be connected to when the rule holds. Default: public ones only. Tests use
   * it to let one local fixture address stand for a public site and prove the rest are refused.
   */
  isAllowedAddress?: (address: string) => boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBodyBytes?: number;
  /** Default: `SightlineBot/1.0 (+APP_URL)`, so site owners can see who visits and why. */
  userAgent?: string;
  /** Default: the system's DNS. Tests map made-up host names to their local server. */
  resolve?: Resolver;
  /** A clock in milliseconds, for the timings. */
  now?: () => number;
};

export type FetchRequest = { accept?: string };

export type FetchedPage = {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", " as Node does. */
  headers: Record<string, string>;
  /** Decoded text (charset from the header, or the page's own meta for HTML). */
  body: string;
  /** Bytes of the (decompressed) body read, at most the limit. */
  bytes: number;
  /** The body went past the limit and was cut there. */
  truncated: boolean;
  redirects: Redirect[];
  /** From sending the last request to its response headers: the server's own response time. */
  timeToFirstByteMs: number;
  /** The whole fetch, redirects and body included. */
  durationMs: number;
};

export type SafeFetch = (url: string, request?: FetchRequest) => Promise<FetchedPage>;

type Settings = Required<Omit<SafeFetchOptions, "allowPrivate">>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DNS_ERRORS = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NODATA", "EAI_NONAME"]);
const DEFAULT_ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

export function sightlineUserAgent(appUrl = getConfig().APP_URL): string {
  return `SightlineBot/1.0 (+${appUrl})`;
}

export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch {
  const allowPrivate = options.allowPrivate ?? getConfig().ALLOW_PRIVATE_FETCH;
  const settings: Settings = {
    isAllowedAddress: allowPrivate ? () => true : (options.isAllowedAddress ?? isPublicAddress),
    timeoutMs: options.timeoutMs ?? FETCH_LIMITS.timeoutMs,
    maxRedirects: options.maxRedirects ?? FETCH_LIMITS.maxRedirects,
    maxBodyBytes: options.maxBodyBytes ?? FETCH_LIMITS.maxBodyBytes,
    userAgent: options.userAgent ?? sightlineUserAgent(),
    resolve: options.resolve ?? systemResolver,
    now: options.now ?? (() => performance.now()),
  };
  return (url, request = {}) => fetchFollowingRedirects(url, request, settings);
}

async function fetchFollowingRedirects(input: string, request: FetchRequest, settings: Settings): Promise<FetchedPage> {
  const started = settings.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  const redirects: Redirect[] = [];
  let url = httpUrl(input);
  const seen = new Set([url.href]);
  try {
    for (;;) {
      const sent = settings.now();
      const response = await send(url, request, settings, controller.signal);
      const firstByte = settings.now();
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.destroy();
        const next = httpUrl(location, url);
        redirects.push({ from: url.href, to: next.href, status: response.statusCode! });
        if (seen.has(next.href)) throw new SiteFetchError("too_many_redirects", { url: next.href, loop: true });
        if (redirects.length > settings.maxRedirects) throw new SiteFetchError("too_many_redirects", { url: next.href });
        seen.add(next.href);
        url = next;
        continue;
      }
      const { buffer, truncated } = await readBody(response, settings.maxBodyBytes);
      const headers = flatHeaders(response.headers);
      return {
        url: url.href,
        status: response.statusCode ?? 0,
        headers,
        body: decodeText(buffer, headers["content-type"]),
        bytes: buffer.length,
        truncated,
        redirects,
        timeToFirstByteMs: Math.round(firstByte - sent),
        durationMs: Math.round(settings.now() - started),
      };
    }
  } catch (error) {
    throw asFetchError(error, controller.signal, { url: url.href, redirects });
  } finally {
    clearTimeout(timer);
  }
}

/** An absolute http(s) URL, or `invalid_url`: file:, ftp:, data:, javascript: never reach a socket. */
function httpUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new SiteFetchError("invalid_url", { url: input });
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) {
    throw new SiteFetchError("invalid_url", { url: url.href });
  }
  url.hash = "";
  return url;
}

function send(url: URL, request: FetchRequest, settings: Settings, signal: AbortSignal): Promise<http.IncomingMessage> {
  // WHATWG URL has already normalised IPv4 spellings (0x7f.1, 2130706433) to dotted form.
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  // Node skips `lookup` for a literal address, so a literal is judged here.
  if (net.isIP(hostname) && !settings.isAllowedAddress(hostname)) {
    return Promise.reject(new SiteFetchError("address_not_allowed", { address: hostname }));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request({
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers: {
        "user-agent": settings.userAgent,
        accept: request.accept ?? DEFAULT_ACCEPT,
        "accept-encoding": "gzip, deflate, br",
      },
      lookup: checkedLookup(settings.resolve, settings.isAllowedAddress),
      // No pooled sockets: a connection checked under one policy is never reused under another.
      agent: false,
      signal,
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

/**
 * The body, decompressed, cut at `max` bytes. The limit applies after decompression so a small
 * gzip bomb cannot expand in memory; reading stops and the connection closes at the limit.
 */
function readBody(response: http.IncomingMessage, max: number): Promise<{ buffer: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error | null | undefined) => {
      if (settled || !error) return;
      settled = true;
      reject(error);
    };
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ buffer: Buffer.concat(chunks, size), truncated });
    };
    const decoder = decompressor(response.headers["content-encoding"]);
    decoder?.once("error", (error: NodeJS.ErrnoException) => fail(new SiteFetchError("invalid_response", { cause: error.code })));
    const stream: Readable = decoder ? pipeline(response, decoder, fail) : response.once("error", fail);
    stream.on("data", (chunk: Buffer) => {
      if (settled) return;
      const room = max - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = max;
        finish(true);
        response.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    stream.once("end", () => finish(false));
    stream.once("error", fail);
  });
}

function decompressor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

/**
 * The charset of the Content-Type header, else (for HTML) the page's own `<meta charset>` within its
 * first 1024 bytes as browsers look for it, else UTF-8. An unknown label falls back to UTF-8 too.
 */
export function decodeText(buffer: Buffer, contentType = ""): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(buffer.subarray(0, 1024).toString("latin1"))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(buffer);
  } catch {
    return new TextDecoder("utf-8").decode(buffer);
  }
}

function asFetchError(error: unknown, signal: AbortSignal, detail: FetchErrorDetail): SiteFetchError {
  if (error instanceof SiteFetchError) return new SiteFetchError(error.code, { ...detail, ...error.detail });
  if (signal.aborted) return new SiteFetchError("timeout", detail);
  const cause = (error as NodeJS.ErrnoException).code;
  if (cause && DNS_ERRORS.has(cause)) return new SiteFetchError("dns_failed", { ...detail, cause });
  if (cause?.startsWith("HPE_")) return new SiteFetchError("invalid_response", { ...detail, cause });
  return new SiteFetchError("connection_failed", { ...detail, cause });
}
