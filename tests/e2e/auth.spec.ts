import { apiSignIn, logoutEverywhere, requestLinkToken } from "./support/api";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import { expect, pathAndQuery, test, toast } from "./support/fixtures";
import { magicLink, waitForMail } from "./support/outbox";

test.describe("signed out", () => {
  test("/ sends to /auth", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(pathAndQuery("/auth"));
    await expect(page.getByRole("heading", { name: "Sign in to Sightline" })).toBeVisible();
  });

  test("/login (seed 000 §2) leads to /auth, keeping what it asked for", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fleaderboard");
    await expect(page).toHaveURL(pathAndQuery("/auth?redirectTo=%2Fleaderboard"));
    await expect(page.getByRole("heading", { name: "Sign in to Sightline" })).toBeVisible();
  });

  test("a protected page sends to the login with redirectTo, and signing in lands on it", async ({ page, email, signIn }) => {
    await page.goto("/settings/informations");
    await expect(page).toHaveURL(pathAndQuery("/auth?mode=login&redirectTo=%2Fsettings%2Finformations"));
    // signIn starts from that same URL and checks where the link lands.
    await signIn(page, email, { redirectTo: "/settings/informations" });
    await expect(page.getByRole("heading", { name: "Personal information" })).toBeVisible();
  });

  test("a garbage session cookie counts as signed out", async ({ page }) => {
    await page.context().addCookies([{ name: "sl_session", value: "not-a-sealed-session", url: E2E_BASE_URL }]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathAndQuery("/auth?mode=login&redirectTo=%2Fdashboard"));
  });
});

test.describe("signed in", () => {
  test("/auth and / send to the dashboard", async ({ page, email, signIn }) => {
    await signIn(page, email);
    await page.goto("/auth");
    await expect(page).toHaveURL(pathAndQuery("/dashboard"));
    await page.goto("/");
    await expect(page).toHaveURL(pathAndQuery("/dashboard"));
    // The dashboard itself, not connected yet: its invitation to connect Search Console.
    await expect(page.getByRole("main").getByTestId("connect-card")).toBeVisible();
  });
});

test.describe("sign-in links", () => {
  test("a used link shows the 'already used' page with a way to ask for a new one", async ({ page, email, signIn }) => {
    const link = await signIn(page, email);
    await page.context().clearCookies();
    await page.goto(link);
    const failed = page.getByTestId("verify-failed");
    await expect(failed).toHaveAttribute("data-reason", "link_used");
    await expect(failed.getByRole("heading", { name: "This link has already been used" })).toBeVisible();
    await failed.getByRole("link", { name: "Use another address" }).click();
    await expect(page).toHaveURL(pathAndQuery("/auth?mode=login&redirectTo=%2Fdashboard"));
    await expect(page.locator("input[name=email]")).toBeVisible();
  });

  test("a used link sends a new one to the same address in one click, and that one signs in", async ({ page, email, signIn }) => {
    const used = await signIn(page, email);
    await page.context().clearCookies();
    await page.goto(used);
    const since = Date.now();
    await page.getByTestId("verify-failed").getByRole("button", { name: `Send a new link to ${email}` }).click();
    await expect(page.getByTestId("check-inbox")).toContainText(email);
    const fresh = magicLink(await waitForMail(E2E_DATA_DIR, email, since));
    expect(fresh).not.toBe(used);
    await page.goto(fresh);
    await expect(page).toHaveURL(pathAndQuery("/dashboard"));
  });

  test("a link asked for elsewhere shows whose account it opens and signs in only on a click", async ({ page, email }) => {
    // Another device (or an attacker sending their own link): this browser never asked for it.
    const token = await requestLinkToken(E2E_BASE_URL, E2E_DATA_DIR, email);
    await page.goto(`/auth/verify?token=${token}`);
    const confirm = page.getByTestId("verify-confirm");
    await expect(confirm).toContainText(email);
    // Opening it did not spend it, and did not sign in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathAndQuery("/auth?mode=login&redirectTo=%2Fdashboard"));
    await page.goto(`/auth/verify?token=${token}`);
    await page.getByRole("button", { name: `Sign in as ${email}` }).click();
    // A new account, signed in without a page to go to, starts its onboarding.
    await expect(page).toHaveURL(pathAndQuery("/onboarding/personal-info"));
  });

  test("a garbage token is an invalid link", async ({ page }) => {
    await page.goto("/auth/verify?token=garbage-token");
    const failed = page.getByTestId("verify-failed");
    await expect(failed).toHaveAttribute("data-reason", "link_invalid");
    await expect(failed.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  });
});

test.describe("logout", () => {
  test("the settings button signs out with a toast", async ({ page, email, signIn }) => {
    await signIn(page, email, { redirectTo: "/settings/informations" });
    await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(pathAndQuery("/auth"));
    await expect(toast(page)).toContainText("Logged out successfully");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(pathAndQuery("/auth?mode=login&redirectTo=%2Fdashboard"));
  });

  test("the profile menu signs out", async ({ page, email, signIn, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the menu needs JavaScript");
    await signIn(page, email);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(pathAndQuery("/auth"));
    await expect(toast(page)).toContainText("Logged out successfully");
  });
});

test.describe("expired session", () => {
  test("a session revoked on the server ends on the login page with a toast", async ({ page, email, signIn }) => {
    await signIn(page, email);
    // A second session through the API, then "log out everywhere" with it: the browser's goes too.
    const api = await apiSignIn(E2E_BASE_URL, E2E_DATA_DIR, email);
    await logoutEverywhere(E2E_BASE_URL, api.access_token);

    await page.goto("/settings/informations");
    await expect(page).toHaveURL(pathAndQuery("/auth?mode=login"));
    await expect(toast(page)).toContainText("Session expired");
    await expect(toast(page)).toContainText("Please sign in again.");
    // The dead cookie is gone: the login form shows rather than a redirect loop.
    await expect(page.locator("input[name=email]")).toBeVisible();
  });

  test("a client-side navigation on a revoked session also ends on the login page", async ({ page, email, signIn, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
    await signIn(page, email);
    const api = await apiSignIn(E2E_BASE_URL, E2E_DATA_DIR, email);
    await logoutEverywhere(E2E_BASE_URL, api.access_token);

    await page.locator("#app-sidebar").getByRole("link", { name: "Leaderboard" }).click();
    await expect(page).toHaveURL(pathAndQuery("/auth?mode=login"));
    await expect(toast(page)).toContainText("Session expired");
  });
});
