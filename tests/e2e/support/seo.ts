import { expect, type Page } from "@playwright/test";
import { apiSignIn } from "./api";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./env";

/** The profile is the setup screens' business (seo-setup.spec.ts): elsewhere it is made through the API. */
export async function createProfile(email: string, body: Record<string, unknown>) {
  const session = await apiSignIn(E2E_BASE_URL, E2E_DATA_DIR, email);
  const response = await fetch(`${E2E_BASE_URL}/api/v1/user/seo-profile`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** Launches an analysis from the overview's button and waits until its page says it is done. */
export async function runAnalysis(page: Page, ready: (page: Page) => Promise<void>, labels: { launch: string; completed: string }) {
  await page.goto("/seo-llms");
  await ready(page);
  await page.getByRole("button", { name: labels.launch }).click();
  await expect(page).toHaveURL(/\/seo-llms\/analyses\/[0-9a-f-]{36}$/);
  // With JavaScript the page polls; without, a meta refresh reloads it.
  await expect(page.getByTestId("analysis-status")).toHaveText(labels.completed, { timeout: 30_000 });
}

type SignIn = (page: Page, email: string, options?: { redirectTo?: string }) => Promise<string>;

/** The profile and the labels of an account in each market language the e2e suite uses. */
const MARKETS = {
  en: {
    profile: { BrandName: "Acme Analytics", WebsiteURL: "https://acme-analytics.example", MarketLanguage: "en", Keywords: ["web analytics"] },
    labels: { launch: "Launch an analysis", completed: "Completed" },
  },
  fr: {
    profile: { BrandName: "Acme", MarketLanguage: "fr", Keywords: ["logiciel de facturation"] },
    labels: { launch: "Lancer une analyse", completed: "Terminée" },
  },
} as const;

/** A signed-in account whose first analysis is done: where the insight screens start from. */
export async function analysedAccount(
  page: Page,
  fixtures: { email: string; signIn: SignIn; ready: (page: Page) => Promise<void> },
  market: keyof typeof MARKETS,
  profile: Record<string, unknown> = {},
) {
  await fixtures.signIn(page, fixtures.email, { redirectTo: "/seo-llms" });
  await createProfile(fixtures.email, { ...MARKETS[market].profile, ...profile });
  await runAnalysis(page, fixtures.ready, MARKETS[market].labels);
}
