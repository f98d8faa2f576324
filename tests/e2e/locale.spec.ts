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
    await page.goto("/auth");
    await ready(page);
    await page.getByRole("button", { name: "en", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Sign in to Sightline" })).toBeVisible();
    expect(await localeCookie(page)).toBe("en");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Sign in to Sightline" })).toBeVisible();
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
    await page.goto("/auth");
    await ready(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "fr", exact: true }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Connexion à Sightline" })).toBeVisible();
    expect(await localeCookie(page)).toBe("fr");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: "Connexion à Sightline" })).toBeVisible();
  });

  test("an unknown URL answers 404 with the translated page", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(404, "/this-page-does-not-exist"));
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
