import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { E2E_DATA_DIR } from "./support/env";
import { expect, pathAndQuery, test, toast } from "./support/fixtures";
import { magicLink, waitForMail } from "./support/outbox";

/**
 * Two-step verification (issue 13) in the browser, as its owner meets it: turned on from the
 * settings with an authenticator app (codes computed here as the app would), asked for at the next
 * sign-in before anything else, a recovery code instead, and turned off with a fresh code.
 */

/** The app's code, `steps` periods ahead (the server accepts one either side, never one twice). */
const codeFor = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A sign-in by link that stops where the account asks for its code. */
async function signInByLink(page: Page, email: string, ready: (page: Page) => Promise<void>) {
  await page.goto("/auth");
  await ready(page);
  const since = Date.now();
  await page.locator("form:has(input[name=email]) input[name=email]").fill(email);
  await page.locator("form:has(input[name=email]) button[type=submit]").click();
  await expect(page.getByTestId("check-inbox")).toBeVisible();
  await page.goto(magicLink(await waitForMail(E2E_DATA_DIR, email, since)));
}

test("turn it on, be asked at the next sign-in, use a recovery code, turn it off", async ({ page, email, signIn, ready, allowConsoleErrors }) => {
  // A wrong code is a form post answered 400, with the page and its message.
  allowConsoleErrors(/status of 400 .*\/(settings\/two-factor|auth\/mfa)(\.data)?(\?.*)?\)$/);
  await signIn(page, email);
  await page.goto("/settings/informations");
  await ready(page);
  await expect(page.getByTestId("two-factor-summary")).toContainText("Off");
  await page.getByTestId("two-factor-summary").getByRole("link", { name: "Turn on" }).click();
  await expect(page).toHaveURL(pathAndQuery("/settings/two-factor"));
  await ready(page);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code: said at the field, and the same QR code is still there to scan.
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("This code is not valid.")).toBeVisible();
  await expect(page.getByTestId("totp-secret")).toHaveText(secret.match(/.{1,4}/g)?.join(" ") ?? "");
  await page.getByLabel("6-digit code").fill(codeFor(secret));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  const codes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page.getByTestId("two-factor")).toContainText("10 recovery codes left.");

  // The next sign-in asks for the code before anything else, even a page asked for directly.
  await page.context().clearCookies();
  await signInByLink(page, email, ready);
  await expect(page).toHaveURL(/\/auth\/mfa\?redirectTo=/);
  await page.goto("/academy");
  await expect(page).toHaveURL(pathAndQuery("/auth/mfa?redirectTo=%2Facademy"));
  await ready(page);
  await page.getByLabel("6-digit code").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(pathAndQuery("/academy"));

  // Another sign-in, with a recovery code instead of the app.
  await page.context().clearCookies();
  await signInByLink(page, email, ready);
  await ready(page);
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await ready(page);
  await page.getByLabel("Recovery code").fill("wrong-code");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("This recovery code is not valid or was already used.")).toBeVisible();
  await expect(page.getByLabel("Recovery code")).toHaveValue("wrong-code");
  await page.getByLabel("Recovery code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(pathAndQuery("/dashboard"));

  // Off, with a fresh code: the app's next one would mean waiting 30 s (no code is accepted twice), so a recovery code.
  await page.goto("/settings/two-factor");
  await ready(page);
  await expect(page.getByTestId("two-factor")).toContainText("9 recovery codes left.");
  await page.getByText("Turn off", { exact: true }).first().click();
  await page.getByLabel("6-digit code").fill(codes[1] ?? "");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(toast(page).filter({ hasText: "Two-step verification is off." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn on" })).toBeVisible();
});
