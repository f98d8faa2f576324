import type { Page } from "@playwright/test";
import { CONFIGURATION_ADMIN_EMAILS } from "./support/env";
import { expect, failedToLoad, pathAndQuery, test, toast } from "./support/fixtures";

/*
 * Issue 17, with and without JavaScript (projects js and no-js): a section not built yet is a
 * "coming soon" page that says what it will do and when, where a user asks to be e-mailed when it
 * opens and changes their mind, in English and in French; the configuration page is the admins'
 * alone (a user gets the 404).
 */

const notifyCard = (page: Page) => page.getByTestId("notify-card");

test.describe("coming soon", () => {
  test("a user asks to be told when Articles opens, sees it kept, then stops it", async ({ page, email, signIn }) => {
    await signIn(page, email, { redirectTo: "/articles" });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Articles");
    await expect(page.getByTestId("planned")).toHaveText("Planned for Q2 2027");
    await expect(page.getByRole("heading", { name: "What it will offer" })).toBeVisible();

    await notifyCard(page).getByRole("button", { name: "Notify me when it opens" }).click();
    await expect(notifyCard(page)).toContainText(`We'll email you at ${email} when it opens.`);
    await expect(toast(page).filter({ hasText: "You're on the list" })).toBeVisible();
    await page.reload();
    await expect(notifyCard(page)).toContainText(`We'll email you at ${email} when it opens.`);

    await notifyCard(page).getByRole("button", { name: "Stop notifications" }).click();
    await expect(notifyCard(page).getByRole("button", { name: "Notify me when it opens" })).toBeVisible();
    await expect(toast(page).filter({ hasText: "Notifications stopped" })).toBeVisible();
    await expect(page).toHaveURL(pathAndQuery("/articles"));
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("la page Silos SEO dit quand elle ouvrira et prévient à l'ouverture", async ({ page, email, signIn }) => {
      await signIn(page, email, { redirectTo: "/seo-silos" });
      await expect(page.locator("aside#app-sidebar").getByRole("link", { name: "Silos SEO Bientôt", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByTestId("planned")).toHaveText("Prévu pour le 2e trimestre 2027");
      await expect(page.getByRole("heading", { name: "Ce que vous pourrez faire" })).toBeVisible();
      await notifyCard(page).getByRole("button", { name: "Me prévenir à l'ouverture" }).click();
      await expect(notifyCard(page)).toContainText(`Nous vous écrirons à ${email} dès l'ouverture.`);
      await notifyCard(page).getByRole("button", { name: "Ne plus me prévenir" }).click();
      await expect(notifyCard(page).getByRole("button", { name: "Me prévenir à l'ouverture" })).toBeVisible();
    });
  });
});

test.describe("configuration page", () => {
  test("a user gets the 403 of every admin page; an admin opens it from the sidebar and sees what is set and what is missing", async ({
    page,
    browser,
    email,
    signIn,
    javaScriptEnabled,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(failedToLoad(403, "/admin/configuration"));
    await signIn(page, email);
    const refused = await page.goto("/admin/configuration");
    expect(refused?.status()).toBe(403);
    await expect(page.getByText("OPENAI_API_KEY")).toHaveCount(0);

    const context = await browser.newContext({ javaScriptEnabled });
    const admin = await context.newPage();
    try {
      await signIn(admin, CONFIGURATION_ADMIN_EMAILS[javaScriptEnabled === false ? "no-js" : "js"]);
      await admin.getByTestId("admin-section").getByRole("link", { name: "Configuration" }).click();
      await expect(admin).toHaveURL(pathAndQuery("/admin/configuration"));
      await expect(admin.getByRole("heading", { name: "Configuration", level: 1 })).toBeVisible();
      // The e2e server has no AI key, no Stripe key and no SMTP: each says so and names its variable.
      await expect(admin.getByTestId("provider-chatgpt")).toContainText("Not configured");
      await expect(admin.getByTestId("provider-chatgpt")).toContainText("OPENAI_API_KEY");
      await expect(admin.getByTestId("service-payments")).toContainText("Local test-mode checkout");
      await expect(admin.getByTestId("service-mail")).toContainText("SMTP_URL");
      await expect(admin.getByTestId("service-google_sign_in")).toContainText("Configured");
      await expect(admin.getByTestId("waitlist-recherche")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
