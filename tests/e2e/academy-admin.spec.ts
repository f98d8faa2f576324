import type { Locator, Page } from "@playwright/test";
import { ACADEMY_ADMIN_EMAILS, E2E_BASE_URL } from "./support/env";
import { expect, failedToLoad, standInForOtherHosts, test, toast } from "./support/fixtures";

/*
 * Issue 6, the admin academy: a course from creation to publication and back, with and without
 * JavaScript (projects js and no-js), the forms' validation, and the refusal of a normal user.
 * Course titles start with "[e2e]" so the users' academy tests can tell them from the demo courses.
 */

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const FIRST_LINK = "https://www.youtube.com/watch?v=0eKVizvYSUQ";
const SECOND_LINK = "https://vimeo.com/76979871";

const adminEmail = (javaScriptEnabled: boolean, index: 0 | 1 | 2) => ACADEMY_ADMIN_EMAILS[javaScriptEnabled ? "js" : "no-js"][index];
const uniqueSlug = (javaScriptEnabled: boolean) => `e2e-${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** The toast with this title, on screen (the flash cookie's, as a toast or, without JavaScript, a status box). */
const toastWith = (page: Page, text: string) => toast(page).filter({ hasText: text });

async function createCourse(page: Page, fields: { title: string; slug: string; description?: string }) {
  const form = page.locator("form#new-course");
  await form.getByLabel("Title", { exact: true }).fill(fields.title);
  await form.getByLabel("Slug", { exact: true }).fill(fields.slug);
  if (fields.description) await form.getByLabel("Description", { exact: true }).fill(fields.description);
  await form.getByRole("button", { name: "Create the course" }).click();
}

async function addVideo(chapter: Locator, fields: { title: string; link: string; duration: string }) {
  await chapter.locator("summary", { hasText: "Add a video" }).click();
  const form = chapter.locator('form[id^="new-video-"]');
  await form.getByLabel("Video title").fill(fields.title);
  await form.getByLabel("Video link").fill(fields.link);
  await form.getByLabel("Duration").fill(fields.duration);
  await form.getByRole("button", { name: "Add the video" }).click();
}

test.describe("academy administration", () => {
  test("create a course, its chapter and videos, reorder, upload a thumbnail, publish for users, unpublish, delete", async ({
    page,
    browser,
    email,
    signIn,
    ready,
    javaScriptEnabled,
    allowConsoleErrors,
  }) => {
    test.slow();
    const js = javaScriptEnabled !== false;
    // The refused upload answers 400 without JavaScript (the page with its inline error).
    allowConsoleErrors(/status of 400/);
    const slug = uniqueSlug(js);
    const title = `[e2e] Course ${slug}`;
    await signIn(page, adminEmail(js, 0), { redirectTo: "/admin/academy" });
    await expect(page.getByRole("heading", { name: "Academy management", level: 1 })).toBeVisible();
    await expect(page.getByTestId("course-row").filter({ hasText: "How Google Search works" })).toBeVisible();

    // Create: unpublished, then its own page.
    await createCourse(page, { title, slug, description: "Made by the e2e suite." });
    await expect(page).toHaveURL(/\/admin\/academy\/courses\/[0-9a-f-]{36}$/);
    const courseUrl = new URL(page.url()).pathname;
    await expect(toastWith(page, "Course created")).toBeVisible();
    await ready(page);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId("publish-status")).toHaveText("Draft");

    // A chapter and two videos.
    await page.locator("form#new-chapter").getByLabel("Chapter title").fill("Getting started");
    await page.locator("form#new-chapter").getByRole("button", { name: "Add the chapter" }).click();
    await expect(toastWith(page, "Chapter created")).toBeVisible();
    const chapter = page.getByTestId("chapter-row").filter({ hasText: "Getting started" });
    await expect(chapter).toBeVisible();
    await ready(page);
    const titles = chapter.getByTestId("video-title");
    await addVideo(chapter, { title: "First video", link: FIRST_LINK, duration: "1:30" });
    await expect(titles).toHaveText(["First video"]);
    await ready(page);
    await addVideo(chapter, { title: "Second video", link: SECOND_LINK, duration: "125" });
    await expect(titles).toHaveText(["First video", "Second video"]);
    await expect(chapter.getByTestId("video-row").nth(1)).toContainText("2:05");
    await ready(page);

    // Reorder with the buttons (a plain form post without JavaScript, a fetcher with it).
    await chapter.getByRole("button", { name: "Move up: Second video" }).click();
    await expect(titles).toHaveText(["Second video", "First video"]);
    await expect(toastWith(page, "Order saved")).toBeVisible();
    await page.reload();
    await ready(page);
    await expect(titles).toHaveText(["Second video", "First video"]);
    if (js) {
      // And by drag and drop: back and forth, kept after a reload.
      const rows = chapter.getByTestId("video-row");
      await rows.nth(1).getByTestId("drag-handle").dragTo(rows.nth(0));
      await expect(titles).toHaveText(["First video", "Second video"]);
      await expect(toastWith(page, "Order saved")).toBeVisible();
      const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.ok());
      await rows.nth(1).getByTestId("drag-handle").dragTo(rows.nth(0));
      await expect(titles).toHaveText(["Second video", "First video"]);
      await saved;
      await page.reload();
      await ready(page);
      await expect(titles).toHaveText(["Second video", "First video"]);
    }

    // The course's thumbnail: a text file refused by its type in the browser (with JavaScript); a
    // "PNG" that is none refused by the server (its bytes), the preview gone; then a real PNG.
    const widget = page.locator('[data-thumbnail^="course:"]');
    const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      if (js) return widget.getByTestId("thumbnail-input").setInputFiles(file);
      await widget.getByLabel("Image file").setInputFiles(file);
      await widget.getByRole("button", { name: "Upload" }).click();
    };
    if (js) {
      await upload({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
      await expect(widget.getByTestId("thumbnail-error")).toHaveText("The file must be a JPEG, PNG, WebP or GIF image.");
    }
    await upload({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    if (js) await expect(toastWith(page, "Upload error")).toContainText("The file must be a JPEG, PNG, WebP or GIF image.");
    await expect(widget.getByTestId("thumbnail-error")).toHaveText("The file must be a JPEG, PNG, WebP or GIF image.");
    await expect(widget.getByTestId("thumbnail-image")).toHaveCount(0);
    await ready(page);
    await upload({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await expect(toastWith(page, "Thumbnail uploaded")).toBeVisible();
    await expect(widget.getByTestId("thumbnail-image")).toHaveAttribute("src", /\/uploads\/academy\/courses\/[0-9a-f-]{36}\.png$/);
    await expect(widget.getByTestId("thumbnail-error")).toHaveText("");
    await ready(page);
    if (js) {
      // A video's thumbnail by drag and drop: of the dropped files, the first image is used.
      const video = chapter.getByTestId("video-row").first();
      await video.locator("summary", { hasText: "Edit the video" }).click();
      const videoWidget = video.getByTestId("thumbnail-widget");
      const dataTransfer = await page.evaluateHandle((base64) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(["notes"], "notes.txt", { type: "text/plain" }));
        transfer.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], "still.png", { type: "image/png" }));
        return transfer;
      }, PNG.toString("base64"));
      await videoWidget.getByTestId("thumbnail-dropzone").dispatchEvent("drop", { dataTransfer });
      await expect(videoWidget.getByTestId("thumbnail-image")).toHaveAttribute("src", /\/uploads\/academy\/videos\/[0-9a-f-]{36}\.png$/);
      await expect(videoWidget.getByTestId("thumbnail-error")).toHaveText("");
    }

    // Publish: visible to a user, videos in the new order.
    await page.getByRole("button", { name: `Publish: ${title}` }).click();
    await expect(toastWith(page, "Course published")).toBeVisible();
    await expect(page.getByTestId("publish-status")).toHaveText("Published");
    await ready(page);

    const userContext = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: js, locale: "en-US" });
    await standInForOtherHosts(userContext);
    try {
      const user = await userContext.newPage();
      await signIn(user, email, { redirectTo: "/academy" });
      const card = user.getByTestId("course-card").filter({ hasText: title });
      await expect(card).toContainText("1 chapter");
      await expect(card).toContainText("2 videos");
      await expect(card.locator("img")).toHaveAttribute("src", /\/uploads\/academy\/courses\//);
      await card.getByRole("link").click();
      await expect(user).toHaveURL(new RegExp(`/academy/${slug}$`));
      await expect(user.getByTestId("video-row")).toHaveText([/Second video/, /First video/]);

      // Unpublish: the user's page is gone (404), the list no longer shows it.
      await page.getByRole("button", { name: `Unpublish: ${title}` }).click();
      await expect(toastWith(page, "Course unpublished")).toBeVisible();
      await expect(page.getByTestId("publish-status")).toHaveText("Draft");
      expect((await user.goto(`/academy/${slug}`))?.status()).toBe(404);
      await user.goto("/academy");
      await expect(user.getByTestId("course-card").first()).toBeVisible();
      await expect(user.getByTestId("course-card").filter({ hasText: title })).toHaveCount(0);
    } finally {
      await userContext.close();
    }

    // Delete, after a confirmation (a dialog with JavaScript, a page without).
    await ready(page);
    await page.getByRole("button", { name: `Delete the course: ${title}` }).click();
    if (js) {
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText(`Delete “${title}”?`);
      await dialog.getByRole("button", { name: "Delete" }).click();
    } else {
      await expect(page).toHaveURL(/\?confirm=course&id=/);
      await expect(page.getByRole("alertdialog")).toContainText(`Delete “${title}”?`);
      await page.getByRole("button", { name: "Delete" }).click();
    }
    await expect(page).toHaveURL(/\/admin\/academy$/);
    await expect(toastWith(page, "Course deleted")).toBeVisible();
    await expect(page.getByTestId("course-row").filter({ hasText: title })).toHaveCount(0);
    allowConsoleErrors(failedToLoad(404, courseUrl));
    expect((await page.goto(courseUrl))?.status()).toBe(404);
  });

  test("refused forms keep what was typed and say why on the field; chapters, videos and thumbnails are edited and deleted", async ({ page, signIn, ready, javaScriptEnabled, allowConsoleErrors }) => {
    test.slow();
    const js = javaScriptEnabled !== false;
    // A refused post answers 400 (the page without JavaScript, the data request with it).
    allowConsoleErrors(/status of 400/);
    await signIn(page, adminEmail(js, 1), { redirectTo: "/admin/academy" });

    // The slug's format (in the browser with JavaScript, on the server without), then a slug the
    // API refuses as taken (a demo course's): both on the slug field, the other fields kept.
    await createCourse(page, { title: "[e2e] Kept title", slug: "Not A Slug", description: "Kept description" });
    const form = page.locator("form#new-course");
    await expect(form).toContainText("Lower-case letters (a-z), digits and single dashes only, e.g. seo-basics");
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("[e2e] Kept title");
    await expect(form.getByLabel("Slug", { exact: true })).toHaveValue("Not A Slug");
    await expect(form.getByLabel("Description", { exact: true })).toHaveValue("Kept description");
    await ready(page);

    await form.getByLabel("Slug", { exact: true }).fill("how-google-search-works");
    await form.getByRole("button", { name: "Create the course" }).click();
    await expect(form).toContainText("Another course already uses this slug");
    await expect(form.getByLabel("Title", { exact: true })).toHaveValue("[e2e] Kept title");
    await expect(form.getByLabel("Slug", { exact: true })).toHaveValue("how-google-search-works");
    await expect(page).toHaveURL(/\/admin\/academy(\?index)?$/);
    await ready(page);

    // A video whose link is no YouTube or Vimeo video, on a course of its own.
    const slug = uniqueSlug(js);
    await form.getByLabel("Slug", { exact: true }).fill(slug);
    await form.getByRole("button", { name: "Create the course" }).click();
    await expect(page).toHaveURL(/\/admin\/academy\/courses\//);
    await ready(page);
    await page.locator("form#new-chapter").getByLabel("Chapter title").fill("Chapter");
    await page.locator("form#new-chapter").getByRole("button", { name: "Add the chapter" }).click();
    const chapter = page.getByTestId("chapter-row");
    await expect(chapter).toBeVisible();
    await ready(page);
    await addVideo(chapter, { title: "Kept video", link: "https://example.com/video", duration: "4:30" });
    const videoForm = chapter.locator('form[id^="new-video-"]');
    await expect(videoForm).toContainText("Must be a YouTube or Vimeo video URL");
    await expect(videoForm.getByLabel("Video title")).toHaveValue("Kept video");
    await expect(videoForm.getByLabel("Duration")).toHaveValue("4:30");
    await ready(page);
    await videoForm.getByLabel("Video link").fill("https://www.youtube.com/watch");
    await videoForm.getByRole("button", { name: "Add the video" }).click();
    await expect(videoForm).toContainText("Video ID is required");
    await expect(videoForm.getByLabel("Video title")).toHaveValue("Kept video");
    await ready(page);
    await videoForm.getByLabel("Video link").fill(FIRST_LINK);
    await videoForm.getByRole("button", { name: "Add the video" }).click();
    await expect(toastWith(page, "Video created")).toBeVisible();
    await expect(chapter.getByTestId("video-title")).toHaveText(["Kept video"]);
    await ready(page);

    // Edit the video and the chapter, then delete the video (confirmed).
    const video = chapter.getByTestId("video-row");
    await video.locator("summary", { hasText: "Edit the video" }).click();
    const editVideo = video.locator('form[id^="video-"]');
    await expect(editVideo.getByLabel("Duration")).toHaveValue("4:30");
    await editVideo.getByLabel("Video title").fill("Renamed video");
    await editVideo.locator("summary", { hasText: "Links per language" }).click();
    await editVideo.getByLabel("French link").fill(SECOND_LINK);
    await editVideo.getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Video modified")).toBeVisible();
    await expect(chapter.getByTestId("video-title")).toHaveText(["Renamed video"]);
    await expect(video).toContainText("FR · other languages");
    await ready(page);
    await chapter.locator("summary", { hasText: "Edit the chapter" }).click();
    const editChapter = chapter.locator('form[id^="chapter-"]');
    await editChapter.getByLabel("Chapter title").fill("Renamed chapter");
    await editChapter.getByRole("button", { name: "Save" }).click();
    await expect(toastWith(page, "Chapter modified")).toBeVisible();
    await expect(chapter.getByRole("heading", { name: "Renamed chapter" })).toBeVisible();
    await ready(page);
    await chapter.getByRole("button", { name: "Delete the video: Renamed video" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Video deleted")).toBeVisible();
    await expect(chapter.getByTestId("video-row")).toHaveCount(0);
    await ready(page);

    // The thumbnail's URL mode: required, then readable.
    const widget = page.locator('[data-thumbnail^="course:"]');
    if (js) {
      await widget.getByRole("button", { name: "Use a URL" }).click();
      await widget.getByRole("button", { name: "Apply" }).click();
      await expect(widget.getByTestId("thumbnail-error")).toHaveText("URL required");
      await widget.getByLabel("Image URL").fill("not a url");
      await widget.getByRole("button", { name: "Apply" }).click();
      await expect(widget.getByTestId("thumbnail-error")).toHaveText("Invalid URL");
      // An address that loads (another host's image, answered here) is saved.
      await widget.getByLabel("Image URL").fill("https://images.example.com/cover.png");
      await widget.getByRole("button", { name: "Apply" }).click();
    } else {
      await widget.getByLabel("Image URL").fill("not a url");
      await widget.getByRole("button", { name: "Apply" }).click();
      await expect(widget.getByTestId("thumbnail-error")).toHaveText("Invalid URL");
      await expect(widget.getByLabel("Image URL")).toHaveValue("not a url");
      await widget.getByLabel("Image URL").fill("https://images.example.com/cover.png");
      await widget.getByRole("button", { name: "Apply" }).click();
    }
    await expect(toastWith(page, "Thumbnail uploaded")).toBeVisible();
    await expect(widget.getByTestId("thumbnail-image")).toHaveAttribute("src", "https://images.example.com/cover.png");
    await ready(page);

    // Deleting it asks first (a dialog, or a page without JavaScript: the same roles).
    await widget.getByRole("button", { name: /^Delete the thumbnail/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Thumbnail deleted")).toBeVisible();
    await expect(widget.getByTestId("thumbnail-image")).toHaveCount(0);
    await ready(page);

    // And the chapter.
    await chapter.getByRole("button", { name: "Delete the chapter: Renamed chapter" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Chapter deleted")).toBeVisible();
    await expect(page.getByTestId("chapter-row")).toHaveCount(0);
  });

  test.describe("in French", () => {
    test.use({ locale: "fr-FR" });

    test("the toasts and messages are French", async ({ page, signIn, ready, javaScriptEnabled, allowConsoleErrors }) => {
      const js = javaScriptEnabled !== false;
      allowConsoleErrors(/status of 400/);
      await signIn(page, adminEmail(js, 2), { redirectTo: "/admin/academy" });
      await expect(page.getByRole("heading", { name: "Gestion Academy", level: 1 })).toBeVisible();
      const form = page.locator("form#new-course");
      await form.getByLabel("Titre", { exact: true }).fill("[e2e] Cours en français");
      await form.getByLabel("Identifiant (slug)").fill("how-google-search-works");
      await form.getByRole("button", { name: "Créer le cours" }).click();
      await expect(form).toContainText("Un autre cours utilise déjà cet identifiant");
      await ready(page);
      await form.getByLabel("Identifiant (slug)").fill(uniqueSlug(js));
      await form.getByRole("button", { name: "Créer le cours" }).click();
      await expect(toastWith(page, "Cours créé")).toBeVisible();
      await ready(page);
      await page.getByRole("button", { name: "Publier: [e2e] Cours en français" }).click();
      await expect(toastWith(page, "Cours publié")).toBeVisible();
      await ready(page);
      await page.getByRole("button", { name: "Supprimer le cours: [e2e] Cours en français" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
      await expect(toastWith(page, "Cours supprimé")).toBeVisible();
    });
  });

  test("a user is refused the management, its pages and its actions", async ({ page, email, signIn, allowConsoleErrors }) => {
    allowConsoleErrors(failedToLoad(403, "/admin/academy"), /status of 403/);
    await signIn(page, email);
    const response = await page.goto("/admin/academy");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    expect((await page.goto("/admin/academy/courses/7d9f8a4e-4c1b-4a59-9a53-2f1f0f1c2b3a"))?.status()).toBe(403);
    // A forged post is refused too, before any API call.
    const forged = await page.request.post("/admin/academy?index", { form: { intent: "create-course", slug: "forged", title: "Forged" } });
    expect(forged.status()).toBe(403);
  });
});
