import { expect, type Page } from "@playwright/test";
import { apiAs } from "./api";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./env";

/**
 * A server's API (plain http, reached directly), the DATA_DIR whose outbox its mail goes to, and
 * the public address its links must point to (APP_URL, when a proxy stands in front).
 */
export type ApiServer = { baseUrl: string; dataDir: string; appUrl?: string };
const SHARED_SERVER: ApiServer = { baseUrl: E2E_BASE_URL, dataDir: E2E_DATA_DIR };

/**
 * The profile is the setup screens' business (seo-setup.spec.ts): elsewhere it is made through the
 * API, with `questions` of the user's own (in the selection category) beside the generated ones.
 */
export async function createProfile(email: string, body: Record<string, unknown>, questions: string[] = [], server: ApiServer = SHARED_SERVER) {
  await saveProfile(await apiAs(email, server), body, questions);
}

/** Gives the account a profile, unless it has one already (the test's own, kept as it is). */
export async function ensureProfile(email: string, body: Record<string, unknown>, server: ApiServer = SHARED_SERVER) {
  const send = await apiAs(email, server);
  const existing = await send("GET", "/user/seo-profile");
  if (existing.status === 404) return saveProfile(send, body, []);
  expect(existing.status).toBe(200);
}

async function saveProfile(send: Awaited<ReturnType<typeof apiAs>>, body: Record<string, unknown>, questions: string[]) {
  expect((await send("PATCH", "/user/seo-profile", body)).status).toBe(200);
  for (const question_text of questions) expect((await send("POST", "/user-questions", { question_text, category: "selection" })).status).toBe(201);
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

/**
 * A signed-in account whose first analysis is done: where the insight screens start from. `profile`
 * adds to the market's, `questions` are the user's own; `open` is the screen to show then
 * (hydrated), else the analysis stays open.
 */
export async function analysedAccount(
  page: Page,
  fixtures: { email: string; signIn: SignIn; ready: (page: Page) => Promise<void> },
  market: keyof typeof MARKETS,
  { profile = {}, questions, open }: { profile?: Record<string, unknown>; questions?: string[]; open?: string } = {},
) {
  await fixtures.signIn(page, fixtures.email, { redirectTo: "/seo-llms" });
  await createProfile(fixtures.email, { ...MARKETS[market].profile, ...profile }, questions);
  await runAnalysis(page, fixtures.ready, MARKETS[market].labels);
  if (open) {
    await page.goto(open);
    await fixtures.ready(page);
  }
}

/**
 * The screen's "Export CSV" link, once it points at `href` (the URL changes before React renders the
 * new loader data, so this waits for the link), downloaded with the session: a UTF-8 CSV with the
 * byte-order mark Excel needs. Returns the text.
 */
export async function exportedCsv(page: Page, href: RegExp, linkName = "Export CSV") {
  const exportLink = page.getByRole("link", { name: linkName });
  await expect(exportLink).toHaveAttribute("href", href);
  const csv = await page.request.get((await exportLink.getAttribute("href")) ?? "");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const body = await csv.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return body.toString("utf8");
}
