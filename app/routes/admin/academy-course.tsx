import { useCallback, useMemo } from "react";
import { ExternalLinkIcon, PlusIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import type { Route } from "./+types/academy-course";
import { ConfirmDeletePage, DeleteCourseControl, PublishToggle, StatusBadge } from "~/components/academy-admin/controls";
import { AcademyFormConstraintsContext } from "~/components/academy-admin/form-constraints";
import { ThumbnailWidget } from "~/components/academy-admin/thumbnail-widget";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { BackLink } from "~/components/back-link";
import { type FormActionData, readConfirm, type RowActionData } from "~/lib/academy-admin";
import { ChapterFormSchema, VideoFormSchema } from "~/lib/academy-admin-schemas";
import { academyFormConstraints, idOf, idsOf, invalid, publishAction, requireAdmin, rowAction, submitCourseForm, submitForm, thumbnailAction, thumbnailTargetOf } from "./academy.server";
import type { AcademyCourseDetail } from "~/lib/api-types";
import { getApiClient, notFoundOn404, read } from "~/lib/api.server";

import { formatDuration } from "#domain/academy";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { deferred } from "~/lib/deferred";

// The forms, the chapters' list (its forms inside) and conform come after the page hydrates (app/lib/deferred.tsx).
const CourseForm = deferred(() => import("~/components/academy-admin/forms").then((module) => module.CourseForm));
const ChapterForm = deferred(() => import("~/components/academy-admin/forms").then((module) => module.ChapterForm));
const ChapterList = deferred(() => import("~/components/academy-admin/chapter-list").then((module) => module.ChapterList));
const NEW_CHAPTER = { title: "", description: "" };

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.course.title }]);

const notFound = () => data(null, { status: 404 });

export async function loader({ context, params, url }: Route.LoaderArgs) {
  await requireAdmin(context);
  if (!z.uuid().safeParse(params.id).success) throw notFound();
  const [{ data: course }, t] = await Promise.all([
    read(getApiClient(context).academy.admin.courses[":id"].$get({ param: { id: params.id } })).catch(notFoundOn404),
    getFixedT(context),
  ]);
  return { course, confirming: confirmingOf(course, url.searchParams), title: `${course.title} · ${t("nav.adminAcademy")}`, constraints: academyFormConstraints() };
}

/** Without JavaScript a delete asks on this page first (?confirm=<kind>&id=…): what it is about. */
function confirmingOf(course: AcademyCourseDetail, search: URLSearchParams) {
  const confirm = readConfirm(search);
  if (!confirm) return null;
  const videos = course.chapters.flatMap((chapter) => chapter.videos);
  switch (confirm.kind) {
    case "course":
    case "course-thumbnail":
      return confirm.id === course.id && (confirm.kind === "course" || course.thumbnail_url) ? { ...confirm, name: course.title } : null;
    case "chapter": {
      const chapter = course.chapters.find((item) => item.id === confirm.id);
      return chapter ? { ...confirm, name: chapter.title } : null;
    }
    case "video":
    case "video-thumbnail": {
      const video = videos.find((item) => item.id === confirm.id);
      return video && (confirm.kind === "video" || video.thumbnail_url) ? { ...confirm, name: video.title } : null;
    }
  }
}

const VIDEO_FIELDS = ["title", "link", "link_en", "link_fr", "duration_seconds", "description"] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context);
  if (!z.uuid().safeParse(params.id).success) throw notFound();
  const t = await getFixedT(context);
  const back = `/admin/academy/courses/${params.id}`;
  // Over 10 MB and the form around it, the root middleware refused it unread (413).
  const formData = await request.formData();
  const admin = getApiClient(context).academy.admin;
  const course = { param: { id: params.id } };
  const intent = String(formData.get("intent") ?? "");
  const success = (key: string) => () => redirectWithToast(back, { type: "success", title: t(key) });

  switch (intent) {
    case "update-course":
      return submitCourseForm({
        formData,
        formId: "course",
        t,
        fallbackKey: "academyAdmin:toast.courseUpdateFailed",
        call: (value) => read(admin.courses[":id"].$put({ ...course, json: value })),
        success: success("academyAdmin:toast.courseUpdated"),
      });
    case "publish":
      return publishAction(formData, context, t, back);
    case "delete-course":
      return rowAction({
        formData,
        t,
        back,
        call: () => read(admin.courses[":id"].$delete(course)),
        success: "academyAdmin:toast.courseDeleted",
        fallbackKey: "academyAdmin:toast.courseDeleteFailed",
        redirectTo: "/admin/academy",
      });
    case "create-chapter":
      return submitForm({
        formData,
        formId: "new-chapter",
        schema: ChapterFormSchema,
        fields: ["title", "description"],
        t,
        fallbackKey: "academyAdmin:toast.chapterCreateFailed",
        call: (value) => read(admin.chapters.$post({ json: { course_id: params.id, ...value } })),
        success: success("academyAdmin:toast.chapterCreated"),
      });
    case "update-chapter": {
      const id = idOf(formData);
      return submitForm({
        formData,
        formId: `chapter-${id}`,
        schema: ChapterFormSchema,
        fields: ["title", "description"],
        t,
        fallbackKey: "academyAdmin:toast.chapterUpdateFailed",
        call: (value) => (id ? read(admin.chapters[":id"].$put({ param: { id }, json: value })) : Promise.reject(invalid())),
        success: success("academyAdmin:toast.chapterUpdated"),
      });
    }
    case "delete-chapter": {
      const id = idOf(formData);
      return rowAction({
        formData,
        t,
        back,
        call: () => (id ? read(admin.chapters[":id"].$delete({ param: { id } })) : Promise.reject(invalid())),
        success: "academyAdmin:toast.chapterDeleted",
        fallbackKey: "academyAdmin:toast.chapterDeleteFailed",
      });
    }
    case "reorder-chapters":
      return rowAction({
        formData,
        t,
        back,
        call: () => read(admin.courses[":id"].chapters.reorder.$post({ ...course, json: { ids: idsOf(formData) } })),
        success: "academyAdmin:toast.reordered",
        fallbackKey: "academyAdmin:toast.reorderFailed",
      });
    case "create-video": {
      const chapterId = idOf(formData, "chapter_id");
      return submitForm({
        formData,
        formId: `new-video-${chapterId}`,
        schema: VideoFormSchema,
        fields: VIDEO_FIELDS,
        t,
        fallbackKey: "academyAdmin:toast.videoCreateFailed",
        call: (value) => (chapterId ? read(admin.videos.$post({ json: { chapter_id: chapterId, ...value } })) : Promise.reject(invalid())),
        success: success("academyAdmin:toast.videoCreated"),
      });
    }
    case "update-video": {
      const id = idOf(formData);
      return submitForm({
        formData,
        formId: `video-${id}`,
        schema: VideoFormSchema,
        fields: VIDEO_FIELDS,
        t,
        fallbackKey: "academyAdmin:toast.videoUpdateFailed",
        call: (value) => (id ? read(admin.videos[":id"].$put({ param: { id }, json: value })) : Promise.reject(invalid())),
        success: success("academyAdmin:toast.videoUpdated"),
      });
    }
    case "delete-video": {
      const id = idOf(formData);
      return rowAction({
        formData,
        t,
        back,
        call: () => (id ? read(admin.videos[":id"].$delete({ param: { id } })) : Promise.reject(invalid())),
        success: "academyAdmin:toast.videoDeleted",
        fallbackKey: "academyAdmin:toast.videoDeleteFailed",
      });
    }
    case "reorder-videos": {
      const chapterId = idOf(formData, "chapter_id");
      return rowAction({
        formData,
        t,
        back,
        call: () => (chapterId ? read(admin.chapters[":id"].videos.reorder.$post({ param: { id: chapterId }, json: { ids: idsOf(formData) } })) : Promise.reject(invalid())),
        success: "academyAdmin:toast.reordered",
        fallbackKey: "academyAdmin:toast.reorderFailed",
      });
    }
    case "thumbnail-upload":
    case "thumbnail-url":
    case "thumbnail-delete": {
      const target = thumbnailTargetOf(formData);
      if (!target || !idOf(formData, "target_id")) throw data(null, { status: 400 });
      return thumbnailAction({ formData, intent, target, to: back, t, context });
    }
  }
  throw data(null, { status: 400 });
}

type ActionData = FormActionData | RowActionData | undefined;

export default function AdminCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { course, confirming } = loaderData;
  const back = `/admin/academy/courses/${course.id}`;
  // A plain post's answer (a fetcher's goes to its own component): which form or thumbnail it is about.
  const answer = (navigation.state === "idle" ? actionData : undefined) as ActionData;
  // Kept while the answer is: the chapters' list comes after the page hydrates (deferred), and a
  // part not hydrated yet that is given a new function is drawn again, empty until its code is here.
  const resultFor = useCallback((formId: string) => (answer && "formId" in answer && answer.formId === formId ? answer.result : undefined), [answer]);
  const courseDefaults = useMemo(
    () => ({ slug: course.slug, title: course.title, description: course.description, locale: course.locale ?? "" }),
    [course.slug, course.title, course.description, course.locale],
  );
  const thumbnailAnswer = answer && "thumbnail" in answer ? answer.thumbnail : undefined;

  if (confirming) {
    const texts = {
      course: { title: t("academyAdmin:courses.deleteTitle", { title: confirming.name }), description: t("academyAdmin:courses.deleteDescription"), intent: "delete-course" },
      chapter: { title: t("academyAdmin:chapter.deleteTitle", { title: confirming.name }), description: t("academyAdmin:chapter.deleteDescription"), intent: "delete-chapter" },
      video: { title: t("academyAdmin:video.deleteTitle", { title: confirming.name }), description: t("academyAdmin:video.deleteDescription"), intent: "delete-video" },
      "course-thumbnail": { title: t("academyAdmin:thumbnail.deleteTitle"), description: t("academyAdmin:thumbnail.deleteDescription", { name: confirming.name }), intent: "thumbnail-delete" },
      "video-thumbnail": { title: t("academyAdmin:thumbnail.deleteTitle"), description: t("academyAdmin:thumbnail.deleteDescription", { name: confirming.name }), intent: "thumbnail-delete" },
    }[confirming.kind];
    const payload: Record<string, string> = confirming.kind.endsWith("thumbnail")
      ? { intent: texts.intent, target: confirming.kind.replace("-thumbnail", ""), target_id: confirming.id }
      : { intent: texts.intent, id: confirming.id };
    return <ConfirmDeletePage title={texts.title} description={texts.description} payload={payload} cancelTo={back} />;
  }

  return (
    <AcademyFormConstraintsContext.Provider value={loaderData.constraints}>
      <section className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-10">
        <div className="grid gap-3">
          <BackLink to="/admin/academy">{t("academyAdmin:course.back")}</BackLink>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-semibold tracking-tight">{course.title}</h1>
                <StatusBadge published={course.is_published} />
              </div>
              <p className="text-sm text-slate-500">
                <span className="break-all font-mono">/academy/{course.slug}</span> · {t("academy:chapters", { count: course.chapter_count })} ·{" "}
                {t("academy:videos", { count: course.video_count })} · {formatDuration(course.total_duration_seconds)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <PublishToggle id={course.id} published={course.is_published} name={course.title} />
              <Link to={`/academy/${course.slug}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
                <ExternalLinkIcon aria-hidden /> {t("academyAdmin:course.preview")}
              </Link>
              <DeleteCourseControl course={course} />
            </div>
          </div>
        </div>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Card className="grid min-w-0 content-start gap-3 p-4 sm:p-6">
            <CardTitle>{t("academyAdmin:course.details")}</CardTitle>
            <CourseForm
              id="course"
              intent="update-course"
              lastResult={resultFor("course")}
              defaultValue={courseDefaults}
              submitLabel={t("common.save")}
            />
          </Card>
          <Card className="grid min-w-0 content-start gap-3 p-4 sm:p-6">
            <ThumbnailWidget kind="course" id={course.id} url={course.thumbnail_url} name={course.title} actionData={thumbnailAnswer} />
          </Card>
        </div>

        <Card className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 sm:p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <CardTitle>{t("academyAdmin:chapter.list")}</CardTitle>
            <p className="text-sm text-slate-500">{t("academyAdmin:order.hint")}</p>
          </div>
          {course.chapters.length ? (
            <ChapterList course={course} resultFor={resultFor} thumbnailAnswer={thumbnailAnswer} />
          ) : (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{t("academyAdmin:chapter.empty")}</p>
          )}
          <div className="grid gap-2 rounded-md border border-dashed border-slate-300 p-4">
            <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
              <PlusIcon className="size-4" aria-hidden /> {t("academyAdmin:chapter.new")}
            </h3>
            <ChapterForm
              key={course.chapters.map((chapter) => chapter.id).join()}
              id="new-chapter"
              intent="create-chapter"
              lastResult={resultFor("new-chapter")}
              defaultValue={NEW_CHAPTER}
              submitLabel={t("academyAdmin:chapter.create")}
            />
          </div>
        </Card>
      </section>
    </AcademyFormConstraintsContext.Provider>
  );
}
