import { expect, failedToLoad, test, toast } from "./support/fixtures";

test.describe("academy for users", () => {
  test("the published courses, a course, a video with its player, progress kept and shown", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
    await signIn(page, email, { redirectTo: "/academy" });
    await expect(page.getByRole("heading", { name: "Academy", level: 1 })).toBeVisible();
    // The demo courses (the admin tests' "[e2e]" courses come and go while this runs).
    const cards = page.getByTestId("course-card").filter({ hasNotText: "[e2e]" });
    await expect(cards).toHaveCount(3);
    // Every thumbnail frame has its placeholder behind it: an image that fails shows that, not a broken icon.
    await expect(cards.first().getByTestId("thumbnail-placeholder")).toBeAttached();
    const course = cards.filter({ hasText: "How Google Search works" });
    await expect(course).toContainText("2 chapters");
    await expect(course).toContainText("Not started");

    await course.getByRole("link").click();
    await expect(page).toHaveURL(/\/academy\/how-google-search-works$/);
    await expect(page.getByTestId("chapter")).toHaveCount(2);
    await expect(page.getByTestId("video-row").first()).toContainText(/\d+:\d\d/);
    await page.getByRole("link", { name: "Start the course" }).click();
    await expect(page).toHaveURL(/\/academy\/how-google-search-works\/[0-9a-f-]{36}$/);
    await ready(page);
    await expect(page.getByTestId("video-player")).toHaveAttribute("src", /^https:\/\/www\.youtube(-nocookie)?\.com\/embed\//);
    await expect(page.getByTestId("video-duration")).toHaveText(/^\d+:\d\d(:\d\d)?$/);
    await expect(page.getByRole("link", { name: "Previous video" })).toHaveCount(0);
    // One trail, ending with the video: Academy › the course › the video.
    const trails = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trails).toHaveCount(1);
    await expect(trails.getByRole("link", { name: "How Google Search works" })).toHaveAttribute("href", "/academy/how-google-search-works");
    await expect(trails.locator('[aria-current="page"]')).toHaveText((await page.getByRole("heading", { level: 1 }).textContent()) ?? "");

    await page.getByRole("button", { name: "Mark as watched" }).click();
    await expect(toast(page).filter({ hasText: "Marked as watched" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as not watched" })).toBeVisible();
    await page.getByRole("link", { name: "Next video" }).click();
    await expect(page.getByRole("link", { name: "Previous video" })).toBeVisible();

    await page.goto("/academy");
    await expect(page.getByTestId("course-card").filter({ hasText: "How Google Search works" })).toContainText("1 of 6 watched");
    if (javaScriptEnabled) await ready(page);
  });

  test("an unpublished course is a 404 for users", async ({ page, email, signIn, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(404, "/academy/video-on-your-site"), failedToLoad(404, "/academy/no-such-course"));
    await signIn(page, email, { redirectTo: "/academy" });
    // The seeded draft exists, but only admins see it.
    await expect(page.getByTestId("course-card").filter({ hasText: "Video on your own site" })).toHaveCount(0);
    expect((await page.goto("/academy/video-on-your-site"))?.status()).toBe(404);
    expect((await page.goto("/academy/no-such-course"))?.status()).toBe(404);
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the list and a course are translated", async ({ page, email, signIn }) => {
        await signIn(page, email, { redirectTo: "/academy" });
      await expect(page.getByRole("heading", { name: "Académie", level: 1 })).toBeVisible();
      const course = page.getByTestId("course-card").filter({ hasText: "Les bases du référencement Google" });
      await expect(course).toContainText("chapitres");
      await expect(course).toContainText("Pas commencé");
      await course.getByRole("link").click();
      await expect(page.getByRole("link", { name: "Commencer le cours" })).toBeVisible();
      await expect(page.getByText("Chapitre 1", { exact: true })).toBeVisible();
    });
  });
});
