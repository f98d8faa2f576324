import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ApiEnv } from "../http/env";
import { badRequest } from "../http/errors";
import { requireAdmin, requireAuth } from "../auth/middleware";
import {
  bearer,
  createRouter,
  errorResponse,
  jsonBody,
  jsonResponse,
  query,
  z,
} from "../http/router";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_BUT_LINES } from "#domain/text";
import { ACADEMY_LIMITS, ACADEMY_LOCALES, MAX_THUMBNAIL_BYTES, SLUG_PATTERN } from "#domain/academy";
import { getDb } from "../runtime";
import { compactLinkMap, LINK_KEYS, parseVideoUrl } from "#domain/video-links";
import {
  createChapter,
  createCourse,
  createVideo,
  deleteChapter,
  deleteCourse,
  deleteThumbnail,
  deleteVideo,
  fileTooLarge,
  getCourseById,
  getCourseBySlug,
  getVideo,
  listAllCourses,
  listPublishedCourses,
  publishCourse,
  reorderChapters,
  reorderCourses,
  reorderVideos,
  setProgress,
  setThumbnailUrl,
  type ThumbnailTarget,
  updateChapter,
  updateCourse,
  updateVideo,
  uploadThumbnail,
  type Viewer,
} from "./service";

// ---- input schemas ----------------------------------------------------------------------------

/** A required string field, trimmed: `required` when missing, null or blank, and then no other message. */
const text = (required: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? required : `${required.replace(/ is required$/, "")} must be text`) })
    .trim()
    .min(1, { error: required, abort: true });

const slug = text("Course slug is required")
  .max(ACADEMY_LIMITS.slug, `At most ${ACADEMY_LIMITS.slug} characters`)
  .regex(SLUG_PATTERN, "Lower-case letters (a-z), digits and single dashes only, e.g. seo-basics")
  .openapi({ example: "seo-basics" });

const title = text("Title is required").max(ACADEMY_LIMITS.title, `At most ${ACADEMY_LIMITS.title} characters`).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

/** Descriptions keep their line breaks and tabs; other control characters cannot be stored. */
const description = z
  .string({ error: "Description must be text" })
  .trim()
  .max(ACADEMY_LIMITS.description, `At most ${ACADEMY_LIMITS.description} characters`)
  .regex(NO_CONTROL_CHARACTERS_BUT_LINES, CONTROL_CHARACTERS_MESSAGE);

/** "" from a form means "no language", as null does. */
const locale = z
  .enum(["", ...ACADEMY_LOCALES], "en, fr, or null for every language")
  .nullable()
  .transform((value) => value || null)
  .openapi({ description: "The course's language; null (or empty): for everyone" });

/** A uuid in a body or path, with the message a form shows when it is missing. */
const id = (required: string, invalid: string) =>
  z.uuid({
    error: (issue) => {
      if (issue.input == null || (typeof issue.input === "string" && issue.input.trim() === "")) return required;
      return typeof issue.input === "string" ? invalid : `${required.replace(/ is required$/, "")} must be text`;
    },
  });

const VIDEO_LINK_MESSAGE = "Must be a YouTube or Vimeo video URL";

function checkLink(value: string, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  const parsed = parseVideoUrl(value);
  if (!parsed.ok) ctx.addIssue({ code: "custom", path, message: parsed.reason === "no_video_id" ? "Video ID is required" : VIDEO_LINK_MESSAGE });
}

/**
 * The hosts parseVideoUrl knows, for the document: an http(s) URL on YouTube or Vimeo. Which paths
 * name a video is its to tell ("Video ID is required").
 */
const VIDEO_URL = /^\s*[Hh][Tt][Tt][Pp][Ss]?:\/\/(youtu\.be|((www|m|music)\.)?youtube\.com|(www\.)?youtube-nocookie\.com|(www\.|player\.)?vimeo\.com)(:\d+)?([/?#]\S*)?\s*$/;
const VIDEO_URL_OR_BLANK = new RegExp(`^\\s*$|${VIDEO_URL.source}`);
const videoUrl = (pattern: RegExp) => z.string().max(ACADEMY_LIMITS.link, `At most ${ACADEMY_LIMITS.link} characters`).regex(pattern, VIDEO_LINK_MESSAGE);
const requiredVideoUrl = z
  .string()
  .trim()
  .min(1, { error: "A video link is required", abort: true })
  .max(ACADEMY_LIMITS.url, `At most ${ACADEMY_LIMITS.url} characters`)
  .regex(VIDEO_URL, VIDEO_LINK_MESSAGE);

/** Seed 001 §2: one URL, or one per language (`en`, `fr`, `other`); each a YouTube or Vimeo video. */
const videoLink = z
  .union(
    [
      requiredVideoUrl,
      // A blank language is no link for it; at least one must be given.
      z.strictObject(
        { en: videoUrl(VIDEO_URL_OR_BLANK).optional(), fr: videoUrl(VIDEO_URL_OR_BLANK).optional(), other: videoUrl(VIDEO_URL_OR_BLANK).optional() },
        {
          error: (issue) =>
            issue.code === "unrecognized_keys" ? `Unknown language ${issue.keys.map((key) => `"${key}"`).join(", ")}: use en, fr or other` : undefined,
        },
      ),
    ],
    {
      error: (issue) =>
        issue.input === undefined || (typeof issue.input === "string" && issue.input.trim() === "")
          ? "A video link is required"
          : "A URL, or an object of URLs by language (en, fr, other)",
    },
  )
  .transform((value, ctx) => {
    if (typeof value === "string") {
      const url = value.trim();
      checkLink(url, ctx);
      return url;
    }
    // An unknown key is already refused (strict object, which drops it); zod runs this transform all the same.
    if (ctx.issues.length > 0) return z.NEVER;
    const map = compactLinkMap(value);
    const keys = LINK_KEYS.filter((key) => map[key]);
    if (keys.length === 0) ctx.addIssue({ code: "custom", message: "At least one link is required (en, fr or other)" });
    for (const key of keys) checkLink(map[key]!, ctx, [key]);
    return map;
  })
  .openapi({
    description: "A YouTube or Vimeo URL, or {en?, fr?, other?} of such URLs (other: any other language)",
    example: "https://www.youtube.com/watch?v=0eKVizvYSUQ",
  });

const duration = z
  .number({ error: "Duration must be a number of seconds" })
  .int("Duration must be a whole number of seconds")
  .min(0, "Duration cannot be negative")
  .max(ACADEMY_LIMITS.duration, "At most 99:59:59");

export const CourseInputSchema = z
  .object({ slug, title, description: description.optional(), locale: locale.optional(), is_published: z.boolean("true or false").optional() })
  .openapi("AcademyCourseInput");
export const CoursePatchSchema = CourseInputSchema.partial().openapi("AcademyCoursePatch");

export const ChapterInputSchema = z
  .object({ course_id: id("Course ID is required", "Not a course id"), title, description: description.optional() })
  .openapi("AcademyChapterInput");
export const ChapterPatchSchema = z.object({ title: title.optional(), description: description.optional() }).openapi("AcademyChapterPatch");

export const VideoInputSchema = z
  .object({
    chapter_id: id("Chapter ID is required", "Not a chapter id"),
    title,
    description: description.optional(),
    link: videoLink,
    duration_seconds: duration.optional().openapi({ description: "Whole seconds; 0 when unknown (default)" }),
  })
  .openapi("AcademyVideoInput");
export const VideoPatchSchema = VideoInputSchema.partial().openapi({
  description: "Only the fields given change; a new chapter_id moves the video to the end of that chapter",
});

const reorderBody = (required: string, invalid: string) =>
  z
    .object({
      ids: z
        .array(id(required, invalid), { error: "ids: the list of ids in the new order is required" })
        .max(1000, "At most 1000 ids")
        .openapi({ description: "Every current id, each once, in the new order (400 reorder_mismatch otherwise)" }),
    })
    .openapi({ description: "Every item of the list, in its new order (400 reorder_mismatch otherwise)" });

/** An http(s) URL with a host, as the document can say it (surrounding spaces are trimmed first). */
const HTTP_URL = /^\s*[Hh][Tt][Tt][Pp][Ss]?:\/\/([^\s/?#@]+@)?[^\s/?#@]+([/?#]\S*)?\s*$/;

const ThumbnailUrlSchema = z.object({
  url: text("URL is required")
    .max(ACADEMY_LIMITS.url, `At most ${ACADEMY_LIMITS.url} characters`)
    .regex(HTTP_URL, { error: "Must be an http or https URL", abort: true })
    .refine(isHttpUrl, "Must be an http or https URL")
    .openapi({ example: "https://images.example.com/course.png" }),
});

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const FileFormSchema = z.object({
  // Checked by the handler, so a missing file gets the same `file_missing` answer as a wrong one.
  file: z.any().optional().openapi({ type: "string", format: "binary", description: "Required: a JPEG, PNG, WebP or GIF image, at most 10 MB (10485760 bytes)" }),
});

const CourseIdParams = z.object({ id: id("Course ID is required", "Not a course id") });
const ChapterIdParams = z.object({ id: id("Chapter ID is required", "Not a chapter id") });
const VideoIdParams = z.object({ id: id("Video ID is required", "Not a video id") });
const SlugParams = z.object({ slug: text("Course slug is required").max(200, "At most 200 characters") });

// ---- response schemas -------------------------------------------------------------------------

const ProgressSchema = z.object({ watched: z.number().int(), total: z.number().int() }).openapi("AcademyProgress");

const VideoLinkSchema = z
  .union([z.string(), z.object({ en: z.string().optional(), fr: z.string().optional(), other: z.string().optional() })])
  .openapi("AcademyVideoLink");

const SourceSchema = z
  .object({
    provider: z.enum(["youtube", "vimeo"]),
    video_id: z.string(),
    url: z.string(),
    embed_url: z.string(),
    host_thumbnail_url: z.string().nullable().openapi({ description: "The host's own still image (YouTube); null: show a placeholder" }),
  })
  .openapi("AcademyVideoSource");

export const CourseSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    locale: z.enum(ACADEMY_LOCALES).nullable(),
    thumbnail_url: z.string().nullable(),
    is_published: z.boolean(),
    position: z.number().int(),
    chapter_count: z.number().int(),
    video_count: z.number().int(),
    total_duration_seconds: z.number().int(),
    progress: ProgressSchema.openapi({ description: "The caller's watched videos in this course" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("AcademyCourse");

export const ChapterSchema = z
  .object({
    id: z.uuid(),
    course_id: z.uuid(),
    title: z.string(),
    description: z.string(),
    position: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("AcademyChapter");

export const VideoSchema = z
  .object({
    id: z.uuid(),
    chapter_id: z.uuid(),
    title: z.string(),
    description: z.string(),
    link: VideoLinkSchema,
    sources: z
      .object({ default: SourceSchema.optional(), en: SourceSchema.optional(), fr: SourceSchema.optional(), other: SourceSchema.optional() })
      .openapi({ description: "The link read: `default` for a single URL, else one per language key" }),
    duration_seconds: z.number().int(),
    thumbnail_url: z.string().nullable().openapi({ description: "Set by an admin; null: use the host's image" }),
    position: z.number().int(),
    watched: z.boolean(),
    watched_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("AcademyVideo");

export const CourseDetailSchema = CourseSchema.extend({
  chapters: z.array(
    ChapterSchema.extend({
      video_count: z.number().int(),
      total_duration_seconds: z.number().int(),
      videos: z.array(VideoSchema),
    }),
  ),
}).openapi("AcademyCourseDetail");

export const VideoDetailSchema = VideoSchema.extend({
  chapter: z.object({ id: z.uuid(), title: z.string(), position: z.number().int() }),
  course: z.object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    locale: z.enum(ACADEMY_LOCALES).nullable(),
    is_published: z.boolean(),
    progress: ProgressSchema,
  }),
  previous_video_id: z.uuid().nullable().openapi({ description: "The video before, across the course's chapters" }),
  next_video_id: z.uuid().nullable().openapi({ description: "The video after, across the course's chapters" }),
}).openapi("AcademyVideoDetail");

export const ProgressResultSchema = z
  .object({ video_id: z.uuid(), watched: z.boolean(), watched_at: z.string().nullable(), course_progress: ProgressSchema })
  .openapi("AcademyProgressResult");

const DeletedSchema = z.object({ deleted: z.literal(true) });
const ReorderedSchema = z.object({ ids: z.array(z.uuid()) });
export const ThumbnailSchema = z.object({ thumbnail_url: z.string().nullable() }).openapi("AcademyThumbnail");

// ---- routes -----------------------------------------------------------------------------------

const signedIn = { tags: ["academy"], security: bearer, middleware: [requireAuth] as [typeof requireAuth] };
const adminOnly = { tags: ["academy admin"], security: bearer, middleware: [requireAuth, requireAdmin] as [typeof requireAuth, typeof requireAdmin] };

const unauthorized = errorResponse("Not signed in");
const forbidden = errorResponse("forbidden: not an admin");
const invalid = errorResponse("Invalid input, with errors per field");

const viewer = (c: Context<ApiEnv>): Viewer => {
  const user = c.get("user");
  return { id: user.id, role: user.role };
};

const publishedCourses = createRoute({
  ...signedIn,
  method: "get",
  path: "/published-courses",
  summary: "Published courses in order, with their counts, total duration and the caller's progress",
  request: {
    query: z.object({
      locale: query.enum(ACADEMY_LOCALES).openapi({ description: "Only this language's courses and the untagged ones" }),
    }),
  },
  responses: { 200: jsonResponse(z.array(CourseSchema), "Courses"), 400: invalid, 401: unauthorized },
});

const courseBySlug = createRoute({
  ...signedIn,
  method: "get",
  path: "/courses/{slug}",
  summary: "A course with its chapters and videos in order and the caller's progress; unpublished: admins only",
  request: { params: SlugParams },
  responses: { 200: jsonResponse(CourseDetailSchema, "Course"), 400: invalid, 401: unauthorized, 404: errorResponse("No such course, or not published") },
});

const videoById = createRoute({
  ...signedIn,
  method: "get",
  path: "/videos/{id}",
  summary: "A video with its chapter, course and the previous and next videos across the course",
  request: { params: VideoIdParams },
  responses: { 200: jsonResponse(VideoDetailSchema, "Video"), 400: invalid, 401: unauthorized, 404: errorResponse("No such video, or its course is not published") },
});

const progressRoute = createRoute({
  ...signedIn,
  method: "put",
  path: "/videos/{id}/progress",
  summary: "Marks a video watched or not, for the caller only",
  request: { params: VideoIdParams, body: jsonBody(z.object({ watched: z.boolean({ error: "watched: true or false is required" }) })) },
  responses: {
    200: jsonResponse(ProgressResultSchema, "The video's mark and the course's progress"),
    400: invalid,
    401: unauthorized,
    404: errorResponse("No such video, or its course is not published"),
  },
});

const adminCourses = createRoute({
  ...adminOnly,
  method: "get",
  path: "/admin/courses",
  summary: "Every course, published or not, in order",
  responses: { 200: jsonResponse(z.array(CourseSchema), "Courses"), 401: unauthorized, 403: forbidden },
});

const adminCourse = createRoute({
  ...adminOnly,
  method: "get",
  path: "/admin/courses/{id}",
  summary: "A course (published or not) with its chapters and videos",
  request: { params: CourseIdParams },
  responses: { 200: jsonResponse(CourseDetailSchema, "Course"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such course") },
});

const adminCreateCourse = createRoute({
  ...adminOnly,
  method: "post",
  path: "/admin/courses",
  summary: "Creates a course at the end of the list (unpublished unless is_published)",
  request: { body: jsonBody(CourseInputSchema) },
  responses: {
    201: jsonResponse(CourseDetailSchema, "Created"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
    409: errorResponse("slug_taken"),
  },
});

const adminUpdateCourse = createRoute({
  ...adminOnly,
  method: "put",
  path: "/admin/courses/{id}",
  summary: "Changes a course; only the fields given change",
  request: { params: CourseIdParams, body: jsonBody(CoursePatchSchema) },
  responses: {
    200: jsonResponse(CourseDetailSchema, "Updated"),
    400: invalid,
    401: unauthorized,
    403: forbidden,
    404: errorResponse("No such course"),
    409: errorResponse("slug_taken"),
  },
});

const adminDeleteCourse = createRoute({
  ...adminOnly,
  method: "delete",
  path: "/admin/courses/{id}",
  summary: "Deletes a course with its chapters, videos, progress and stored thumbnails",
  request: { params: CourseIdParams },
  responses: { 200: jsonResponse(DeletedSchema, "Deleted"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such course") },
});

const adminPublish = createRoute({
  ...adminOnly,
  method: "post",
  path: "/admin/courses/{id}/publish",
  summary: "Publishes (visible to every user) or unpublishes (admins only) a course",
  request: { params: CourseIdParams, body: jsonBody(z.object({ is_published: z.boolean({ error: "is_published: true or false is required" }) })) },
  responses: { 200: jsonResponse(CourseSchema, "Course"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such course") },
});

const adminReorderCourses = createRoute({
  ...adminOnly,
  method: "post",
  path: "/admin/courses/reorder",
  summary: "Puts every course in the given order",
  request: { body: jsonBody(reorderBody("Course ID is required", "Not a course id")) },
  responses: { 200: jsonResponse(ReorderedSchema, "New order"), 400: errorResponse("Invalid ids, or reorder_mismatch"), 401: unauthorized, 403: forbidden },
});

const adminReorderChapters = createRoute({
  ...adminOnly,
  method: "post",
  path: "/admin/courses/{id}/chapters/reorder",
  summary: "Puts every chapter of the course in the given order",
  request: { params: CourseIdParams, body: jsonBody(reorderBody("Chapter ID is required", "Not a chapter id")) },
  responses: {
    200: jsonResponse(ReorderedSchema, "New order"),
    400: errorResponse("Invalid ids, or reorder_mismatch"),
    401: unauthorized,
    403: forbidden,
    404: errorResponse("No such course"),
  },
});

const adminCreateChapter = createRoute({
  ...adminOnly,
  method: "post",
  path: "/admin/chapters",
  summary: "Adds a chapter at the end of a course",
  request: { body: jsonBody(ChapterInputSchema) },
  responses: { 201: jsonResponse(ChapterSchema, "Created"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such course") },
});

const adminUpdateChapter = createRoute({
  ...adminOnly,
  method: "put",
  path: "/admin/chapters/{id}",
  summary: "Changes a chapter's title or description",
  request: { params: ChapterIdParams, body: jsonBody(ChapterPatchSchema) },
  responses: { 200: jsonResponse(ChapterSchema, "Updated"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such chapter") },
});

const adminDeleteChapter = createRoute({
  ...adminOnly,
  method: "delete",
  path: "/admin/chapters/{id}",
  summary: "Deletes a chapter with its videos",
  request: { params: ChapterIdParams },
  responses: { 200: jsonResponse(DeletedSchema, "Deleted"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such chapter") },
});

const adminReorderVideos = createRoute({
  ...adminOnly,
  method: "post",
  path: "/admin/chapters/{id}/videos/reorder",
  summary: "Puts every video of the chapter in the given order",
  request: { params: ChapterIdParams, body: jsonBody(reorderBody("Video ID is required", "Not a video id")) },
  responses: {
    200: jsonResponse(ReorderedSchema, "New order"),
    400: errorResponse("Invalid ids, or reorder_mismatch"),
    401: unauthorized,
    403: forbidden,
    404: errorResponse("No such chapter"),
  },
});

const adminCreateVideo = createRoute({
  ...adminOnly,
  method: "post",
  path: "/admin/videos",
  summary: "Adds a video at the end of a chapter",
  request: { body: jsonBody(VideoInputSchema) },
  responses: { 201: jsonResponse(VideoSchema, "Created"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such chapter") },
});

const adminUpdateVideo = createRoute({
  ...adminOnly,
  method: "put",
  path: "/admin/videos/{id}",
  summary: "Changes a video; only the fields given change",
  request: { params: VideoIdParams, body: jsonBody(VideoPatchSchema) },
  responses: { 200: jsonResponse(VideoSchema, "Updated"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such video or chapter") },
});

const adminDeleteVideo = createRoute({
  ...adminOnly,
  method: "delete",
  path: "/admin/videos/{id}",
  summary: "Deletes a video (and its stored thumbnail)",
  request: { params: VideoIdParams },
  responses: { 200: jsonResponse(DeletedSchema, "Deleted"), 400: invalid, 401: unauthorized, 403: forbidden, 404: errorResponse("No such video") },
});

/** A little over 10 MB for the multipart envelope; the file itself is checked exactly afterwards. */
const uploadLimit = bodyLimit({
  maxSize: MAX_THUMBNAIL_BYTES + 64 * 1024,
  onError: () => {
    throw fileTooLarge();
  },
});

const thumbnailRequest = (params: typeof CourseIdParams | typeof VideoIdParams) => ({
  params,
  body: {
    required: false,
    description: "multipart/form-data with the image in `file`, or JSON {url} to use an image elsewhere",
    content: { "multipart/form-data": { schema: FileFormSchema }, "application/json": { schema: ThumbnailUrlSchema } },
  },
});

const thumbnailResponses = (missing: string) => ({
  200: jsonResponse(ThumbnailSchema, "The new thumbnail's URL"),
  400: errorResponse("file_type (not a JPEG, PNG, WebP or GIF by its content), file_empty, no file or url, or a URL that is not http(s)"),
  401: unauthorized,
  403: forbidden,
  404: errorResponse(missing),
  413: errorResponse("file_size: over 10 MB"),
  415: errorResponse("Neither multipart/form-data nor JSON"),
  502: errorResponse("storage_error: the storage refused or could not be reached"),
});

const adminCourseThumbnail = createRoute({
  ...adminOnly,
  middleware: [requireAuth, requireAdmin, uploadLimit] as [typeof requireAuth, typeof requireAdmin, typeof uploadLimit],
  method: "post",
  path: "/admin/courses/{id}/thumbnail",
  summary: "Uploads (multipart `file`) or links (JSON {url}) the course's thumbnail, replacing the previous one",
  request: thumbnailRequest(CourseIdParams),
  responses: thumbnailResponses("No such course"),
});

const adminVideoThumbnail = createRoute({
  ...adminOnly,
  middleware: [requireAuth, requireAdmin, uploadLimit] as [typeof requireAuth, typeof requireAdmin, typeof uploadLimit],
  method: "post",
  path: "/admin/videos/{id}/thumbnail",
  summary: "Uploads (multipart `file`) or links (JSON {url}) the video's thumbnail, replacing the previous one",
  request: thumbnailRequest(VideoIdParams),
  responses: thumbnailResponses("No such video"),
});

const deleteResponses = (missing: string) => ({
  200: jsonResponse(ThumbnailSchema, "No thumbnail any more (thumbnail_url null)"),
  400: invalid,
  401: unauthorized,
  403: forbidden,
  404: errorResponse(missing),
});

/** The path seed 001 §7 gives (without /admin); admins only all the same. */
const deleteCourseThumbnail = createRoute({
  ...adminOnly,
  method: "delete",
  path: "/courses/{id}/thumbnail",
  summary: "Removes the course's thumbnail (admins only, despite the path)",
  request: { params: CourseIdParams },
  responses: deleteResponses("No such course"),
});

const adminDeleteCourseThumbnail = createRoute({
  ...adminOnly,
  method: "delete",
  path: "/admin/courses/{id}/thumbnail",
  summary: "Removes the course's thumbnail (same as DELETE /academy/courses/{id}/thumbnail)",
  request: { params: CourseIdParams },
  responses: deleteResponses("No such course"),
});

const adminDeleteVideoThumbnail = createRoute({
  ...adminOnly,
  method: "delete",
  path: "/admin/videos/{id}/thumbnail",
  summary: "Removes the video's thumbnail (the host's image is shown again)",
  request: { params: VideoIdParams },
  responses: deleteResponses("No such video"),
});

/** Multipart `file` or JSON `{url}`, both declared on the route (each validated only for its own content type). */
async function thumbnailFrom(c: Context<ApiEnv>, target: ThumbnailTarget, input: { json?: object; form?: object }) {
  const url = input.json && "url" in input.json && typeof input.json.url === "string" ? input.json.url : undefined;
  const file = input.form && "file" in input.form ? input.form.file : undefined;
  const db = await getDb();
  const type = c.req.header("content-type") ?? "";
  if (/^application\/([\w.-]+\+)?json/i.test(type) && url) return setThumbnailUrl(db, target, url);
  if (/^multipart\/form-data/i.test(type)) {
    if (!(file instanceof File)) throw badRequest("Choose an image file", { code: "file_missing", errors: { file: ["Choose an image file"] } });
    if (file.size > MAX_THUMBNAIL_BYTES) throw fileTooLarge();
    return uploadThumbnail(db, target, new Uint8Array(await file.arrayBuffer()));
  }
  throw badRequest("Send the image as multipart/form-data field `file`, or JSON {url}", {
    code: "file_missing",
    errors: { file: ["Choose an image file"] },
  });
}

export const academyRoutes = createRouter()
  .openapi(publishedCourses, async (c) => c.json(await listPublishedCourses(await getDb(), viewer(c), c.req.valid("query")), 200))
  .openapi(courseBySlug, async (c) => c.json(await getCourseBySlug(await getDb(), viewer(c), c.req.valid("param").slug), 200))
  .openapi(videoById, async (c) => c.json(await getVideo(await getDb(), viewer(c), c.req.valid("param").id), 200))
  .openapi(progressRoute, async (c) => c.json(await setProgress(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json").watched), 200))
  .openapi(adminCourses, async (c) => c.json(await listAllCourses(await getDb(), viewer(c)), 200))
  .openapi(adminReorderCourses, async (c) => c.json(await reorderCourses(await getDb(), c.req.valid("json").ids), 200))
  .openapi(adminCourse, async (c) => c.json(await getCourseById(await getDb(), viewer(c), c.req.valid("param").id), 200))
  .openapi(adminCreateCourse, async (c) => c.json(await createCourse(await getDb(), viewer(c), c.req.valid("json")), 201))
  .openapi(adminUpdateCourse, async (c) => c.json(await updateCourse(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json")), 200))
  .openapi(adminDeleteCourse, async (c) => c.json(await deleteCourse(await getDb(), viewer(c), c.req.valid("param").id), 200))
  .openapi(adminPublish, async (c) => c.json(await publishCourse(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json").is_published), 200))
  .openapi(adminReorderChapters, async (c) => c.json(await reorderChapters(await getDb(), c.req.valid("param").id, c.req.valid("json").ids), 200))
  .openapi(adminCreateChapter, async (c) => c.json(await createChapter(await getDb(), c.req.valid("json")), 201))
  .openapi(adminUpdateChapter, async (c) => c.json(await updateChapter(await getDb(), c.req.valid("param").id, c.req.valid("json")), 200))
  .openapi(adminDeleteChapter, async (c) => c.json(await deleteChapter(await getDb(), c.req.valid("param").id), 200))
  .openapi(adminReorderVideos, async (c) => c.json(await reorderVideos(await getDb(), c.req.valid("param").id, c.req.valid("json").ids), 200))
  .openapi(adminCreateVideo, async (c) => c.json(await createVideo(await getDb(), viewer(c), c.req.valid("json")), 201))
  .openapi(adminUpdateVideo, async (c) => c.json(await updateVideo(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json")), 200))
  .openapi(adminDeleteVideo, async (c) => c.json(await deleteVideo(await getDb(), c.req.valid("param").id), 200))
  .openapi(adminCourseThumbnail, async (c) =>
    c.json(await thumbnailFrom(c, { kind: "course", id: c.req.valid("param").id }, { json: c.req.valid("json"), form: c.req.valid("form") }), 200),
  )
  .openapi(adminVideoThumbnail, async (c) =>
    c.json(await thumbnailFrom(c, { kind: "video", id: c.req.valid("param").id }, { json: c.req.valid("json"), form: c.req.valid("form") }), 200),
  )
  .openapi(deleteCourseThumbnail, async (c) => c.json(await deleteThumbnail(await getDb(), { kind: "course", id: c.req.valid("param").id }), 200))
  .openapi(adminDeleteCourseThumbnail, async (c) => c.json(await deleteThumbnail(await getDb(), { kind: "course", id: c.req.valid("param").id }), 200))
  .openapi(adminDeleteVideoThumbnail, async (c) => c.json(await deleteThumbnail(await getDb(), { kind: "video", id: c.req.valid("param").id }), 200));
