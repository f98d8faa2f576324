import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The plan flows of the local (test-mode) provider, in the dialog with JavaScript and on pages without. */

export type Labels = {
  choose: string;
  change: string;
  buy: string;
  confirm: string;
  pay: RegExp;
};

export const EN: Labels = { choose: "Choose a plan", change: "Change plan", buy: "Buy this plan", confirm: "Confirm", pay: /^Pay .* \(test\)$/ };

/** Where the picker is: the dialog with JavaScript, the plans page without. */
export function picker(page: Page, javaScriptEnabled: boolean) {
  return javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("main");
}

export async function openPlans(page: Page, javaScriptEnabled: boolean, label: string) {
  await page.getByRole("main").getByRole("link", { name: label }).click();
  if (javaScriptEnabled) await expect(page.getByRole("dialog")).toBeVisible();
  else await expect(page).toHaveURL(/\/settings\/billing\/plans$/);
  await expect(picker(page, javaScriptEnabled).getByTestId("plan-card")).toHaveCount(3);
}

export function card(page: Page, javaScriptEnabled: boolean, plan: string) {
  return picker(page, javaScriptEnabled).locator(`[data-testid="plan-card"][data-plan="${plan}"]`);
}

export async function subscribe(page: Page, ready: (page: Page) => Promise<void>, javaScriptEnabled: boolean, labels: Labels, plan: string) {
  await page.goto("/settings/billing");
  await ready(page);
  await openPlans(page, javaScriptEnabled, labels.choose);
  await card(page, javaScriptEnabled, plan).getByRole(javaScriptEnabled ? "button" : "link", { name: labels.buy }).click();
  if (!javaScriptEnabled) {
    // Without JavaScript the checkout is confirmed on its own page first.
    await expect(page).toHaveURL(/\/settings\/billing\/confirm\?/);
    await page.getByRole("button", { name: labels.confirm }).click();
  }
  await expect(page).toHaveURL(/\/settings\/billing\/checkout\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: labels.pay }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
}
