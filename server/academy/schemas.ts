import { query, z } from "../http/router";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS, NO_CONTROL_CHARACTERS_BUT_LINES } from "#domain/text";
import { ACADEMY_LIMITS, ACADEMY_LOCALES, SLUG_PATTERN } from "#domain/academy";
import { compactLinkMap, LINK_KEYS, parseVideoUrl } from "#domain/video-links";

/*
 * The academy API's schemas: what each route takes (validated, and the OpenAPI document's request
 * side) and what it answers. The routes are in routes.ts, the handlers in handlers.ts.
 */

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
  if (parsed.ok) return;
  ctx.addIssue(
    parsed.reason === "no_video_id"
      ? { code: "custom", path, message: "Video ID is required", params: { code: "no_video_id" } }
      : { code: "custom", path, message: VIDEO_LINK_MESSAGE, params: { code: "invalid_format" } },
  );
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
    if (keys.length === 0) ctx.addIssue({ code: "custom", message: "At least one link is required (en, fr or other)", params: { code: "required" } });
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

export const reorderBody = (required: string, invalid: string) =>
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

export const ThumbnailUrlSchema = z.object({
  url: text("URL is required")
    .max(ACADEMY_LIMITS.url, `At most ${ACADEMY_LIMITS.url} characters`)
    .regex(HTTP_URL, { error: "Must be an http or https URL", abort: true })
    .refine(isHttpUrl, { message: "Must be an http or https URL", params: { code: "invalid_format" } })
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

export const FileFormSchema = z.object({
  // Checked by the handler, so a missing file gets the same `file_missing` answer as a wrong one.
  file: z.any().optional().openapi({ type: "string", format: "binary", description: "Required: a JPEG, PNG, WebP or GIF image, at most 10 MB (10485760 bytes)" }),
});

export const CourseIdParams = z.object({ id: id("Course ID is required", "Not a course id") });
export const ChapterIdParams = z.object({ id: id("Chapter ID is required", "Not a chapter id") });
export const VideoIdParams = z.object({ id: id("Video ID is required", "Not a video id") });
export const SlugParams = z.object({ slug: text("Course slug is required").max(200, "At most 200 characters") });

export const PublishedCoursesQuery = z.object({
  locale: query.enum(ACADEMY_LOCALES).openapi({ description: "Only this language's courses and the untagged ones" }),
});

export const ProgressInputSchema = z.object({ watched: z.boolean({ error: "watched: true or false is required" }) });
export const PublishInputSchema = z.object({ is_published: z.boolean({ error: "is_published: true or false is required" }) });

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

export const ReorderedSchema = z.object({ ids: z.array(z.uuid()) });
export const ThumbnailSchema = z.object({ thumbnail_url: z.string().nullable() }).openapi("AcademyThumbnail");
