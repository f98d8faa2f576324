import { ExternalLinkIcon, PencilIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/academy";
import { VideoThumbnail } from "~/components/academy/video-thumbnail";
import { ConfirmDeletePage, DeleteCourseControl, DragHandle, MoveButtons, PublishToggle, StatusBadge, usePending, usePendingOrder, useSortable } from "~/components/academy-admin/controls";
import { AcademyFormConstraintsContext } from "~/components/academy-admin/form-constraints";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ScreenTitle } from "~/components/screen-title";
import { type FormActionData, inOrder, readConfirm } from "~/lib/academy-admin";
import { academyFormConstraints, idOf, idsOf, invalid, publishAction, requireAdmin, rowAction, submitCourseForm } from "./academy.server";
import type { AcademyCourse } from "~/lib/api-types";
import { dataOf, getApiClient, read } from "~/lib/api.server";

import { formatDuration } from "#domain/academy";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";
import { deferred } from "~/lib/deferred";

// The form and conform come after the page hydrates (app/lib/deferred.tsx).
const CourseForm = deferred(() => import("~/components/academy-admin/forms").then((module) => module.CourseForm));
const NEW_COURSE = { slug: "", title: "", description: "", locale: "" };

export const meta: Route.MetaFunction = titleMeta;

const BACK = "/admin/academy";

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireAdmin(context);
  const [{ data: courses }, t] = await Promise.all([read(getApiClient(context).academy.admin.courses.$get()), getFixedT(context)]);
  // Without JavaScript a delete asks here first (?confirm=course&id=…).
  const confirm = readConfirm(url.searchParams);
  const confirming = confirm?.kind === "course" ? (courses.find((course) => course.id === confirm.id) ?? null) : null;
  return { courses, confirming: confirming ? { id: confirming.id, title: confirming.title } : null, title: t("nav.adminAcademy"), constraints: academyFormConstraints() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context);
  const formData = await request.formData();
  const t = await getFixedT(context);
  const courses = getApiClient(context).academy.admin.courses;
  const intent = formData.get("intent");

  if (intent === "create-course") {
    return submitCourseForm({
      formData,
      formId: "new-course",
      t,
      fallbackKey: "academyAdmin:toast.courseCreateFailed",
      call: (value) => read(courses.$post({ json: value })).then(dataOf),
      success: (_value, created) => redirectWithToast(`/admin/academy/courses/${created.id}`, { type: "success", title: t("academyAdmin:toast.courseCreated") }),
    });
  }
  if (intent === "publish") return publishAction(formData, context, t, BACK);
  if (intent === "reorder-courses") {
    return rowAction({
      formData,
      t,
      back: BACK,
      call: () => read(courses.reorder.$post({ json: { ids: idsOf(formData) } })),
      success: "academyAdmin:toast.reordered",
      fallbackKey: "academyAdmin:toast.reorderFailed",
    });
  }
  if (intent === "delete-course") {
    const id = idOf(formData);
    return rowAction({
      formData,
      t,
      back: BACK,
      call: () => (id ? read(courses[":id"].$delete({ param: { id } })) : Promise.reject(invalid())),
      success: "academyAdmin:toast.courseDeleted",
      fallbackKey: "academyAdmin:toast.courseDeleteFailed",
    });
  }
  throw data(null, { status: 400 });
}

export default function AdminAcademy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { courses, confirming } = loaderData;
  const formResult = navigation.state === "idle" && actionData && "formId" in actionData ? (actionData as FormActionData).result : undefined;

  if (confirming) {
    return (
      <ConfirmDeletePage
        title={t("academyAdmin:courses.deleteTitle", { title: confirming.title })}
        description={t("academyAdmin:courses.deleteDescription")}
        payload={{ intent: "delete-course", id: confirming.id }}
        cancelTo={BACK}
      />
    );
  }

  return (
    <AcademyFormConstraintsContext.Provider value={loaderData.constraints}>
      <section className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-10">
        <ScreenTitle title={t("nav.adminAcademy")} description={t("academyAdmin:description")} />

        <Card className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <CardTitle>{t("academyAdmin:courses.title")}</CardTitle>
            <p className="text-sm text-slate-500">{t("academyAdmin:courses.count", { count: courses.length })}</p>
          </div>
          {courses.length ? <CourseList courses={courses} /> : <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{t("academyAdmin:courses.empty")}</p>}
        </Card>

        <Card className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4 sm:p-6">
          <CardHeader>
            <CardTitle>{t("academyAdmin:courses.new")}</CardTitle>
            <CardDescription>{t("academyAdmin:courses.newHint")}</CardDescription>
          </CardHeader>
          <CourseForm
            id="new-course"
            intent="create-course"
            lastResult={formResult}
            defaultValue={NEW_COURSE}
            submitLabel={t("academyAdmin:courses.create")}
          />
        </Card>
      </section>
    </AcademyFormConstraintsContext.Provider>
  );
}

/** Every course, in order: reordered by buttons or by drag and drop, optimistically. */
function CourseList({ courses }: { courses: AcademyCourse[] }) {
  const { t } = useTranslation();
  const pending = usePendingOrder("reorder-courses");
  const ids = inOrder(courses, pending).map((course) => course.id);
  const sortable = useSortable({ ids, intent: "reorder-courses" });
  const shown = inOrder(courses, sortable.order);
  return (
    <ol className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t("academyAdmin:courses.title")}>
      {shown.map((course) => (
        <CourseRow
          key={course.id}
          course={course}
          ids={ids}
          dragging={sortable.dragging === course.id}
          rowProps={sortable.rowProps(course.id)}
          handleProps={sortable.handleProps(course.id)}
        />
      ))}
    </ol>
  );
}

function CourseRow({
  course,
  ids,
  dragging,
  rowProps,
  handleProps,
}: {
  course: AcademyCourse;
  ids: string[];
  dragging: boolean;
  rowProps: React.HTMLAttributes<HTMLLIElement>;
  handleProps: React.HTMLAttributes<HTMLSpanElement>;
}) {
  const { t } = useTranslation();
  const deleting = usePending("delete-course", course.id);
  const publishing = usePending("publish", course.id);
  if (deleting) return null;
  const edit = `/admin/academy/courses/${course.id}`;
  return (
    <li
      {...rowProps}
      data-testid="course-row"
      className={cn("flex flex-col gap-3 bg-white p-3 sm:flex-row sm:items-center", dragging && "bg-indigo-50 opacity-70")}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <DragHandle {...handleProps} label={t("academyAdmin:order.drag", { name: course.title })} />
        <VideoThumbnail src={course.thumbnail_url} className="w-24 shrink-0" />
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Link to={edit} className="min-w-0 max-w-full truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
              {course.title}
            </Link>
            <StatusBadge published={publishing ? !course.is_published : course.is_published} />
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500">
            <span className="break-all font-mono">/{course.slug}</span>
            <span>{course.locale ? t(`academy:language.${course.locale}`) : t("academyAdmin:course.allLanguages")}</span>
            <span>{t("academy:chapters", { count: course.chapter_count })}</span>
            <span>{t("academy:videos", { count: course.video_count })}</span>
            <span>{formatDuration(course.total_duration_seconds)}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1 self-end sm:self-auto">
        <PublishToggle id={course.id} published={course.is_published} name={course.title} />
        <MoveButtons intent="reorder-courses" ids={ids} id={course.id} name={course.title} />
        <Link to={edit} className={buttonVariants({ variant: "ghost", size: "icon-sm" })} aria-label={`${t("academyAdmin:courses.edit")}: ${course.title}`} title={t("academyAdmin:courses.edit")}>
          <PencilIcon aria-hidden />
        </Link>
        {course.is_published ? (
          <Link to={`/academy/${course.slug}`} className={buttonVariants({ variant: "ghost", size: "icon-sm" })} aria-label={`${t("academyAdmin:courses.view")}: ${course.title}`} title={t("academyAdmin:courses.view")}>
            <ExternalLinkIcon aria-hidden />
          </Link>
        ) : null}
        <DeleteCourseControl compact course={course} />
      </div>
    </li>
  );
}
