import type { IncomingHttpHeaders } from "node:http";
import type { Config } from "./config";

/** What of Node's request the public URL depends on. */
export type IncomingTarget = { url?: string; headers: IncomingHttpHeaders };

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The URL a request was made to, as the browser saw it. Behind a proxy that terminates TLS, Node
 * sees `http://…`, while browsers send `Origin: https://…`: React Router refuses every form post
 * whose Origin differs from `request.url`. So:
 * - with TRUST_PROXY, the scheme and host the trusted proxy forwarded (X-Forwarded-Proto and
 *   X-Forwarded-Host, read like X-Forwarded-For: the entry `TRUST_PROXY` hops from the right);
 * - else, when the operator set APP_URL, its origin: the app has one public address;
 * - else the request's own (a local run, reached as localhost or 127.0.0.1 alike).
 * Returns the absolute URL to give the request, or undefined to leave it as it is.
 */
export function publicUrl(incoming: IncomingTarget, config: Pick<Config, "TRUST_PROXY" | "PUBLIC_ORIGIN">): string | undefined {
  const path = incoming.url ?? "/";
  // Already absolute (a request in proxy form): Node's URL is what the client asked for.
  if (!path.startsWith("/")) return undefined;
  if (config.TRUST_PROXY > 0) {
    const proto = forwarded(incoming.headers["x-forwarded-proto"], config.TRUST_PROXY)?.toLowerCase();
    if (proto === "http" || proto === "https") {
      const host = forwarded(incoming.headers["x-forwarded-host"], config.TRUST_PROXY) ?? incoming.headers.host;
      if (host && HOST.test(host)) return `${proto}://${host}${path}`;
    }
  }
  return config.PUBLIC_ORIGIN ? `${config.PUBLIC_ORIGIN}${path}` : undefined;
}

/** The entry `hops` from the right of a comma-separated forwarded header (the nearest proxies append). */
function forwarded(header: string | string[] | undefined, hops: number): string | undefined {
  if (header === undefined) return undefined;
  const chain = (Array.isArray(header) ? header.join(",") : header).split(",").map((entry) => entry.trim());
  // A proxy that overwrites the header instead of appending leaves a single entry: that one.
  return (chain[chain.length - hops] ?? chain[0]) || undefined;
}
