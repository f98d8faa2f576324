import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN_EMAIL } from "./support/env";
import { expect, failedToLoad, pathAndQuery, test } from "./support/fixtures";

const sidebar = (page: Page) => page.locator("aside#app-sidebar");
const navLink = (page: Page, name: string) => sidebar(page).getByRole("link", { name, exact: true });

/**
 * Clicks a control that posts to /preferences and waits for the answer that sets the cookie. With
 * JavaScript the page shows the new state before (optimistic UI), so a reload could outrun the post.
 */
async function savePreference(page: Page, click: () => Promise<void>) {
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/preferences"));
  await click();
  await saved;
}

test.describe("desktop sidebar", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("collapses, stays collapsed after a reload, and expands back", async ({ page, email, signIn, ready }) => {
    await signIn(page, email);
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");

    await savePreference(page, () => page.getByRole("button", { name: "Collapse the sidebar" }).click());
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
    await page.reload();
    await ready(page);
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");

    await savePreference(page, () => page.getByRole("button", { name: "Expand the sidebar" }).click());
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
  });

  test("the academy collapses it for each visit, gives it back on leaving, and keeps the user's click", async ({ page, email, signIn, ready }) => {
    await signIn(page, email);
    await navLink(page, "Academy").click();
    await expect(page).toHaveURL(pathAndQuery("/academy"));
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
    await navLink(page, "Dashboard").click();
    await expect(page).toHaveURL(pathAndQuery("/dashboard"));
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");

    // The next visit collapses it again; expanding it holds for the visit, and after it.
    await navLink(page, "Academy").click();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
    await savePreference(page, () => page.getByRole("button", { name: "Expand the sidebar" }).click());
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
    await page.reload();
    await ready(page);
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
    await navLink(page, "Dashboard").click();
    await expect(page).toHaveURL(pathAndQuery("/dashboard"));
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
  });

  test("sections not built yet say Soon, the same for every plan, and lead to their coming-soon page", async ({ page, email, signIn }) => {
    await signIn(page, email);
    const research = navLink(page, "Research Soon");
    await expect(research).toHaveAttribute("data-soon", "true");
    await research.click();
    await expect(page).toHaveURL(pathAndQuery("/recherche"));
    await expect(page.getByRole("main").getByRole("heading", { name: /^Research/, level: 1 })).toBeVisible();
    await expect(page.getByText(/not available on your account/)).toHaveCount(0);
  });
});

test.describe("profile menu", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("opens from the keyboard, moves with the arrows, switches the language, closes back on its button; axe finds nothing in it", async ({ page, email, signIn, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the menu needs JavaScript; without it, logout is in the settings");
    await signIn(page, email);
    const trigger = page.getByRole("button", { name: "Account menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
    const axe = await new AxeBuilder({ page }).include("#app-sidebar").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "en" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("menuitemradio", { name: "en" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("menuitem", { name: "Log out" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await expect(page.getByRole("menu")).toBeHidden();

    // The language buttons are entries too; the menu stays open after a choice.
    await trigger.click();
    await page.getByRole("menuitemradio", { name: "fr" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.getByRole("menuitemradio", { name: "en" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(pathAndQuery("/settings/informations"));
    await expect(page.getByRole("menu")).toBeHidden();
  });
});

test.describe("mobile sidebar", () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test("opens from the menu button with a backdrop; a link navigates and closes it", async ({ page, email, signIn, javaScriptEnabled }) => {
    await signIn(page, email);
    const backdrop = page.getByTestId("sidebar-backdrop");
    await expect(sidebar(page)).not.toBeInViewport();
    await expect(backdrop).toBeHidden();

    await page.getByTestId("sidebar-mobile-toggle").click();
    await expect(sidebar(page)).toBeInViewport({ ratio: 1 });
    await expect(backdrop).toBeVisible();

    if (!javaScriptEnabled) {
      // Without JavaScript the backdrop is a label for the same checkbox: it closes the menu.
      await backdrop.click({ position: { x: 700, y: 450 } });
      await expect(sidebar(page)).not.toBeInViewport();
      await page.getByTestId("sidebar-mobile-toggle").click();
      await expect(sidebar(page)).toBeInViewport({ ratio: 1 });
    }

    await navLink(page, "Leaderboard").click();
    await expect(page).toHaveURL(pathAndQuery("/leaderboard"));
    await expect(sidebar(page)).not.toBeInViewport();
    await expect(backdrop).toBeHidden();
  });
});

test.describe("administration", () => {
  test("an admin sees the section and opens the academy management", async ({ page, signIn, javaScriptEnabled }) => {
    await signIn(page, javaScriptEnabled ? ADMIN_EMAIL.js : ADMIN_EMAIL["no-js"]);
    const section = page.getByTestId("admin-section");
    await expect(section).toContainText("Administration");
    await section.getByRole("link", { name: "Academy management" }).click();
    await expect(page).toHaveURL(pathAndQuery("/admin/academy"));
    await expect(page.getByRole("main").getByRole("heading", { name: "Academy management" })).toBeVisible();
  });

  test("a user does not see it and is refused the page", async ({ page, email, signIn, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(403, "/admin/academy"));
    await signIn(page, email);
    await expect(sidebar(page).getByText("Administration")).toHaveCount(0);
    await expect(page.getByTestId("admin-section")).toHaveCount(0);
    const response = await page.goto("/admin/academy");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  });
});

test.describe("booking", () => {
  test("without a booking address the installation offers no booking: no button, and no page", async ({ page, email, signIn, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(404, "/booking"));
    await signIn(page, email);
    await expect(sidebar(page).getByRole("link", { name: "Support" })).toBeVisible();
    await expect(sidebar(page).getByRole("link", { name: "Book a free SEO audit" })).toHaveCount(0);
    const response = await page.goto("/booking");
    expect(response?.status()).toBe(404);
  });
});

test.describe("subscription banner", () => {
  test("shows for a new user; dismissed, it stays hidden after a reload", async ({ page, email, signIn }) => {
    await signIn(page, email);
    const banner = page.getByRole("region", { name: "Subscription" });
    await expect(banner).toBeVisible();
    await savePreference(page, () => banner.getByRole("button", { name: "Dismiss" }).click());
    await expect(banner).toBeHidden();
    await page.reload();
    // The dashboard itself, not connected yet: its invitation to connect Search Console.
    await expect(page.getByRole("main").getByTestId("connect-card")).toBeVisible();
    await expect(banner).toBeHidden();
  });
});
