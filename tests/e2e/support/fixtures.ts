import { randomUUID } from "node:crypto";
import { test as base, type BrowserContext, expect, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "./env";
import { magicLink, waitForMail } from "./outbox";
import { ensureProfile } from "./seo";

export { expect };

type SignInOptions = {
  /** Starts from /auth?mode=login&redirectTo=… and expects to land there. */
  redirectTo?: string;
  /** The DATA_DIR of the server signed in to, whose outbox gets the mail (the shared e2e server's by default). */
  dataDir?: string;
  /** That server's own address, without a proxy in front, for the API calls that prepare the account, and its APP_URL. */
  api?: { url: string; appUrl: string };
  /**
   * A sign-in lands where it asked (`redirectTo`, else the dashboard) once onboarding is done, on the
   * onboarding before, whatever it asked. By default the account is given an SEO profile first (unless
   * it has one), which counts as done (ADR 021); `onboarding` leaves it as it is and expects the step
   * it resumes at: the first (`true`) or the path given.
   */
  onboarding?: true | string;
};

type Fixtures = {
  /** The patterns of the console errors this test expects; any other one, or a page error, fails it. */
  consoleGuard: { allowed: RegExp[] };
  /** Declares expected console errors (e.g. Chromium's "Failed to load resource … 404"). */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  /** A fresh address for this test: every test makes its own user. */
  email: string;
  /** Signs `email` in through the real UI: /auth → form → outbox → link. Returns the (now used) link. */
  signIn: (page: Page, email: string, options?: SignInOptions) => Promise<string>;
  /** After a full page load: with JavaScript on, waits until React has hydrated (or the page came without scripts: `data-static`). */
  ready: (page: Page) => Promise<void>;
};

/** What makes an account count as onboarded for the tests that start on the dashboard. */
const ONBOARDED_PROFILE = { BrandName: "Acme", MarketLanguage: "en", Keywords: ["web analytics"] };

const ONE_PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/**
 * This machine has no network: other hosts (the academy's video players and their images) answer
 * from here, an empty page or a 1×1 image, as they would load online. For a second context of a test too.
 */
export async function standInForOtherHosts(context: BrowserContext) {
  await context.route(
    (url) => !["localhost", "127.0.0.1"].includes(url.hostname),
    (route) =>
      route.request().resourceType() === "image"
        ? route.fulfill({ status: 200, contentType: "image/png", body: ONE_PIXEL_PNG })
        : route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>offline stand-in</title>" }),
  );
}

export const test = base.extend<Fixtures>({
  consoleGuard: async ({}, use) => {
    await use({ allowed: [] });
  },

  allowConsoleErrors: async ({ consoleGuard }, use) => {
    await use((...patterns) => consoleGuard.allowed.push(...patterns));
  },

  page: async ({ page, consoleGuard }, use, testInfo) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const location = message.location().url;
      errors.push(`console.error: ${message.text()}${location ? ` (${location})` : ""}`);
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
    // The pages run under a strict Content-Security-Policy: a report of a violation fails the test too.
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/csp-reports") errors.push(`CSP violation reported: ${request.postData()}`);
    });
    await standInForOtherHosts(page.context());
    await use(page);
    const unexpected = errors.filter((error) => !consoleGuard.allowed.some((pattern) => pattern.test(error)));
    if (unexpected.length && testInfo.status === testInfo.expectedStatus) {
      throw new Error(`Unexpected browser errors:\n${unexpected.join("\n")}`);
    }
  },

  email: async ({}, use, testInfo) => {
    await use(`e2e-${testInfo.project.name}-${randomUUID()}@e2e.test`.toLowerCase());
  },

  ready: async ({ javaScriptEnabled }, use) => {
    await use(async (page) => {
      if (javaScriptEnabled !== false) await page.locator("html[data-hydrated], html[data-static]").waitFor({ state: "attached" });
    });
  },

  signIn: async ({ ready }, use) => {
    await use(async (page, email, options = {}) => {
      const { onboarding } = options;
      // A user who has not finished onboarding lands on their step whatever they asked for.
      const landing = onboarding ? (onboarding === true ? "/onboarding/personal-info" : onboarding) : (options.redirectTo ?? "/dashboard");
      if (!onboarding) {
        const server = options.api ? { baseUrl: options.api.url, appUrl: options.api.appUrl, dataDir: options.dataDir ?? E2E_DATA_DIR } : undefined;
        await ensureProfile(email, ONBOARDED_PROFILE, server);
      }
      const start = options.redirectTo ? `/auth?mode=login&redirectTo=${encodeURIComponent(options.redirectTo)}` : "/auth";
      await page.goto(start);
      await ready(page);
      const form = page.locator("form:has(input[name=email])");
      const since = Date.now();
      await form.locator("input[name=email]").fill(email);
      await form.locator("button[type=submit]").click();
      await expect(page.getByTestId("check-inbox")).toBeVisible();
      const link = magicLink(await waitForMail(options.dataDir ?? E2E_DATA_DIR, email, since));
      await page.goto(link);
      await expect(page).toHaveURL(pathAndQuery(landing));
      await ready(page);
      return link;
    });
  },
});

/** Chromium's console line for `path` answered with `status` (a 404 page, a refused one, a 400 form post). */
export function failedToLoad(status: number, path: string): RegExp {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status} .*\\(https?://[^/]+${escapeRegExp(path)}\\)$`);
}

/** Matches the URL by its path and query only, whatever the origin. */
export function pathAndQuery(target: string): RegExp {
  return new RegExp(`^https?://[^/]+${escapeRegExp(target)}$`);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The toast on screen (the flash-cookie message), by its body rather than radix's screen-reader echo. */
export const toast = (page: Page) => page.locator("[data-toast-type]");
