import { expect, test, toast } from "./support/fixtures";
import { createProfile } from "./support/seo";

test.describe("AI-visibility analysis", () => {
  test("launch → in progress → completed, then the answers and the overview", async ({ page, email, signIn, ready }) => {
    test.setTimeout(120_000);
    await signIn(page, email, { redirectTo: "/seo-llms" });
    await createProfile(email, {
      BrandName: "Acme Analytics",
      MarketLanguage: "en",
      Keywords: ["web analytics"],
      Competitors: [{ Name: "Rival", Domain: "rival.example" }],
    });
    await page.goto("/seo-llms");
    await ready(page);
    await expect(page.getByTestId("demo-notice")).toBeVisible();
    await expect(page.getByTestId("availability")).toHaveText("Analysis available");

    await page.getByRole("button", { name: "Launch an analysis" }).click();
    await expect(page).toHaveURL(/\/seo-llms\/analyses\/[0-9a-f-]{36}$/);
    await expect(toast(page)).toContainText("Analysis launched");
    await expect(page.getByTestId("analysis-status")).toHaveText(/Queued|In progress/);
    await expect(page.getByTestId("analysis-progress")).toBeVisible();

    // With JavaScript the page revalidates every polling_interval; without, a meta refresh reloads it.
    await expect(page.getByTestId("analysis-status")).toHaveText("Completed", { timeout: 30_000 });
    // The free plan's 4 generated questions (its fifth is left for the user's own), one provider.
    const answers = page.getByTestId("answer");
    await expect(answers).toHaveCount(4);
    // Each row says it opens.
    await expect(answers.nth(1).getByText("Show answer")).toBeVisible();
    await answers.first().locator("summary").click();
    await expect(answers.first().getByText("Hide answer")).toBeVisible();
    await expect(answers.first().getByText("Sources", { exact: true })).toBeVisible();
    await expect(page.getByText("Demo", { exact: true }).first()).toBeVisible();
    // The trail names this analysis by its date: SEO LLMs › Analyses › <date>.
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail.getByRole("link", { name: "Analyses" })).toHaveAttribute("href", "/seo-llms/analyses");
    await expect(trail.locator('[aria-current="page"]')).toHaveText(/\d{4}/);
    // Operator facts stay with operators: no model id, latency or environment variable for a customer.
    await expect(page.locator("main")).not.toContainText(/sightline-demo|\d+ ms\b|_API_KEY/);

    await page.getByRole("link", { name: "Overview" }).click();
    await ready(page);
    // The free plan allows one analysis a day: the indicator now counts down, and launching is off.
    await expect(page.getByTestId("availability")).toContainText("Next analysis");
    await expect(page.getByRole("button", { name: "Launch an analysis" })).toBeDisabled();
    // …and says why and until when, with the way to more.
    await expect(page.getByTestId("launch-blocked")).toContainText(/Next analysis available in \d+ h — your plan allows 1 a day\./);
    await expect(page.getByTestId("launch-blocked").getByRole("link", { name: "Upgrade for more" })).toHaveAttribute("href", "/settings/billing/plans");
    await expect(page.getByTestId("metric-visibility")).toContainText("%");
    // One day measured: its figures with their samples, not a chart of two dots.
    await expect(page.getByTestId("first-measurement")).toContainText(/of 4 answers/);
    await expect(page.getByTestId("first-measurement")).toContainText("The trend appears from measurement 3");

    await expect(page.getByRole("table").first()).toContainText("Demo");

    // A question's page tells how it was answered, linked to the analysis.
    await page.getByRole("link", { name: "Questions", exact: true }).click();
    await page.getByTestId("question-row").first().getByRole("link", { name: /^Edit/ }).click();
    const history = page.getByTestId("question-history");
    await expect(history.getByTestId("question-history-run")).toHaveCount(1);
    await expect(history).toContainText(/Not named|Named/);
    await expect(history.getByRole("link", { name: /^Analysis of / })).toHaveAttribute("href", /\/seo-llms\/analyses\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).locator('[aria-current="page"]')).not.toHaveText("SEO LLMs");
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the overview and a finished analysis are translated", async ({ page, email, signIn, ready }) => {
      test.setTimeout(120_000);
      await signIn(page, email, { redirectTo: "/seo-llms" });
      await createProfile(email, { BrandName: "Acme", MarketLanguage: "fr", Keywords: ["logiciel de facturation"] });
      await page.goto("/seo-llms");
      await ready(page);
      await expect(page.getByRole("heading", { name: "Visibilité IA" })).toBeVisible();
      await expect(page.getByTestId("availability")).toHaveText("Analyse disponible");
      await page.getByRole("button", { name: "Lancer une analyse" }).click();
      // The toast is checked in English; it leaves after a few seconds, too soon on a busy machine.
      await expect(page).toHaveURL(/\/seo-llms\/analyses\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId("analysis-status")).toHaveText("Terminée", { timeout: 30_000 });
      await expect(page.getByTestId("answer").first()).toContainText(/Citée|Non citée/);
      await expect(page.locator("main")).toContainText("Démo");
      await expect(page.locator("main")).not.toContainText(/\bDemo\b/);
    });
  });
});
