import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ClientResponse, InferRequestType } from "hono/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ThumbnailSchema } from "../../server/academy/schemas";
import { DEMO_COURSES, seedDemoAcademy } from "../../server/academy/seed";
import { getConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { chapters, courses, seedRuns, videos } from "../../server/db/schema";
import type { FieldErrors } from "../../server/http/field-errors";
import { serveUpload } from "../../server/integrations/storage/serve";
import { createFakeS3, type FakeS3 } from "../fakes/s3";
import { type Client, json, type RawAnswer, refusal, uniqueEmail, useApi, withEnv } from "../helpers/api";

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

type Academy = Client<"academy">;
type CourseInput = InferRequestType<Academy["admin"]["courses"]["$post"]>["json"];
type VideoInput = InferRequestType<Academy["admin"]["videos"]["$post"]>["json"];
/** Any typed answer, for tables of calls to different routes: `json()` reads its refusals as the shared error. */
type Answer = ClientResponse<unknown, number, string>;

let adminToken: string;
let userToken: string;
let asAdmin: Academy;
let asUser: Academy;
let asOther: Academy;
const signedOut = () => api.client("academy");

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
  asAdmin = api.client("academy", { token: adminToken });
  asUser = api.client("academy", { token: userToken });
  asOther = api.client("academy", { token: (await api.signIn()).access_token });
});

/** The escape hatch as the admin: bodies the typed client cannot send (a wrong type, a missing or unknown field, not JSON). */
const rawAsAdmin = (method: string, urlPath: string, body?: unknown) => api.raw(method, urlPath, { token: adminToken, body });

async function createCourse(fields: Partial<CourseInput> = {}) {
  return json(await asAdmin.admin.courses.$post({ json: { slug: uniqueSlug(), title: "A course", ...fields } }), 201);
}

async function createChapter(courseId: string, title = "A chapter") {
  return json(await asAdmin.admin.chapters.$post({ json: { course_id: courseId, title } }), 201);
}

async function createVideo(chapterId: string, fields: Partial<VideoInput> = {}) {
  return json(await asAdmin.admin.videos.$post({ json: { chapter_id: chapterId, title: "A video", link: YOUTUBE, duration_seconds: 60, ...fields } }), 201);
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

/** A multipart upload: hono/client types a body declared in two media types as if both were sent, so it goes raw. */
function upload(urlPath: string, bytes: Buffer, name: string, type: string, token = adminToken) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return api.raw("POST", urlPath, { token, body: form });
}

/** An accepted upload (200): the stored file's URL, in the thumbnail routes' answer. */
function stored(res: RawAnswer) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { thumbnail_url } = ThumbnailSchema.parse(res.body);
  expect(thumbnail_url, "the stored file's URL").toEqual(expect.any(String));
  return { thumbnail_url: thumbnail_url! };
}

type ThumbnailPost = Academy["admin"]["courses"][":id"]["thumbnail"]["$post"];

/**
 * Links a thumbnail by URL (JSON {url}) through the typed client. The route takes multipart or
 * JSON; hono/client types a body declared in both as if both were sent, so the JSON half alone
 * is cast, as the web app does (app/routes/admin/academy.server.ts).
 */
function linkThumbnail(client: Academy, target: { course: string } | { video: string }, url: string) {
  const input = (id: string) => ({ param: { id }, json: { url } }) as unknown as Parameters<ThumbnailPost>[0];
  return "course" in target ? client.admin.courses[":id"].thumbnail.$post(input(target.course)) : client.admin.videos[":id"].thumbnail.$post(input(target.video));
}

const uploadsDir = () => path.resolve(getConfig().DATA_DIR, "uploads");
/** The local file behind a /uploads/… URL. */
const fileOf = (url: string) => path.join(uploadsDir(), ...url.replace(/^\/uploads\//, "").split("/"));

// ---- users ------------------------------------------------------------------------------------

describe("the demo academy", () => {
  test("is seeded at start: published courses in en and fr with real video links, the draft hidden", async () => {
    const list = await json(await asUser["published-courses"].$get({ query: {} }), 200);
    const seeded = DEMO_COURSES.filter((demo) => demo.published);
    for (const demo of seeded) {
      const course = list.find((entry) => entry.slug === demo.slug);
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
    expect(new Set(list.filter((entry) => seeded.some((demo) => demo.slug === entry.slug)).map((entry) => entry.locale))).toEqual(new Set(["en", "fr"]));
    expect(list.some((entry) => entry.slug === "video-on-your-site")).toBe(false);

    const french = await json(await asUser.courses[":slug"].$get({ param: { slug: "bases-du-referencement-google" } }), 200);
    const firstVideo = french.chapters[0].videos[0];
    expect(firstVideo.link).toEqual({ fr: expect.stringContaining("cc_lang_pref=fr"), other: YOUTUBE });
    expect(firstVideo.sources.fr).toMatchObject({ provider: "youtube", video_id: "0eKVizvYSUQ" });
    expect(firstVideo.sources.fr?.embed_url).toContain("cc_lang_pref=fr");
    await json(await asUser.courses[":slug"].$get({ param: { slug: "video-on-your-site" } }), 404);
    const draft = await json(await asAdmin.courses[":slug"].$get({ param: { slug: "video-on-your-site" } }), 200);
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
    const list = await json(await asUser["published-courses"].$get({ query: {} }), 200);
    expect(Array.isArray(list)).toBe(true);
    expect(list.find((entry) => entry.id === course.id)).toMatchObject({
      slug: course.slug,
      description: "Three videos",
      locale: null,
      thumbnail_url: null,
      chapter_count: 2,
      video_count: 3,
      total_duration_seconds: 600,
      progress: { watched: 0, total: 3 },
    });
    expect(list.some((entry) => entry.id === hidden.id)).toBe(false);
    const positions = list.map((entry) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const english = await json(await asUser["published-courses"].$get({ query: { locale: "en" } }), 200);
    expect(english.some((entry) => entry.id === course.id)).toBe(true);
    expect(english.some((entry) => entry.id === french.id)).toBe(false);
    expect(english.every((entry) => entry.locale !== "fr")).toBe(true);
    const frenchList = await json(await asUser["published-courses"].$get({ query: { locale: "fr" } }), 200);
    expect(frenchList.some((entry) => entry.id === french.id)).toBe(true);
    // A language the API does not have.
    await json(await asUser["published-courses"].$get({ query: { locale: "de" } }), 400);
  });

  test("a course by slug: chapters and videos in order with their links read", async () => {
    const { course, chapters: [first, second], videos: [v1, v2, v3] } = await publishedCourse();
    const detail = await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 200);
    expect(detail).toMatchObject({ id: course.id, chapter_count: 2, video_count: 3, total_duration_seconds: 600 });
    expect(detail.chapters.map((chapter) => [chapter.id, chapter.video_count, chapter.total_duration_seconds])).toEqual([
      [first.id, 2, 300],
      [second.id, 1, 300],
    ]);
    expect(detail.chapters.flatMap((chapter) => chapter.videos.map((video) => video.id))).toEqual([v1.id, v2.id, v3.id]);
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

    // The client puts a param in the path as it is: a space goes encoded.
    const bySlug = (slug: string) => asUser.courses[":slug"].$get({ param: { slug } });
    await json(await bySlug("no-such-course"), 404);
    await json(await bySlug(encodeURIComponent("Not A Slug")), 404);
    const blank = await json(await bySlug(encodeURIComponent(" ")), 400);
    expect(blank.errors).toEqual({ slug: [{ code: "required", message: "Course slug is required" }] });
  });

  test("a video: its chapter, course and the previous and next videos across chapters", async () => {
    const { course, chapters: [first, second], videos: [v1, v2, v3] } = await publishedCourse();
    const get = async (id: string) => json(await asUser.videos[":id"].$get({ param: { id } }), 200);
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
    await json(await asAdmin.admin.courses[":id"].chapters.reorder.$post({ param: { id: course.id }, json: { ids: [second.id, first.id] } }), 200);
    expect(await get(v3.id)).toMatchObject({ previous_video_id: null, next_video_id: v1.id });
    expect(await get(v2.id)).toMatchObject({ previous_video_id: v1.id, next_video_id: null });

    const byId = (id: string) => asUser.videos[":id"].$get({ param: { id } });
    await json(await byId(crypto.randomUUID()), 404);
    const notId = await json(await byId("not-a-video"), 400);
    expect(notId.errors).toEqual({ id: [{ code: "invalid_format", message: "Not a video id" }] });
    const blank = await json(await byId(encodeURIComponent(" ")), 400);
    expect(blank.errors).toEqual({ id: [{ code: "required", message: "Video ID is required" }] });
  });

  test("every user call needs a session", async () => {
    const { course, videos: [video] } = await publishedCourse();
    const client = signedOut();
    const calls: [string, () => Promise<Answer>][] = [
      ["GET /academy/published-courses", () => client["published-courses"].$get({ query: {} })],
      [`GET /academy/courses/${course.slug}`, () => client.courses[":slug"].$get({ param: { slug: course.slug } })],
      [`GET /academy/videos/${video.id}`, () => client.videos[":id"].$get({ param: { id: video.id } })],
      [`PUT /academy/videos/${video.id}/progress`, () => client.videos[":id"].progress.$put({ param: { id: video.id }, json: { watched: true } })],
    ];
    for (const [label, call] of calls) {
      await json(await call(), 401, label);
    }
  });
});

describe("unpublished courses", () => {
  test("are invisible to users (404 everywhere), visible to admins, and come and go with publish", async () => {
    const course = await createCourse({ is_published: false });
    const chapter = await createChapter(course.id);
    const video = await createVideo(chapter.id);
    const hidden = async () => {
      await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 404);
      await json(await asUser.videos[":id"].$get({ param: { id: video.id } }), 404);
      await json(await asUser.videos[":id"].progress.$put({ param: { id: video.id }, json: { watched: true } }), 404);
      const list = await json(await asUser["published-courses"].$get({ query: {} }), 200);
      expect(list.some((entry) => entry.id === course.id)).toBe(false);
    };
    await hidden();
    expect(await json(await asAdmin.courses[":slug"].$get({ param: { slug: course.slug } }), 200)).toMatchObject({ id: course.id, is_published: false });
    expect(await json(await asAdmin.videos[":id"].$get({ param: { id: video.id } }), 200)).toMatchObject({ id: video.id, course: { is_published: false } });

    const publish = async (is_published: boolean) => json(await asAdmin.admin.courses[":id"].publish.$post({ param: { id: course.id }, json: { is_published } }), 200);
    expect(await publish(true)).toMatchObject({ id: course.id, is_published: true, video_count: 1 });
    expect(await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 200)).toMatchObject({ id: course.id });
    expect(await json(await asUser.videos[":id"].$get({ param: { id: video.id } }), 200)).toMatchObject({ id: video.id });
    expect((await json(await asUser["published-courses"].$get({ query: {} }), 200)).some((entry) => entry.id === course.id)).toBe(true);

    expect(await publish(false)).toMatchObject({ is_published: false });
    await hidden();
  });
});

describe("progress", () => {
  test("is each user's own: marks, unmarks, counts per course, never seen by another user", async () => {
    const { course, videos: [v1, v2] } = await publishedCourse();
    const mark = async (client: Academy, id: string, watched: boolean) => json(await client.videos[":id"].progress.$put({ param: { id }, json: { watched } }), 200);

    const first = await mark(asUser, v1.id, true);
    expect(first).toMatchObject({ video_id: v1.id, watched: true, watched_at: expect.any(String), course_progress: { watched: 1, total: 3 } });
    // Marking again keeps the first date.
    expect((await mark(asUser, v1.id, true)).watched_at).toBe(first.watched_at);
    await mark(asUser, v2.id, true);

    const mine = await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 200);
    expect(mine.progress).toEqual({ watched: 2, total: 3 });
    expect(mine.chapters[0].videos.map((video) => video.watched)).toEqual([true, true]);
    expect(await json(await asUser.videos[":id"].$get({ param: { id: v1.id } }), 200)).toMatchObject({ watched: true, course: { progress: { watched: 2, total: 3 } } });
    const myList = await json(await asUser["published-courses"].$get({ query: {} }), 200);
    expect(myList.find((entry) => entry.id === course.id)?.progress).toEqual({ watched: 2, total: 3 });

    const theirs = await json(await asOther.courses[":slug"].$get({ param: { slug: course.slug } }), 200);
    expect(theirs.progress).toEqual({ watched: 0, total: 3 });
    expect(theirs.chapters[0].videos.map((video) => [video.watched, video.watched_at])).toEqual([
      [false, null],
      [false, null],
    ]);
    expect((await json(await asOther.videos[":id"].$get({ param: { id: v1.id } }), 200)).watched).toBe(false);

    expect(await mark(asUser, v1.id, false)).toMatchObject({ watched: false, watched_at: null, course_progress: { watched: 1, total: 3 } });
    expect(await mark(asOther, v2.id, false)).toMatchObject({ watched: false, course_progress: { watched: 0, total: 3 } });
    expect((await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 200)).progress).toEqual({ watched: 1, total: 3 });

    // Missing or not a boolean: what the typed client cannot send.
    for (const body of [{}, { watched: "yes" }, { watched: null }]) {
      const res = await api.raw("PUT", `/academy/videos/${v1.id}/progress`, { token: userToken, body });
      expect(refusal(res, 400, JSON.stringify(body)).errors?.watched).toBeDefined();
    }
  });

  test("goes with the video: deleting it takes it out of the count", async () => {
    const { course, videos: [v1] } = await publishedCourse();
    await json(await asUser.videos[":id"].progress.$put({ param: { id: v1.id }, json: { watched: true } }), 200);
    await json(await asAdmin.admin.videos[":id"].$delete({ param: { id: v1.id } }), 200);
    expect((await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 200)).progress).toEqual({ watched: 0, total: 2 });
  });
});

// ---- admins -----------------------------------------------------------------------------------

describe("who may manage the academy", () => {
  test("every admin call: 401 signed out, 403 forbidden for a user, also with a forged body", async () => {
    const { course, chapters: [chapter], videos: [video] } = await publishedCourse();
    const calls: [string, (client: Academy) => Promise<Answer>][] = [
      ["GET /academy/admin/courses", (client) => client.admin.courses.$get()],
      ["GET /academy/admin/courses/{id}", (client) => client.admin.courses[":id"].$get({ param: { id: course.id } })],
      ["POST /academy/admin/courses", (client) => client.admin.courses.$post({ json: { slug: uniqueSlug(), title: "Forged" } })],
      ["PUT /academy/admin/courses/{id}", (client) => client.admin.courses[":id"].$put({ param: { id: course.id }, json: { title: "Forged" } })],
      ["DELETE /academy/admin/courses/{id}", (client) => client.admin.courses[":id"].$delete({ param: { id: course.id } })],
      ["POST /academy/admin/courses/{id}/publish", (client) => client.admin.courses[":id"].publish.$post({ param: { id: course.id }, json: { is_published: false } })],
      ["POST /academy/admin/chapters", (client) => client.admin.chapters.$post({ json: { course_id: course.id, title: "Forged" } })],
      ["PUT /academy/admin/chapters/{id}", (client) => client.admin.chapters[":id"].$put({ param: { id: chapter.id }, json: { title: "Forged" } })],
      ["DELETE /academy/admin/chapters/{id}", (client) => client.admin.chapters[":id"].$delete({ param: { id: chapter.id } })],
      ["POST /academy/admin/videos", (client) => client.admin.videos.$post({ json: { chapter_id: chapter.id, title: "Forged", link: YOUTUBE } })],
      ["PUT /academy/admin/videos/{id}", (client) => client.admin.videos[":id"].$put({ param: { id: video.id }, json: { title: "Forged" } })],
      ["DELETE /academy/admin/videos/{id}", (client) => client.admin.videos[":id"].$delete({ param: { id: video.id } })],
      ["POST /academy/admin/courses/reorder", (client) => client.admin.courses.reorder.$post({ json: { ids: [course.id] } })],
      ["POST /academy/admin/courses/{id}/chapters/reorder", (client) => client.admin.courses[":id"].chapters.reorder.$post({ param: { id: course.id }, json: { ids: [chapter.id] } })],
      ["POST /academy/admin/chapters/{id}/videos/reorder", (client) => client.admin.chapters[":id"].videos.reorder.$post({ param: { id: chapter.id }, json: { ids: [video.id] } })],
      ["POST /academy/admin/courses/{id}/thumbnail", (client) => linkThumbnail(client, { course: course.id }, "https://images.example.test/x.png")],
      ["POST /academy/admin/videos/{id}/thumbnail", (client) => linkThumbnail(client, { video: video.id }, "https://images.example.test/x.png")],
      ["DELETE /academy/courses/{id}/thumbnail", (client) => client.courses[":id"].thumbnail.$delete({ param: { id: course.id } })],
      ["DELETE /academy/admin/courses/{id}/thumbnail", (client) => client.admin.courses[":id"].thumbnail.$delete({ param: { id: course.id } })],
      ["DELETE /academy/admin/videos/{id}/thumbnail", (client) => client.admin.videos[":id"].thumbnail.$delete({ param: { id: video.id } })],
    ];
    for (const [label, call] of calls) {
      await json(await call(signedOut()), 401, `${label} signed out`);
      const forbidden = await json(await call(asUser), 403, `${label} as a user`);
      expect(forbidden, label).toEqual({ message: "Only administrators can do this", code: "forbidden" });
    }
    // Multipart uploads too.
    for (const target of [`/academy/admin/courses/${course.id}/thumbnail`, `/academy/admin/videos/${video.id}/thumbnail`]) {
      refusal(await upload(target, PNG, "x.png", "image/png", userToken), 403, target);
    }
    // Nothing changed.
    const after = await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200);
    expect(after).toMatchObject({ title: "A course", is_published: true, thumbnail_url: null, video_count: 3 });
    expect(after.chapters[0]).toMatchObject({ id: chapter.id, title: "First" });
  });
});

describe("admin: courses", () => {
  test("create, read, list, update, publish, delete", async () => {
    const slug = uniqueSlug("seo-basics");
    const created = await json(await asAdmin.admin.courses.$post({ json: { slug, title: "  SEO basics  ", description: "Line one\nLine two", locale: "fr" } }), 201);
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

    const list = await json(await asAdmin.admin.courses.$get(), 200);
    expect(list.find((entry) => entry.id === created.id)).toMatchObject({ slug, is_published: false });
    // A new course goes last.
    expect(list.at(-1)?.id).toBe(created.id);

    const one = { param: { id: created.id } };
    expect(await json(await asAdmin.admin.courses[":id"].$get(one), 200)).toMatchObject({ id: created.id, slug });

    const update = async (fields: Partial<CourseInput>) => json(await asAdmin.admin.courses[":id"].$put({ ...one, json: fields }), 200);
    const updated = await update({ title: "SEO basics, revised", locale: null });
    expect(updated).toMatchObject({ slug, title: "SEO basics, revised", description: "Line one\nLine two", locale: null });
    expect(await update({ slug, locale: "" })).toMatchObject({ slug, locale: null });
    const renamed = uniqueSlug("renamed");
    expect(await update({ slug: renamed, is_published: true })).toMatchObject({ slug: renamed, is_published: true });

    expect(await json(await asAdmin.admin.courses[":id"].publish.$post({ ...one, json: { is_published: false } }), 200)).toMatchObject({ is_published: false });

    const chapter = await createChapter(created.id);
    await createVideo(chapter.id);
    expect(await json(await asAdmin.admin.courses[":id"].$delete(one), 200)).toEqual({ deleted: true });
    await json(await asAdmin.admin.courses[":id"].$get(one), 404);
    const db = await api.db();
    expect(await db.select().from(chapters).where(eq(chapters.courseId, created.id))).toEqual([]);
    expect(await db.select().from(videos).where(eq(videos.chapterId, chapter.id))).toEqual([]);

    const gone: [string, () => Promise<Answer>][] = [
      ["GET", () => asAdmin.admin.courses[":id"].$get(one)],
      ["PUT", () => asAdmin.admin.courses[":id"].$put({ ...one, json: { title: "x" } })],
      ["DELETE", () => asAdmin.admin.courses[":id"].$delete(one)],
      ["POST publish", () => asAdmin.admin.courses[":id"].publish.$post({ ...one, json: { is_published: true } })],
    ];
    for (const [label, call] of gone) {
      expect((await json(await call(), 404, label)).message, label).toBe("Course not found");
    }
  });

  test("the slug: required, lower-case letters, digits and dashes, unique", async () => {
    const format = "Lower-case letters (a-z), digits and single dashes only, e.g. seo-basics";
    const cases: [string, string, string][] = [
      ["", "required", "Course slug is required"],
      ["   ", "required", "Course slug is required"],
      ["SEO-Basics", "invalid_format", format],
      ["seo basics", "invalid_format", format],
      ["seo--basics", "invalid_format", format],
      ["-seo", "invalid_format", format],
      ["référencement", "invalid_format", format],
      ["a".repeat(101), "too_long", "At most 100 characters"],
    ];
    for (const [slug, code, message] of cases) {
      const refused = await json(await asAdmin.admin.courses.$post({ json: { slug, title: "T" } }), 400, JSON.stringify(slug));
      expect(refused.errors?.slug, JSON.stringify(slug)).toEqual([{ code, message }]);
    }
    // Missing, or not text: what the typed client cannot send.
    const malformed: [unknown, string, string][] = [
      [undefined, "required", "Course slug is required"],
      [42, "invalid_type", "Course slug must be text"],
    ];
    for (const [slug, code, message] of malformed) {
      const refused = refusal(await rawAsAdmin("POST", "/academy/admin/courses", { slug, title: "T" }), 400, JSON.stringify(slug));
      expect(refused.errors?.slug, JSON.stringify(slug)).toEqual([{ code, message }]);
    }

    const course = await createCourse();
    const taken = await json(await asAdmin.admin.courses.$post({ json: { slug: course.slug, title: "Again" } }), 409);
    expect(taken).toEqual({ message: "Another course already uses this slug", code: "slug_taken", errors: { slug: [{ code: "taken", message: "Another course already uses this slug" }] } });
    const other = await createCourse();
    const renamed = await json(await asAdmin.admin.courses[":id"].$put({ param: { id: other.id }, json: { slug: course.slug } }), 409);
    expect(renamed.code).toBe("slug_taken");
    const blank = await json(await asAdmin.admin.courses[":id"].$put({ param: { id: other.id }, json: { slug: "" } }), 400);
    expect(blank.errors?.slug).toEqual([{ code: "required", message: "Course slug is required" }]);
  });

  test("the other course fields", async () => {
    const cases: [Partial<CourseInput>, string, string, string][] = [
      [{ title: "   " }, "title", "required", "Title is required"],
      [{ title: "a".repeat(201) }, "title", "too_long", "At most 200 characters"],
      [{ title: "Bell\u0007" }, "title", "invalid_format", "Control characters are not allowed"],
      [{ description: "x".repeat(5001) }, "description", "too_long", "At most 5000 characters"],
      [{ description: "nul\u0000" }, "description", "invalid_format", "Control characters are not allowed"],
    ];
    for (const [fields, field, code, message] of cases) {
      const refused = await json(await asAdmin.admin.courses.$post({ json: { slug: uniqueSlug(), title: "T", ...fields } }), 400, JSON.stringify(fields));
      expect(refused.errors?.[field], JSON.stringify(fields)).toEqual([{ code, message }]);
    }
    // A missing title, a language or a flag of the wrong kind: what the typed client cannot send.
    const malformed: [Record<string, unknown>, string, string, string][] = [
      [{ title: undefined }, "title", "required", "Title is required"],
      [{ locale: "de" }, "locale", "invalid_value", "en, fr, or null for every language"],
      [{ is_published: "yes" }, "is_published", "invalid_type", "true or false"],
    ];
    for (const [fields, field, code, message] of malformed) {
      const refused = refusal(await rawAsAdmin("POST", "/academy/admin/courses", { slug: uniqueSlug(), title: "T", ...fields }), 400, JSON.stringify(fields));
      expect(refused.errors?.[field], JSON.stringify(fields)).toEqual([{ code, message }]);
    }
    const both = refusal(await rawAsAdmin("POST", "/academy/admin/courses", {}), 400);
    expect(both.errors).toEqual({ slug: [{ code: "required", message: "Course slug is required" }], title: [{ code: "required", message: "Title is required" }] });

    const course = await createCourse();
    const badPublish = refusal(await rawAsAdmin("POST", `/academy/admin/courses/${course.id}/publish`, {}), 400);
    expect(badPublish.errors?.is_published).toEqual([{ code: "required", message: "is_published: true or false is required" }]);
    const notId = await json(await asAdmin.admin.courses[":id"].$get({ param: { id: "not-an-id" } }), 400);
    expect(notId.errors).toEqual({ id: [{ code: "invalid_format", message: "Not a course id" }] });
    refusal(await rawAsAdmin("POST", "/academy/admin/courses", "{not json"), 400);
  });
});

describe("admin: chapters and videos", () => {
  test("chapters: create at the end, update, delete with their videos", async () => {
    const course = await createCourse();
    const first = await createChapter(course.id, "First");
    const second = await json(await asAdmin.admin.chapters.$post({ json: { course_id: course.id, title: " Second ", description: "About it" } }), 201);
    expect(second).toMatchObject({ course_id: course.id, title: "Second", description: "About it", position: first.position + 1 });
    const secondId = { param: { id: second.id } };
    expect(await json(await asAdmin.admin.chapters[":id"].$put({ ...secondId, json: { title: "Second, renamed" } }), 200)).toMatchObject({ title: "Second, renamed", description: "About it" });
    const video = await createVideo(second.id);
    expect(await json(await asAdmin.admin.chapters[":id"].$delete(secondId), 200)).toEqual({ deleted: true });
    await json(await asAdmin.videos[":id"].$get({ param: { id: video.id } }), 404);
    const detail = await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200);
    expect(detail.chapters.map((chapter) => chapter.id)).toEqual([first.id]);

    await json(await asAdmin.admin.chapters[":id"].$put({ ...secondId, json: { title: "x" } }), 404);
    await json(await asAdmin.admin.chapters[":id"].$delete(secondId), 404);
    await json(await asAdmin.admin.chapters.$post({ json: { course_id: crypto.randomUUID(), title: "Orphan" } }), 404);

    const cases: [{ course_id: string; title: string }, FieldErrors][] = [
      [{ course_id: "nope", title: "T" }, { course_id: [{ code: "invalid_format", message: "Not a course id" }] }],
      [{ course_id: course.id, title: "" }, { title: [{ code: "required", message: "Title is required" }] }],
    ];
    for (const [body, errors] of cases) {
      const refused = await json(await asAdmin.admin.chapters.$post({ json: body }), 400, JSON.stringify(body));
      expect(refused.errors, JSON.stringify(body)).toEqual(errors);
    }
    // Both fields missing: what the typed client cannot send.
    const empty = refusal(await rawAsAdmin("POST", "/academy/admin/chapters", {}), 400);
    expect(empty.errors).toEqual({ course_id: [{ code: "required", message: "Course ID is required" }], title: [{ code: "required", message: "Title is required" }] });
    const blank = await json(await asAdmin.admin.chapters[":id"].$put({ param: { id: first.id }, json: { title: " " } }), 400);
    expect(blank.errors).toEqual({ title: [{ code: "required", message: "Title is required" }] });
  });

  test("videos: create at the end, update, move to another chapter, delete", async () => {
    const course = await createCourse();
    const first = await createChapter(course.id, "First");
    const second = await createChapter(course.id, "Second");
    const a = await createVideo(first.id, { title: "A" });
    const b = await json(
      await asAdmin.admin.videos.$post({
        json: {
          chapter_id: first.id,
          title: "B",
          description: "Per language",
          link: { en: YOUTUBE, fr: "", other: ` ${VIMEO} ` },
        },
      }),
      201,
    );
    expect(b).toMatchObject({ chapter_id: first.id, position: a.position + 1, link: { en: YOUTUBE, other: VIMEO }, duration_seconds: 0, watched: false });
    expect(Object.keys(b.sources)).toEqual(["en", "other"]);

    const aId = { param: { id: a.id } };
    const updated = await json(await asAdmin.admin.videos[":id"].$put({ ...aId, json: { title: "A, renamed", duration_seconds: 3725, link: "https://youtu.be/BNHR6IQJGZs" } }), 200);
    expect(updated).toMatchObject({ title: "A, renamed", duration_seconds: 3725, link: "https://youtu.be/BNHR6IQJGZs", chapter_id: first.id });
    expect(updated.sources.default?.video_id).toBe("BNHR6IQJGZs");

    const c = await createVideo(second.id, { title: "C" });
    const moved = await json(await asAdmin.admin.videos[":id"].$put({ ...aId, json: { chapter_id: second.id } }), 200);
    expect(moved).toMatchObject({ chapter_id: second.id, position: c.position + 1 });
    const detail = await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200);
    expect(detail.chapters.map((chapter) => chapter.videos.map((video) => video.title))).toEqual([["B"], ["C", "A, renamed"]]);
    await json(await asAdmin.admin.videos[":id"].$put({ ...aId, json: { chapter_id: crypto.randomUUID() } }), 404);

    expect(await json(await asAdmin.admin.videos[":id"].$delete(aId), 200)).toEqual({ deleted: true });
    await json(await asAdmin.admin.videos[":id"].$delete(aId), 404);
    await json(await asAdmin.admin.videos[":id"].$put({ ...aId, json: { title: "x" } }), 404);
    await json(await asAdmin.admin.videos.$post({ json: { chapter_id: crypto.randomUUID(), title: "T", link: YOUTUBE } }), 404);
  });

  test("every video validation error", async () => {
    const course = await createCourse();
    const chapter = await createChapter(course.id);
    const base = { chapter_id: chapter.id, title: "T", link: YOUTUBE };
    const url = "Must be a YouTube or Vimeo video URL";
    const cases: [Partial<VideoInput>, string, string, string][] = [
      [{ chapter_id: "" }, "chapter_id", "required", "Chapter ID is required"],
      [{ chapter_id: "chapter-1" }, "chapter_id", "invalid_format", "Not a chapter id"],
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
      [{ duration_seconds: -1 }, "duration_seconds", "too_small", "Duration cannot be negative"],
      [{ duration_seconds: 1.5 }, "duration_seconds", "invalid_type", "Duration must be a whole number of seconds"],
      [{ duration_seconds: 360_000 }, "duration_seconds", "too_big", "At most 99:59:59"],
    ];
    for (const [fields, field, code, message] of cases) {
      const refused = await json(await asAdmin.admin.videos.$post({ json: { ...base, ...fields } }), 400, JSON.stringify(fields));
      expect(refused.errors, JSON.stringify(fields)).toEqual({ [field]: [{ code, message }] });
      expect(refused.message).toMatch(/^Invalid request\./);
    }
    // Missing fields, an unknown language, values of the wrong kind: what the typed client cannot send.
    const malformed: [Record<string, unknown>, string, string, string][] = [
      [{ chapter_id: undefined }, "chapter_id", "required", "Chapter ID is required"],
      [{ title: undefined }, "title", "required", "Title is required"],
      [{ link: undefined }, "link", "required", "A video link is required"],
      [{ link: { de: YOUTUBE } }, "link", "unknown_key", 'Unknown language "de": use en, fr or other'],
      [{ link: 42 }, "link", "invalid_type", "A URL, or an object of URLs by language (en, fr, other)"],
      [{ duration_seconds: "60" }, "duration_seconds", "invalid_type", "Duration must be a number of seconds"],
    ];
    for (const [fields, field, code, message] of malformed) {
      const refused = refusal(await rawAsAdmin("POST", "/academy/admin/videos", { ...base, ...fields }), 400, JSON.stringify(fields));
      expect(refused.errors, JSON.stringify(fields)).toEqual({ [field]: [{ code, message }] });
      expect(refused.message).toMatch(/^Invalid request\./);
    }
    const video = await createVideo(chapter.id);
    const bad = await json(await asAdmin.admin.videos[":id"].$put({ param: { id: video.id }, json: { link: "https://dailymotion.com/video/x7" } }), 400);
    expect(bad.errors).toEqual({ link: [{ code: "invalid_format", message: "Must be a YouTube or Vimeo video URL" }] });
    const blankId = await json(await asAdmin.admin.videos[":id"].$put({ param: { id: encodeURIComponent(" ") }, json: { title: "x" } }), 400);
    expect(blankId.errors).toEqual({ id: [{ code: "required", message: "Video ID is required" }] });
    const blankDelete = await json(await asAdmin.admin.videos[":id"].$delete({ param: { id: encodeURIComponent(" ") } }), 400);
    expect(blankDelete.errors).toEqual({ id: [{ code: "required", message: "Video ID is required" }] });
  });
});

describe("admin: ordering", () => {
  test("courses, chapters of a course and videos of a chapter take exactly the current ids in a new order", async () => {
    // On the shared PostgreSQL database other files create courses meanwhile (api-client, api-contract):
    // a list read just before may be stale (reorder_mismatch, read again), and a course added after is last.
    let reversed: string[] = [];
    let res: Awaited<ReturnType<Academy["admin"]["courses"]["reorder"]["$post"]>> | undefined;
    for (let attempt = 0; attempt < 3 && res?.status !== 200; attempt++) {
      reversed = (await json(await asAdmin.admin.courses.$get(), 200)).map((entry) => entry.id).reverse();
      res = await asAdmin.admin.courses.reorder.$post({ json: { ids: reversed } });
    }
    expect(await json(res!, 200)).toEqual({ ids: reversed });
    const after = (await json(await asAdmin.admin.courses.$get(), 200)).map((entry) => entry.id);
    expect(after.filter((id) => reversed.includes(id))).toEqual(reversed);
    const published = (await json(await asUser["published-courses"].$get({ query: {} }), 200)).map((entry) => entry.id);
    expect(published).toEqual(reversed.filter((id) => published.includes(id)));

    const { course, chapters: [first, second], videos: [v1, v2] } = await publishedCourse();
    await json(await asAdmin.admin.courses[":id"].chapters.reorder.$post({ param: { id: course.id }, json: { ids: [second.id, first.id] } }), 200);
    await json(await asAdmin.admin.chapters[":id"].videos.reorder.$post({ param: { id: first.id }, json: { ids: [v2.id, v1.id] } }), 200);
    const detail = await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 200);
    expect(detail.chapters.map((chapter) => [chapter.id, chapter.position])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
    expect(detail.chapters[1].videos.map((video) => [video.id, video.position])).toEqual([
      [v2.id, 0],
      [v1.id, 1],
    ]);
  });

  test("a list that is not exactly the current set is refused (reorder_mismatch) and changes nothing", async () => {
    const { course, chapters: [first, second], videos: [v1, v2, v3] } = await publishedCourse();
    const stranger = crypto.randomUUID();
    const chaptersOfCourse = (ids: string[]) => asAdmin.admin.courses[":id"].chapters.reorder.$post({ param: { id: course.id }, json: { ids } });
    const videosOfFirst = (ids: string[]) => asAdmin.admin.chapters[":id"].videos.reorder.$post({ param: { id: first.id }, json: { ids } });
    const allCourses = (ids: string[]) => asAdmin.admin.courses.reorder.$post({ json: { ids } });
    const cases: [string, (ids: string[]) => Promise<Answer>, string[]][] = [
      ["chapters", chaptersOfCourse, [first.id]],
      ["chapters", chaptersOfCourse, [first.id, second.id, stranger]],
      ["chapters", chaptersOfCourse, [first.id, first.id]],
      ["chapters", chaptersOfCourse, []],
      ["videos", videosOfFirst, [v2.id]],
      ["videos", videosOfFirst, [v2.id, v1.id, v3.id]],
      ["videos", videosOfFirst, [v2.id, v2.id]],
      ["courses", allCourses, [course.id]],
    ];
    for (const [label, reorder, ids] of cases) {
      const refused = await json(await reorder(ids), 400, `${label} ${ids.length}`);
      expect(refused.code).toBe("reorder_mismatch");
      expect(refused.errors?.ids).toEqual([{ code: "reorder_mismatch", message: refused.message }]);
    }
    const detail = await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200);
    expect(detail.chapters.map((chapter) => chapter.id)).toEqual([first.id, second.id]);
    expect(detail.chapters[0].videos.map((video) => video.id)).toEqual([v1.id, v2.id]);
  });

  test("bad reorder payloads", async () => {
    const { course, chapters: [first] } = await publishedCourse();
    const list = "ids: the list of ids in the new order is required";
    const cases: [string, (ids: string[]) => Promise<Answer>, string[], FieldErrors][] = [
      ["videos", (ids) => asAdmin.admin.chapters[":id"].videos.reorder.$post({ param: { id: first.id }, json: { ids } }), [""], { "ids.0": [{ code: "required", message: "Video ID is required" }] }],
      ["videos", (ids) => asAdmin.admin.chapters[":id"].videos.reorder.$post({ param: { id: first.id }, json: { ids } }), ["v1"], { "ids.0": [{ code: "invalid_format", message: "Not a video id" }] }],
      ["chapters", (ids) => asAdmin.admin.courses[":id"].chapters.reorder.$post({ param: { id: course.id }, json: { ids } }), [" "], { "ids.0": [{ code: "required", message: "Chapter ID is required" }] }],
    ];
    for (const [label, reorder, ids, errors] of cases) {
      const refused = await json(await reorder(ids), 400, `${label} ${JSON.stringify(ids)}`);
      expect(refused.errors, `${label} ${JSON.stringify(ids)}`).toEqual(errors);
    }
    // No list, a list as text, an id that is not text: what the typed client cannot send.
    const malformed: [string, unknown, FieldErrors][] = [
      [`/academy/admin/chapters/${first.id}/videos/reorder`, {}, { ids: [{ code: "required", message: list }] }],
      [`/academy/admin/chapters/${first.id}/videos/reorder`, { ids: "a,b" }, { ids: [{ code: "invalid_type", message: list }] }],
      ["/academy/admin/courses/reorder", { ids: [null] }, { "ids.0": [{ code: "required", message: "Course ID is required" }] }],
    ];
    for (const [urlPath, body, errors] of malformed) {
      const refused = refusal(await rawAsAdmin("POST", urlPath, body), 400, JSON.stringify(body));
      expect(refused.errors, JSON.stringify(body)).toEqual(errors);
    }
    await json(await asAdmin.admin.courses[":id"].chapters.reorder.$post({ param: { id: crypto.randomUUID() }, json: { ids: [] } }), 404);
    await json(await asAdmin.admin.chapters[":id"].videos.reorder.$post({ param: { id: crypto.randomUUID() }, json: { ids: [] } }), 404);
  });
});

describe("admin: thumbnails on the local disk", () => {
  const files = new Hono().get("/uploads/*", serveUpload);

  test("upload, serve, replace (the old file is deleted), link by URL, delete, for a course", async () => {
    const course = await createCourse({ is_published: true });
    const target = `/academy/admin/courses/${course.id}/thumbnail`;
    const thumbnailOf = async () => (await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200)).thumbnail_url;

    // A PNG named .jpg and declared image/jpeg is stored as what it is.
    const first = stored(await upload(target, PNG, "photo.jpg", "image/jpeg"));
    expect(first.thumbnail_url).toMatch(/^\/uploads\/academy\/courses\/[0-9a-f-]{36}\.png$/);
    expect(fs.readFileSync(fileOf(first.thumbnail_url)).equals(PNG)).toBe(true);
    expect((await json(await asUser.courses[":slug"].$get({ param: { slug: course.slug } }), 200)).thumbnail_url).toBe(first.thumbnail_url);

    const served = await files.request(first.thumbnail_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-length")).toBe(String(PNG.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const second = stored(await upload(target, GIF, "anim.gif", "image/gif"));
    expect(second.thumbnail_url).toMatch(/\.gif$/);
    expect(fs.existsSync(fileOf(second.thumbnail_url))).toBe(true);
    expect(fs.existsSync(fileOf(first.thumbnail_url))).toBe(false);
    expect((await files.request(first.thumbnail_url)).status).toBe(404);

    const linked = await json(await linkThumbnail(asAdmin, { course: course.id }, "https://images.example.test/course.png"), 200);
    expect(linked).toEqual({ thumbnail_url: "https://images.example.test/course.png" });
    expect(fs.existsSync(fileOf(second.thumbnail_url))).toBe(false);
    expect(await thumbnailOf()).toBe("https://images.example.test/course.png");

    const third = stored(await upload(target, WEBP, "x.webp", "image/webp"));
    expect(third.thumbnail_url).toMatch(/\.webp$/);
    // The path seed 001 gives, without /admin.
    expect(await json(await asAdmin.courses[":id"].thumbnail.$delete({ param: { id: course.id } }), 200)).toEqual({ thumbnail_url: null });
    expect(fs.existsSync(fileOf(third.thumbnail_url))).toBe(false);
    expect(await thumbnailOf()).toBeNull();
    // Deleting again is harmless; the /admin alias does the same.
    expect(await json(await asAdmin.admin.courses[":id"].thumbnail.$delete({ param: { id: course.id } }), 200)).toEqual({ thumbnail_url: null });
  });

  test("for a video, and the files go with a deleted course", async () => {
    const { course, videos: [video] } = await publishedCourse();
    const target = `/academy/admin/videos/${video.id}/thumbnail`;
    const first = stored(await upload(target, JPEG, "still.jpeg", "image/jpeg"));
    expect(first.thumbnail_url).toMatch(/^\/uploads\/academy\/videos\/[0-9a-f-]{36}\.jpg$/);
    expect((await json(await asUser.videos[":id"].$get({ param: { id: video.id } }), 200)).thumbnail_url).toBe(first.thumbnail_url);
    const second = stored(await upload(target, PNG, "still.png", "image/png"));
    expect(fs.existsSync(fileOf(first.thumbnail_url))).toBe(false);
    expect(await json(await asAdmin.admin.videos[":id"].thumbnail.$delete({ param: { id: video.id } }), 200)).toEqual({ thumbnail_url: null });
    expect(fs.existsSync(fileOf(second.thumbnail_url))).toBe(false);

    const kept = stored(await upload(target, PNG, "still.png", "image/png"));
    const cover = stored(await upload(`/academy/admin/courses/${course.id}/thumbnail`, PNG, "cover.png", "image/png"));
    await json(await asAdmin.admin.courses[":id"].$delete({ param: { id: course.id } }), 200);
    expect(fs.existsSync(fileOf(kept.thumbnail_url))).toBe(false);
    expect(fs.existsSync(fileOf(cover.thumbnail_url))).toBe(false);
  });

  test("the content decides: text declared image/png, SVG, empty or missing files are refused", async () => {
    const course = await createCourse();
    const target = `/academy/admin/courses/${course.id}/thumbnail`;
    const before = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }).length : 0;

    const text = refusal(await upload(target, Buffer.from("just some text, not an image"), "image.png", "image/png"), 400);
    expect(text).toMatchObject({ code: "file_type", errors: { file: [{ code: "file_type", message: "The file must be a JPEG, PNG, WebP or GIF image" }] } });
    const svg = refusal(await upload(target, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "x.svg", "image/svg+xml"), 400);
    expect(svg.code).toBe("file_type");
    const empty = refusal(await upload(target, Buffer.alloc(0), "empty.png", "image/png"), 400);
    expect(empty).toMatchObject({ code: "file_empty", errors: { file: [{ code: "file_empty", message: "The file is empty" }] } });

    const noFile = new FormData();
    noFile.append("other", "value");
    const missing = refusal(await api.raw("POST", target, { token: adminToken, body: noFile }), 400);
    expect(missing).toMatchObject({ code: "file_missing", errors: { file: [{ code: "file_missing", message: "Choose an image file" }] } });
    const notAFile = new FormData();
    notAFile.append("file", "a string, not a file");
    expect(refusal(await api.raw("POST", target, { token: adminToken, body: notAFile }), 400).code).toBe("file_missing");
    const nothing = refusal(await api.raw("POST", target, { token: adminToken }), 400);
    expect(nothing.code).toBe("file_missing");
    refusal(await api.raw("POST", target, { token: adminToken, body: "raw bytes", headers: { "content-type": "image/png" } }), 415);
    const malformed = refusal(await api.raw("POST", target, { token: adminToken, body: "--x\r\ngarbage", headers: { "content-type": "multipart/form-data; boundary=x" } }), 400);
    expect(malformed.message).toEqual(expect.any(String));
    refusal(await api.raw("POST", target, { token: adminToken, body: '{"url":' }), 400);

    refusal(await upload(`/academy/admin/courses/${crypto.randomUUID()}/thumbnail`, PNG, "x.png", "image/png"), 404);
    refusal(await upload(`/academy/admin/videos/${crypto.randomUUID()}/thumbnail`, PNG, "x.png", "image/png"), 404);
    refusal(await upload("/academy/admin/videos/not-an-id/thumbnail", PNG, "x.png", "image/png"), 400);
    const after = fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }).length : 0;
    expect(after).toBe(before);
    expect((await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200)).thumbnail_url).toBeNull();
  });

  test("10 MB (10485760 bytes) is the limit", async () => {
    const course = await createCourse();
    const target = `/academy/admin/courses/${course.id}/thumbnail`;
    const atLimit = Buffer.alloc(MAX);
    PNG.copy(atLimit);
    const accepted = stored(await upload(target, atLimit, "big.png", "image/png"));
    expect(fs.statSync(fileOf(accepted.thumbnail_url)).size).toBe(MAX);

    const overLimit = Buffer.alloc(MAX + 1);
    PNG.copy(overLimit);
    const refused = refusal(await upload(target, overLimit, "bigger.png", "image/png"), 413);
    expect(refused).toMatchObject({ code: "file_size", errors: { file: [{ code: "file_size", message: "The image is larger than 10 MB" }] } });
    const wayOver = Buffer.alloc(MAX + 512 * 1024);
    PNG.copy(wayOver);
    const refusedEarly = refusal(await upload(target, wayOver, "huge.png", "image/png"), 413);
    expect(refusedEarly.code).toBe("file_size");
    // The accepted one is still the thumbnail.
    expect((await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200)).thumbnail_url).toBe(accepted.thumbnail_url);
    await json(await asAdmin.admin.courses[":id"].$delete({ param: { id: course.id } }), 200);
    expect(fs.existsSync(fileOf(accepted.thumbnail_url))).toBe(false);
  });

  test("a URL must be http or https", async () => {
    const { videos: [video] } = await publishedCourse();
    const http = "Must be an http or https URL";
    const cases: [string, string, string][] = [
      ["", "required", "URL is required"],
      ["   ", "required", "URL is required"],
      ["not a url", "invalid_format", http],
      ["ftp://images.example.test/x.png", "invalid_format", http],
      ["javascript:alert(1)", "invalid_format", http],
      ["data:image/png;base64,AAAA", "invalid_format", http],
      [`https://images.example.test/${"x".repeat(2000)}`, "too_long", "At most 2000 characters"],
    ];
    for (const [url, code, message] of cases) {
      const refused = await json(await linkThumbnail(asAdmin, { video: video.id }, url), 400, JSON.stringify(url).slice(0, 80));
      expect(refused.errors, JSON.stringify(url).slice(0, 80)).toEqual({ url: [{ code, message }] });
    }
    // No url at all: what the typed client cannot send.
    const missing = refusal(await rawAsAdmin("POST", `/academy/admin/videos/${video.id}/thumbnail`, {}), 400);
    expect(missing.errors).toEqual({ url: [{ code: "required", message: "URL is required" }] });
    expect(await json(await linkThumbnail(asAdmin, { video: video.id }, " http://images.example.test/v.jpg "), 200)).toEqual({ thumbnail_url: "http://images.example.test/v.jpg" });
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
    const first = stored(await upload(target, PNG, "cover.jpg", "image/jpeg"));
    const match = /^https:\/\/cdn\.example\.test\/academy-files\/(academy\/courses\/[0-9a-f-]{36}\.png)$/.exec(first.thumbnail_url);
    expect(match, first.thumbnail_url).not.toBeNull();
    const firstKey = match![1];
    expect(fake.objects.get(firstKey)?.body.equals(PNG)).toBe(true);
    expect(fake.objects.get(firstKey)?.contentType).toBe("image/png");

    const second = stored(await upload(target, GIF, "cover.gif", "image/gif"));
    const secondKey = second.thumbnail_url.replace("https://cdn.example.test/academy-files/", "");
    expect([...fake.objects.keys()]).toEqual([secondKey]);
    expect(fake.objects.get(secondKey)?.contentType).toBe("image/gif");

    await json(await asAdmin.courses[":id"].thumbnail.$delete({ param: { id: course.id } }), 200);
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
    const kept = stored(await upload(target, PNG, "cover.png", "image/png"));
    // The SDK retries (3 attempts by default): fail them all.
    fake.failNext(3, 503, "SlowDown");
    const failed = refusal(await upload(target, GIF, "cover.gif", "image/gif"), 502);
    expect(failed.code).toBe("storage_error");
    expect((await json(await asAdmin.admin.courses[":id"].$get({ param: { id: course.id } }), 200)).thumbnail_url).toBe(kept.thumbnail_url);
  });
});

describe("the OpenAPI document", () => {
  test("lists every academy call", async () => {
    const doc = await api.openApiDocument();
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
    const upload = doc.paths["/api/v1/academy/admin/courses/{id}/thumbnail"].post.requestBody?.content;
    expect(Object.keys(upload ?? {}).sort()).toEqual(["application/json", "multipart/form-data"]);
  });
});
