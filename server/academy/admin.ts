import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ApiError, badRequest, notFound } from "../http/errors";
import { fieldError } from "../http/field-errors";
import type { Database, Executor } from "../db/client";
import { chapters, courses, videos } from "../db/schema";
import { logger } from "../logger";
import type { AcademyLocale } from "#domain/academy";
import type { VideoLink } from "#domain/video-links";
import { findCourse, getCourseById, summarize, toChapter, toVideo, type Viewer, watchedAt } from "./catalogue";
import { removeStored } from "./thumbnails";

/* The admin's writes: courses, chapters and videos, and their order. Thumbnails are in thumbnails.ts. */

export type CourseInput = {
  slug: string;
  title: string;
  description?: string;
  locale?: AcademyLocale | null;
  is_published?: boolean;
};
export type CoursePatch = Partial<CourseInput>;
export type ChapterInput = { course_id: string; title: string; description?: string };
export type ChapterPatch = Partial<Omit<ChapterInput, "course_id">>;
export type VideoInput = { chapter_id: string; title: string; description?: string; link: VideoLink; duration_seconds?: number };
export type VideoPatch = Partial<VideoInput>;

// ---- admin: courses ---------------------------------------------------------------------------

/** Academy writes take turns: positions are computed from what is there, and reorders see a stable set. */
async function lockAcademy(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('academy'))`);
}

async function findChapter(db: Executor, id: string) {
  const [chapter] = await db.select().from(chapters).where(eq(chapters.id, id));
  if (!chapter) throw notFound("Chapter not found");
  return chapter;
}

async function findVideo(db: Executor, id: string) {
  const [video] = await db.select().from(videos).where(eq(videos.id, id));
  if (!video) throw notFound("Video not found");
  return video;
}

const slugTaken = () =>
  new ApiError(409, "Another course already uses this slug", { code: "slug_taken", errors: fieldError("slug", "taken", "Another course already uses this slug") });

async function ensureSlugFree(tx: Executor, slug: string, exceptId?: string) {
  const [other] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.slug, slug));
  if (other && other.id !== exceptId) throw slugTaken();
}

async function nextPosition(tx: Executor, column: AnyPgColumn, where?: SQL) {
  const table = column.table;
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${column}), -1)::int + 1` })
    .from(table)
    .where(where);
  return row?.next ?? 0;
}

export async function createCourse(db: Database, viewer: Viewer, input: CourseInput) {
  const row = await db.transaction(async (tx) => {
    await lockAcademy(tx);
    await ensureSlugFree(tx, input.slug);
    const [created] = await tx
      .insert(courses)
      .values({
        slug: input.slug,
        title: input.title,
        description: input.description ?? "",
        locale: input.locale ?? null,
        isPublished: input.is_published ?? false,
        position: await nextPosition(tx, courses.position),
      })
      .returning();
    return created;
  });
  logger.info("academy.course_created", { course_id: row.id, slug: row.slug, by: viewer.id });
  return getCourseById(db, viewer, row.id);
}

export async function updateCourse(db: Database, viewer: Viewer, id: string, patch: CoursePatch) {
  await db.transaction(async (tx) => {
    await lockAcademy(tx);
    await findCourse(tx, id);
    if (patch.slug !== undefined) await ensureSlugFree(tx, patch.slug, id);
    await tx
      .update(courses)
      .set({
        ...(patch.slug !== undefined && { slug: patch.slug }),
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.locale !== undefined && { locale: patch.locale }),
        ...(patch.is_published !== undefined && { isPublished: patch.is_published }),
        updatedAt: new Date(),
      })
      .where(eq(courses.id, id));
  });
  return getCourseById(db, viewer, id);
}

export async function publishCourse(db: Database, viewer: Viewer, id: string, isPublished: boolean) {
  const [row] = await db.update(courses).set({ isPublished, updatedAt: new Date() }).where(eq(courses.id, id)).returning();
  if (!row) throw notFound("Course not found");
  logger.info("academy.course_published", { course_id: id, is_published: isPublished, by: viewer.id });
  const [summary] = await summarize(db, viewer, [row]);
  return summary;
}

/** Deletes the course with its chapters, videos and progress; its stored thumbnails go after the commit. */
export async function deleteCourse(db: Database, viewer: Viewer, id: string) {
  const keys = await db.transaction(async (tx) => {
    await lockAcademy(tx);
    const course = await findCourse(tx, id);
    const videoKeys = await tx
      .select({ key: videos.thumbnailKey })
      .from(videos)
      .innerJoin(chapters, eq(chapters.id, videos.chapterId))
      .where(eq(chapters.courseId, id));
    await tx.delete(courses).where(eq(courses.id, id));
    return [course.thumbnailKey, ...videoKeys.map((row) => row.key)];
  });
  await removeStored(keys);
  logger.info("academy.course_deleted", { course_id: id, by: viewer.id });
  return { deleted: true as const };
}

// ---- admin: chapters --------------------------------------------------------------------------

export async function createChapter(db: Database, input: ChapterInput) {
  return db.transaction(async (tx) => {
    await lockAcademy(tx);
    await findCourse(tx, input.course_id);
    const [row] = await tx
      .insert(chapters)
      .values({
        courseId: input.course_id,
        title: input.title,
        description: input.description ?? "",
        position: await nextPosition(tx, chapters.position, eq(chapters.courseId, input.course_id)),
      })
      .returning();
    return toChapter(row);
  });
}

export async function updateChapter(db: Database, id: string, patch: ChapterPatch) {
  const [row] = await db
    .update(chapters)
    .set({
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.description !== undefined && { description: patch.description }),
      updatedAt: new Date(),
    })
    .where(eq(chapters.id, id))
    .returning();
  if (!row) throw notFound("Chapter not found");
  return toChapter(row);
}

export async function deleteChapter(db: Database, id: string) {
  const keys = await db.transaction(async (tx) => {
    await lockAcademy(tx);
    await findChapter(tx, id);
    const videoKeys = await tx.select({ key: videos.thumbnailKey }).from(videos).where(eq(videos.chapterId, id));
    await tx.delete(chapters).where(eq(chapters.id, id));
    return videoKeys.map((row) => row.key);
  });
  await removeStored(keys);
  return { deleted: true as const };
}

// ---- admin: videos ----------------------------------------------------------------------------

export async function createVideo(db: Database, viewer: Viewer, input: VideoInput) {
  const row = await db.transaction(async (tx) => {
    await lockAcademy(tx);
    await findChapter(tx, input.chapter_id);
    const [created] = await tx
      .insert(videos)
      .values({
        chapterId: input.chapter_id,
        title: input.title,
        description: input.description ?? "",
        link: input.link,
        durationSeconds: input.duration_seconds ?? 0,
        position: await nextPosition(tx, videos.position, eq(videos.chapterId, input.chapter_id)),
      })
      .returning();
    return created;
  });
  return toVideo(row, (await watchedAt(db, viewer.id, [row.id])).get(row.id));
}

/** A new chapter_id moves the video to the end of that chapter. */
export async function updateVideo(db: Database, viewer: Viewer, id: string, patch: VideoPatch) {
  const row = await db.transaction(async (tx) => {
    await lockAcademy(tx);
    const current = await findVideo(tx, id);
    const moving = patch.chapter_id !== undefined && patch.chapter_id !== current.chapterId;
    if (moving) await findChapter(tx, patch.chapter_id!);
    const [updated] = await tx
      .update(videos)
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.link !== undefined && { link: patch.link }),
        ...(patch.duration_seconds !== undefined && { durationSeconds: patch.duration_seconds }),
        ...(moving && {
          chapterId: patch.chapter_id,
          position: await nextPosition(tx, videos.position, eq(videos.chapterId, patch.chapter_id!)),
        }),
        updatedAt: new Date(),
      })
      .where(eq(videos.id, id))
      .returning();
    return updated;
  });
  return toVideo(row, (await watchedAt(db, viewer.id, [row.id])).get(row.id));
}

export async function deleteVideo(db: Database, id: string) {
  const [row] = await db.delete(videos).where(eq(videos.id, id)).returning({ key: videos.thumbnailKey });
  if (!row) throw notFound("Video not found");
  await removeStored([row.key]);
  return { deleted: true as const };
}

// ---- admin: ordering --------------------------------------------------------------------------

/**
 * A reorder names every item of the list once, in the new order: a list made from a stale page
 * (an item added or deleted since) is refused rather than half-applied.
 */
function checkSameSet(current: string[], ids: string[], what: string) {
  const known = new Set(current);
  const seen = new Set<string>();
  const duplicate = ids.find((id) => seen.size === seen.add(id).size);
  const unknown = ids.find((id) => !known.has(id));
  const missing = current.filter((id) => !seen.has(id));
  if (duplicate || unknown || missing.length > 0) {
    const detail = duplicate ? `${duplicate} is listed twice` : unknown ? `${unknown} is not one of them` : `${missing.length} missing`;
    const message = `The ids must be exactly the current ${what}, each once (${detail}). Reload and try again.`;
    throw badRequest(message, { code: "reorder_mismatch", errors: fieldError("ids", "reorder_mismatch", message) });
  }
}

function positionsFrom(ids: string[], column: AnyPgColumn) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`array_position(array[${list}], ${column}) - 1`;
}

export async function reorderCourses(db: Database, ids: string[]) {
  return db.transaction(async (tx) => {
    await lockAcademy(tx);
    const current = await tx.select({ id: courses.id }).from(courses);
    checkSameSet(
      current.map((row) => row.id),
      ids,
      "courses",
    );
    if (ids.length) await tx.update(courses).set({ position: positionsFrom(ids, courses.id) }).where(inArray(courses.id, ids));
    return { ids };
  });
}

export async function reorderChapters(db: Database, courseId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    await lockAcademy(tx);
    await findCourse(tx, courseId);
    const current = await tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.courseId, courseId));
    checkSameSet(
      current.map((row) => row.id),
      ids,
      "chapters of this course",
    );
    if (ids.length) await tx.update(chapters).set({ position: positionsFrom(ids, chapters.id) }).where(inArray(chapters.id, ids));
    return { ids };
  });
}

export async function reorderVideos(db: Database, chapterId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    await lockAcademy(tx);
    await findChapter(tx, chapterId);
    const current = await tx.select({ id: videos.id }).from(videos).where(eq(videos.chapterId, chapterId));
    checkSameSet(
      current.map((row) => row.id),
      ids,
      "videos of this chapter",
    );
    if (ids.length) await tx.update(videos).set({ position: positionsFrom(ids, videos.id) }).where(inArray(videos.id, ids));
    return { ids };
  });
}
