import type { Page } from "@playwright/test";
import { apiAs } from "./support/api";
import { E2E_BASE_URL, E2E_DATA_DIR } from "./support/env";
import { expect, failedToLoad, pathAndQuery, test, toast } from "./support/fixtures";
import { FIXTURE_SITE_ENV } from "./support/global-setup";

/*
 * The first run (issue 12): sign up, the five steps, the setup, and the first analysis. The website
 * step analyses the fixture site of the global setup, or meets one that does not exist (no network
 * here), says so in plain words and lets the user go on.
 */

const LABELS = {
  en: {
    firstName: "First name",
    lastName: "Last name",
    company: "Company",
    continue: "Continue",
    back: "Back",
    website: "Website",
    analyse: "Analyse my website",
    brandName: "Brand name",
    notFound: "We could not find this website.",
    keyword: (number: number) => `Keyword ${number}`,
    addKeyword: "Add a keyword",
    removeKeyword: (number: number) => `Remove keyword ${number}`,
    language: "Market language",
    languageValue: "en",
    country: "Country",
    countryName: "United Kingdom",
    countryCode: "GB",
    competitor: (number: number) => `Competitor ${number}`,
    competitorName: "Name",
    competitorWebsite: "Website",
    skip: "Skip and finish",
    ready: "Your account is ready",
    completed: "Completed",
    saved: "Saved",
    nameLength: "Between 2 and 50 characters.",
    websiteInvalid: "Enter a website address such as example.com.",
    connected: "Google Search Console is connected.",
    connect: "Connect Google Search Console",
    finish: "Finish",
  },
  fr: {
    firstName: "Prénom",
    lastName: "Nom",
    company: "Entreprise",
    continue: "Continuer",
    back: "Retour",
    website: "Site web",
    analyse: "Analyser mon site",
    brandName: "Nom de la marque",
    notFound: "Nous n'avons pas trouvé ce site.",
    keyword: (number: number) => `Mot-clé ${number}`,
    addKeyword: "Ajouter un mot-clé",
    removeKeyword: (number: number) => `Supprimer le mot-clé ${number}`,
    language: "Langue du marché",
    languageValue: "fr",
    country: "Pays",
    countryName: "Belgique",
    countryCode: "BE",
    competitor: (number: number) => `Concurrent ${number}`,
    competitorName: "Nom",
    competitorWebsite: "Site web",
    skip: "Passer et terminer",
    ready: "Votre compte est prêt",
    completed: "Terminée",
    saved: "Enregistré",
    nameLength: "Entre 2 et 50 caractères.",
    websiteInvalid: "Saisissez une adresse de site comme exemple.fr.",
    connected: "Google Search Console est connecté.",
    connect: "Connecter Google Search Console",
    finish: "Terminer",
  },
} as const;

type Labels = (typeof LABELS)[keyof typeof LABELS];

const step = (page: Page, name: string) => page.getByTestId(`progress-${name}`);

/** Saves steps through the API, as an account that stopped half-way (on another device) has them. */
async function startOnboarding(email: string, upTo: "keyword_selection" | "google_search_console") {
  const send = await apiAs(email, { baseUrl: E2E_BASE_URL, dataDir: E2E_DATA_DIR });
  const steps = [
    { step: "personal_info", data: { first_name: "Ada", last_name: "Lovelace", company: "Analytical Engines" } },
    { step: "website_analysis", data: { website: "analytical-engines.example" } },
    ...(upTo === "google_search_console"
      ? [
          { step: "keyword_selection", data: { keywords: ["bookkeeping software"] } },
          { step: "market_location", data: { market_language: "en", country: "GB", competitors: [] } },
        ]
      : []),
  ];
  for (const body of steps) {
    const response = await send("PUT", "/user/onboarding/progress", body);
    expect(response.status, await response.text()).toBe(200);
  }
}

/** The fixture site the global setup serves (Acme's, in English), as a user would type it. */
function fixtureSite() {
  const site = process.env[FIXTURE_SITE_ENV];
  if (!site) throw new Error(`${FIXTURE_SITE_ENV} is not set: the global setup did not run`);
  return `http://${site}`;
}

/**
 * The five steps as a new user goes through them, then the setup, to the first analysis done. The
 * website is the fixture site (found: the keywords come from it) or one that does not exist (the
 * step says so in plain words, and the keywords are typed).
 */
async function onboard(page: Page, L: Labels, website: "fixture" | "missing") {
  await expect(step(page, "personal_info")).toHaveAttribute("aria-current", "step");
  await page.getByLabel(L.firstName).fill("Ada");
  await page.getByLabel(L.lastName, { exact: true }).fill("Lovelace");
  await page.getByLabel(L.company).fill("Analytical Engines");
  await page.getByRole("button", { name: L.continue }).click();

  await expect(page).toHaveURL(pathAndQuery("/onboarding/website"));
  await expect(step(page, "personal_info").getByRole("link")).toBeVisible();
  await page.getByLabel(L.website, { exact: true }).fill(website === "fixture" ? fixtureSite() : "analytical-engines.invalid");
  await page.getByRole("button", { name: L.analyse }).click();
  // With JavaScript the step polls the analysis; without, it reloads itself.
  const analysis = page.getByTestId("site-analysis");
  if (website === "fixture") {
    await expect(analysis).toHaveAttribute("data-status", "done", { timeout: 20_000 });
    await expect(analysis).toContainText("Acme Books");
    await expect(page.getByLabel(L.brandName)).toHaveValue("Acme Books");
  } else {
    await expect(analysis).toHaveAttribute("data-status", "failed", { timeout: 20_000 });
    await expect(analysis).toContainText(L.notFound);
  }
  await page.getByRole("button", { name: L.continue }).click();

  // Keywords: the site's ten, two removed and one added; or typed, one added, one removed.
  await expect(page).toHaveURL(pathAndQuery("/onboarding/keywords"));
  const keyword = (number: number) => page.getByLabel(L.keyword(number), { exact: true });
  if (website === "fixture") {
    await expect(keyword(1)).toHaveValue("bookkeeping software");
    await expect(page.getByRole("button", { name: L.addKeyword })).toBeDisabled();
    await page.getByRole("button", { name: L.removeKeyword(10) }).click();
    await page.getByRole("button", { name: L.removeKeyword(9) }).click();
    await page.getByRole("button", { name: L.addKeyword }).click();
    await keyword(9).fill("accounting app");
  } else {
    await keyword(1).fill("bookkeeping software");
    await keyword(2).fill("invoicing");
    await page.getByRole("button", { name: L.addKeyword }).click();
    await keyword(4).fill("accounting app");
    await page.getByRole("button", { name: L.removeKeyword(2) }).click();
    await expect(keyword(3)).toHaveValue("accounting app");
  }
  await page.getByRole("button", { name: L.continue }).click();

  // The market: back to the keywords first, which kept what was saved.
  await expect(page).toHaveURL(pathAndQuery("/onboarding/market"));
  await page.getByRole("link", { name: L.back }).click();
  await expect(page).toHaveURL(pathAndQuery("/onboarding/keywords"));
  await expect(keyword(1)).toHaveValue("bookkeeping software");
  await expect(keyword(website === "fixture" ? 9 : 2)).toHaveValue("accounting app");
  await page.getByRole("button", { name: L.continue }).click();
  await expect(page).toHaveURL(pathAndQuery("/onboarding/market"));
  // The site's language, or without an analysis the interface's, is offered.
  await expect(page.getByLabel(L.language)).toHaveValue(L.languageValue);
  await page.getByLabel(L.country).selectOption({ label: L.countryName });
  const rival = page.getByRole("group", { name: L.competitor(1) });
  await rival.getByLabel(L.competitorName, { exact: true }).fill("Globex");
  await rival.getByLabel(L.competitorWebsite).fill("https://www.globex.example/");
  await page.getByRole("button", { name: L.continue }).click();

  // Search Console: skipped, which finishes.
  await expect(page).toHaveURL(pathAndQuery("/onboarding/search-console"));
  // The setup screen follows the job (for a moment, or a few seconds), then the analyses open.
  await page.getByRole("button", { name: L.skip }).click();
  await expect(page).toHaveURL(pathAndQuery("/seo-llms"), { timeout: 30_000 });
  await expect(toast(page).filter({ hasText: L.ready })).toBeVisible();
  await expect(page.getByTestId("analysis-status")).toHaveText(L.completed, { timeout: 60_000 });
}

for (const language of ["en", "fr"] as const) {
  test.describe(`onboarding in ${language}`, () => {
    test.use({ locale: language === "en" ? "en-US" : "fr-FR" });
    const L = LABELS[language];

    test("sign up, the five steps and the setup end on the first analysis, done", async ({ page, email, signIn }) => {
      test.setTimeout(150_000);
      await signIn(page, email, { onboarding: true });
      // The fixture site is English: in French the website is one that cannot be analysed.
      await onboard(page, L, language === "en" ? "fixture" : "missing");
      // Onboarded: the dashboard is theirs now, and /onboarding leads to the analyses.
      await page.goto("/dashboard");
      await expect(page).toHaveURL(pathAndQuery("/dashboard"));
      await page.goto("/onboarding");
      await expect(page).toHaveURL(pathAndQuery("/seo-llms"));
    });

    test("bad input keeps what was typed, with a translated message", async ({ page, email, signIn, allowConsoleErrors }) => {
      // Without JavaScript the server refuses the post (400); with it, the browser does before posting.
      allowConsoleErrors(failedToLoad(400, "/onboarding/personal-info"), failedToLoad(400, "/onboarding/website"));
      await signIn(page, email, { onboarding: true });
      await page.getByLabel(L.firstName).fill("A");
      await page.getByLabel(L.lastName, { exact: true }).fill("Lovelace");
      await page.getByLabel(L.company).fill("Analytical Engines");
      await page.getByRole("button", { name: L.continue }).click();
      await expect(page.getByText(L.nameLength)).toBeVisible();
      await expect(page.getByLabel(L.firstName)).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(pathAndQuery("/onboarding/personal-info"));
      await expect(page.getByLabel(L.firstName)).toHaveValue("A");
      await expect(page.getByLabel(L.lastName, { exact: true })).toHaveValue("Lovelace");
      await expect(page.getByLabel(L.company)).toHaveValue("Analytical Engines");

      await page.getByLabel(L.firstName).fill("Ada");
      await page.getByRole("button", { name: L.continue }).click();
      await expect(page).toHaveURL(pathAndQuery("/onboarding/website"));
      await page.getByLabel(L.website, { exact: true }).fill("not a website");
      await page.getByRole("button", { name: L.analyse }).click();
      await expect(page.getByText(L.websiteInvalid)).toBeVisible();
      await expect(page.getByLabel(L.website, { exact: true })).toHaveValue("not a website");
    });

    test("a new user following a deep link starts with the steps", async ({ page, email, signIn }) => {
      await signIn(page, email, { onboarding: true, redirectTo: "/academy" });
      await expect(page.getByLabel(L.firstName)).toBeVisible();
    });

    test("Search Console connects from its step, through Google's consent, and comes back to it", async ({ page, email, signIn, ready }) => {
      await startOnboarding(email, "google_search_console");
      await signIn(page, email, { onboarding: "/onboarding/search-console" });
      await ready(page);
      await page.getByRole("button", { name: L.connect }).click();
      await expect(page.getByRole("heading", { name: "Fake OpenID provider" })).toBeVisible();
      await page.getByLabel("E-mail", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Allow" }).click();
      await expect(page).toHaveURL(pathAndQuery("/onboarding/search-console"));
      await expect(page.getByText(L.connected)).toBeVisible();
      await expect(page.getByRole("button", { name: L.finish })).toBeVisible();
    });
  });
}

test("what was typed in the keywords outlives a reload: saved on blur with JavaScript, on Continue without", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
  const L = LABELS.en;
  await startOnboarding(email, "keyword_selection");
  // Another device: the sign-in resumes at the step to do.
  await signIn(page, email, { onboarding: "/onboarding/keywords" });
  await page.getByLabel(L.keyword(1), { exact: true }).fill("accounting software");
  await page.getByLabel(L.keyword(2), { exact: true }).fill("payroll");
  if (javaScriptEnabled) {
    await page.getByLabel(L.keyword(2), { exact: true }).blur();
    await expect(page.getByTestId("autosave-status")).toHaveText(L.saved);
    await page.reload();
  } else {
    // Without JavaScript nothing leaves the page before a post: Continue saves, and coming back finds it.
    await page.getByRole("button", { name: L.continue }).click();
    await expect(page).toHaveURL(pathAndQuery("/onboarding/market"));
    await page.goto("/onboarding/keywords");
  }
  await ready(page);
  await expect(page.getByLabel(L.keyword(1), { exact: true })).toHaveValue("accounting software");
  await expect(page.getByLabel(L.keyword(2), { exact: true })).toHaveValue("payroll");
  // Saved, the step is done: the progress ticks it, and the market is open.
  await expect(step(page, "keyword_selection")).toContainText("(done)");
  await expect(step(page, "market_location").getByRole("link")).toBeVisible();
});

test("a setup that fails says where and why, and offers to try again", async ({ page, email, signIn }) => {
  test.setTimeout(120_000);
  const send = await apiAs(email, { baseUrl: E2E_BASE_URL, dataDir: E2E_DATA_DIR });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await send(method, path, body);
    return { status: response.status, body: (await response.json()) as { id?: string; status?: string } };
  };
  // The free plan's one analysis of the day, spent before onboarding ends.
  expect((await call("PATCH", "/user/seo-profile", { BrandName: "Early", MarketLanguage: "en", Keywords: ["early"] })).status).toBe(200);
  const early = await call("POST", "/seo-llm/analyses", {});
  expect(early.status).toBe(201);
  await expect.poll(async () => (await call("GET", `/seo-llm/analyses/${early.body.id}`)).body.status, { timeout: 30_000 }).toMatch(/^(completed|partial|failed)$/);
  await startOnboarding(email, "google_search_console");
  expect((await call("POST", "/user/onboarding/complete")).status).toBe(202);

  await signIn(page, email, { redirectTo: "/seo-llms" });
  await page.goto("/onboarding/setup");
  await expect(page.getByText("Stopped at: Launching your first analysis")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("You have reached your plan's limit of analyses for today.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to my analyses" })).toBeVisible();
});
