import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_COURSES, seedDemoAcademy } from "../../server/academy/seed";
import { getConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { chapters, courses, seedRuns, videos } from "../../server/db/schema";
import type { FieldErrors } from "../../server/http/field-errors";
import { serveUpload } from "../../server/integrations/storage/serve";
import { createFakeS3, type FakeS3 } from "../fakes/s3";
import { type ApiResponse, uniqueEmail, useApi, withEnv } from "../helpers/api";

/**
 * Issue 6, the API side of the academy: every call of seed 001 §7 (users and admins), who may call
 * what, every validation error, ordering, thumbnails (content-checked, stored locally or on S3,
 * replaced without leftovers), and each user's progress.
 */
const api = useApi();

// ---- fixtures ---------------------------------------------------------------------------------

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8L"), Buffer.alloc(14)]);
const MAX = 10 * 1024 * 1024;

const YOUTUBE = "https://www.youtube.com/watch?v=0eKVizvYSUQ";
const VIMEO = "https://vimeo.com/76979871";

let run = 0;
const uniqueSlug = (label = "course") => `${label}-${Date.now().toString(36)}-${++run}-${Math.random().toString(36).slice(2, 7)}`;

let adminToken: string;
let userToken: string;
let otherToken: string;

beforeAll(async () => {
  const email = uniqueEmail("academy-admin");
  const restore = withEnv({ ADMIN_EMAILS: email });
  try {
    const admin = await api.signIn(email);
    expect(admin.user.role).toBe("admin");
    adminToken = admin.access_token;
  } finally {
    restore();
  }
  userToken = (await api.signIn()).access_token;
  otherToken = (await api.signIn()).access_token;
});

function ok<T = any>(res: ApiResponse<T>, status = 200): T {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

const asAdmin = (method: string, urlPath: string, body?: unknown) => api.request(method, urlPath, { token: adminToken, body });

async function createCourse(fields: Record<string, unknown> = {}) {
  return ok(await asAdmin("POST", "/academy/admin/courses", { slug: uniqueSlug(), title: "A course", ...fields }), 201);
}

async function createChapter(courseId: string, title = "A chapter") {
  return ok(await asAdmin("POST", "/academy/admin/chapters", { course_id: courseId, title }), 201);
}

async function createVideo(chapterId: string, fields: Record<string, unknown> = {}) {
  return ok(await asAdmin("POST", "/academy/admin/videos", { chapter_id: chapterId, title: "A video", link: YOUTUBE, duration_seconds: 60, ...fields }), 201);
}

/** A published course with two chapters: [v1, v2] and [v3]. */
async function publishedCourse() {
  const course = await createCourse({ is_published: true, description: "Three videos" });
  const first = await createChapter(course.id, "First");
  const second = await createChapter(course.id, "Second");
  const v1 = await createVideo(first.id, { title: "One", duration_seconds: 100 });
  const v2 = await createVideo(first.id, { title: "Two", duration_seconds: 200, link: VIMEO });
  const v3 = await createVideo(second.id, { title: "Three", duration_seconds: 300, link: { en: YOUTUBE, fr: VIMEO } });
  return { course, chapters: [first, second], videos: [v1, v2, v3] };
}

function upload(urlPath: string, bytes: Buffer, name: string, type: string, token = adminToken) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return api.request("POST", urlPath, { token, body: form });
}

const uploadsDir = () => path.resolve(getConfig().DATA_DIR, "uploads");
/** The local file behind a /uploads/… URL. */
const fileOf = (url: string) => path.join(uploadsDir(), ...url.replace(/^\/uploads\//, "").split("/"));

// ---- users ------------------------------------------------------------------------------------

describe("the demo academy", () => {
  test("is seeded at start: published courses in en and fr with real video links, the draft hidden", async () => {
    const list = ok(await api.request("GET", "/academy/published-courses", { token: userToken }));
    const seeded = DEMO_COURSES.filter((demo) => demo.published);
    for (const demo of seeded) {
      const course = list.find((entry: any) => entry.slug === demo.slug);
      expect(course, demo.slug).toBeDefined();
      expect(course).toMatchObject({
        title: demo.title,
        locale: demo.locale,
        is_published: true,
        chapter_count: demo.chapters.length,
        video_count: demo.chapters.reduce((sum, chapter) => sum + chapter.videos.length, 0),
        total_duration_seconds: demo.chapters.reduce((sum, chapter) => sum + chapter.videos.reduce((s, video) => s + video.duration, 0), 0),
        progress: { watched: 0, total: expect.any(Number) },
      });
    }
    expect(new Set(list.filter((entry: any) => seeded.some((demo) => demo.slug === entry.slug)).map((entry: any) => entry.locale))).toEqual(new Set(["en", "fr"]));
    expect(list.some((entry: any) => entry.slug === "video-on-your-site")).toBe(false);

    const french = ok(await api.request("GET", "/academy/courses/bases-du-referencement-google", { token: userToken }));
    const firstVideo = french.chapters[0].videos[0];
    expect(firstVideo.link).toEqual({ fr: expect.stringContaining("cc_lang_pref=fr"), other: YOUTUBE });
    expect(firstVideo.sources.fr).toMatchObject({ provider: "youtube", video_id: "0eKVizvYSUQ" });
    expect(firstVideo.sources.fr.embed_url).toContain("cc_lang_pref=fr");
    expect((await api.request("GET", "/academy/courses/video-on-your-site", { token: userToken })).status).toBe(404);
    const draft = ok(await api.request("GET", "/academy/courses/video-on-your-site", { token: adminToken }));
    expect(draft.chapters[0].videos[0].sources.default).toMatchObject({ provider: "vimeo", video_id: "76979871" });
  });

  test("runs once per database: not again on a restart, nor after its courses are deleted", async () => {
    const handle = await openDatabase("memory://");
    try {
      expect(await seedDemoAcademy(handle.db, { enabled: true })).toEqual({ seeded: true });
      const count = async () => (await handle.db.select({ id: courses.id }).from(courses)).length;
      expect(await count()).toBe(DEMO_COURSES.length);
      expect(await seedDemoAcademy(handle.db, { enabled: true })).toEqual({ seeded: false });
      expect(await count()).toBe(DEMO_COURSES.length);
      await handle.db.delete(courses);
      expect(await seedDemoAcademy(handle.db, { enabled: true })).toEqual({ seeded: false });
      expect(await count()).toBe(0);
      expect(await handle.db.select().from(seedRuns)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  test("is not seeded into an academy that already has courses, nor when switched off", async () => {
    const handle = await openDatabase("memory://");
    try {
      expect(await seedDemoAcademy(handle.db, { enabled: false })).toEqual({ seeded: false });
      expect(await handle.db.select().from(seedRuns)).toHaveLength(0);
      await handle.db.insert(courses).values({ slug: "own-course", title: "Own" });
      expect(await seedDemoAcademy(handle.db, { enabled: true })).toEqual({ seeded: false });
      expect((await handle.db.select().from(courses)).map((row) => row.slug)).toEqual(["own-course"]);
    } finally {
      await handle.close();
    }
  });
});

describe("courses and videos for users", () => {
  test("published courses: counts, total duration, order and the caller's progress; filtered by locale", async () => {
    const { course } = await publishedCourse();
    const french = await createCourse({ is_published: true, locale: "fr" });
    const hidden = await createCourse({ is_published: false });
    const list = ok(await api.request("GET", "/academy/published-courses", { token: userToken }));
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((entry: any) => entry.id === course.id)).toMatchObject({
      slug: course.slug,
      description: "Three videos",
      locale: null,
      thumbnail_url: null,
      chapter_count: 2,
      video_count: 3,
      total_duration_seconds: 600,
      progress: { watched: 0, total: 3 },
    });
    expect(list.some((entry: any) => entry.id === hidden.id)).toBe(false);
    const positions = list.map((entry: any) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const english = ok(await api.request("GET", "/academy/published-courses?locale=en", { token: userToken }));
    expect(english.some((entry: any) => entry.id === course.id)).toBe(true);
    expect(english.some((entry: any) => entry.id === french.id)).toBe(false);
    expect(english.every((entry: any) => entry.locale !== "fr")).toBe(true);
    const frenchList = ok(await api.request("GET", "/academy/published-courses?locale=fr", { token: userToken }));
    expect(frenchList.some((entry: any) => entry.id === french.id)).toBe(true);
    expect((await api.request("GET", "/academy/published-courses?locale=de", { token: userToken })).status).toBe(400);
  });

  test("a course by slug: chapters and videos in order with their links read", async () => {
    const { course, chapters: [first, second], videos: [v1, v2, v3] } = await publishedCourse();
    const detail = ok(await api.request("GET", `/academy/courses/${course.slug}`, { token: userToken }));
    expect(detail).toMatchObject({ id: course.id, chapter_count: 2, video_count: 3, total_duration_seconds: 600 });
    expect(detail.chapters.map((chapter: any) => [chapter.id, chapter.video_count, chapter.total_duration_seconds])).toEqual([
      [first.id, 2, 300],
      [second.id, 1, 300],
    ]);
    expect(detail.chapters.flatMap((chapter: any) => chapter.videos.map((video: any) => video.id))).toEqual([v1.id, v2.id, v3.id]);
    const [one, two] = detail.chapters[0].videos;
    expect(one).toMatchObject({ title: "One", link: YOUTUBE, duration_seconds: 100, watched: false, watched_at: null, thumbnail_url: null });
    expect(one.sources.default).toEqual({
      provider: "youtube",
      video_id: "0eKVizvYSUQ",
      url: YOUTUBE,
      embed_url: "https://www.youtube-nocookie.com/embed/0eKVizvYSUQ",
      host_thumbnail_url: "https://i.ytimg.com/vi/0eKVizvYSUQ/hqdefault.jpg",
    });
    expect(two.sources.default).toMatchObject({ provider: "vimeo", embed_url: "https://player.vimeo.com/video/76979871", host_thumbnail_url: null });
    expect(Object.keys(detail.chapters[1].videos[0].sources)).toEqual(["en", "fr"]);

    expect((await api.request("GET", "/academy/courses/no-such-course", { token: userToken })).status).toBe(404);
    expect((await api.request("GET", "/academy/courses/Not%20A%20Slug", { token: userToken })).status).toBe(404);
    const blank = await api.request("GET", "/academy/courses/%20", { token: userToken });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ slug: [{ code: "required", message: "Course slug is required" }] });
  });

  test("a video: its chapter, course and the previous and next videos across chapters", async () => {
    const { course, chapters: [first, second], videos: [v1, v2, v3] } = await publishedCourse();
    const get = async (id: string) => ok(await api.request("GET", `/academy/videos/${id}`, { token: userToken }));
    expect(await get(v1.id)).toMatchObject({ id: v1.id, previous_video_id: null, next_video_id: v2.id, chapter: { id: first.id, title: "First" } });
    expect(await get(v2.id)).toMatchObject({ previous_video_id: v1.id, next_video_id: v3.id });
    const last = await get(v3.id);
    expect(last).toMatchObject({
      previous_video_id: v2.id,
      next_video_id: null,
      chapter: { id: second.id },
      course: { id: course.id, slug: course.slug, is_published: true, progress: { watched: 0, total: 3 } },
      link: { en: YOUTUBE, fr: VIMEO },
    });

    // The order follows the chapters' order.
    ok(await asAdmin("POST", `/academy/admin/courses/${course.id}/chapters/reorder`, { ids: [second.id, first.id] }));
    expect(await get(v3.id)).toMatchObject({ previous_video_id: null, next_video_id: v1.id });
    expect(await get(v2.id)).toMatchObject({ previous_video_id: v1.id, next_video_id: null });

    expect((await api.request("GET", `/academy/videos/${crypto.randomUUID()}`, { token: userToken })).status).toBe(404);
    const notId = await api.request("GET", "/academy/videos/not-a-video", { token: userToken });
    expect(notId.status).toBe(400);
    expect(notId.body.errors).toEqual({ id: [{ code: "invalid_format", message: "Not a video id" }] });
    const blank = await api.request("GET", "/academy/videos/%20", { token: userToken });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ id: [{ code: "required", message: "Video ID is required" }] });
  });

  test("every user call needs a session", async () => {
    const { course, videos: [video] } = await publishedCourse();
    for (const [method, urlPath, body] of [
      ["GET", "/academy/published-courses"],
      ["GET", `/academy/courses/${course.slug}`],
      ["GET", `/academy/videos/${video.id}`],
      ["PUT", `/academy/videos/${video.id}/progress`, { watched: true }],
    ] as const) {
      const res = await api.request(method, urlPath, { body });
      expect(res.status, `${method} ${urlPath}`).toBe(401);
    }
  });
});

describe("unpublished courses", () => {
  test("are invisible to users (404 everywhere), visible to admins, and come and go with publish", async () => {
    const course = await createCourse({ is_published: false });
    const chapter = await createChapter(course.id);
    const video = await createVideo(chapter.id);
    const asUser = (method: string, urlPath: string, body?: unknown) => api.request(method, urlPath, { token: userToken, body });
    const hidden = async () => {
      expect((await asUser("GET", `/academy/courses/${course.slug}`)).status).toBe(404);
      expect((await asUser("GET", `/academy/videos/${video.id}`)).status).toBe(404);
      expect((await asUser("PUT", `/academy/videos/${video.id}/progress`, { watched: true })).status).toBe(404);
      const list = ok(await asUser("GET", "/academy/published-courses"));
      expect(list.some((entry: any) => entry.id === course.id)).toBe(false);
    };
    await hidden();
    expect(ok(await asAdmin("GET", `/academy/courses/${course.slug}`))).toMatchObject({ id: course.id, is_published: false });
    expect(ok(await asAdmin("GET", `/academy/videos/${video.id}`))).toMatchObject({ id: video.id, course: { is_published: false } });

    expect(ok(await asAdmin("POST", `/academy/admin/courses/${course.id}/publish`, { is_published: true }))).toMatchObject({ id: course.id, is_published: true, video_count: 1 });
    expect(ok(await asUser("GET", `/academy/courses/${course.slug}`))).toMatchObject({ id: course.id });
    expect(ok(await asUser("GET", `/academy/videos/${video.id}`))).toMatchObject({ id: video.id });
    expect(ok(await asUser("GET", "/academy/published-courses")).some((entry: any) => entry.id === course.id)).toBe(true);

    expect(ok(await asAdmin("POST", `/academy/admin/courses/${course.id}/publish`, { is_published: false }))).toMatchObject({ is_published: false });
    await hidden();
  });
});

describe("progress", () => {
  test("is each user's own: marks, unmarks, counts per course, never seen by another user", async () => {
    const { course, videos: [v1, v2] } = await publishedCourse();
    const mark = async (token: string, id: string, watched: boolean) => ok(await api.request("PUT", `/academy/videos/${id}/progress`, { token, body: { watched } }));

    const first = await mark(userToken, v1.id, true);
    expect(first).toMatchObject({ video_id: v1.id, watched: true, watched_at: expect.any(String), course_progress: { watched: 1, total: 3 } });
    // Marking again keeps the first date.
    expect((await mark(userToken, v1.id, true)).watched_at).toBe(first.watched_at);
    await mark(userToken, v2.id, true);

    const mine = ok(await api.request("GET", `/academy/courses/${course.slug}`, { token: userToken }));
    expect(mine.progress).toEqual({ watched: 2, total: 3 });
    expect(mine.chapters[0].videos.map((video: any) => video.watched)).toEqual([true, true]);
    expect(ok(await api.request("GET", `/academy/videos/${v1.id}`, { token: userToken }))).toMatchObject({ watched: true, course: { progress: { watched: 2, total: 3 } } });
    const myList = ok(await api.request("GET", "/academy/published-courses", { token: userToken }));
    expect(myList.find((entry: any) => entry.id === course.id).progress).toEqual({ watched: 2, total: 3 });

    const theirs = ok(await api.request("GET", `/academy/courses/${course.slug}`, { token: otherToken }));
    expect(theirs.progress).toEqual({ watched: 0, total: 3 });
    expect(theirs.chapters[0].videos.map((video: any) => [video.watched, video.watched_at])).toEqual([
      [false, null],
      [false, null],
    ]);
    expect(ok(await api.request("GET", `/academy/videos/${v1.id}`, { token: otherToken })).watched).toBe(false);

    expect(await mark(userToken, v1.id, false)).toMatchObject({ watched: false, watched_at: null, course_progress: { watched: 1, total: 3 } });
    expect(await mark(otherToken, v2.id, false)).toMatchObject({ watched: false, course_progress: { watched: 0, total: 3 } });
    expect(ok(await api.request("GET", `/academy/courses/${course.slug}`, { token: userToken })).progress).toEqual({ watched: 1, total: 3 });

    for (const body of [{}, { watched: "yes" }, { watched: null }]) {
      const res = await api.request("PUT", `/academy/videos/${v1.id}/progress`, { token: userToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.watched).toBeDefined();
    }
  });

  test("goes with the video: deleting it takes it out of the count", async () => {
    const { course, videos: [v1] } = await publishedCourse();
    ok(await api.request("PUT", `/academy/videos/${v1.id}/progress`, { token: userToken, body: { watched: true } }));
    ok(await asAdmin("DELETE", `/academy/admin/videos/${v1.id}`));
    expect(ok(await api.request("GET", `/academy/courses/${course.slug}`, { token: userToken })).progress).toEqual({ watched: 0, total: 2 });
  });
});

// ---- admins -----------------------------------------------------------------------------------

describe("who may manage the academy", () => {
  test("every admin call: 401 signed out, 403 forbidden for a user, also with a forged body", async () => {
    const { course, chapters: [chapter], videos: [video] } = await publishedCourse();
    const calls: [string, string, unknown?][] = [
      ["GET", "/academy/admin/courses"],
      ["GET", `/academy/admin/courses/${course.id}`],
      ["POST", "/academy/admin/courses", { slug: uniqueSlug(), title: "Forged" }],
      ["PUT", `/academy/admin/courses/${course.id}`, { title: "Forged" }],
      ["DELETE", `/academy/admin/courses/${course.id}`],
      ["POST", `/academy/admin/courses/${course.id}/publish`, { is_published: false }],
      ["POST", "/academy/admin/chapters", { course_id: course.id, title: "Forged" }],
      ["PUT", `/academy/admin/chapters/${chapter.id}`, { title: "Forged" }],
      ["DELETE", `/academy/admin/chapters/${chapter.id}`],
      ["POST", "/academy/admin/videos", { chapter_id: chapter.id, title: "Forged", link: YOUTUBE }],
      ["PUT", `/academy/admin/videos/${video.id}`, { title: "Forged" }],
      ["DELETE", `/academy/admin/videos/${video.id}`],
      ["POST", "/academy/admin/courses/reorder", { ids: [course.id] }],
      ["POST", `/academy/admin/courses/${course.id}/chapters/reorder`, { ids: [chapter.id] }],
      ["POST", `/academy/admin/chapters/${chapter.id}/videos/reorder`, { ids: [video.id] }],
      ["POST", `/academy/admin/courses/${course.id}/thumbnail`, { url: "https://images.example.test/x.png" }],
      ["POST", `/academy/admin/videos/${video.id}/thumbnail`, { url: "https://images.example.test/x.png" }],
      ["DELETE", `/academy/courses/${course.id}/thumbnail`],
      ["DELETE", `/academy/admin/courses/${course.id}/thumbnail`],
      ["DELETE", `/academy/admin/videos/${video.id}/thumbnail`],
    ];
    for (const [method, urlPath, body] of calls) {
      const signedOut = await api.request(method, urlPath, { body });
      expect(signedOut.status, `${method} ${urlPath} signed out`).toBe(401);
      const forbidden = await api.request(method, urlPath, { token: userToken, body });
      expect(forbidden.status, `${method} ${urlPath} as a user`).toBe(403);
      expect(forbidden.body, `${method} ${urlPath}`).toEqual({ message: "Only administrators can do this", code: "forbidden" });
    }
    // Multipart uploads too.
    for (const target of [`/academy/admin/courses/${course.id}/thumbnail`, `/academy/admin/videos/${video.id}/thumbnail`]) {
      expect((await upload(target, PNG, "x.png", "image/png", userToken)).status).toBe(403);
    }
    // Nothing changed.
    const after = ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`));
    expect(after).toMatchObject({ title: "A course", is_published: true, thumbnail_url: null, video_count: 3 });
    expect(after.chapters[0]).toMatchObject({ id: chapter.id, title: "First" });
  });
});

describe("admin: courses", () => {
  test("create, read, list, update, publish, delete", async () => {
    const slug = uniqueSlug("seo-basics");
    const created = ok(await asAdmin("POST", "/academy/admin/courses", { slug, title: "  SEO basics  ", description: "Line one\nLine two", locale: "fr" }), 201);
    expect(created).toMatchObject({
      id: expect.any(String),
      slug,
      title: "SEO basics",
      description: "Line one\nLine two",
      locale: "fr",
      is_published: false,
      thumbnail_url: null,
      chapter_count: 0,
      video_count: 0,
      chapters: [],
    });

    const list = ok(await asAdmin("GET", "/academy/admin/courses"));
    expect(list.find((entry: any) => entry.id === created.id)).toMatchObject({ slug, is_published: false });
    // A new course goes last.
    expect(list.at(-1).id).toBe(created.id);

    expect(ok(await asAdmin("GET", `/academy/admin/courses/${created.id}`))).toMatchObject({ id: created.id, slug });

    const updated = ok(await asAdmin("PUT", `/academy/admin/courses/${created.id}`, { title: "SEO basics, revised", locale: null }));
    expect(updated).toMatchObject({ slug, title: "SEO basics, revised", description: "Line one\nLine two", locale: null });
    expect(ok(await asAdmin("PUT", `/academy/admin/courses/${created.id}`, { slug, locale: "" }))).toMatchObject({ slug, locale: null });
    const renamed = uniqueSlug("renamed");
    expect(ok(await asAdmin("PUT", `/academy/admin/courses/${created.id}`, { slug: renamed, is_published: true }))).toMatchObject({ slug: renamed, is_published: true });

    expect(ok(await asAdmin("POST", `/academy/admin/courses/${created.id}/publish`, { is_published: false }))).toMatchObject({ is_published: false });

    const chapter = await createChapter(created.id);
    await createVideo(chapter.id);
    expect(ok(await asAdmin("DELETE", `/academy/admin/courses/${created.id}`))).toEqual({ deleted: true });
    expect((await asAdmin("GET", `/academy/admin/courses/${created.id}`)).status).toBe(404);
    const db = await api.db();
    expect(await db.select().from(chapters).where(eq(chapters.courseId, created.id))).toEqual([]);
    expect(await db.select().from(videos).where(eq(videos.chapterId, chapter.id))).toEqual([]);

    for (const [method, urlPath, body] of [
      ["GET", `/academy/admin/courses/${created.id}`],
      ["PUT", `/academy/admin/courses/${created.id}`, { title: "x" }],
      ["DELETE", `/academy/admin/courses/${created.id}`],
      ["POST", `/academy/admin/courses/${created.id}/publish`, { is_published: true }],
    ] as const) {
      const res = await asAdmin(method, urlPath, body);
      expect(res.status, `${method} ${urlPath}`).toBe(404);
      expect(res.body.message).toBe("Course not found");
    }
  });

  test("the slug: required, lower-case letters, digits and dashes, unique", async () => {
    const format = "Lower-case letters (a-z), digits and single dashes only, e.g. seo-basics";
    const cases: [unknown, string, string][] = [
      [undefined, "required", "Course slug is required"],
      ["", "required", "Course slug is required"],
      ["   ", "required", "Course slug is required"],
      ["SEO-Basics", "invalid_format", format],
      ["seo basics", "invalid_format", format],
      ["seo--basics", "invalid_format", format],
      ["-seo", "invalid_format", format],
      ["référencement", "invalid_format", format],
      ["a".repeat(101), "too_long", "At most 100 characters"],
      [42, "invalid_type", "Course slug must be text"],
    ];
    for (const [slug, code, message] of cases) {
      const res = await asAdmin("POST", "/academy/admin/courses", { slug, title: "T" });
      expect(res.status, JSON.stringify(slug)).toBe(400);
      expect(res.body.errors.slug, JSON.stringify(slug)).toEqual([{ code, message }]);
    }

    const course = await createCourse();
    const taken = await asAdmin("POST", "/academy/admin/courses", { slug: course.slug, title: "Again" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: "Another course already uses this slug", code: "slug_taken", errors: { slug: [{ code: "taken", message: "Another course already uses this slug" }] } });
    const other = await createCourse();
    const renamed = await asAdmin("PUT", `/academy/admin/courses/${other.id}`, { slug: course.slug });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe("slug_taken");
    const blank = await asAdmin("PUT", `/academy/admin/courses/${other.id}`, { slug: "" });
    expect(blank.body.errors.slug).toEqual([{ code: "required", message: "Course slug is required" }]);
  });

  test("the other course fields", async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ title: undefined }, "title", "required", "Title is required"],
      [{ title: "   " }, "title", "required", "Title is required"],
      [{ title: "a".repeat(201) }, "title", "too_long", "At most 200 characters"],
      [{ title: "Bell\u0007" }, "title", "invalid_format", "Control characters are not allowed"],
      [{ description: "x".repeat(5001) }, "description", "too_long", "At most 5000 characters"],
      [{ description: "nul\u0000" }, "description", "invalid_format", "Control characters are not allowed"],
      [{ locale: "de" }, "locale", "invalid_value", "en, fr, or null for every language"],
      [{ is_published: "yes" }, "is_published", "invalid_type", "true or false"],
    ];
    for (const [fields, field, code, message] of cases) {
      const res = await asAdmin("POST", "/academy/admin/courses", { slug: uniqueSlug(), title: "T", ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(fields)).toEqual([{ code, message }]);
    }
    const both = await asAdmin("POST", "/academy/admin/courses", {});
    expect(both.status).toBe(400);
    expect(both.body.errors).toEqual({ slug: [{ code: "required", message: "Course slug is required" }], title: [{ code: "required", message: "Title is required" }] });

    const course = await createCourse();
    const badPublish = await asAdmin("POST", `/academy/admin/courses/${course.id}/publish`, {});
    expect(badPublish.status).toBe(400);
    expect(badPublish.body.errors.is_published).toEqual([{ code: "required", message: "is_published: true or false is required" }]);
    const notId = await asAdmin("GET", "/academy/admin/courses/not-an-id");
    expect(notId.status).toBe(400);
    expect(notId.body.errors).toEqual({ id: [{ code: "invalid_format", message: "Not a course id" }] });
    const malformed = await asAdmin("POST", "/academy/admin/courses", "{not json");
    expect(malformed.status).toBe(400);
  });
});

describe("admin: chapters and videos", () => {
  test("chapters: create at the end, update, delete with their videos", async () => {
    const course = await createCourse();
    const first = await createChapter(course.id, "First");
    const second = ok(await asAdmin("POST", "/academy/admin/chapters", { course_id: course.id, title: " Second ", description: "About it" }), 201);
    expect(second).toMatchObject({ course_id: course.id, title: "Second", description: "About it", position: first.position + 1 });
    expect(ok(await asAdmin("PUT", `/academy/admin/chapters/${second.id}`, { title: "Second, renamed" }))).toMatchObject({ title: "Second, renamed", description: "About it" });
    const video = await createVideo(second.id);
    expect(ok(await asAdmin("DELETE", `/academy/admin/chapters/${second.id}`))).toEqual({ deleted: true });
    expect((await asAdmin("GET", `/academy/videos/${video.id}`)).status).toBe(404);
    const detail = ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`));
    expect(detail.chapters.map((chapter: any) => chapter.id)).toEqual([first.id]);

    expect((await asAdmin("PUT", `/academy/admin/chapters/${second.id}`, { title: "x" })).status).toBe(404);
    expect((await asAdmin("DELETE", `/academy/admin/chapters/${second.id}`)).status).toBe(404);
    expect((await asAdmin("POST", "/academy/admin/chapters", { course_id: crypto.randomUUID(), title: "Orphan" })).status).toBe(404);

    const cases: [Record<string, unknown>, FieldErrors][] = [
      [{}, { course_id: [{ code: "required", message: "Course ID is required" }], title: [{ code: "required", message: "Title is required" }] }],
      [{ course_id: "nope", title: "T" }, { course_id: [{ code: "invalid_format", message: "Not a course id" }] }],
      [{ course_id: course.id, title: "" }, { title: [{ code: "required", message: "Title is required" }] }],
    ];
    for (const [body, errors] of cases) {
      const res = await asAdmin("POST", "/academy/admin/chapters", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    const blank = await asAdmin("PUT", `/academy/admin/chapters/${first.id}`, { title: " " });
    expect(blank.body.errors).toEqual({ title: [{ code: "required", message: "Title is required" }] });
  });

  test("videos: create at the end, update, move to another chapter, delete", async () => {
    const course = await createCourse();
    const first = await createChapter(course.id, "First");
    const second = await createChapter(course.id, "Second");
    const a = await createVideo(first.id, { title: "A" });
    const b = ok(
      await asAdmin("POST", "/academy/admin/videos", {
        chapter_id: first.id,
        title: "B",
        description: "Per language",
        link: { en: YOUTUBE, fr: "", other: ` ${VIMEO} ` },
      }),
      201,
    );
    expect(b).toMatchObject({ chapter_id: first.id, position: a.position + 1, link: { en: YOUTUBE, other: VIMEO }, duration_seconds: 0, watched: false });
    expect(Object.keys(b.sources)).toEqual(["en", "other"]);

    const updated = ok(await asAdmin("PUT", `/academy/admin/videos/${a.id}`, { title: "A, renamed", duration_seconds: 3725, link: "https://youtu.be/BNHR6IQJGZs" }));
    expect(updated).toMatchObject({ title: "A, renamed", duration_seconds: 3725, link: "https://youtu.be/BNHR6IQJGZs", chapter_id: first.id });
    expect(updated.sources.default.video_id).toBe("BNHR6IQJGZs");

    const c = await createVideo(second.id, { title: "C" });
    const moved = ok(await asAdmin("PUT", `/academy/admin/videos/${a.id}`, { chapter_id: second.id }));
    expect(moved).toMatchObject({ chapter_id: second.id, position: c.position + 1 });
    const detail = ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`));
    expect(detail.chapters.map((chapter: any) => chapter.videos.map((video: any) => video.title))).toEqual([["B"], ["C", "A, renamed"]]);
    expect((await asAdmin("PUT", `/academy/admin/videos/${a.id}`, { chapter_id: crypto.randomUUID() })).status).toBe(404);

    expect(ok(await asAdmin("DELETE", `/academy/admin/videos/${a.id}`))).toEqual({ deleted: true });
    expect((await asAdmin("DELETE", `/academy/admin/videos/${a.id}`)).status).toBe(404);
    expect((await asAdmin("PUT", `/academy/admin/videos/${a.id}`, { title: "x" })).status).toBe(404);
    expect((await asAdmin("POST", "/academy/admin/videos", { chapter_id: crypto.randomUUID(), title: "T", link: YOUTUBE })).status).toBe(404);
  });

  test("every video validation error", async () => {
    const course = await createCourse();
    const chapter = await createChapter(course.id);
    const base = { chapter_id: chapter.id, title: "T", link: YOUTUBE };
    const url = "Must be a YouTube or Vimeo video URL";
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ chapter_id: undefined }, "chapter_id", "required", "Chapter ID is required"],
      [{ chapter_id: "" }, "chapter_id", "required", "Chapter ID is required"],
      [{ chapter_id: "chapter-1" }, "chapter_id", "invalid_format", "Not a chapter id"],
      [{ title: undefined }, "title", "required", "Title is required"],
      [{ link: undefined }, "link", "required", "A video link is required"],
      [{ link: "" }, "link", "required", "A video link is required"],
      [{ link: "https://example.com/video.mp4" }, "link", "invalid_format", url],
      [{ link: "not a url" }, "link", "invalid_format", url],
      [{ link: "javascript:alert(1)" }, "link", "invalid_format", url],
      [{ link: "https://www.youtube.com/watch" }, "link", "no_video_id", "Video ID is required"],
      [{ link: "https://vimeo.com/" }, "link", "no_video_id", "Video ID is required"],
      [{ link: {} }, "link", "required", "At least one link is required (en, fr or other)"],
      [{ link: { en: "", fr: " " } }, "link", "required", "At least one link is required (en, fr or other)"],
      [{ link: { en: YOUTUBE, fr: "https://example.com/x" } }, "link.fr", "invalid_format", url],
      [{ link: { other: "https://youtu.be/" } }, "link.other", "no_video_id", "Video ID is required"],
      [{ link: { de: YOUTUBE } }, "link", "unknown_key", 'Unknown language "de": use en, fr or other'],
      [{ link: 42 }, "link", "invalid_type", "A URL, or an object of URLs by language (en, fr, other)"],
      [{ duration_seconds: -1 }, "duration_seconds", "too_small", "Duration cannot be negative"],
      [{ duration_seconds: 1.5 }, "duration_seconds", "invalid_type", "Duration must be a whole number of seconds"],
      [{ duration_seconds: "60" }, "duration_seconds", "invalid_type", "Duration must be a number of seconds"],
      [{ duration_seconds: 360_000 }, "duration_seconds", "too_big", "At most 99:59:59"],
    ];
    for (const [fields, field, code, message] of cases) {
      const res = await asAdmin("POST", "/academy/admin/videos", { ...base, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors, JSON.stringify(fields)).toEqual({ [field]: [{ code, message }] });
      expect(res.body.message).toMatch(/^Invalid request\./);
    }
    const video = await createVideo(chapter.id);
    const bad = await asAdmin("PUT", `/academy/admin/videos/${video.id}`, { link: "https://dailymotion.com/video/x7" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ link: [{ code: "invalid_format", message: "Must be a YouTube or Vimeo video URL" }] });
    const blankId = await asAdmin("PUT", "/academy/admin/videos/%20", { title: "x" });
    expect(blankId.body.errors).toEqual({ id: [{ code: "required", message: "Video ID is required" }] });
    const blankDelete = await asAdmin("DELETE", "/academy/admin/videos/%20");
    expect(blankDelete.body.errors).toEqual({ id: [{ code: "required", message: "Video ID is required" }] });
  });
});

describe("admin: ordering", () => {
  test("courses, chapters of a course and videos of a chapter take exactly the current ids in a new order", async () => {
    // On the shared PostgreSQL database other files create courses meanwhile (api-client, api-contract):
    // a list read just before may be stale (reorder_mismatch, read again), and a course added after is last.
    let reversed: string[] = [];
    let res: ApiResponse | undefined;
    for (let attempt = 0; attempt < 3 && res?.status !== 200; attempt++) {
      reversed = ok(await asAdmin("GET", "/academy/admin/courses"))
        .map((entry: any) => entry.id)
        .reverse();
      res = await asAdmin("POST", "/academy/admin/courses/reorder", { ids: reversed });
    }
    expect(ok(res!)).toEqual({ ids: reversed });
    const after = ok(await asAdmin("GET", "/academy/admin/courses")).map((entry: any) => entry.id);
    expect(after.filter((id: string) => reversed.includes(id))).toEqual(reversed);
    const published = ok(await api.request("GET", "/academy/published-courses", { token: userToken })).map((entry: any) => entry.id);
    expect(published).toEqual(reversed.filter((id: string) => published.includes(id)));

    const { course, chapters: [first, second], videos: [v1, v2] } = await publishedCourse();
    ok(await asAdmin("POST", `/academy/admin/courses/${course.id}/chapters/reorder`, { ids: [second.id, first.id] }));
    ok(await asAdmin("POST", `/academy/admin/chapters/${first.id}/videos/reorder`, { ids: [v2.id, v1.id] }));
    const detail = ok(await api.request("GET", `/academy/courses/${course.slug}`, { token: userToken }));
    expect(detail.chapters.map((chapter: any) => [chapter.id, chapter.position])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
    expect(detail.chapters[1].videos.map((video: any) => [video.id, video.position])).toEqual([
      [v2.id, 0],
      [v1.id, 1],
    ]);
  });

  test("a list that is not exactly the current set is refused (reorder_mismatch) and changes nothing", async () => {
    const { course, chapters: [first, second], videos: [v1, v2, v3] } = await publishedCourse();
    const stranger = crypto.randomUUID();
    const cases: [string, string[]][] = [
      [`/academy/admin/courses/${course.id}/chapters/reorder`, [first.id]],
      [`/academy/admin/courses/${course.id}/chapters/reorder`, [first.id, second.id, stranger]],
      [`/academy/admin/courses/${course.id}/chapters/reorder`, [first.id, first.id]],
      [`/academy/admin/courses/${course.id}/chapters/reorder`, []],
      [`/academy/admin/chapters/${first.id}/videos/reorder`, [v2.id]],
      [`/academy/admin/chapters/${first.id}/videos/reorder`, [v2.id, v1.id, v3.id]],
      [`/academy/admin/chapters/${first.id}/videos/reorder`, [v2.id, v2.id]],
      ["/academy/admin/courses/reorder", [course.id]],
    ];
    for (const [urlPath, ids] of cases) {
      const res = await asAdmin("POST", urlPath, { ids });
      expect(res.status, `${urlPath} ${ids.length}`).toBe(400);
      expect(res.body.code).toBe("reorder_mismatch");
      expect(res.body.errors.ids).toEqual([{ code: "reorder_mismatch", message: res.body.message }]);
    }
    const detail = ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`));
    expect(detail.chapters.map((chapter: any) => chapter.id)).toEqual([first.id, second.id]);
    expect(detail.chapters[0].videos.map((video: any) => video.id)).toEqual([v1.id, v2.id]);
  });

  test("bad reorder payloads", async () => {
    const { course, chapters: [first] } = await publishedCourse();
    const list = "ids: the list of ids in the new order is required";
    const cases: [string, unknown, FieldErrors][] = [
      [`/academy/admin/chapters/${first.id}/videos/reorder`, {}, { ids: [{ code: "required", message: list }] }],
      [`/academy/admin/chapters/${first.id}/videos/reorder`, { ids: "a,b" }, { ids: [{ code: "invalid_type", message: list }] }],
      [`/academy/admin/chapters/${first.id}/videos/reorder`, { ids: [""] }, { "ids.0": [{ code: "required", message: "Video ID is required" }] }],
      [`/academy/admin/chapters/${first.id}/videos/reorder`, { ids: ["v1"] }, { "ids.0": [{ code: "invalid_format", message: "Not a video id" }] }],
      [`/academy/admin/courses/${course.id}/chapters/reorder`, { ids: [" "] }, { "ids.0": [{ code: "required", message: "Chapter ID is required" }] }],
      ["/academy/admin/courses/reorder", { ids: [null] }, { "ids.0": [{ code: "required", message: "Course ID is required" }] }],
    ];
    for (const [urlPath, body, errors] of cases) {
      const res = await asAdmin("POST", urlPath, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await asAdmin("POST", `/academy/admin/courses/${crypto.randomUUID()}/chapters/reorder`, { ids: [] })).status).toBe(404);
    expect((await asAdmin("POST", `/academy/admin/chapters/${crypto.randomUUID()}/videos/reorder`, { ids: [] })).status).toBe(404);
  });
});

describe("admin: thumbnails on the local disk", () => {
  const files = new Hono().get("/uploads/*", serveUpload);

  test("upload, serve, replace (the old file is deleted), link by URL, delete, for a course", async () => {
    const course = await createCourse({ is_published: true });
    const target = `/academy/admin/courses/${course.id}/thumbnail`;

    // A PNG named .jpg and declared image/jpeg is stored as what it is.
    const first = ok(await upload(target, PNG, "photo.jpg", "image/jpeg"));
    expect(first.thumbnail_url).toMatch(/^\/uploads\/academy\/courses\/[0-9a-f-]{36}\.png$/);
    expect(fs.readFileSync(fileOf(first.thumbnail_url)).equals(PNG)).toBe(true);
    expect(ok(await api.request("GET", `/academy/courses/${course.slug}`, { token: userToken })).thumbnail_url).toBe(first.thumbnail_url);

    const served = await files.request(first.thumbnail_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-length")).toBe(String(PNG.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const second = ok(await upload(target, GIF, "anim.gif", "image/gif"));
    expect(second.thumbnail_url).toMatch(/\.gif$/);
    expect(fs.existsSync(fileOf(second.thumbnail_url))).toBe(true);
    expect(fs.existsSync(fileOf(first.thumbnail_url))).toBe(false);
    expect((await files.request(first.thumbnail_url)).status).toBe(404);

    const linked = ok(await api.request("POST", target, { token: adminToken, body: { url: "https://images.example.test/course.png" } }));
    expect(linked).toEqual({ thumbnail_url: "https://images.example.test/course.png" });
    expect(fs.existsSync(fileOf(second.thumbnail_url))).toBe(false);
    expect(ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`)).thumbnail_url).toBe("https://images.example.test/course.png");

    const third = ok(await upload(target, WEBP, "x.webp", "image/webp"));
    expect(third.thumbnail_url).toMatch(/\.webp$/);
    // The path seed 001 gives, without /admin.
    expect(ok(await asAdmin("DELETE", `/academy/courses/${course.id}/thumbnail`))).toEqual({ thumbnail_url: null });
    expect(fs.existsSync(fileOf(third.thumbnail_url))).toBe(false);
    expect(ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`)).thumbnail_url).toBeNull();
    // Deleting again is harmless; the /admin alias does the same.
    expect(ok(await asAdmin("DELETE", `/academy/admin/courses/${course.id}/thumbnail`))).toEqual({ thumbnail_url: null });
  });

  test("for a video, and the files go with a deleted course", async () => {
    const { course, videos: [video] } = await publishedCourse();
    const target = `/academy/admin/videos/${video.id}/thumbnail`;
    const first = ok(await upload(target, JPEG, "still.jpeg", "image/jpeg"));
    expect(first.thumbnail_url).toMatch(/^\/uploads\/academy\/videos\/[0-9a-f-]{36}\.jpg$/);
    expect(ok(await api.request("GET", `/academy/videos/${video.id}`, { token: userToken })).thumbnail_url).toBe(first.thumbnail_url);
    const second = ok(await upload(target, PNG, "still.png", "image/png"));
    expect(fs.existsSync(fileOf(first.thumbnail_url))).toBe(false);
    expect(ok(await asAdmin("DELETE", target))).toEqual({ thumbnail_url: null });
    expect(fs.existsSync(fileOf(second.thumbnail_url))).toBe(false);

    const kept = ok(await upload(target, PNG, "still.png", "image/png"));
    const cover = ok(await upload(`/academy/admin/courses/${course.id}/thumbnail`, PNG, "cover.png", "image/png"));
    ok(await asAdmin("DELETE", `/academy/admin/courses/${course.id}`));
    expect(fs.existsSync(fileOf(kept.thumbnail_url))).toBe(false);
    expect(fs.existsSync(fileOf(cover.thumbnail_url))).toBe(false);
  });

  test("the content decides: text declared image/png, SVG, empty or missing files are refused", async () => {
    const course = await createCourse();
    const target = `/academy/admin/courses/${course.id}/thumbnail`;
    const before = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }).length : 0;

    const text = await upload(target, Buffer.from("just some text, not an image"), "image.png", "image/png");
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: "file_type", errors: { file: [{ code: "file_type", message: "The file must be a JPEG, PNG, WebP or GIF image" }] } });
    const svg = await upload(target, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "x.svg", "image/svg+xml");
    expect(svg.body.code).toBe("file_type");
    const empty = await upload(target, Buffer.alloc(0), "empty.png", "image/png");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "file_empty", errors: { file: [{ code: "file_empty", message: "The file is empty" }] } });

    const noFile = new FormData();
    noFile.append("other", "value");
    const missing = await api.request("POST", target, { token: adminToken, body: noFile });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "file_missing", errors: { file: [{ code: "file_missing", message: "Choose an image file" }] } });
    const notAFile = new FormData();
    notAFile.append("file", "a string, not a file");
    expect((await api.request("POST", target, { token: adminToken, body: notAFile })).body.code).toBe("file_missing");
    const nothing = await api.request("POST", target, { token: adminToken });
    expect(nothing.status).toBe(400);
    expect(nothing.body.code).toBe("file_missing");
    const plain = await api.request("POST", target, { token: adminToken, body: "raw bytes", headers: { "content-type": "image/png" } });
    expect(plain.status).toBe(415);
    const malformed = await api.request("POST", target, { token: adminToken, body: "--x\r\ngarbage", headers: { "content-type": "multipart/form-data; boundary=x" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    const badJson = await api.request("POST", target, { token: adminToken, body: '{"url":' });
    expect(badJson.status).toBe(400);

    expect((await upload(`/academy/admin/courses/${crypto.randomUUID()}/thumbnail`, PNG, "x.png", "image/png")).status).toBe(404);
    expect((await upload(`/academy/admin/videos/${crypto.randomUUID()}/thumbnail`, PNG, "x.png", "image/png")).status).toBe(404);
    expect((await upload("/academy/admin/videos/not-an-id/thumbnail", PNG, "x.png", "image/png")).status).toBe(400);
    const after = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }).length : 0;
    expect(after).toBe(before);
    expect(ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`)).thumbnail_url).toBeNull();
  });

  test("10 MB (10485760 bytes) is the limit", async () => {
    const course = await createCourse();
    const target = `/academy/admin/courses/${course.id}/thumbnail`;
    const atLimit = Buffer.alloc(MAX);
    PNG.copy(atLimit);
    const accepted = ok(await upload(target, atLimit, "big.png", "image/png"));
    expect(fs.statSync(fileOf(accepted.thumbnail_url)).size).toBe(MAX);

    const overLimit = Buffer.alloc(MAX + 1);
    PNG.copy(overLimit);
    const refused = await upload(target, overLimit, "bigger.png", "image/png");
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: "file_size", errors: { file: [{ code: "file_size", message: "The image is larger than 10 MB" }] } });
    const wayOver = Buffer.alloc(MAX + 512 * 1024);
    PNG.copy(wayOver);
    const refusedEarly = await upload(target, wayOver, "huge.png", "image/png");
    expect(refusedEarly.status).toBe(413);
    expect(refusedEarly.body.code).toBe("file_size");
    // The accepted one is still the thumbnail.
    expect(ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`)).thumbnail_url).toBe(accepted.thumbnail_url);
    ok(await asAdmin("DELETE", `/academy/admin/courses/${course.id}`));
    expect(fs.existsSync(fileOf(accepted.thumbnail_url))).toBe(false);
  });

  test("a URL must be http or https", async () => {
    const { videos: [video] } = await publishedCourse();
    const target = `/academy/admin/videos/${video.id}/thumbnail`;
    const http = "Must be an http or https URL";
    const cases: [unknown, string, string][] = [
      [{}, "required", "URL is required"],
      [{ url: "" }, "required", "URL is required"],
      [{ url: "   " }, "required", "URL is required"],
      [{ url: "not a url" }, "invalid_format", http],
      [{ url: "ftp://images.example.test/x.png" }, "invalid_format", http],
      [{ url: "javascript:alert(1)" }, "invalid_format", http],
      [{ url: "data:image/png;base64,AAAA" }, "invalid_format", http],
      [{ url: `https://images.example.test/${"x".repeat(2000)}` }, "too_long", "At most 2000 characters"],
    ];
    for (const [body, code, message] of cases) {
      const res = await asAdmin("POST", target, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors, JSON.stringify(body).slice(0, 80)).toEqual({ url: [{ code, message }] });
    }
    expect(ok(await asAdmin("POST", target, { url: " http://images.example.test/v.jpg " }))).toEqual({ thumbnail_url: "http://images.example.test/v.jpg" });
  });

  test("/uploads serves only keys Sightline makes", async () => {
    for (const urlPath of [
      "/uploads/secret.key",
      "/uploads/../secret.key",
      "/uploads/%2e%2e/secret.key",
      "/uploads/academy/%2e%2e/%2e%2e/secret.key",
      "/uploads/academy/courses/x.svg",
      `/uploads/academy/courses/${crypto.randomUUID()}.png`,
      "/uploads/%E0%A4%A",
    ]) {
      const res = await files.request(urlPath);
      expect(res.status, urlPath).toBe(404);
    }
  });
});

describe("admin: thumbnails on S3-compatible storage", () => {
  let fake: FakeS3;
  let restore: () => void;

  beforeAll(async () => {
    fake = await createFakeS3();
    restore = withEnv({
      S3_BUCKET: fake.bucket,
      S3_REGION: fake.region,
      S3_ENDPOINT: fake.url,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_PUBLIC_URL: "https://cdn.example.test/academy-files",
      S3_FORCE_PATH_STYLE: "true",
    });
  });

  afterAll(async () => {
    restore();
    await fake.close();
  });

  test("uploads go to the bucket with their detected type; a replaced or deleted one is deleted there", async () => {
    const course = await createCourse();
    const target = `/academy/admin/courses/${course.id}/thumbnail`;
    const first = ok(await upload(target, PNG, "cover.jpg", "image/jpeg"));
    const match = /^https:\/\/cdn\.example\.test\/academy-files\/(academy\/courses\/[0-9a-f-]{36}\.png)$/.exec(first.thumbnail_url);
    expect(match, first.thumbnail_url).not.toBeNull();
    const firstKey = match![1];
    expect(fake.objects.get(firstKey)?.body.equals(PNG)).toBe(true);
    expect(fake.objects.get(firstKey)?.contentType).toBe("image/png");

    const second = ok(await upload(target, GIF, "cover.gif", "image/gif"));
    const secondKey = second.thumbnail_url.replace("https://cdn.example.test/academy-files/", "");
    expect([...fake.objects.keys()]).toEqual([secondKey]);
    expect(fake.objects.get(secondKey)?.contentType).toBe("image/gif");

    ok(await asAdmin("DELETE", `/academy/courses/${course.id}/thumbnail`));
    expect(fake.objects.size).toBe(0);
    expect(fake.requests.map((request) => [request.method, request.status])).toEqual([
      ["PUT", 200],
      ["PUT", 200],
      ["DELETE", 204],
      ["DELETE", 204],
    ]);
  });

  test("when the storage fails, the upload says so (502) and the thumbnail stays", async () => {
    const course = await createCourse();
    const target = `/academy/admin/courses/${course.id}/thumbnail`;
    const kept = ok(await upload(target, PNG, "cover.png", "image/png"));
    // The SDK retries (3 attempts by default): fail them all.
    fake.failNext(3, 503, "SlowDown");
    const failed = await upload(target, GIF, "cover.gif", "image/gif");
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe("storage_error");
    expect(ok(await asAdmin("GET", `/academy/admin/courses/${course.id}`)).thumbnail_url).toBe(kept.thumbnail_url);
  });
});

describe("the OpenAPI document", () => {
  test("lists every academy call", async () => {
    const doc = ok(await api.request("GET", "/openapi.json"));
    const paths = Object.keys(doc.paths).filter((key) => key.includes("/academy/"));
    expect(paths.sort()).toEqual(
      [
        "/api/v1/academy/published-courses",
        "/api/v1/academy/courses/{slug}",
        "/api/v1/academy/videos/{id}",
        "/api/v1/academy/videos/{id}/progress",
        "/api/v1/academy/admin/courses",
        "/api/v1/academy/admin/courses/{id}",
        "/api/v1/academy/admin/courses/{id}/publish",
        "/api/v1/academy/admin/courses/reorder",
        "/api/v1/academy/admin/courses/{id}/chapters/reorder",
        "/api/v1/academy/admin/chapters",
        "/api/v1/academy/admin/chapters/{id}",
        "/api/v1/academy/admin/chapters/{id}/videos/reorder",
        "/api/v1/academy/admin/videos",
        "/api/v1/academy/admin/videos/{id}",
        "/api/v1/academy/admin/courses/{id}/thumbnail",
        "/api/v1/academy/admin/videos/{id}/thumbnail",
        "/api/v1/academy/courses/{id}/thumbnail",
      ].sort(),
    );
    const upload = doc.paths["/api/v1/academy/admin/courses/{id}/thumbnail"].post.requestBody.content;
    expect(Object.keys(upload).sort()).toEqual(["application/json", "multipart/form-data"]);
  });
});
