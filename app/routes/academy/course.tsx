import { CircleCheckIcon, CircleIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/course";
import { VideoThumbnail } from "~/components/academy/video-thumbnail";
import { buttonVariants } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { getApiClient, notFoundOn404, read, requireSession } from "~/lib/api.server";

import { formatDuration, sourceFor } from "#domain/academy";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.course.title }]);

/** A course by slug: an unpublished one is a 404 for users (the API says so). */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  const { data: course } = await read(getApiClient(context).academy.courses[":slug"].$get({ param: { slug: params.slug } })).catch(notFoundOn404);
  return { course, title: course.title };
}

export default function Course({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { course } = loaderData;
  const videos = course.chapters.flatMap((chapter) => chapter.videos);
  const next = videos.find((video) => !video.watched) ?? videos[0];
  return (
    <section className="mx-auto grid max-w-4xl gap-6 p-6 lg:p-10">
      <Link to="/academy" className="text-sm text-indigo-700 hover:underline">
        ← {t("academy:allCourses")}
      </Link>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{course.title}</h1>
        {course.is_published ? null : (
          <Badge asChild variant="warning">
            <p>{t("academy:unpublished")}</p>
          </Badge>
        )}
        <p className="whitespace-pre-line text-slate-600">{course.description}</p>
        <p className="text-sm text-slate-600" data-testid="course-summary">
          {t("academy:videos", { count: course.video_count })} · {formatDuration(course.total_duration_seconds)} ·{" "}
          {t("academy:progress", { watched: course.progress.watched, total: course.progress.total })}
        </p>
        {next ? (
          <Link to={`/academy/${course.slug}/${next.id}`} className={buttonVariants({ className: "w-fit" })}>
            {course.progress.watched > 0 ? t("academy:continue") : t("academy:start")}
          </Link>
        ) : null}
      </div>
      <ol className="grid gap-6">
        {course.chapters.map((chapter, index) => (
          <Card asChild key={chapter.id} className="grid gap-3 p-4">
            <li data-testid="chapter">
              <div className="grid gap-0.5">
                <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("academy:chapter", { number: index + 1 })}</p>
                <h2 className="font-semibold text-slate-900">{chapter.title}</h2>
                {chapter.description ? <p className="text-sm text-slate-600">{chapter.description}</p> : null}
              </div>
              <ol className="grid gap-2">
                {chapter.videos.map((video) => {
                  const source = sourceFor(video.sources, i18n.language);
                  return (
                    <li key={video.id} data-testid="video-row">
                      <Link to={`/academy/${course.slug}/${video.id}`} className="flex items-center gap-3 rounded-md p-2 hover:bg-slate-50">
                        <VideoThumbnail src={video.thumbnail_url ?? source?.host_thumbnail_url} className="w-28 shrink-0" />
                        <span className="flex-1 text-sm font-medium text-slate-900">{video.title}</span>
                        <span className="text-xs tabular-nums text-slate-600">{formatDuration(video.duration_seconds)}</span>
                        {video.watched ? (
                          <CircleCheckIcon className="size-4 text-emerald-600" aria-label={t("academy:watched")} />
                        ) : (
                          <CircleIcon className="size-4 text-slate-300" aria-hidden />
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </li>
          </Card>
        ))}
      </ol>
    </section>
  );
}
