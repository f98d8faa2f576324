import { ordinal } from "../../app/lib/ordinal";
import { expect, test } from "./support/fixtures";
import { analysedAccount, exportedCsv } from "./support/seo";

test.describe("leaderboard and citing sources", () => {
  test("before any analysis both screens say what to do next", async ({ page, email, signIn, ready }) => {
    await signIn(page, email, { redirectTo: "/leaderboard" });
    await expect(page.getByRole("heading", { name: "Leaderboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("leaderboard-position")).toContainText("Not ranked yet");
    await expect(page.getByText("No answers yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to AI visibility" }).click();
    await expect(page).toHaveURL(/\/seo-llms$/);

    await page.goto("/seo-llms/sources");
    await ready(page);
    await expect(page.getByText("No cited sources yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Launch an analysis" })).toHaveAttribute("href", "/seo-llms");
  });

  test("after an analysis: the ranking with the user's row, then the sources sorted, filtered and exported", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    test.setTimeout(120_000);
    // A question naming the brand: the demo assistant then speaks of it, so the ranking has the
    // user's row whatever the generated questions happen to draw.
    await analysedAccount(page, { email, signIn, ready }, "en", {
      profile: { Competitors: [{ Name: "Rival", Domain: "rival.example" }] },
      questions: ["Is Acme Analytics a good choice for web analytics?"],
      open: "/leaderboard",
    });
    const table = page.getByRole("table", { name: "Brands ranked by visibility" });
    const own = table.locator("tr[data-own=true]");
    await expect(own).toHaveCount(1);
    await expect(own).toContainText("Acme Analytics");
    await expect(own.getByText("You", { exact: true })).toBeVisible();
    await expect(table.getByRole("row", { name: /Rival/ })).toContainText("Competitor");
    // The header's rank is the one of the 30-day table shown by default, with its ordinal suffix.
    const rank = Number(await own.locator("td").first().textContent());
    const total = await table.locator("tbody tr").count();
    await expect(page.getByTestId("leaderboard-position")).toContainText(`You are ${ordinal(rank, "en")} of ${total}`);
    // Each percentage with its sample and, for a handful of answers, its 95 % interval (issue 14).
    await expect(own).toContainText(/\d+ of \d+ answers? · \d+–\d+\s?%/);
    await expect(own).toContainText(/\d+ of \d+ brand presences?/);

    // With JavaScript the data reloads in place; without, the same control is a link to the same URL.
    await page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Refresh" }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(own).toContainText("Acme Analytics");

    await page.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/\/leaderboard\?period=7$/);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /^\/exports\/leaderboard\.csv\?start_date=\d{4}-\d\d-\d\d&end_date=\d{4}-\d\d-\d\d$/);

    await page.goto("/seo-llms/sources");
    await ready(page);
    const sources = page.getByRole("table", { name: "Cited domains" });
    const rows = sources.locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
    await expect(page.getByRole("list", { name: "Citations of the ten most cited domains" }).getByRole("listitem").first()).toBeVisible();

    await sources.getByRole("link", { name: "Domain" }).click();
    await expect(page).toHaveURL(/sort=domain&dir=asc/);
    await expect(sources.getByRole("columnheader", { name: "Domain" })).toHaveAttribute("aria-sort", "ascending");
    const domains = await sources.getByTestId("source-domain").allTextContents();
    expect(domains).toEqual([...domains].sort((a, b) => a.localeCompare(b)));

    const firstPages = rows.first().locator("details");
    await firstPages.locator("summary").click();
    await expect(firstPages.getByRole("link").first()).toBeVisible();

    // A GET form: with JavaScript a change applies at once, without it "Apply" submits.
    await page.getByLabel("Assistant").selectOption("demo");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/provider=demo/);
    await expect(page).toHaveURL(/sort=domain/);
    await expect(rows.first()).toBeVisible();

    await exportedCsv(page, /^\/exports\/citing-sources\.csv\?start_date=.+&end_date=.+&provider=demo$/);
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the ranking and the sources are translated, the rank with a French ordinal", async ({ page, email, signIn, ready }) => {
      test.setTimeout(120_000);
      await analysedAccount(page, { email, signIn, ready }, "fr", { open: "/leaderboard" });
      await expect(page.getByRole("heading", { name: "Classement", level: 1 })).toBeVisible();
      const table = page.getByRole("table", { name: "Marques classées par visibilité" });
      const own = table.locator("tr[data-own=true]");
      await expect(own.getByText("Vous", { exact: true })).toBeVisible();
      const rank = Number(await own.locator("td").first().textContent());
      const total = await table.locator("tbody tr").count();
      await expect(page.getByTestId("leaderboard-position")).toContainText(`Vous êtes ${ordinal(rank, "fr")} sur ${total}`);
      await expect(own).toContainText(/\d+ sur \d+ réponses? · \d+–\d+\s?%/);
      // Every metric's name leads to its definition.
      await table.getByRole("link", { name: "Part des mentions" }).click();
      await expect(page).toHaveURL(/\/methodology#shareOfMentions$/);
      await expect(page.locator("#shareOfMentions")).toContainText("présences d'une marque ÷ présences de toutes les marques citées");

      await page.goto("/seo-llms/sources");
      await ready(page);
      await expect(page.getByRole("table", { name: "Domaines cités" }).locator("tbody tr").first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Exporter en CSV" })).toBeVisible();
      await expect(page.getByLabel("Catégorie")).toContainText("Toutes les catégories");
    });
  });
});
