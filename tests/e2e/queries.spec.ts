import { expect, test } from "./support/fixtures";
import { analysedAccount, exportedCsv } from "./support/seo";

test.describe("query clusters", () => {
  test("before any analysis the screen says what to do next", async ({ page, email, signIn }) => {
    await signIn(page, email, { redirectTo: "/seo-llms/queries" });
    await expect(page.getByRole("heading", { name: "Searches", level: 2 })).toBeVisible();
    await expect(page.getByText("No searches yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Launch an analysis" })).toHaveAttribute("href", "/seo-llms");
  });

  test("after an analysis: the clusters with their assistants and questions, filtered and exported", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    test.setTimeout(120_000);
    await analysedAccount(page, { email, signIn, ready }, "en");

    await page.getByRole("navigation", { name: "AI visibility sections" }).getByRole("link", { name: "Searches" }).click();
    await expect(page).toHaveURL(/\/seo-llms\/queries$/);
    await ready(page);
    const clusters = page.getByRole("list", { name: "Query clusters, most frequent first" }).getByTestId("query-cluster");
    await expect(clusters.first()).toBeVisible();
    const first = clusters.first();
    await expect(first.getByRole("heading", { level: 3 })).not.toBeEmpty();
    await expect(first.getByRole("list", { name: "By assistant" }).getByRole("listitem")).toContainText(["Demo"]);
    expect(Number(await page.getByTestId("queries-total-clusters").textContent())).toBe(await clusters.count());
    expect(Number(await page.getByTestId("queries-total-searches").textContent())).toBeGreaterThanOrEqual(await clusters.count());

    const questions = first.locator("details").last();
    await questions.getByText(/^Triggered by \d+ questions?$/).click();
    await expect(questions.getByRole("list", { name: "Questions that triggered these searches" }).getByRole("listitem").first()).toBeVisible();

    // A GET form: with JavaScript a change applies at once, without it "Apply" submits.
    await page.getByRole("combobox", { name: "Assistant" }).selectOption("demo");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/model=demo/);
    await expect(clusters.first()).toBeVisible();

    const csv = await exportedCsv(page, /^\/exports\/query-clusters\.csv\?start_date=\d{4}-\d\d-\d\d&end_date=\d{4}-\d\d-\d\d&model=demo$/);
    expect(csv).toContain('"Query cluster","Queries","Occurrences","Citations","Assistants","Questions"');

    // An assistant that ran no search: the filtered empty state, and the way back.
    await page.goto("/seo-llms/queries?model=chatgpt");
    await ready(page);
    await expect(page.getByText("No cluster matches these filters.")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Assistant" })).toHaveValue("chatgpt");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await page.getByRole("link", { name: "Clear the filters" }).click();
    await expect(page).toHaveURL(/\/seo-llms\/queries$/);
    await expect(clusters.first()).toBeVisible();
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the clusters and the filters are translated", async ({ page, email, signIn, ready }) => {
      test.setTimeout(120_000);
      await analysedAccount(page, { email, signIn, ready }, "fr", { open: "/seo-llms/queries" });
      await expect(page.getByRole("heading", { name: "Recherches", level: 2 })).toBeVisible();
      const first = page.getByRole("list", { name: "Groupes de recherches, les plus fréquents d’abord" }).getByTestId("query-cluster").first();
      await expect(first.getByRole("list", { name: "Par assistant" })).toContainText("Démo");
      await expect(first.getByText(/^\d+ recherches?$/).first()).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Assistant" })).toContainText("Tous les assistants");
      await expect(page.getByRole("link", { name: "Exporter en CSV" })).toBeVisible();
    });
  });
});
