import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { notFound } from "../http/errors";
import type { Database, Executor } from "../db/client";
import { type ChapterRow, chapters, type CourseRow, courses, type VideoRow, videoProgress, videos } from "../db/schema";
import type { AcademyLocale } from "#domain/academy";
import { videoSources } from "#domain/video-links";

/*
 * The academy as its users see it: published courses (every course for an admin), a course's
 * chapters and videos in order, and each user's own progress. The admin's writes are in admin.ts.
 */

/** Who is asking: unpublished courses exist only for admins. */
export type Viewer = { id: string; role: "user" | "admin" };

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

export async function summarize(db: Executor, viewer: Viewer, rows: CourseRow[]) {
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

export async function watchedAt(db: Executor, userId: string, videoIds: string[]): Promise<Map<string, Date>> {
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

export async function findCourse(db: Executor, id: string) {
  const [course] = await db.select().from(courses).where(eq(courses.id, id));
  if (!course) throw notFound("Course not found");
  return course;
}

