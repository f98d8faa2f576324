import { card, EN, type Labels, openPlans, picker, subscribe } from "./support/billing";
import { expect, failedToLoad, test, toast } from "./support/fixtures";

/**
 * Plans with the local (test-mode) provider: checkout → active, upgrade, a scheduled downgrade
 * shown as pending, cancel → reactivate. With JavaScript the plan dialog carries the flow; without
 * it, the plans and confirmation pages do, with the same texts.
 */

test.describe("plans and subscription", () => {
  test("checkout → active, then an upgrade applies at once", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    await signIn(page, email, { redirectTo: "/settings/billing" });
    await expect(page.getByTestId("billing-summary")).toContainText("Free: no subscription");
    await expect(page.getByRole("note").first()).toContainText("Test mode");

    await page.getByRole("main").getByRole("link", { name: EN.choose }).click();
    const scope = picker(page, javaScriptEnabled);
    // Yearly is the default period: monthly equivalents, the yearly total and the best saving.
    await expect(scope.getByTestId("max-savings")).toHaveText("Save up to 17%");
    await expect(card(page, javaScriptEnabled, "pro").getByTestId("plan-price")).toHaveText("€66");
    await expect(card(page, javaScriptEnabled, "pro")).toContainText("€790 billed yearly");
    await expect(card(page, javaScriptEnabled, "pro")).toContainText("Recommended");
    if (javaScriptEnabled) await scope.getByRole("button", { name: "Monthly" }).click();
    else await scope.getByRole("link", { name: "Monthly" }).click();
    await expect(card(page, javaScriptEnabled, "pro").getByTestId("plan-price")).toHaveText("€79");
    if (javaScriptEnabled) await page.keyboard.press("Escape");

    await subscribe(page, ready, javaScriptEnabled, EN, "pro");
    await expect(toast(page).filter({ hasText: "Subscription active" })).toBeVisible();
    await expect(page.getByTestId("billing-summary")).toContainText("Pro");
    await expect(page.getByTestId("billing-summary")).toContainText("Yearly · €790");
    await expect(page.getByTestId("billing-dates")).toContainText("Renews on");
    await expect(page.getByTestId("history-row").first()).toHaveAttribute("data-type", "subscribe");
    // Subscribed: the banner is gone, and the badge says Pro.
    await expect(page.getByRole("region", { name: "Subscription" })).toHaveCount(0);
    await expect(page.getByTestId("plan-badge")).toContainText("Pro");

    await openPlans(page, javaScriptEnabled, EN.change);
    await expect(picker(page, javaScriptEnabled).getByTestId("current-plan-box")).toContainText("Pro · Yearly · €790");
    await expect(card(page, javaScriptEnabled, "pro").getByText("Current plan", { exact: true }).last()).toBeVisible();
    await card(page, javaScriptEnabled, "business").getByRole(javaScriptEnabled ? "button" : "link", { name: "Upgrade to Business" }).click();
    await expect(page.getByTestId("confirmation-message")).toContainText("You move to Business (yearly) now");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page).filter({ hasText: "Plan changed" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto("/settings/billing");
    await expect(page.getByTestId("billing-summary")).toContainText("Business");
    await expect(page.getByTestId("history-row").first()).toHaveAttribute("data-type", "upgrade");
  });

  test("a downgrade waits for the renewal and shows as pending; cancel then reactivate", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    await signIn(page, email, { redirectTo: "/settings/billing" });
    await subscribe(page, ready, javaScriptEnabled, EN, "business");
    await expect(page.getByTestId("billing-summary")).toContainText("Business");

    await openPlans(page, javaScriptEnabled, EN.change);
    await card(page, javaScriptEnabled, "essential").getByRole(javaScriptEnabled ? "button" : "link", { name: "Downgrade to Essential" }).click();
    await expect(page.getByTestId("confirmation-message")).toContainText("You keep Business until then");
    // Business filled its room with generated questions at once: Essential keeps them, over its limit, and says so.
    await expect(page.getByTestId("plan-confirmation")).toContainText("Above the Essential plan's limits");
    await expect(page.getByTestId("plan-confirmation")).toContainText("Nothing you created is deleted.");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page).filter({ hasText: "Plan change scheduled" })).toBeVisible();
    await page.goto("/settings/billing");
    await ready(page);
    // The current plan stays until the renewal; the change waits, visible.
    await expect(page.getByTestId("billing-summary")).toContainText("Business");
    await expect(page.getByTestId("pending-change")).toContainText("Changes to Essential (yearly) on");
    await expect(page.locator('[data-testid="history-row"][data-status="pending"]')).toContainText("Pending change");

    // Changed their mind: the current plan continues, and the change is marked replaced.
    await page.getByRole("button", { name: "Keep Business (yearly)" }).click();
    await expect(toast(page).filter({ hasText: "Your current plan continues" })).toBeVisible();
    await expect(page.getByTestId("pending-change")).toHaveCount(0);
    await expect(page.locator('[data-testid="history-row"][data-type="downgrade"]')).toHaveAttribute("data-status", "canceled");

    // Scheduled again, it is what the cards show until the renewal.
    await openPlans(page, javaScriptEnabled, EN.change);
    await card(page, javaScriptEnabled, "essential").getByRole(javaScriptEnabled ? "button" : "link", { name: "Downgrade to Essential" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page).filter({ hasText: "Plan change scheduled" })).toBeVisible();
    await page.goto("/settings/billing");
    await ready(page);
    await expect(page.getByTestId("pending-change")).toBeVisible();

    await openPlans(page, javaScriptEnabled, EN.change);
    await expect(card(page, javaScriptEnabled, "essential")).toContainText("Pending change");
    if (javaScriptEnabled) {
      await expect(card(page, javaScriptEnabled, "essential").getByRole("button", { name: "Pending change" })).toBeDisabled();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel subscription" }).click();
    } else {
      await page.getByRole("link", { name: "Cancel subscription" }).click();
    }
    await expect(page.getByTestId("confirmation-message")).toContainText("Your subscription stays active until");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(toast(page).filter({ hasText: "Subscription canceled" })).toBeVisible();
    await page.goto("/settings/billing");
    await ready(page);
    await expect(page.getByTestId("billing-dates")).toContainText("Ends on");
    // Canceling voids the pending downgrade: there will be no renewal to apply it to.
    await expect(page.getByTestId("pending-change")).toHaveCount(0);

    await openPlans(page, javaScriptEnabled, EN.change);
    await expect(picker(page, javaScriptEnabled).getByTestId("canceled-box")).toContainText("Your subscription is canceled");
    await expect(picker(page, javaScriptEnabled).getByTestId("cancel-scheduled")).toContainText("Cancellation scheduled for");
    await expect(card(page, javaScriptEnabled, "essential")).toContainText("Downgrade disabled while canceled");
    await picker(page, javaScriptEnabled).getByRole(javaScriptEnabled ? "button" : "link", { name: "Reactivate" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page).filter({ hasText: "Subscription reactivated" })).toBeVisible();
    await page.goto("/settings/billing");
    await expect(page.getByTestId("billing-dates")).toContainText("Renews on");
  });

  test("a refusal is shown where the user confirmed, with nothing lost", async ({ page, email, signIn, ready, javaScriptEnabled, allowConsoleErrors }) => {
    // The refused post answers 409 (the document without JavaScript, the data request with it).
    allowConsoleErrors(failedToLoad(409, "/settings/billing/confirm?action=cancel"), failedToLoad(409, "/settings/billing/confirm.data?action=cancel"));
    await signIn(page, email, { redirectTo: "/settings/billing" });
    await subscribe(page, ready, javaScriptEnabled, EN, "essential");
    // Two tabs on the cancel confirmation: the second confirm comes after the first already canceled.
    const other = await page.context().newPage();
    await other.goto("/settings/billing/confirm?action=cancel");
    await page.goto("/settings/billing/confirm?action=cancel");
    await ready(page);
    await ready(other);
    await other.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(other).toHaveURL(/\/settings\/billing$/);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page.getByRole("alert")).toContainText("Cancellation failed");
    await expect(page.getByRole("alert")).toContainText("Your subscription is already canceled.");
    await expect(page).toHaveURL(/\/settings\/billing\/confirm\?action=cancel$/);
    await expect(page.getByTestId("confirmation-message")).toContainText("Your subscription stays active until");
    await other.close();
  });

  test("the banner and the badge open the plans", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    await signIn(page, email, { redirectTo: "/dashboard" });
    await page.getByRole("region", { name: "Subscription" }).getByRole("link", { name: "Activate" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("dialog", { name: "Buy a plan" })).toBeVisible();
      await page.keyboard.press("Escape");
      await page.getByTestId("plan-badge").click();
      await expect(page.getByRole("dialog", { name: "Buy a plan" })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/settings\/billing\/plans$/);
      await page.goto("/dashboard");
      await page.getByTestId("plan-badge").click();
      await expect(page).toHaveURL(/\/settings\/billing\/plans\?upgrade=1$/);
    }
    await ready(page);
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("checkout, cancel and reactivate are translated", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
      await signIn(page, email, { redirectTo: "/settings/billing" });
      const FR: Labels = { choose: "Choisir un forfait", change: "Changer de forfait", buy: "Acheter ce forfait", confirm: "Confirmer", pay: /^Payer .* \(test\)$/ };
      await page.getByRole("main").getByRole("link", { name: FR.choose }).click();
      await expect(card(page, javaScriptEnabled, "essential").getByTestId("plan-price")).toHaveText("24 €");
      await expect(picker(page, javaScriptEnabled).getByTestId("max-savings")).toHaveText("Jusqu'à 17 % d'économie");
      if (javaScriptEnabled) await page.keyboard.press("Escape");
      await subscribe(page, ready, javaScriptEnabled, FR, "essential");
      await expect(toast(page).filter({ hasText: "Abonnement actif" })).toBeVisible();
      await expect(page.getByTestId("billing-dates")).toContainText("Renouvellement le");

      await openPlans(page, javaScriptEnabled, FR.change);
      if (javaScriptEnabled) await page.getByRole("dialog").getByRole("button", { name: "Annuler l'abonnement" }).click();
      else await page.getByRole("link", { name: "Annuler l'abonnement" }).click();
      await expect(page.getByTestId("confirmation-message")).toContainText("Votre abonnement reste actif jusqu'au");
      await expect(page.getByRole("button", { name: "Garder mon abonnement" }).or(page.getByRole("link", { name: "Garder mon abonnement" }))).toBeVisible();
      await page.getByRole("button", { name: "Annuler l'abonnement" }).click();
      await expect(toast(page).filter({ hasText: "Abonnement annulé" })).toBeVisible();
      await page.goto("/settings/billing");
      await expect(page.getByTestId("billing-dates")).toContainText("Prend fin le");
      await page.getByRole("link", { name: "Réactiver" }).click();
      await page.getByRole("button", { name: "Confirmer" }).click();
      await expect(toast(page).filter({ hasText: "Abonnement réactivé" })).toBeVisible();
    });
  });
});
