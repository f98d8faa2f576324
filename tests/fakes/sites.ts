import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { type Resolver, systemResolver } from "../../server/site-audit/addresses";
import { SiteFetchError } from "../../server/site-audit/errors";

/**
 * Websites for the website analysis, served by one local HTTP server and told apart by their Host
 * header. Their names end in `.test` (reserved by RFC 2606, never in real DNS): `resolve` maps them
 * to the server's address, standing in for DNS. Bodies say `{origin}` where the site's own
 * `http://name.test:port` goes.
 *
 *   acme.test     English bookkeeping SaaS, nearly exemplary: per-crawler robots.txt groups
 *                 (GPTBot blocked, ClaudeBot's Disallow overridden by `Allow: /$`, CCBot blocked
 *                 on /private/ only, wildcard patterns for everyone), JSON-LD @graph, valid
 *                 llms.txt, sitemap listed; served gzipped; /latin1 is an ISO-8859-1 page
 *   fromage.test  French cheese shop: robots.txt blocks PerplexityBot, llms.txt with problems,
 *                 one broken JSON-LD block beside a good one, no sitemap
 *   closed.test   blocks everyone: `Disallow: /`, meta noindex, X-Robots-Tag noai; llms.txt is an
 *                 HTML page (a soft 404); its sitemap is where robots.txt says, not /sitemap.xml
 *   messy.test    no lang, no description, two h1, robots.txt answers 500, sitemap not listed
 *   hops.test     /hops/N redirects N times then answers; /insecure → /secure (http → https, by
 *                 path); /loop/a ↔ /loop/b; /to-loopback and /to-metadata redirect to 127.0.0.1 and
 *                 169.254.169.254
 *   slow.test     answers after `slowMs`; /drip sends headers at once and the body slowly
 *   huge.test     a 3 MB page; /gzip is the same page gzipped
 */

export type FakeSiteRequest = { host: string; path: string; userAgent: string | undefined };

type Reply = { status?: number; type?: string; body?: string; headers?: Record<string, string>; gzip?: boolean; latin1?: boolean };

const HTML = "text/html; charset=utf-8";
const TEXT = "text/plain; charset=utf-8";
const XML = "application/xml";

export const ACME_HOME = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Acme Books — Bookkeeping software for small businesses</title>
  <meta name="description" content="Acme Books is online bookkeeping software for small businesses and freelancers: invoicing, bank reconciliation and tax reports in one place.">
  <meta property="og:site_name" content="Acme Books">
  <link rel="canonical" href="{origin}/">
  <link rel="alternate" hreflang="fr" href="{origin}/fr/">
  <link rel="alternate" hreflang="x-default" href="{origin}/">
  <link rel="icon" href="/static/favicon.svg">
  <script type="application/ld+json">
  {"@context": "https://schema.org", "@graph": [
    {"@type": "Organization", "@id": "{origin}/#org", "name": "Acme Books Ltd", "url": "{origin}/",
     "sameAs": ["https://www.linkedin.com/company/acme-books", "https://twitter.com/acmebooks"]},
    {"@type": "WebSite", "name": "Acme Books", "url": "{origin}/", "publisher": {"@id": "{origin}/#org"}}
  ]}
  </script>
</head>
<body>
  <nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/login">Log in</a></nav>
  <header><h1>Bookkeeping software that does the books for you</h1></header>
  <main>
    <p>Acme Books is online <strong>bookkeeping software</strong> for small businesses and freelancers.
    Send invoices, reconcile bank transactions and file tax reports without an accountant.</p>
    <h2>Automatic invoicing</h2>
    <p>Create invoices in seconds, send reminders automatically and get paid faster with online payments.</p>
    <h2>Bank reconciliation</h2>
    <p>Connect your bank account: transactions are imported and matched with your invoices every day.
    Bank reconciliation takes minutes, not hours.</p>
    <h2>Tax reports</h2>
    <p>Quarterly tax reports are prepared from your bookkeeping, ready for your accountant or the tax office.</p>
    <h3>Bookkeeping software for freelancers</h3>
    <p>Freelancers track expenses, invoices and tax reports from one dashboard.</p>
  </main>
  <footer>© 2026 Acme Books Ltd. All rights reserved. Privacy policy. Cookie settings.</footer>
</body>
</html>`;

const ACME_ROBOTS = `# Acme Books
User-agent: *
Allow: /
Disallow: /admin
Disallow: /*?session=
Disallow: /*.pdf$

User-agent: GPTBot
Disallow: /

User-agent: ClaudeBot
Disallow: /
Allow: /$

User-agent: CCBot
Disallow: /private/

Sitemap: {origin}/sitemap.xml
`;

export const ACME_LLMS = `# Acme Books

> Online bookkeeping software for small businesses and freelancers.

Acme Books handles invoicing, bank reconciliation and tax reports.

## Docs

- [Getting started](https://acme.example/docs/start): create an account and connect a bank
- [Invoicing](https://acme.example/docs/invoices)

## Optional

- [Blog](https://acme.example/blog): product news
`;

const SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{origin}/</loc></url></urlset>`;

export const FROMAGE_HOME = `<!doctype html>
<html lang="fr-FR">
<head>
  <title>La Fromagerie du Marché | Fromages affinés et plateaux de fromages</title>
  <meta name="description" content="Fromagerie artisanale à Lyon : fromages affinés au lait cru, plateaux de fromages pour vos réceptions et livraison de fromages à domicile.">
  <link rel="icon" href="/favicon.png">
  <script type="application/ld+json">{"@context": "https://schema.org", "@type": "LocalBusiness", "name": "La Fromagerie du Marché",
    "sameAs": "https://www.instagram.com/fromagerie"}</script>
  <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Comté 24 mois",</script>
</head>
<body>
  <h1>Fromages affinés au lait cru</h1>
  <p>Notre fromagerie sélectionne des fromages affinés au lait cru auprès de petits producteurs.
  Chaque fromage est affiné dans nos caves pendant plusieurs mois.</p>
  <h2>Plateaux de fromages</h2>
  <p>Commandez un plateau de fromages pour vos réceptions : les plateaux de fromages sont composés selon la saison.</p>
  <h2>Livraison à domicile</h2>
  <p>La livraison de fromages à domicile est possible à Lyon et dans toute la région. L'affinage de nos fromages garantit le goût.</p>
  <h3>Cours de dégustation</h3>
  <p>Apprenez la dégustation des fromages affinés avec notre fromager, chaque samedi à la fromagerie.</p>
</body>
</html>`;

const FROMAGE_LLMS = `Welcome to our shop

# La Fromagerie du Marché
> Fromagerie artisanale à Lyon.

## Produits
Nos fromages sont affinés sur place.
- [Comté](https://fromage.example/comte)
- Reblochon de Savoie
- [Tomme](mailto:tomme@fromage.example)

### Détails

## Vide
`;

const CLOSED_HOME = `<!doctype html><html lang="en"><head><title>Private members area of Closed Club</title>
<meta name="robots" content="noindex, nofollow"></head><body><h1>Members only</h1><p>Sign in to continue.</p></body></html>`;

const MESSY_HOME = `<html><head><title>Home</title></head>
<body><h1>Welcome</h1><h1>Our services</h1><p>We do things.</p></body></html>`;

const HUGE_HOME = `<!doctype html><html lang="en"><head><title>A very large page indeed, for testing</title></head><body><h1>Huge</h1>${"<p>Cheese boards, wine pairings and delivery across France, every week of the year.</p>\n".repeat(50_000)}</body></html>`;

const LATIN1_HOME = `<!doctype html><html lang="fr"><head><title>Crème brûlée à la française</title></head><body><h1>Crème brûlée</h1></body></html>`;

const SITES: Record<string, (path: string) => Reply | undefined> = {
  "acme.test": (path) =>
    ({
      "/": { type: HTML, body: ACME_HOME, gzip: true },
      "/robots.txt": { type: TEXT, body: ACME_ROBOTS },
      "/llms.txt": { type: "text/markdown; charset=utf-8", body: ACME_LLMS },
      "/sitemap.xml": { type: XML, body: SITEMAP },
      "/latin1": { type: "text/html; charset=iso-8859-1", body: LATIN1_HOME, latin1: true },
    })[path],
  "fromage.test": (path) =>
    ({
      "/": { type: HTML, body: FROMAGE_HOME },
      "/robots.txt": { type: TEXT, body: "User-agent: *\nDisallow: /panier\n\nUser-agent: PerplexityBot\nDisallow: /\n" },
      "/llms.txt": { type: TEXT, body: FROMAGE_LLMS },
    })[path],
  "closed.test": (path) =>
    ({
      "/": { type: HTML, body: CLOSED_HOME, headers: { "x-robots-tag": "noai, noimageai" } },
      "/robots.txt": { type: TEXT, body: "User-agent: *\nDisallow: /\n\nSitemap: {origin}/sitemaps/main.xml\n" },
      "/sitemaps/main.xml": { type: XML, body: SITEMAP },
      "/llms.txt": { type: HTML, body: "<!doctype html><html><body>Not found</body></html>" },
    })[path],
  "messy.test": (path) =>
    ({
      "/": { type: HTML, body: MESSY_HOME },
      "/robots.txt": { status: 500, type: TEXT, body: "oops" },
      "/sitemap.xml": { type: XML, body: SITEMAP },
    })[path],
  "hops.test": (path) => {
    const hop = /^\/hops\/(\d+)$/.exec(path);
    if (hop) {
      const left = Number(hop[1]);
      return left === 0 ? { type: HTML, body: "<title>Arrived</title>" } : redirect(`/hops/${left - 1}`);
    }
    return ({
      "/insecure": redirect("/secure"),
      "/secure": { type: HTML, body: "<title>Secure</title>" },
      "/loop/a": redirect("/loop/b"),
      "/loop/b": redirect("/loop/a"),
      "/to-loopback": redirect("http://127.0.0.1:{port}/"),
      "/to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
      "/to-file": redirect("file:///etc/passwd"),
    } as Record<string, Reply>)[path];
  },
  "huge.test": (path) => ({ "/": { type: HTML, body: HUGE_HOME }, "/gzip": { type: HTML, body: HUGE_HOME, gzip: true } })[path],
};

function redirect(location: string): Reply {
  return { status: 301, headers: { location } };
}

/**
 * `aliases` serves other host names as one of the sites, for runs that fetch through the system's DNS
 * (the API's job, the e2e server), where no `.test` name resolves: `{ "127.0.0.1": "acme.test" }`
 * makes `http://127.0.0.1:port/` the Acme site.
 */
export async function createFakeSites(options: { address?: string; slowMs?: number; aliases?: Record<string, string> } = {}) {
  const address = options.address ?? "127.0.0.1";
  const aliases = options.aliases ?? {};
  const slowMs = options.slowMs ?? 3000;
  const requests: FakeSiteRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const named = (req.headers.host ?? "").replace(/:\d+$/, "");
    const host = aliases[named] ?? named;
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ host, path, userAgent: req.headers["user-agent"] });
    if (host === "slow.test") {
      if (path === "/drip") {
        res.writeHead(200, { "content-type": HTML });
        const drip = () => {
          if (res.destroyed) return;
          res.write("<p>still here</p>");
          later(100, drip);
        };
        drip();
      } else later(slowMs, () => res.end("<title>Finally</title>"));
      return;
    }
    const reply = SITES[host]?.(path) ?? { status: 404, type: TEXT, body: "Not found" };
    send(res, reply, `http://${req.headers.host}`, server);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const port = (server.address() as AddressInfo).port;

  /** Fake DNS: every `.test` name is this server; anything else asks the system. */
  const resolve: Resolver = async (hostname) => {
    if (hostname.endsWith(".test")) return [{ address, family: 4 }];
    return systemResolver(hostname);
  };

  return {
    port,
    address,
    requests,
    resolve,
    /** `http://host:port/path`, host being one of the sites above. */
    url: (host: string, path = "/") => `http://${host}:${port}${path}`,
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

export type FakeSites = Awaited<ReturnType<typeof createFakeSites>>;

/** The SiteFetchError a fetch or an audit failed with; anything else, success included, fails the test. */
export async function fetchError(promise: Promise<unknown>): Promise<SiteFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SiteFetchError) return error;
    throw error;
  }
  throw new Error("expected a SiteFetchError, and it succeeded");
}

function send(res: http.ServerResponse, reply: Reply, origin: string, server: http.Server) {
  const port = (server.address() as AddressInfo).port;
  const text = (reply.body ?? "").replaceAll("{origin}", origin);
  const headers: Record<string, string> = { ...reply.headers };
  if (headers.location) headers.location = headers.location.replace("{port}", String(port));
  if (reply.type) headers["content-type"] = reply.type;
  let body: Buffer = Buffer.from(text, reply.latin1 ? "latin1" : "utf8");
  if (reply.gzip) {
    body = zlib.gzipSync(body);
    headers["content-encoding"] = "gzip";
  }
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}
