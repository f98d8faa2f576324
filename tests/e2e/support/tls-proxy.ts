import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";

export type TlsProxy = { url: string; close: () => Promise<void> };

/**
 * A reverse proxy that terminates TLS, as nginx or a load balancer does: https on `port`, plain
 * http to `target`, with X-Forwarded-Proto, -Host and -For appended. The certificate is made for
 * localhost by openssl, fresh for each run (the browser is told to accept it).
 */
export async function startTlsProxy(port: number, target: string): Promise<TlsProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sightline-tls-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
  ], { stdio: "ignore" });
  const upstream = new URL(target);
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    const append = (name: string, value: string) => {
      const current = request.headers[name];
      return current ? `${current}, ${value}` : value;
    };
    // As nginx's proxy_next_upstream: a GET or HEAD whose upstream connection failed before any
    // answer is tried again (the app under a loaded CI machine can refuse a connection now and
    // then); anything else answers 502.
    const idempotent = request.method === "GET" || request.method === "HEAD";
    const send = (attempt: number) => {
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          // A connection per request: a kept-alive upstream socket the app closed while idle would
          // fail the next request through it, which the browser sees as a broken connection.
          agent: false,
          method: request.method,
          path: request.url,
          headers: {
            ...withoutHopByHop(request.headers),
            "x-forwarded-proto": append("x-forwarded-proto", "https"),
            "x-forwarded-host": append("x-forwarded-host", request.headers.host ?? `localhost:${port}`),
            "x-forwarded-for": append("x-forwarded-for", request.socket.remoteAddress ?? "127.0.0.1"),
          },
        },
        (answer) => {
          // The app's "Connection: close" (one upstream connection per request) is about the proxy's
          // hop, not the browser's: passed on, it would close every browser connection after one answer.
          response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
          answer.pipe(response);
        },
      );
      forwarded.on("error", () => {
        if (!response.headersSent && idempotent && attempt < 3) {
          setTimeout(() => send(attempt + 1), 100 * attempt);
          return;
        }
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      if (idempotent) forwarded.end();
      else request.pipe(forwarded);
    };
    send(1);
  });
  // Idle browser connections stay open longer than the browser keeps them (nginx's default is 75 s):
  // closing one as the browser reuses it makes Chromium retry, and under load give up.
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 80_000;
  // Every address (IPv4 and IPv6): the browser may try either for localhost.
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    url: `https://localhost:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** RFC 9110 §7.6.1: a proxy does not forward the headers that describe its own connection. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade"];
function withoutHopByHop(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}
