import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_PORT } from "./support/env";
import { expect, pathAndQuery, test, toast } from "./support/fixtures";
import { magicLink, waitForMail } from "./support/outbox";
import { ensureProfile } from "./support/seo";
import { type ServerProcess, startServer } from "./support/server-process";

/**
 * Search Console and the dashboard (issue 13), in the browser: connect through "Google" (the global
 * setup's OpenID issuer and Search Console API on loopback), choose the site, read the figures,
 * change the period (kept in its cookie), refresh, disconnect. With JavaScript and without (the
 * no-js project), in English and in French; and the demo Search Console of an installation without
 * Google. The onboarding's last step is in onboarding.spec.ts.
 */

/** Google's consent screen (the fake issuer's page): who signs in, and Allow or Deny. */
async function consent(page: Page, email: string, decision: "Allow" | "Deny" = "Allow") {
  await expect(page.getByRole("heading", { name: "Fake OpenID provider" })).toBeVisible();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: decision }).click();
}

/** Without JavaScript the page reloads itself while the import runs; with it, it revalidates. */
async function waitForFigures(page: Page) {
  await expect(page.getByTestId("kpi-clicks")).toBeVisible({ timeout: 20_000 });
}

test.describe("the dashboard with Google Search Console", () => {
  test("connect, choose the site, read the figures, change the period, refresh, disconnect", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    await ensureProfile(email, { BrandName: "Acme", MarketLanguage: "en", Keywords: ["fake query"], WebsiteURL: "https://www.acme.test" });
    await signIn(page, email);
    await expect(page.getByTestId("connect-card")).toContainText("Connect Google Search Console");
    await page.getByRole("button", { name: "Connect Google Search Console" }).click();
    await consent(page, email);

    // Back on the dashboard, the query string handled and removed, the site prompt open.
    await expect(page).toHaveURL(pathAndQuery("/dashboard"));
    await expect(toast(page).filter({ hasText: "Search Console connected" })).toBeVisible();
    await ready(page);
    const prompt = javaScriptEnabled ? page.getByRole("dialog") : page.getByTestId("site-prompt");
    await expect(prompt.getByRole("radio")).toHaveCount(3);
    const recommended = prompt.locator("label", { hasText: "Recommended" });
    // One property is recommended: the profile's own site, first; the domain property is offered too.
    await expect(recommended).toHaveCount(1);
    await expect(recommended).toContainText("www.acme.test");
    await expect(prompt.getByRole("radio", { name: /www\.acme\.test/ })).toBeChecked();
    await prompt.getByRole("button", { name: "Select this site" }).click();

    await expect(page.getByTestId("connected-site")).toContainText("www.acme.test");
    await waitForFigures(page);
    await expect(page.getByTestId("kpi-impressions")).toContainText(/vs previous period/);
    // Thousands of impressions read short, the whole figure in the title.
    const impressions = page.getByTestId("kpi-impressions").locator("[data-exact]");
    await expect(impressions).toHaveText(/^\d+(\.\d)?K$/);
    await expect(impressions).toHaveAttribute("title", /^\d{1,3}(,\d{3})+$/);
    await expect(page.getByRole("region", { name: "Top queries" }).getByRole("row")).toHaveCount(4);
    await expect(page.getByRole("region", { name: "Your keywords: Google and AI assistants" })).toContainText("fake query");
    await expect(page.getByTestId("ai-summary")).toBeVisible();

    // The period: 7 days, kept in the cookie for the next visit.
    await page.getByLabel("Period", { exact: true }).selectOption("7days");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(pathAndQuery("/dashboard?period=7days"));
    const cookie = (await page.context().cookies()).find((c) => c.name === "sightline_dashboard_period");
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 86_400);
    await page.goto("/dashboard");
    await expect(page.getByLabel("Period", { exact: true })).toHaveValue("7days");

    // Sorting a table is a link: by position, best first.
    await page.getByRole("region", { name: "Top queries" }).getByRole("link", { name: "Average position" }).click();
    await expect(page).toHaveURL(/qsort=position/);
    await expect(page.getByRole("region", { name: "Top queries" }).getByRole("row").nth(1)).toContainText("fake query one");

    await ready(page);
    await page.getByRole("button", { name: "Refresh" }).click();
    await waitForFigures(page);
    await expect(page.getByTestId("updated-ago")).toContainText(/Updated (this minute|\d+ minutes? ago)/);

    // Settings › Integrations: disconnect, with a confirmation.
    await page.goto("/settings/integrations");
    await ready(page);
    await expect(page.getByTestId("integration-card")).toContainText("www.acme.test");
    await page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Disconnect" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Disconnect Search Console?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page).filter({ hasText: "Search Console disconnected" })).toBeVisible();
    await expect(page.getByTestId("connect-card")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByTestId("connect-card")).toBeVisible();
  });

  test("a refusal on Google's screen comes back as a toast, and nothing is connected", async ({ page, email, signIn }) => {
    await signIn(page, email);
    await page.getByRole("button", { name: "Connect Google Search Console" }).click();
    await consent(page, email, "Deny");
    await expect(page).toHaveURL(pathAndQuery("/dashboard"));
    await expect(toast(page).filter({ hasText: "Authorization was denied." })).toBeVisible();
    await expect(page.getByTestId("connect-card")).toBeVisible();
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the periods as the seed names them, and the figures in French", async ({ page, email, signIn, ready }) => {
      await ensureProfile(email, { BrandName: "Acme", MarketLanguage: "fr", Keywords: ["fake query"], WebsiteURL: "https://shop.example" });
      await signIn(page, email);
      await page.getByRole("button", { name: "Connecter Google Search Console" }).click();
      await consent(page, email);
      await expect(toast(page).filter({ hasText: "Search Console connectée" })).toBeVisible();
      await ready(page);
      await page.getByRole("radio", { name: /shop\.example/ }).check();
      await page.getByRole("button", { name: "Sélectionner ce site" }).click();
      await waitForFigures(page);
      await expect(page.getByTestId("kpi-clicks")).toContainText("Clics");
      await expect(page.getByTestId("kpi-impressions").locator("[data-exact]")).toHaveText(/^\d+(,\d)?\u00a0k$/);
      await expect(page.getByLabel("Période", { exact: true }).locator("option")).toHaveText(["7 jours", "30 jours", "90 jours", "6 mois", "12 mois"]);
      await expect(page.getByRole("region", { name: "Principales requêtes" })).toBeVisible();
    });
  });
});

test.describe("the demo Search Console", () => {
  test.describe.configure({ mode: "serial" });
  let server: ServerProcess | undefined;
  let dataDir = "";

  // The js and no-js projects may run this at the same time: each has its own port and data (the
  // rate-limit spec holds E2E_PORT + 3 and + 4).
  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    const port = E2E_PORT + (testInfo.project.name === "js" ? 5 : 6);
    dataDir = path.join(os.tmpdir(), `sightline-e2e-demo-gsc-${port}`);
    await fs.rm(dataDir, { recursive: true, force: true });
    server = await startServer({ PORT: String(port), DATA_DIR: dataDir, APP_URL: `http://localhost:${port}`, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined, DATABASE_URL: undefined, SECRET_KEY: undefined, API_URL: undefined });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("without Google credentials the demo connects, labelled Demo, with figures drawn from the profile", async ({ page, email, ready }) => {
    const url = server!.url;
    await ensureProfile(email, { BrandName: "Acme", MarketLanguage: "en", Keywords: ["bookkeeping"], WebsiteURL: "https://www.acme-books.test" }, { baseUrl: url, dataDir });
    await page.goto(`${url}/auth`);
    await ready(page);
    const since = Date.now();
    await page.locator("input[name=email]").fill(email);
    await page.locator("form:has(input[name=email]) button[type=submit]").click();
    await expect(page.getByTestId("check-inbox")).toBeVisible();
    await page.goto(magicLink(await waitForMail(dataDir, email, since)));
    await expect(page).toHaveURL(`${url}/dashboard`);
    await ready(page);

    await expect(page.getByTestId("connect-card")).toContainText("Demo");
    await page.getByRole("button", { name: "Connect the demo Search Console" }).click();
    await expect(page).toHaveURL(`${url}/dashboard`);
    await ready(page);
    await page.getByRole("button", { name: "Select this site" }).click();
    await expect(page.getByTestId("connected-site")).toContainText("acme-books.test");
    await expect(page.getByTestId("connected-site")).toContainText("Demo");
    await waitForFigures(page);
    await expect(page.getByRole("region", { name: "Top queries" })).toContainText("bookkeeping");
  });
});
