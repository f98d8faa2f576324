import type { Page } from "@playwright/test";
import { apiSignIn } from "./support/api";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import { expect, pathAndQuery, test } from "./support/fixtures";
import { ensureProfile } from "./support/seo";

/**
 * Sign-in with Google and LinkedIn (issue 13) through the whole browser flow: the /auth button (a plain form
 * post), the provider's page (the OpenID issuer of the global setup, with its own sign-in form),
 * the return to /auth/callback with state and PKCE checked, the ID token verified by the API.
 */
async function continueWith(page: Page, email: string, options: { verified?: boolean; decision?: "Allow" | "Deny"; provider?: "Google" | "LinkedIn" } = {}) {
  await page.getByRole("button", { name: `Continue with ${options.provider ?? "Google"}` }).click();
  await expect(page.getByRole("heading", { name: "Fake OpenID provider" })).toBeVisible();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  if (options.verified === false) await page.getByLabel("E-mail verified").uncheck();
  await page.getByRole("button", { name: options.decision ?? "Allow" }).click();
}

test.describe("sign in with Google", () => {
  test("a new user comes back signed in, named by Google, and starts onboarding", async ({ page, email, ready }) => {
    await page.goto("/auth?mode=login&redirectTo=%2Facademy");
    await ready(page);
    await continueWith(page, email);
    await expect(page).toHaveURL(pathAndQuery("/onboarding/personal-info"));
    await expect(page.getByLabel("First name")).toHaveValue("Grace");
  });

  test("an account made by link signs in with Google at its address, lands where it asked, and shows the identity", async ({ page, email, ready }) => {
    await ensureProfile(email, { BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"] });
    await page.goto("/auth?mode=login&redirectTo=%2Facademy");
    await ready(page);
    await continueWith(page, email.toUpperCase());
    await expect(page).toHaveURL(pathAndQuery("/academy"));
    const session = await apiSignIn(E2E_BASE_URL, E2E_DATA_DIR, email);
    const profile = await fetch(`${E2E_BASE_URL}/api/v1/user/profile`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(((await profile.json()) as { identities: Array<{ provider: string }> }).identities.map((identity) => identity.provider)).toEqual(["google"]);
  });

  test("a refusal at the provider, or an unverified e-mail, comes back to /auth with why, and the page asked for kept", async ({ page, email, ready }) => {
    await page.goto("/auth?mode=login&redirectTo=%2Facademy");
    await ready(page);
    await continueWith(page, email, { decision: "Deny" });
    await expect(page).toHaveURL(pathAndQuery("/auth?error=oauth_failed&redirectTo=%2Facademy"));
    await expect(page.getByTestId("sign-in-error")).toContainText("The sign-in was cancelled or refused at the provider.");

    await ready(page);
    await continueWith(page, email, { verified: false });
    await expect(page.getByTestId("sign-in-error")).toContainText("Your e-mail address is not verified with this provider.");
  });

  test("a return that is not this browser's is refused: a forged state, and a code replayed elsewhere", async ({ page, browser, email, ready }) => {
    await page.goto("/auth");
    await ready(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("heading", { name: "Fake OpenID provider" })).toBeVisible();
    await page.goto("/auth/callback?code=forged&state=forged");
    await expect(page.getByTestId("sign-in-error")).toContainText("This sign-in could not be checked");

    await ready(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    // The provider's answer, caught before the browser follows it, then replayed in another browser.
    const back = page.waitForRequest((request) => request.url().includes("/auth/callback"));
    await page.getByRole("button", { name: "Allow" }).click();
    const callback = (await back).url();
    await expect(page).toHaveURL(pathAndQuery("/onboarding/personal-info"));
    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      await stranger.goto(callback);
      await expect(stranger.getByTestId("sign-in-error")).toContainText("Session expired, please try again.");
    } finally {
      await other.close();
    }
  });

  test("LinkedIn too (its issuer has a path): an account made by link signs in at its address", async ({ page, email, ready }) => {
    await ensureProfile(email, { BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"] });
    await page.goto("/auth?mode=login&redirectTo=%2Facademy");
    await ready(page);
    await continueWith(page, email, { provider: "LinkedIn" });
    await expect(page).toHaveURL(pathAndQuery("/academy"));
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the button and the refusal are French", async ({ page, email, ready }) => {
      await page.goto("/auth");
      await ready(page);
      await expect(page.getByRole("button", { name: "Continuer avec Google" })).toBeVisible();
      await page.getByRole("button", { name: "Continuer avec Google" }).click();
      await page.getByLabel("E-mail", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Deny" }).click();
      await expect(page.getByTestId("sign-in-error")).toContainText("La connexion a été annulée ou refusée chez le fournisseur.");
    });
  });
});
