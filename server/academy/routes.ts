import { bodyLimit } from "hono/body-limit";
import { MAX_THUMBNAIL_BYTES } from "#domain/academy";
import { adminRoute, authedRoute } from "../auth/guarded-route";
import { DeletedSchema, errorResponse, foundOr404, invalidInput, jsonBody, jsonResponse, z } from "../http/router";
import {
  ChapterIdParams,
  ChapterInputSchema,
  ChapterPatchSchema,
  ChapterSchema,
  CourseDetailSchema,
  CourseIdParams,
  CourseInputSchema,
  CoursePatchSchema,
  CourseSchema,
  FileFormSchema,
  ProgressInputSchema,
  ProgressResultSchema,
  PublishedCoursesQuery,
  PublishInputSchema,
  ReorderedSchema,
  reorderBody,
  SlugParams,
  ThumbnailSchema,
  ThumbnailUrlSchema,
  VideoDetailSchema,
  VideoIdParams,
  VideoInputSchema,
  VideoPatchSchema,
  VideoSchema,
} from "./schemas";
import { fileTooLarge } from "./thumbnails";

/*
 * The academy API's routes, declared schema-first: what each takes and answers, and who may call
 * it. The handlers are in handlers.ts; index.ts joins the two into the router.
 */

const ACADEMY = "academy";
const ADMIN = "academy admin";

const NO_COURSE = "No such course";
const NO_CHAPTER = "No such chapter";
const NO_VIDEO = "No such video";
const NO_PUBLISHED_VIDEO = "No such video, or its course is not published";
const slugTaken = errorResponse("slug_taken");

/** What a reorder answers: the new order, or ids that are not exactly the ones there are now. */
const reordered = { 200: jsonResponse(ReorderedSchema, "New order"), 400: errorResponse("Invalid ids, or reorder_mismatch") };

export const publishedCourses = authedRoute(ACADEMY, {
  method: "get",
  path: "/published-courses",
  summary: "Published courses in order, with their counts, total duration and the caller's progress",
  kept: true,
  request: { query: PublishedCoursesQuery },
  responses: { 200: jsonResponse(z.array(CourseSchema), "Courses"), 400: invalidInput },
});

export const courseBySlug = authedRoute(ACADEMY, {
  method: "get",
  path: "/courses/{slug}",
  summary: "A course with its chapters and videos in order and the caller's progress; unpublished: admins only",
  request: { params: SlugParams },
  responses: foundOr404(CourseDetailSchema, "Course", "No such course, or not published"),
});

export const videoById = authedRoute(ACADEMY, {
  method: "get",
  path: "/videos/{id}",
  summary: "A video with its chapter, course and the previous and next videos across the course",
  request: { params: VideoIdParams },
  responses: foundOr404(VideoDetailSchema, "Video", NO_PUBLISHED_VIDEO),
});

export const progressRoute = authedRoute(ACADEMY, {
  method: "put",
  path: "/videos/{id}/progress",
  summary: "Marks a video watched or not, for the caller only",
  request: { params: VideoIdParams, body: jsonBody(ProgressInputSchema) },
  responses: foundOr404(ProgressResultSchema, "The video's mark and the course's progress", NO_PUBLISHED_VIDEO),
});

export const adminCourses = adminRoute(ADMIN, {
  method: "get",
  path: "/admin/courses",
  summary: "Every course, published or not, in order",
  responses: { 200: jsonResponse(z.array(CourseSchema), "Courses") },
});

export const adminCourse = adminRoute(ADMIN, {
  method: "get",
  path: "/admin/courses/{id}",
  summary: "A course (published or not) with its chapters and videos",
  request: { params: CourseIdParams },
  responses: foundOr404(CourseDetailSchema, "Course", NO_COURSE),
});

export const adminCreateCourse = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/courses",
  summary: "Creates a course at the end of the list (unpublished unless is_published)",
  request: { body: jsonBody(CourseInputSchema) },
  responses: { 201: jsonResponse(CourseDetailSchema, "Created"), 400: invalidInput, 409: slugTaken },
});

export const adminUpdateCourse = adminRoute(ADMIN, {
  method: "put",
  path: "/admin/courses/{id}",
  summary: "Changes a course; only the fields given change",
  request: { params: CourseIdParams, body: jsonBody(CoursePatchSchema) },
  responses: { ...foundOr404(CourseDetailSchema, "Updated", NO_COURSE), 409: slugTaken },
});

export const adminDeleteCourse = adminRoute(ADMIN, {
  method: "delete",
  path: "/admin/courses/{id}",
  summary: "Deletes a course with its chapters, videos, progress and stored thumbnails",
  request: { params: CourseIdParams },
  responses: foundOr404(DeletedSchema, "Deleted", NO_COURSE),
});

export const adminPublish = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/courses/{id}/publish",
  summary: "Publishes (visible to every user) or unpublishes (admins only) a course",
  request: { params: CourseIdParams, body: jsonBody(PublishInputSchema) },
  responses: foundOr404(CourseSchema, "Course", NO_COURSE),
});

export const adminReorderCourses = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/courses/reorder",
  summary: "Puts every course in the given order",
  request: { body: jsonBody(reorderBody("Course ID is required", "Not a course id")) },
  responses: reordered,
});

export const adminReorderChapters = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/courses/{id}/chapters/reorder",
  summary: "Puts every chapter of the course in the given order",
  request: { params: CourseIdParams, body: jsonBody(reorderBody("Chapter ID is required", "Not a chapter id")) },
  responses: { ...reordered, 404: errorResponse(NO_COURSE) },
});

export const adminCreateChapter = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/chapters",
  summary: "Adds a chapter at the end of a course",
  request: { body: jsonBody(ChapterInputSchema) },
  responses: { 201: jsonResponse(ChapterSchema, "Created"), 400: invalidInput, 404: errorResponse(NO_COURSE) },
});

export const adminUpdateChapter = adminRoute(ADMIN, {
  method: "put",
  path: "/admin/chapters/{id}",
  summary: "Changes a chapter's title or description",
  request: { params: ChapterIdParams, body: jsonBody(ChapterPatchSchema) },
  responses: foundOr404(ChapterSchema, "Updated", NO_CHAPTER),
});

export const adminDeleteChapter = adminRoute(ADMIN, {
  method: "delete",
  path: "/admin/chapters/{id}",
  summary: "Deletes a chapter with its videos",
  request: { params: ChapterIdParams },
  responses: foundOr404(DeletedSchema, "Deleted", NO_CHAPTER),
});

export const adminReorderVideos = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/chapters/{id}/videos/reorder",
  summary: "Puts every video of the chapter in the given order",
  request: { params: ChapterIdParams, body: jsonBody(reorderBody("Video ID is required", "Not a video id")) },
  responses: { ...reordered, 404: errorResponse(NO_CHAPTER) },
});

export const adminCreateVideo = adminRoute(ADMIN, {
  method: "post",
  path: "/admin/videos",
  summary: "Adds a video at the end of a chapter",
  request: { body: jsonBody(VideoInputSchema) },
  responses: { 201: jsonResponse(VideoSchema, "Created"), 400: invalidInput, 404: errorResponse(NO_CHAPTER) },
});

export const adminUpdateVideo = adminRoute(ADMIN, {
  method: "put",
  path: "/admin/videos/{id}",
  summary: "Changes a video; only the fields given change",
  request: { params: VideoIdParams, body: jsonBody(VideoPatchSchema) },
  responses: foundOr404(VideoSchema, "Updated", "No such video or chapter"),
});

export const adminDeleteVideo = adminRoute(ADMIN, {
  method: "delete",
  path: "/admin/videos/{id}",
  summary: "Deletes a video (and its stored thumbnail)",
  request: { params: VideoIdParams },
  responses: foundOr404(DeletedSchema, "Deleted", NO_VIDEO),
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
  404: errorResponse(missing),
  413: errorResponse("file_size: over 10 MB"),
  415: errorResponse("Neither multipart/form-data nor JSON"),
  502: errorResponse("storage_error: the storage refused or could not be reached"),
});

export const adminCourseThumbnail = adminRoute(ADMIN, {
  middleware: [uploadLimit],
  method: "post",
  path: "/admin/courses/{id}/thumbnail",
  summary: "Uploads (multipart `file`) or links (JSON {url}) the course's thumbnail, replacing the previous one",
  request: thumbnailRequest(CourseIdParams),
  responses: thumbnailResponses(NO_COURSE),
});

export const adminVideoThumbnail = adminRoute(ADMIN, {
  middleware: [uploadLimit],
  method: "post",
  path: "/admin/videos/{id}/thumbnail",
  summary: "Uploads (multipart `file`) or links (JSON {url}) the video's thumbnail, replacing the previous one",
  request: thumbnailRequest(VideoIdParams),
  responses: thumbnailResponses(NO_VIDEO),
});

const thumbnailRemoved = (missing: string) => foundOr404(ThumbnailSchema, "No thumbnail any more (thumbnail_url null)", missing);

/** The path seed 001 §7 gives (without /admin); admins only all the same. */
export const deleteCourseThumbnail = adminRoute(ADMIN, {
  method: "delete",
  path: "/courses/{id}/thumbnail",
  summary: "Removes the course's thumbnail (admins only, despite the path)",
  request: { params: CourseIdParams },
  responses: thumbnailRemoved(NO_COURSE),
});

export const adminDeleteCourseThumbnail = adminRoute(ADMIN, {
  method: "delete",
  path: "/admin/courses/{id}/thumbnail",
  summary: "Removes the course's thumbnail (same as DELETE /academy/courses/{id}/thumbnail)",
  request: { params: CourseIdParams },
  responses: thumbnailRemoved(NO_COURSE),
});

export const adminDeleteVideoThumbnail = adminRoute(ADMIN, {
  method: "delete",
  path: "/admin/videos/{id}/thumbnail",
  summary: "Removes the video's thumbnail (the host's image is shown again)",
  request: { params: VideoIdParams },
  responses: thumbnailRemoved(NO_VIDEO),
});
