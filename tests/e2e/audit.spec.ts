import { apiAs } from "./support/api";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import { expect, failedToLoad, test } from "./support/fixtures";
import { FIXTURE_SITE_ENV } from "./support/global-setup";
import { exportedCsv } from "./support/seo";

/** The fixture site the global setup serves (Acme's), as a user would type it. */
function fixtureSite() {
  const site = process.env[FIXTURE_SITE_ENV];
  if (!site) throw new Error(`${FIXTURE_SITE_ENV} is not set: the global setup did not run`);
  return site;
}

/** The profile's website, which the form starts from (as the settings screen would save it). */
async function saveWebsite(email: string, website: string) {
  const send = await apiAs(email, { baseUrl: E2E_BASE_URL, dataDir: E2E_DATA_DIR });
  expect((await send("PATCH", "/user/profile", { website_url: website })).status).toBe(200);
}

const REPORT_URL = /\/audit\/[0-9a-f-]{36}$/;

test.describe("website audit", () => {
  test("from the profile's website: analyse → report → CSV → run again → history", async ({ page, email, signIn, ready }) => {
    test.setTimeout(120_000);
    await signIn(page, email, { redirectTo: "/audit" });
    await saveWebsite(email, fixtureSite());
    await page.goto("/audit");
    await ready(page);
    await expect(page.getByRole("heading", { name: "Website audit", level: 1 })).toBeVisible();
    await expect(page.getByText("No analysis yet")).toBeVisible();
    await expect(page.getByTestId("audit-usage")).toHaveText("3 of 3 analyses left");
    await expect(page.getByLabel("Website")).toHaveValue(`https://${fixtureSite()}`);

    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(page).toHaveURL(REPORT_URL);
    const first = page.url();
    // With JavaScript the report polls; without, the page refreshes itself.
    await expect(page.getByTestId("audit-status")).toHaveText("Done", { timeout: 30_000 });
    await expect(page.getByTestId("audit-usage")).toHaveText("2 of 3 analyses left");
    await expect(page.getByTestId("audit-score")).toContainText(/\d+\/100/);

    // The checks by severity, each with why it matters and how to fix it.
    const toFix = page.getByTestId("checks-fail");
    await expect(toFix.getByRole("heading", { name: /^To fix/ })).toBeVisible();
    const https = toFix.locator('[data-check="https_reachable"]');
    await expect(https).toContainText("Reachable over HTTPS");
    await expect(https).toContainText("The home page is served over plain HTTP");
    await expect(https).toContainText("Why it matters for AI answers");
    await expect(https).toContainText("How to fix it");
    await expect(page.getByTestId("checks-warn").locator('[data-check="ai_crawlers"]')).toContainText("Blocked: GPTBot");
    await expect(page.getByTestId("checks-pass").locator('[data-check="llms_txt"]')).toContainText("llms.txt is there and follows the format.");

    // The AI-crawler table, llms.txt, what the page says, the suggestions.
    await expect(page.locator('[data-token="GPTBot"]')).toContainText("Blocked");
    await expect(page.locator('[data-token="ClaudeBot"]')).toContainText("Allowed");
    await expect(page.getByTestId("llms-txt")).toContainText("Follows the llms.txt format.");
    await expect(page.getByTestId("site-facts")).toContainText("Acme Books — Bookkeeping software for small businesses");
    await expect(page.getByTestId("suggestions")).toContainText("Read from your home page alone.");

    const csv = await exportedCsv(page, /^\/exports\/site-audits\/[0-9a-f-]{36}\.csv$/);
    expect(csv).toContain('"Check","Status","Result","Why it matters for AI answers","How to fix it"');
    expect(csv).toContain('"Reachable over HTTPS","To fix"');

    await page.getByRole("button", { name: "Run again" }).click();
    await expect(page).not.toHaveURL(first);
    await expect(page).toHaveURL(REPORT_URL);
    await expect(page.getByTestId("audit-status")).toHaveText("Done", { timeout: 30_000 });
    await expect(page.getByTestId("audit-usage")).toHaveText("1 of 3 analyses left");
    const history = page.getByTestId("audit-history");
    await expect(history.getByRole("row")).toHaveCount(3);
    await history.getByRole("link").last().click();
    await expect(page).toHaveURL(first);
    await expect(page.getByTestId("audit-status")).toHaveText("Done");
  });

  test("an address that is no website gets its message on the field", async ({ page, email, signIn, ready, javaScriptEnabled, allowConsoleErrors }) => {
    await signIn(page, email, { redirectTo: "/audit" });
    await ready(page);
    if (!javaScriptEnabled) allowConsoleErrors(failedToLoad(400, "/audit"));
    await page.getByLabel("Website").fill("not a website");
    await page.getByRole("button", { name: "Analyse" }).click();
    await expect(page.getByText("Enter a website address such as example.com.")).toBeVisible();
    await expect(page.getByTestId("audit-usage")).toHaveText("3 of 3 analyses left");
  });

  test("with the plan's analyses used, the form says so and leads to the plans", async ({ page, email, signIn, ready }) => {
    await signIn(page, email, { redirectTo: "/audit" });
    const send = await apiAs(email, { baseUrl: E2E_BASE_URL, dataDir: E2E_DATA_DIR });
    for (const path of ["/", "/?second", "/?third"]) expect((await send("POST", "/site-audits", { url: `${fixtureSite()}${path}` })).status).toBe(202);
    await page.goto("/audit");
    await ready(page);
    // Said before anything is submitted: the button is off, and the way to more is a link.
    await expect(page.getByTestId("audit-usage")).toContainText("You have used the 3 website analyses of your plan.");
    await expect(page.getByRole("button", { name: "Analyse" })).toBeDisabled();
    await page.getByTestId("audit-usage").getByRole("link", { name: "See the plans" }).click();
    await expect(page).toHaveURL(/\/settings\/billing\/plans$/);
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the report is translated", async ({ page, email, signIn, ready }) => {
      test.setTimeout(120_000);
      await signIn(page, email, { redirectTo: "/audit" });
      await ready(page);
      await expect(page.getByRole("heading", { name: "Audit du site", level: 1 })).toBeVisible();
      await expect(page.getByTestId("audit-usage")).toHaveText("3 analyses restantes sur 3");
      await page.getByLabel("Site web").fill(fixtureSite());
      await page.getByRole("button", { name: "Analyser" }).click();
      await expect(page).toHaveURL(REPORT_URL);
      await expect(page.getByTestId("audit-status")).toHaveText("Terminée", { timeout: 30_000 });
      await expect(page.getByTestId("checks-fail").getByRole("heading", { name: /^À corriger/ })).toBeVisible();
      await expect(page.getByTestId("checks-fail").locator('[data-check="https_reachable"]')).toContainText("Pourquoi c’est important pour les réponses des IA");
      await expect(page.locator('[data-token="GPTBot"]')).toContainText("Bloqué");
      await expect(page.getByTestId("suggestions")).toContainText("Lues sur votre seule page d’accueil.");
    });
  });
});
