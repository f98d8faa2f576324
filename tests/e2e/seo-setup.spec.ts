import type { Page } from "@playwright/test";
import { expect, failedToLoad, test, toast } from "./support/fixtures";

/** Fills the SEO profile form and saves it; the page must be on /seo-llms/profile. */
async function saveProfile(page: Page, { language }: { language: "English" | "Français" }) {
  await page.getByLabel("Brand name").fill("Acme");
  await page.getByLabel("Market language").selectOption({ label: language });
  await page.getByLabel("Keywords").fill("logiciel de facturation");
  const first = page.getByRole("group", { name: "Competitor 1" });
  await first.getByLabel("Name", { exact: true }).fill("Globex");
  await first.getByLabel("Domain").fill("https://www.globex.com/");
  await page.getByLabel("Names that are also everyday words").fill("Globex, globex");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toastWith(page, "Profile saved")).toBeVisible();
}

/** The toast saying `text`: the one before may still be on screen (JavaScript keeps it 2 s). */
const toastWith = (page: Page, text: string) => toast(page).filter({ hasText: text });

const rows = (page: Page) => page.getByTestId("question-row");
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

test.describe("SEO setup", () => {
  test("a profile generates questions in its language; add, filter, deactivate and delete", async ({ page, email, signIn, javaScriptEnabled, allowConsoleErrors }) => {
    // The plan's refusal of a question is a 400 answer (the page, or its data with JavaScript).
    allowConsoleErrors(failedToLoad(400, "/seo-llms/questions"), failedToLoad(400, "/seo-llms/questions.data"));
    await signIn(page, email, { redirectTo: "/seo-llms/profile" });
    await saveProfile(page, { language: "Français" });
    // The saved competitor comes back normalised, with blank rows under it up to the plan's limit (free: 2).
    await expect(page.getByRole("group", { name: "Competitor 1" }).getByLabel("Domain")).toHaveValue("globex.com");
    await expect(page.getByLabel("Names that are also everyday words")).toHaveValue("Globex");
    await expect(page.getByRole("group", { name: "Competitor 2" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Competitor 3" })).toHaveCount(0);
    await expect(page.getByText("Up to 2. Rows left blank are ignored.")).toBeVisible();

    await page.getByRole("link", { name: "Questions", exact: true }).click();
    // The free plan generates 4 of its 5 questions: one is left for the user's own.
    await expect(rows(page)).toHaveCount(4);
    await expect(row(page, "Quelles solutions recommandez-vous en matière de logiciel de facturation ?")).toContainText("Generated");
    await expect(page.getByTestId("usage")).toHaveText("4 of 5 questions used");
    // The room left is said before anything is submitted, in all and per category.
    await expect(page.getByTestId("question-room")).toHaveText("You can add 1 more question.");
    await expect(page.getByLabel("Category").locator("option:checked")).toHaveText(/\(1 left\)$/);

    const text = "Quel outil de facturation pour un artisan ?";
    await page.getByLabel("New question").fill(text);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(row(page, text)).toContainText("Yours");
    await expect(page.getByLabel("New question")).toHaveValue("");
    await expect(page.getByTestId("usage")).toHaveText("5 of 5 questions used");
    await expect(page.getByTestId("question-room")).toHaveText("Your plan's questions are all used: delete or edit one to add another.");

    // Now the plan is full: the refusal is translated at the field and the text stays.
    const another = "Quel logiciel de devis pour un plombier ?";
    await page.getByLabel("New question").fill(another);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByText("You have used all the questions your plan allows")).toBeVisible();
    await expect(page.getByLabel("New question")).toHaveValue(another);

    await row(page, "Quel type de logiciel de facturation choisir").getByRole("button", { name: /^Delete/ }).click();
    await expect(toastWith(page, "Question deleted")).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    await expect(page.getByTestId("usage")).toHaveText("4 of 5 questions used");

    await page.getByLabel("New question").fill(another);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(row(page, another)).toContainText("Yours");
    await expect(page.getByLabel("New question")).toHaveValue("");

    const filter = page.getByLabel("Filter the questions");
    await filter.fill("ARTISAN");
    if (!javaScriptEnabled) await filter.press("Enter");
    await expect(rows(page)).toHaveCount(1);
    // With JavaScript the list filters in place; without, the server filters (?q=).
    await expect(page).toHaveURL(javaScriptEnabled ? /\/seo-llms\/questions$/ : /\?q=ARTISAN$/);

    await row(page, text).getByRole("button", { name: /^Deactivate/ }).click();
    await expect(toastWith(page, "Question deactivated")).toBeVisible();
    await expect(row(page, text)).toHaveAttribute("data-active", "false");
    await expect(row(page, text)).toContainText("Inactive");

    await row(page, text).getByRole("button", { name: /^Delete/ }).click();
    await expect(toastWith(page, "Question deleted")).toBeVisible();
    await expect(row(page, text)).toHaveCount(0);
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("invalid profile input keeps what was typed, with translated errors", async ({ page, email, signIn, allowConsoleErrors }) => {
      allowConsoleErrors(failedToLoad(400, "/seo-llms/profile"));
      await signIn(page, email, { redirectTo: "/seo-llms/profile" });
      const keywords = Array.from({ length: 11 }, (_, i) => `mot-clé ${i + 1}`).join("\n");
      await page.getByLabel("Nom de la marque").fill("Acme");
      await page.getByLabel("Mots-clés").fill(keywords);
      const first = page.getByRole("group", { name: "Concurrent 1" });
      await first.getByLabel("Domaine").fill("pas un domaine");
      await page.getByRole("button", { name: "Enregistrer" }).click();

      await expect(page.getByText("10 mots-clés au maximum.")).toBeVisible();
      await expect(first.getByText("Donnez un nom à ce concurrent, ou videz la ligne.")).toBeVisible();
      await expect(first.getByText("Saisissez un domaine comme concurrent.fr.")).toBeVisible();
      await expect(page.getByLabel("Mots-clés")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Nom de la marque")).toHaveValue("Acme");
      await expect(page.getByLabel("Mots-clés")).toHaveValue(keywords);
      await expect(first.getByLabel("Domaine")).toHaveValue("pas un domaine");
    });
  });

  test("the market language changes only after a confirmation", async ({ page, email, signIn, ready, javaScriptEnabled, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(400, "/seo-llms/prompts"));
    await signIn(page, email, { redirectTo: "/seo-llms/profile" });
    await saveProfile(page, { language: "English" });
    await page.goto("/seo-llms/prompts");
    await ready(page);

    const card = page.getByTestId("quota-card");
    await expect(page.getByTestId("plan-name")).toHaveText("Plan: Starter");
    await expect(card.getByTestId("market-language")).toHaveText("Current language: English");
    await expect(card.getByText("4 of 5 questions used")).toBeVisible();
    await expect(card.getByTestId("category-benefits")).toContainText("Not in your plan");

    const select = page.getByLabel("New market language");
    const change = page.getByRole("button", { name: "Change", exact: true });
    // The same language is refused at the field.
    await change.click();
    await expect(page.getByText("This is already your market language.")).toBeVisible();

    const message = "Change the market language to Français? Your generated questions will be regenerated in that language.";
    await select.selectOption({ label: "Français" });
    await change.click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(message);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page.getByText(message)).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
    }
    await expect(select).toHaveValue("en");
    await expect(card.getByTestId("market-language")).toHaveText("Current language: English");

    await select.selectOption({ label: "Français" });
    await change.click();
    const confirmIn = javaScriptEnabled ? page.getByRole("dialog") : page;
    await confirmIn.getByRole("button", { name: "Confirm" }).click();
    await expect(toastWith(page, "Market language changed to Français")).toBeVisible();
    await expect(card.getByTestId("market-language")).toHaveText("Current language: Français");

    await page.getByRole("link", { name: "Questions", exact: true }).click();
    await expect(row(page, "Quelles solutions recommandez-vous en matière de logiciel de facturation ?")).toBeVisible();
  });

  test("a question is edited on its own page; an unknown one is a 404", async ({ page, email, signIn, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(404, "/seo-llms/questions/00000000-0000-4000-8000-000000000000"));
    await signIn(page, email, { redirectTo: "/seo-llms/profile" });
    await saveProfile(page, { language: "English" });
    await page.getByRole("link", { name: "Questions", exact: true }).click();

    const generated = rows(page).first();
    await generated.getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByRole("heading", { name: "Edit the question" })).toBeVisible();
    await page.getByLabel("Question", { exact: true }).fill("Which invoicing tool suits a craftsman?");
    await page.getByLabel("Active").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Question saved")).toBeVisible();
    await expect(row(page, "Which invoicing tool suits a craftsman?")).toHaveAttribute("data-active", "false");

    await page.goto("/seo-llms/questions/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});
