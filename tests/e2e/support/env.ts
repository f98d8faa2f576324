import os from "node:os";
import path from "node:path";

/**
 * Where the e2e server listens and keeps its data. Deterministic (no pid) because the config is
 * evaluated again in every worker process: all of them must agree on the outbox directory.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `sightline-e2e-${E2E_PORT}`);

/** ADMIN_EMAILS of the e2e server: one admin per project, so two workers never share a sign-in link. */
export const ADMIN_EMAIL = { js: "admin@e2e.test", "no-js": "admin-nojs@e2e.test" } as const;

/** More admins for the academy management tests, one per test and project (tests/e2e/academy-admin.spec.ts). */
export const ACADEMY_ADMIN_EMAILS = {
  js: ["academy-admin-1@e2e.test", "academy-admin-2@e2e.test", "academy-admin-3@e2e.test"],
  "no-js": ["academy-admin-nojs-1@e2e.test", "academy-admin-nojs-2@e2e.test", "academy-admin-nojs-3@e2e.test"],
} as const;

/** Admins of the marketplace's tests, one per test and project (tests/e2e/backlinks.spec.ts). */
export const BACKLINKS_ADMIN_EMAILS = {
  js: ["backlinks-admin-1@e2e.test", "backlinks-admin-2@e2e.test"],
  "no-js": ["backlinks-admin-nojs-1@e2e.test", "backlinks-admin-nojs-2@e2e.test"],
} as const;

/** Admins of the configuration page's test, one per project (tests/e2e/coming-soon.spec.ts). */
export const CONFIGURATION_ADMIN_EMAILS = { js: "configuration-admin@e2e.test", "no-js": "configuration-admin-nojs@e2e.test" } as const;

/** The admins of the every-page sweep (tests/e2e/every-route.spec.ts), one per running worker. */
export const SWEEP_ADMIN_EMAILS = ["sweep-admin-1@e2e.test", "sweep-admin-2@e2e.test", "sweep-admin-3@e2e.test", "sweep-admin-4@e2e.test"] as const;

/** The admin of the browserless checks (tests/e2e/*.http.spec.ts), which post to every admin form. */
export const HTTP_ADMIN_EMAIL = "http-admin@e2e.test";

/** The OpenID issuer standing in for Google (tests/fakes/oidc.ts), started by the global setup. */
export const E2E_OIDC = {
  issuer: `http://127.0.0.1:${E2E_PORT + 50}`,
  port: E2E_PORT + 50,
  clientId: "e2e-google-client.apps.example",
  clientSecret: "e2e-google-secret",
} as const;

/** And the one standing in for LinkedIn, whose issuer has a path as LinkedIn's does. */
export const E2E_OIDC_LINKEDIN = {
  issuer: `http://127.0.0.1:${E2E_PORT + 51}/oauth`,
  port: E2E_PORT + 51,
  clientId: "e2e-linkedin-client",
  clientSecret: "e2e-linkedin-secret",
} as const;

/** Google's Search Console API on loopback (tests/fakes/search-console.ts), for the accounts of E2E_OIDC. */
export const E2E_SEARCH_CONSOLE = {
  port: E2E_PORT + 52,
  url: `http://127.0.0.1:${E2E_PORT + 52}/`,
  sites: [
    { siteUrl: "https://www.acme.test/", permissionLevel: "siteOwner" },
    { siteUrl: "sc-domain:acme.test", permissionLevel: "siteOwner" },
    { siteUrl: "https://shop.example/", permissionLevel: "siteFullUser" },
  ],
} as const;

/** Debian's Chromium (Playwright cannot download its own here), kept quiet and offline. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
