import { expect, failedToLoad, test, toast } from "./support/fixtures";

test.describe("settings: informations", () => {
  test("invalid values get translated field errors and keep what was typed", async ({ page, email, signIn, allowConsoleErrors }) => {
    // Without JavaScript the server answers the post with 400 and the form.
    allowConsoleErrors(failedToLoad(400, "/settings/informations"));
    await signIn(page, email, { redirectTo: "/settings/informations" });
    const firstName = page.getByLabel("First name");
    const lastName = page.getByLabel("Last name");
    const website = page.getByLabel("Website");
    // conform's form is noValidate, so these reach the schema (in the browser, or on the server without JavaScript).
    await firstName.fill("A");
    await lastName.fill("Lovelace");
    await website.fill("not a site");
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page.getByText("Between 2 and 50 characters.")).toBeVisible();
    await expect(page.getByText("Enter a website address such as example.com.")).toBeVisible();
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
    await expect(website).toHaveAttribute("aria-invalid", "true");
    await expect(lastName).not.toHaveAttribute("aria-invalid", "true");
    await expect(firstName).toHaveValue("A");
    await expect(lastName).toHaveValue("Lovelace");
    await expect(website).toHaveValue("not a site");
  });

  test("with JavaScript the form checks in the browser once its schema has arrived, with no post", async ({ page, email, signIn, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the browser's check needs JavaScript");
    // zod is not on the page's first load (app/lib/lazy-validation.ts): it comes when the browser is
    // idle or on the first focus. Slowed down here, so the submit below is made before it arrives.
    let delayed = 0;
    await page.route(/\/assets\/(?:schemas|v4)-[\w-]+\.js$/, async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await signIn(page, email, { redirectTo: "/settings/informations" });
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    const website = page.getByLabel("Website");
    await website.fill("not a site");
    await page.getByRole("button", { name: "Save" }).click();
    // The submit waited for the schema, then was refused in the browser: no post, the error on the field.
    await expect(page.getByText("Enter a website address such as example.com.")).toBeVisible();
    await expect(website).toHaveAttribute("aria-invalid", "true");
    expect(delayed).toBeGreaterThan(0);
    expect(posts).toBe(0);
    // Once it is here, a field is checked as it is left.
    await website.fill("example.com");
    await website.blur();
    await expect(website).not.toHaveAttribute("aria-invalid", "true");
  });

  test("a valid save shows a toast and the normalised website after a reload", async ({ page, email, signIn, ready }) => {
    await signIn(page, email, { redirectTo: "/settings/informations" });
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Website").fill("example.com");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Profile updated");

    await page.reload();
    await ready(page);
    await expect(page.getByLabel("First name")).toHaveValue("Ada");
    await expect(page.getByLabel("Last name")).toHaveValue("Lovelace");
    await expect(page.getByLabel("Website")).toHaveValue("https://example.com");
    // The profile card shows the new name.
    await expect(page.getByTestId("profile-card")).toContainText("Ada Lovelace");
  });
});
