import type { Context } from "hono";
import type { ApiEnv } from "../http/env";
import { badRequest } from "../http/errors";
import { fieldError } from "../http/field-errors";
import type { ApiRouteHandler } from "../http/router";
import { getDb } from "../runtime";
import { MAX_THUMBNAIL_BYTES } from "#domain/academy";
import {
  createChapter,
  createCourse,
  createVideo,
  deleteChapter,
  deleteCourse,
  deleteVideo,
  publishCourse,
  reorderChapters,
  reorderCourses,
  reorderVideos,
  updateChapter,
  updateCourse,
  updateVideo,
} from "./admin";
import { getCourseById, getCourseBySlug, getVideo, listAllCourses, listPublishedCourses, setProgress, type Viewer } from "./catalogue";
import type * as routes from "./routes";
import { deleteThumbnail, fileTooLarge, setThumbnailUrl, type ThumbnailTarget, uploadThumbnail } from "./thumbnails";

/* The academy API's handlers: each reads its validated input and hands it to the service. */

const viewer = (c: Context<ApiEnv>): Viewer => {
  const user = c.get("user");
  return { id: user.id, role: user.role };
};

export const publishedCourses: ApiRouteHandler<typeof routes.publishedCourses> = async (c) =>
  c.json(await listPublishedCourses(await getDb(), viewer(c), c.req.valid("query")), 200);

export const courseBySlug: ApiRouteHandler<typeof routes.courseBySlug> = async (c) =>
  c.json(await getCourseBySlug(await getDb(), viewer(c), c.req.valid("param").slug), 200);

export const videoById: ApiRouteHandler<typeof routes.videoById> = async (c) => c.json(await getVideo(await getDb(), viewer(c), c.req.valid("param").id), 200);

export const progressRoute: ApiRouteHandler<typeof routes.progressRoute> = async (c) =>
  c.json(await setProgress(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json").watched), 200);

export const adminCourses: ApiRouteHandler<typeof routes.adminCourses> = async (c) => c.json(await listAllCourses(await getDb(), viewer(c)), 200);

export const adminReorderCourses: ApiRouteHandler<typeof routes.adminReorderCourses> = async (c) =>
  c.json(await reorderCourses(await getDb(), c.req.valid("json").ids), 200);

export const adminCourse: ApiRouteHandler<typeof routes.adminCourse> = async (c) =>
  c.json(await getCourseById(await getDb(), viewer(c), c.req.valid("param").id), 200);

export const adminCreateCourse: ApiRouteHandler<typeof routes.adminCreateCourse> = async (c) =>
  c.json(await createCourse(await getDb(), viewer(c), c.req.valid("json")), 201);

export const adminUpdateCourse: ApiRouteHandler<typeof routes.adminUpdateCourse> = async (c) =>
  c.json(await updateCourse(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json")), 200);

export const adminDeleteCourse: ApiRouteHandler<typeof routes.adminDeleteCourse> = async (c) =>
  c.json(await deleteCourse(await getDb(), viewer(c), c.req.valid("param").id), 200);

export const adminPublish: ApiRouteHandler<typeof routes.adminPublish> = async (c) =>
  c.json(await publishCourse(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json").is_published), 200);

export const adminReorderChapters: ApiRouteHandler<typeof routes.adminReorderChapters> = async (c) =>
  c.json(await reorderChapters(await getDb(), c.req.valid("param").id, c.req.valid("json").ids), 200);

export const adminCreateChapter: ApiRouteHandler<typeof routes.adminCreateChapter> = async (c) =>
  c.json(await createChapter(await getDb(), c.req.valid("json")), 201);

export const adminUpdateChapter: ApiRouteHandler<typeof routes.adminUpdateChapter> = async (c) =>
  c.json(await updateChapter(await getDb(), c.req.valid("param").id, c.req.valid("json")), 200);

export const adminDeleteChapter: ApiRouteHandler<typeof routes.adminDeleteChapter> = async (c) =>
  c.json(await deleteChapter(await getDb(), c.req.valid("param").id), 200);

export const adminReorderVideos: ApiRouteHandler<typeof routes.adminReorderVideos> = async (c) =>
  c.json(await reorderVideos(await getDb(), c.req.valid("param").id, c.req.valid("json").ids), 200);

export const adminCreateVideo: ApiRouteHandler<typeof routes.adminCreateVideo> = async (c) =>
  c.json(await createVideo(await getDb(), viewer(c), c.req.valid("json")), 201);

export const adminUpdateVideo: ApiRouteHandler<typeof routes.adminUpdateVideo> = async (c) =>
  c.json(await updateVideo(await getDb(), viewer(c), c.req.valid("param").id, c.req.valid("json")), 200);

export const adminDeleteVideo: ApiRouteHandler<typeof routes.adminDeleteVideo> = async (c) => c.json(await deleteVideo(await getDb(), c.req.valid("param").id), 200);

export const adminCourseThumbnail: ApiRouteHandler<typeof routes.adminCourseThumbnail> = async (c) =>
  c.json(await thumbnailFrom(c, { kind: "course", id: c.req.valid("param").id }, { json: c.req.valid("json"), form: c.req.valid("form") }), 200);

export const adminVideoThumbnail: ApiRouteHandler<typeof routes.adminVideoThumbnail> = async (c) =>
  c.json(await thumbnailFrom(c, { kind: "video", id: c.req.valid("param").id }, { json: c.req.valid("json"), form: c.req.valid("form") }), 200);

export const deleteCourseThumbnail: ApiRouteHandler<typeof routes.deleteCourseThumbnail> = async (c) =>
  c.json(await deleteThumbnail(await getDb(), { kind: "course", id: c.req.valid("param").id }), 200);

export const adminDeleteCourseThumbnail: ApiRouteHandler<typeof routes.adminDeleteCourseThumbnail> = async (c) =>
  c.json(await deleteThumbnail(await getDb(), { kind: "course", id: c.req.valid("param").id }), 200);

export const adminDeleteVideoThumbnail: ApiRouteHandler<typeof routes.adminDeleteVideoThumbnail> = async (c) =>
  c.json(await deleteThumbnail(await getDb(), { kind: "video", id: c.req.valid("param").id }), 200);

const noFile = fieldError("file", "file_missing", "Choose an image file");

/** Multipart `file` or JSON `{url}`, both declared on the route (each validated only for its own content type). */
async function thumbnailFrom(c: Context<ApiEnv>, target: ThumbnailTarget, input: { json?: object; form?: object }) {
  const url = input.json && "url" in input.json && typeof input.json.url === "string" ? input.json.url : undefined;
  const file = input.form && "file" in input.form ? input.form.file : undefined;
  const db = await getDb();
  const type = c.req.header("content-type") ?? "";
  if (/^application\/([\w.-]+\+)?json/i.test(type) && url) return setThumbnailUrl(db, target, url);
  if (/^multipart\/form-data/i.test(type)) {
    if (!(file instanceof File)) throw badRequest("Choose an image file", { code: "file_missing", errors: noFile });
    if (file.size > MAX_THUMBNAIL_BYTES) throw fileTooLarge();
    return uploadThumbnail(db, target, new Uint8Array(await file.arrayBuffer()));
  }
  throw badRequest("Send the image as multipart/form-data field `file`, or JSON {url}", { code: "file_missing", errors: noFile });
}
