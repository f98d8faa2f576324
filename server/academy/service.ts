import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ApiError, badRequest, notFound } from "../http/errors";
import type { Database, Executor } from "../db/client";
import { type ChapterRow, chapters, type CourseRow, courses, type VideoRow, videoProgress, videos } from "../db/schema";
import { getStorage, newStorageKey } from "../integrations/storage";
import { detectImageType } from "../integrations/storage/image-type";
import { logger } from "../logger";
import { MAX_THUMBNAIL_BYTES, type AcademyLocale } from "#domain/academy";
import { videoSources, type VideoLink } from "#domain/video-links";

/** Seed 001 §5 and §9: the largest thumbnail, 10 MB. */

/** Who is asking: unpublished courses exist only for admins. */
export type Viewer = { id: string; role: "user" | "admin" };

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
export type ThumbnailTarget = { kind: "course" | "video"; id: string };

type Stats = { chapterCount: number; videoCount: number; totalDuration: number };
type Progress = { watched: number; total: number };

// ---- shapes -----------------------------------------------------------------------------------

function toCourse(row: CourseRow, stats: Stats | undefined, watched: number) {
  const videoCount = stats?.videoCount ?? 0;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    locale: row.locale,
    thumbnail_url: row.thumbnailUrl,
    is_published: row.isPublished,
    position: row.position,
    chapter_count: stats?.chapterCount ?? 0,
    video_count: videoCount,
    total_duration_seconds: stats?.totalDuration ?? 0,
    progress: { watched: Math.min(watched, videoCount), total: videoCount } satisfies Progress,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toChapter(row: ChapterRow) {
  return {
    id: row.id,
    course_id: row.courseId,
    title: row.title,
    description: row.description,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toVideo(row: VideoRow, watchedAt: Date | undefined) {
  return {
    id: row.id,
    chapter_id: row.chapterId,
    title: row.title,
    description: row.description,
    link: row.link,
    sources: videoSources(row.link),
    duration_seconds: row.durationSeconds,
    thumbnail_url: row.thumbnailUrl,
    position: row.position,
    watched: watchedAt !== undefined,
    watched_at: watchedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// The one order everywhere: position, then age (a gap or a tie after concurrent writes stays stable).
const courseOrder = [asc(courses.position), asc(courses.createdAt), asc(courses.id)];
const chapterOrder = [asc(chapters.position), asc(chapters.createdAt), asc(chapters.id)];
const videoOrder = [asc(videos.position), asc(videos.createdAt), asc(videos.id)];

// ---- reads ------------------------------------------------------------------------------------

async function courseStats(db: Executor, courseIds: string[]): Promise<Map<string, Stats>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({
      courseId: chapters.courseId,
      chapterCount: sql<number>`count(distinct ${chapters.id})::int`,
      videoCount: sql<number>`count(${videos.id})::int`,
      totalDuration: sql<number>`coalesce(sum(${videos.durationSeconds}), 0)::int`,
    })
    .from(chapters)
    .leftJoin(videos, eq(videos.chapterId, chapters.id))
    .where(inArray(chapters.courseId, courseIds))
    .groupBy(chapters.courseId);
  return new Map(rows.map((row) => [row.courseId, row]));
}

async function watchedCounts(db: Executor, userId: string, courseIds: string[]): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: chapters.courseId, watched: sql<number>`count(*)::int` })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .innerJoin(chapters, eq(chapters.id, videos.chapterId))
    .where(and(eq(videoProgress.userId, userId), inArray(chapters.courseId, courseIds)))
    .groupBy(chapters.courseId);
  return new Map(rows.map((row) => [row.courseId, row.watched]));
}

async function summarize(db: Executor, viewer: Viewer, rows: CourseRow[]) {
  const ids = rows.map((row) => row.id);
  const [stats, watched] = await Promise.all([courseStats(db, ids), watchedCounts(db, viewer.id, ids)]);
  return rows.map((row) => toCourse(row, stats.get(row.id), watched.get(row.id) ?? 0));
}

/** Published courses in order; with a locale, that language's and the untagged ones. */
export async function listPublishedCourses(db: Executor, viewer: Viewer, options: { locale?: AcademyLocale } = {}) {
  const conditions: SQL[] = [eq(courses.isPublished, true)];
  if (options.locale) conditions.push(or(eq(courses.locale, options.locale), isNull(courses.locale))!);
  const rows = await db
    .select()
    .from(courses)
    .where(and(...conditions))
    .orderBy(...courseOrder);
  return summarize(db, viewer, rows);
}

export async function listAllCourses(db: Executor, viewer: Viewer) {
  const rows = await db
    .select()
    .from(courses)
    .orderBy(...courseOrder);
  return summarize(db, viewer, rows);
}

const visible = (viewer: Viewer, course: CourseRow) => course.isPublished || viewer.role === "admin";

async function courseDetail(db: Executor, viewer: Viewer, course: CourseRow) {
  const chapterRows = await db
    .select()
    .from(chapters)
    .where(eq(chapters.courseId, course.id))
    .orderBy(...chapterOrder);
  const videoRows = chapterRows.length
    ? await db
        .select()
        .from(videos)
        .where(
          inArray(
            videos.chapterId,
            chapterRows.map((chapter) => chapter.id),
          ),
        )
        .orderBy(...videoOrder)
    : [];
  const watched = await watchedAt(
    db,
    viewer.id,
    videoRows.map((video) => video.id),
  );
  const chapterList = chapterRows.map((chapter) => {
    const own = videoRows.filter((video) => video.chapterId === chapter.id);
    return {
      ...toChapter(chapter),
      video_count: own.length,
      total_duration_seconds: own.reduce((sum, video) => sum + video.durationSeconds, 0),
      videos: own.map((video) => toVideo(video, watched.get(video.id))),
    };
  });
  const stats: Stats = {
    chapterCount: chapterRows.length,
    videoCount: videoRows.length,
    totalDuration: videoRows.reduce((sum, video) => sum + video.durationSeconds, 0),
  };
  return { ...toCourse(course, stats, watched.size), chapters: chapterList };
}

async function watchedAt(db: Executor, userId: string, videoIds: string[]): Promise<Map<string, Date>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db
    .select({ videoId: videoProgress.videoId, watchedAt: videoProgress.watchedAt })
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), inArray(videoProgress.videoId, videoIds)));
  return new Map(rows.map((row) => [row.videoId, row.watchedAt]));
}

/** A course page: its chapters and videos in order, with the viewer's progress. Unpublished: admins only. */
export async function getCourseBySlug(db: Executor, viewer: Viewer, slug: string) {
  const [course] = await db.select().from(courses).where(eq(courses.slug, slug));
  if (!course || !visible(viewer, course)) throw notFound("Course not found");
  return courseDetail(db, viewer, course);
}

export async function getCourseById(db: Executor, viewer: Viewer, id: string) {
  return courseDetail(db, viewer, await findCourse(db, id));
}

/** A video with where it sits: its chapter, its course, and the videos before and after it across chapters. */
export async function getVideo(db: Executor, viewer: Viewer, id: string) {
  const { video, chapter, course } = await findVisibleVideo(db, viewer, id);
  const sequence = await db
    .select({ id: videos.id })
    .from(videos)
    .innerJoin(chapters, eq(chapters.id, videos.chapterId))
    .where(eq(chapters.courseId, course.id))
    .orderBy(...chapterOrder, ...videoOrder);
  const index = sequence.findIndex((entry) => entry.id === video.id);
  const [watched, progress] = await Promise.all([watchedAt(db, viewer.id, [video.id]), courseProgress(db, viewer.id, course.id)]);
  return {
    ...toVideo(video, watched.get(video.id)),
    chapter: { id: chapter.id, title: chapter.title, position: chapter.position },
    course: { id: course.id, slug: course.slug, title: course.title, locale: course.locale, is_published: course.isPublished, progress },
    previous_video_id: index > 0 ? sequence[index - 1].id : null,
    next_video_id: index >= 0 && index < sequence.length - 1 ? sequence[index + 1].id : null,
  };
}

async function findVisibleVideo(db: Executor, viewer: Viewer, id: string) {
  const [row] = await db
    .select({ video: videos, chapter: chapters, course: courses })
    .from(videos)
    .innerJoin(chapters, eq(chapters.id, videos.chapterId))
    .innerJoin(courses, eq(courses.id, chapters.courseId))
    .where(eq(videos.id, id));
  if (!row || !visible(viewer, row.course)) throw notFound("Video not found");
  return row;
}

async function courseProgress(db: Executor, userId: string, courseId: string): Promise<Progress> {
  const [stats, watched] = await Promise.all([courseStats(db, [courseId]), watchedCounts(db, userId, [courseId])]);
  return { watched: watched.get(courseId) ?? 0, total: stats.get(courseId)?.videoCount ?? 0 };
}

// ---- progress ---------------------------------------------------------------------------------

/** Marks a video watched (kept with its first date) or not; each user has their own. */
export async function setProgress(db: Database, viewer: Viewer, videoId: string, watched: boolean) {
  const { course } = await findVisibleVideo(db, viewer, videoId);
  if (watched) {
    await db.insert(videoProgress).values({ userId: viewer.id, videoId }).onConflictDoNothing();
  } else {
    await db.delete(videoProgress).where(and(eq(videoProgress.userId, viewer.id), eq(videoProgress.videoId, videoId)));
  }
  const [marks, progress] = await Promise.all([watchedAt(db, viewer.id, [videoId]), courseProgress(db, viewer.id, course.id)]);
  const at = marks.get(videoId);
  return { video_id: videoId, watched: at !== undefined, watched_at: at?.toISOString() ?? null, course_progress: progress };
}

// ---- admin: courses ---------------------------------------------------------------------------

/** Academy writes take turns: positions are computed from what is there, and reorders see a stable set. */
async function lockAcademy(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('academy'))`);
}

async function findCourse(db: Executor, id: string) {
  const [course] = await db.select().from(courses).where(eq(courses.id, id));
  if (!course) throw notFound("Course not found");
  return course;
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
  new ApiError(409, "Another course already uses this slug", { code: "slug_taken", errors: { slug: ["Another course already uses this slug"] } });

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
    throw badRequest(message, { code: "reorder_mismatch", errors: { ids: [message] } });
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

// ---- admin: thumbnails ------------------------------------------------------------------------

const thumbnailTable = (target: ThumbnailTarget) => (target.kind === "course" ? courses : videos);

async function currentThumbnail(tx: Executor, target: ThumbnailTarget, lock: boolean) {
  const table = thumbnailTable(target);
  const query = tx.select({ key: table.thumbnailKey }).from(table).where(eq(table.id, target.id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(target.kind === "course" ? "Course not found" : "Video not found");
  return row;
}

/** Sets (or clears) a thumbnail; the file it replaces, if Sightline stored it, is deleted after the commit. */
async function replaceThumbnail(db: Database, target: ThumbnailTarget, url: string | null, key: string | null) {
  const table = thumbnailTable(target);
  const previous = await db.transaction(async (tx) => {
    const { key: old } = await currentThumbnail(tx, target, true);
    await tx.update(table).set({ thumbnailUrl: url, thumbnailKey: key, updatedAt: new Date() }).where(eq(table.id, target.id));
    return old;
  });
  if (previous && previous !== key) await removeStored([previous]);
  return { thumbnail_url: url };
}

/**
 * An uploaded image: its type is read from its first bytes (JPEG, PNG, WebP, GIF), never taken from
 * the declared type or the name, and it is stored under a new random key with that type.
 */
export async function uploadThumbnail(db: Database, target: ThumbnailTarget, bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw badRequest("The file is empty", { code: "file_empty", errors: { file: ["The file is empty"] } });
  if (bytes.byteLength > MAX_THUMBNAIL_BYTES) throw fileTooLarge();
  const type = detectImageType(bytes);
  if (!type) {
    const message = "The file must be a JPEG, PNG, WebP or GIF image";
    throw badRequest(message, { code: "file_type", errors: { file: [message] } });
  }
  await currentThumbnail(db, target, false);
  const key = newStorageKey(`academy/${target.kind}s`, type.extension);
  let url: string;
  try {
    url = await getStorage().put(key, bytes, type.contentType);
  } catch (error) {
    logger.error("academy.thumbnail_store_failed", { error: String(error), key });
    throw new ApiError(502, "The image could not be stored. Try again.", { code: "storage_error" });
  }
  try {
    return await replaceThumbnail(db, target, url, key);
  } catch (error) {
    // Deleted meanwhile: the new file would be an orphan.
    await removeStored([key]);
    throw error;
  }
}

export async function setThumbnailUrl(db: Database, target: ThumbnailTarget, url: string) {
  return replaceThumbnail(db, target, url, null);
}

export async function deleteThumbnail(db: Database, target: ThumbnailTarget) {
  return replaceThumbnail(db, target, null, null);
}

export const fileTooLarge = () =>
  new ApiError(413, "The image is larger than 10 MB", { code: "file_size", errors: { file: ["The image is larger than 10 MB"] } });

/** Best effort: a file left behind costs a little storage; a failed request over it would cost the user. */
async function removeStored(keys: (string | null)[]) {
  const storage = getStorage();
  await Promise.all(
    keys
      .filter((key): key is string => Boolean(key))
      .map((key) =>
        storage.delete(key).catch((error) => {
          logger.warn("academy.thumbnail_delete_failed", { key, error: String(error) });
        }),
      ),
  );
}
