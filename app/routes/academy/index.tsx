import { CircleCheckIcon, ClockIcon } from "~/components/ui/icons";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/index";
import { VideoThumbnail } from "~/components/academy/video-thumbnail";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ScreenTitle } from "~/components/screen-title";
import { getApiClient, read, requireSession } from "~/lib/api.server";

import { formatDuration } from "#domain/academy";
import { titleMeta } from "~/lib/meta";
import { StaticMarkup } from "~/lib/static-markup";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const [{ data: courses }, t] = await Promise.all([read(getApiClient(context).academy["published-courses"].$get({ query: {} })), getFixedT(context)]);
  return { courses, title: t("academy:title") };
}

export default function Academy({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { courses } = loaderData;
  return (
    <section className="mx-auto grid max-w-6xl gap-6 p-6 lg:p-10">
      <ScreenTitle title={t("academy:title")} description={t("academy:description")} />
      {courses.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("academy:empty")}</p>
      ) : (
        // The same cards for every reader at the same point of the same courses: their markup is kept per locale and courses.
        <StaticMarkup
          as="ul"
          className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={t("academy:allCourses")}
          cacheKey={`academy-courses:${i18n.language}:${JSON.stringify(courses)}`}
          render={() => courses.map((course) => <CourseCard key={course.id} course={course} t={t} />)}
        />
      )}
    </section>
  );
}

type Course = Route.ComponentProps["loaderData"]["courses"][number];

/** Rendered apart from the page when kept: its words come through `t`, not a hook. */
function CourseCard({ course, t }: { course: Course; t: TFunction }) {
  const { watched, total } = course.progress;
  const percent = total ? Math.round((watched / total) * 100) : 0;
  return (
    <Card asChild className="grid content-start overflow-hidden rounded-xl">
      <li data-testid="course-card">
        <Link to={`/academy/${course.slug}`} className="grid gap-3 p-4 hover:bg-slate-50">
          <VideoThumbnail src={course.thumbnail_url} />
          <div className="grid gap-1">
            <h2 className="font-semibold text-slate-900">{course.title}</h2>
            <p className="line-clamp-3 text-sm text-slate-600">{course.description}</p>
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>{t("academy:chapters", { count: course.chapter_count })}</span>
            <span>{t("academy:videos", { count: course.video_count })}</span>
            <span className="flex items-center gap-1">
              <ClockIcon className="size-3.5" aria-hidden /> {formatDuration(course.total_duration_seconds)}
            </span>
            {course.locale ? <Badge variant="secondary">{t(`academy:language.${course.locale}`)}</Badge> : null}
          </p>
          <div className="grid gap-1" data-testid="course-progress">
            <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t("academy:progress", { watched, total })}>
              <div className="h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
            </div>
            <span className="flex items-center gap-1 text-xs text-slate-600">
              {total > 0 && watched === total ? (
                <>
                  <CircleCheckIcon className="size-3.5 text-emerald-600" aria-hidden /> {t("academy:completed")}
                </>
              ) : watched > 0 ? (
                t("academy:progress", { watched, total })
              ) : (
                t("academy:notStarted")
              )}
            </span>
          </div>
        </Link>
      </li>
    </Card>
  );
}
