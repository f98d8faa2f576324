import type { Page } from "@playwright/test";
import { expect, failedToLoad, test } from "./support/fixtures";

/** The `lng` cookie's value: a React Router cookie, so JSON in base64, URI-encoded. */
async function localeCookie(page: Page): Promise<unknown> {
  const cookie = (await page.context().cookies()).find((item) => item.name === "lng");
  return cookie ? JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")) : undefined;
}

test.describe("French browser", () => {
  test.use({ locale: "fr-FR" });

  test("gets the French interface from Accept-Language", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Connexion à Sightline" })).toBeVisible();
  });

  test("switches to English, and the choice outlives a reload", async ({ page, ready }) => {
    await switchAndReload(page, ready, { from: "fr", to: "en", heading: "Sign in to Sightline" });
  });

  test("the 404 page is translated", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(404, "/cette-page-n-existe-pas"));
    const response = await page.goto("/cette-page-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  });
});

test.describe("English browser", () => {
  test("switches to French, and the choice outlives a reload", async ({ page, ready }) => {
    await switchAndReload(page, ready, { from: "en", to: "fr", heading: "Connexion à Sightline" });
  });

  test("an unknown URL answers 404 with the translated page", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(404, "/this-page-does-not-exist"));
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

/** The sign-in page in `from`, the switcher's `to` button, then the same page after a reload. */
async function switchAndReload(page: Page, ready: (page: Page) => Promise<void>, lang: { from: string; to: string; heading: string }) {
  await page.goto("/auth");
  await ready(page);
  await expect(page.locator("html")).toHaveAttribute("lang", lang.from);
  await page.getByRole("button", { name: lang.to, exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", lang.to);
  await expect(page.getByRole("heading", { name: lang.heading })).toBeVisible();
  expect(await localeCookie(page)).toBe(lang.to);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", lang.to);
  await expect(page.getByRole("heading", { name: lang.heading })).toBeVisible();
}
