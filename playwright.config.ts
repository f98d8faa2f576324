import { defineConfig } from "@playwright/test";
import { ACADEMY_ADMIN_EMAILS, ADMIN_EMAIL, BACKLINKS_ADMIN_EMAILS, CHROMIUM_ARGS, CONFIGURATION_ADMIN_EMAILS, SWEEP_ADMIN_EMAILS, E2E_BASE_URL, E2E_DATA_DIR, E2E_OIDC, E2E_OIDC_LINKEDIN, E2E_PORT, E2E_SEARCH_CONSOLE, HTTP_ADMIN_EMAIL } from "./tests/e2e/support/env";

/**
 * End-to-end tests against the production build (`npm run build` first): one `node server.js`
 * on a fresh data directory (PGlite, outbox mails), Debian's Chromium, every key flow with and
 * without JavaScript. The two-process test starts servers of its own on PostgreSQL.
 */
const browserProject = (name: "js" | "no-js") => ({
  name,
  testIgnore: [/multi-process\.spec\.ts/, /\.http\.spec\.ts$/],
  use: { javaScriptEnabled: name === "js" },
});

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // The fixture websites the website analysis reads (tests/e2e/audit.spec.ts).
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // One retry on CI, where a machine can be twice as slow and as noisy as a workstation: a test
  // that passes only on its retry is still named, as flaky, on the summary's line
  // (scripts/test-summary.mjs), so a flake is seen without failing the run.
  retries: process.env.CI ? 1 : 0,
  // Two cores: the server, the browsers and the runner share them.
  workers: 2,
  // Timeouts bound a wait, they are not performance targets (those are in bench/): generous, so that
  // a long flow (billing's downgrade, cancel and reactivate: twenty page loads) outlasts a slow
  // machine running the every-page sweep beside it, which took it past 30 s on one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the one-line summary at the end of CI (scripts/test-summary.mjs).
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: "en-US",
    // Debian's build: Playwright cannot download its own browser here (STACK.md #13).
    launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // Recording a trace for every test costs about a quarter of the run on this machine; to debug
    // a failure, run again with `--trace on`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    browserProject("js"),
    browserProject("no-js"),
    { name: "multi-process", testMatch: /multi-process\.spec\.ts/ },
    // What a browser never sends (JSON to a form, TRACE, broken multipart) and the launcher's failures.
    { name: "http", testMatch: /\.http\.spec\.ts$/ },
  ],
  webServer: {
    // A wiped data directory: every run starts from an empty PGlite database and outbox. The
    // variables that would point the server elsewhere (a PostgreSQL server, SMTP, an API over
    // HTTP, a booking widget) are removed from the inherited environment.
    command: `rm -rf '${E2E_DATA_DIR}' && exec env -u DATABASE_URL -u SMTP_URL -u API_URL -u BOOKING_URL -u SECRET_KEY node server.js`,
    url: `${E2E_BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: E2E_BASE_URL,
      ADMIN_EMAILS: [...Object.values(ADMIN_EMAIL), ...Object.values(ACADEMY_ADMIN_EMAILS).flat(), ...Object.values(BACKLINKS_ADMIN_EMAILS).flat(), ...Object.values(CONFIGURATION_ADMIN_EMAILS), ...SWEEP_ADMIN_EMAILS, HTTP_ADMIN_EMAIL].join(","),
      // Many sign-ins from one address: high enough that only a test meant to hit the limit does.
      RATE_LIMIT_EMAIL: "1000",
      RATE_LIMIT_IP: "1000",
      // The demo provider (no AI key here) answers after 1.5 s, so a run is seen in progress; the
      // screens poll every second instead of five.
      AI_DEMO_DELAY_MS: "1500",
      SEO_LLM_POLLING_INTERVAL_MS: "1000",
      // The website analysis reads the fixture sites of the global setup, on 127.0.0.1.
      ALLOW_PRIVATE_FETCH: "true",
      // "Google" and "LinkedIn" are the global setup's OpenID issuers on loopback.
      GOOGLE_CLIENT_ID: E2E_OIDC.clientId,
      GOOGLE_CLIENT_SECRET: E2E_OIDC.clientSecret,
      GOOGLE_ISSUER: E2E_OIDC.issuer,
      SEARCH_CONSOLE_API_URL: E2E_SEARCH_CONSOLE.url,
      LINKEDIN_CLIENT_ID: E2E_OIDC_LINKEDIN.clientId,
      LINKEDIN_CLIENT_SECRET: E2E_OIDC_LINKEDIN.clientSecret,
      LINKEDIN_ISSUER: E2E_OIDC_LINKEDIN.issuer,
    },
  },
});
