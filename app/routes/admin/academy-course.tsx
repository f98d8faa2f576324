import { ArrowLeftIcon, ExternalLinkIcon, PencilIcon, PlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/academy-course";
import { VideoThumbnail } from "~/components/academy/video-thumbnail";
import { ConfirmDeletePage, DeleteControl, DragHandle, MoveButtons, PublishToggle, StatusBadge, usePending, usePendingOrder, useSortable } from "~/components/academy-admin/controls";
import { ChapterForm, CourseForm, VideoForm } from "~/components/academy-admin/forms";
import { ThumbnailWidget } from "~/components/academy-admin/thumbnail-widget";
import { buttonVariants } from "~/components/ui/button";
import { ChapterFormSchema, CourseFormSchema, durationInput, inOrder, linkFields, readConfirm, VideoFormSchema } from "~/lib/academy-admin";
import {
  type FormActionData,
  idOf,
  idsOf,
  invalid,
  publishAction,
  requireAdmin,
  type RowActionData,
  rowAction,
  submitForm,
  thumbnailAction,
  thumbnailTargetOf,
} from "~/lib/academy-admin.server";
import { type AcademyCourseDetail, getApiClient, notFoundOn404 } from "~/lib/api.server";
import { formatDuration, sourceFor } from "#domain/academy";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

type Chapter = AcademyCourseDetail["chapters"][number];
type Video = Chapter["videos"][number];

const notFound = () => data(null, { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  if (!z.uuid().safeParse(params.id).success) throw notFound();
  const [course, t] = await Promise.all([getApiClient(context).academyAdmin.course(params.id).catch(notFoundOn404), getFixedT(context)]);
  return { course, confirming: confirmingOf(course, new URL(request.url).searchParams), title: `${course.title} · ${t("nav.adminAcademy")}` };
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

const VIDEO_FIELDS = ["title", "link", "link_en", "link_fr", "duration", "description"] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(context, request);
  if (!z.uuid().safeParse(params.id).success) throw notFound();
  const t = await getFixedT(context);
  const back = `/admin/academy/courses/${params.id}`;
  // Over 10 MB and the form around it, the root middleware refused it unread (413).
  const formData = await request.formData();
  const api = getApiClient(context).academyAdmin;
  const intent = String(formData.get("intent") ?? "");
  const success = (key: string) => () => redirectWithToast(back, { type: "success", title: t(key) });

  switch (intent) {
    case "update-course":
      return submitForm({
        formData,
        formId: "course",
        schema: CourseFormSchema,
        fields: ["slug", "title", "description", "locale"],
        t,
        fallbackKey: "academyAdmin:toast.courseUpdateFailed",
        call: (value) => api.updateCourse(params.id, value),
        success: success("academyAdmin:toast.courseUpdated"),
      });
    case "publish":
      return publishAction(formData, context, t, back);
    case "delete-course":
      return rowAction({
        formData,
        t,
        back,
        call: () => api.deleteCourse(params.id),
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
        call: (value) => api.createChapter({ course_id: params.id, ...value }),
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
        call: (value) => (id ? api.updateChapter(id, value) : Promise.reject(invalid())),
        success: success("academyAdmin:toast.chapterUpdated"),
      });
    }
    case "delete-chapter": {
      const id = idOf(formData);
      return rowAction({
        formData,
        t,
        back,
        call: () => (id ? api.deleteChapter(id) : Promise.reject(invalid())),
        success: "academyAdmin:toast.chapterDeleted",
        fallbackKey: "academyAdmin:toast.chapterDeleteFailed",
      });
    }
    case "reorder-chapters":
      return rowAction({
        formData,
        t,
        back,
        call: () => api.reorderChapters(params.id, idsOf(formData)),
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
        call: (value) => (chapterId ? api.createVideo({ chapter_id: chapterId, ...value }) : Promise.reject(invalid())),
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
        call: (value) => (id ? api.updateVideo(id, value) : Promise.reject(invalid())),
        success: success("academyAdmin:toast.videoUpdated"),
      });
    }
    case "delete-video": {
      const id = idOf(formData);
      return rowAction({
        formData,
        t,
        back,
        call: () => (id ? api.deleteVideo(id) : Promise.reject(invalid())),
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
        call: () => (chapterId ? api.reorderVideos(chapterId, idsOf(formData)) : Promise.reject(invalid())),
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
  const resultFor = (formId: string) => (answer && "formId" in answer && answer.formId === formId ? answer.result : undefined);
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
    <section className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-10">
      <div className="grid gap-3">
        <Link to="/admin/academy" className="flex w-fit items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
          <ArrowLeftIcon className="size-4" aria-hidden /> {t("academyAdmin:course.back")}
        </Link>
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
            <DeleteControl
              label={t("academyAdmin:courses.delete")}
              name={course.title}
              title={t("academyAdmin:courses.deleteTitle", { title: course.title })}
              description={t("academyAdmin:courses.deleteDescription")}
              confirm={{ kind: "course", id: course.id }}
              payload={{ intent: "delete-course", id: course.id }}
            />
          </div>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <h2 className="text-lg font-semibold">{t("academyAdmin:course.details")}</h2>
          <CourseForm
            id="course"
            intent="update-course"
            lastResult={resultFor("course")}
            defaultValue={{ slug: course.slug, title: course.title, description: course.description, locale: course.locale ?? "" }}
            submitLabel={t("common.save")}
          />
        </div>
        <div className="grid min-w-0 content-start gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
          <ThumbnailWidget kind="course" id={course.id} url={course.thumbnail_url} name={course.title} actionData={thumbnailAnswer} />
        </div>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t("academyAdmin:chapter.list")}</h2>
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
            defaultValue={{ title: "", description: "" }}
            submitLabel={t("academyAdmin:chapter.create")}
          />
        </div>
      </div>
    </section>
  );
}

type ResultFor = (formId: string) => FormActionData["result"] | undefined;
type ThumbnailAnswer = RowActionData["thumbnail"];

function ChapterList({ course, resultFor, thumbnailAnswer }: { course: AcademyCourseDetail; resultFor: ResultFor; thumbnailAnswer: ThumbnailAnswer }) {
  const pending = usePendingOrder("reorder-chapters");
  const ids = inOrder(course.chapters, pending).map((chapter) => chapter.id);
  const sortable = useSortable({ ids, intent: "reorder-chapters" });
  const shown = inOrder(course.chapters, sortable.order);
  return (
    <ol className="grid gap-4">
      {shown.map((chapter, index) => (
        <ChapterItem
          key={chapter.id}
          chapter={chapter}
          number={index + 1}
          ids={ids}
          dragging={sortable.dragging === chapter.id}
          rowProps={sortable.rowProps(chapter.id)}
          handleProps={sortable.handleProps(chapter.id)}
          resultFor={resultFor}
          thumbnailAnswer={thumbnailAnswer}
        />
      ))}
    </ol>
  );
}

type SortableProps = {
  ids: string[];
  dragging: boolean;
  rowProps: React.HTMLAttributes<HTMLLIElement>;
  handleProps: React.HTMLAttributes<HTMLSpanElement>;
  resultFor: ResultFor;
  thumbnailAnswer: ThumbnailAnswer;
};

function ChapterItem({ chapter, number, ids, dragging, rowProps, handleProps, resultFor, thumbnailAnswer }: { chapter: Chapter; number: number } & SortableProps) {
  const { t } = useTranslation();
  const deleting = usePending("delete-chapter", chapter.id);
  const editResult = resultFor(`chapter-${chapter.id}`);
  const newVideoResult = resultFor(`new-video-${chapter.id}`);
  const scope = { chapter_id: chapter.id };
  const pending = usePendingOrder("reorder-videos", scope);
  const videoIds = inOrder(chapter.videos, pending).map((video) => video.id);
  const sortable = useSortable({ ids: videoIds, intent: "reorder-videos", scope });
  if (deleting) return null;
  const videos = inOrder(chapter.videos, sortable.order);
  return (
    <li {...rowProps} data-testid="chapter-row" className={cn("grid overflow-hidden rounded-lg border border-slate-200", dragging && "opacity-60 ring-2 ring-indigo-300")}>
      <div className="flex flex-wrap items-center gap-2 bg-slate-50 p-3">
        <DragHandle {...handleProps} label={t("academyAdmin:order.drag", { name: chapter.title })} />
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("academy:chapter", { number })}</p>
          <h3 className="font-semibold text-slate-900">{chapter.title}</h3>
          {chapter.description ? <p className="text-sm text-slate-600">{chapter.description}</p> : null}
        </div>
        <div className="ml-auto flex items-center gap-2">
          <span className="text-xs text-slate-500">
            {t("academy:videos", { count: chapter.video_count })} · {formatDuration(chapter.total_duration_seconds)}
          </span>
          <MoveButtons intent="reorder-chapters" ids={ids} id={chapter.id} name={chapter.title} />
          <DeleteControl
            compact
            label={t("academyAdmin:chapter.delete")}
            name={chapter.title}
            title={t("academyAdmin:chapter.deleteTitle", { title: chapter.title })}
            description={t("academyAdmin:chapter.deleteDescription")}
            confirm={{ kind: "chapter", id: chapter.id }}
            payload={{ intent: "delete-chapter", id: chapter.id }}
          />
        </div>
      </div>
      <details open={Boolean(editResult)} className="border-t border-slate-100 px-3 py-2">
        <summary className="flex w-fit cursor-pointer items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900">
          <PencilIcon className="size-3.5" aria-hidden /> {t("academyAdmin:chapter.edit")}
        </summary>
        <ChapterForm
          id={`chapter-${chapter.id}`}
          intent="update-chapter"
          hidden={{ id: chapter.id }}
          lastResult={editResult}
          defaultValue={{ title: chapter.title, description: chapter.description }}
          submitLabel={t("common.save")}
          className="pt-2"
        />
      </details>
      {videos.length ? (
        <ol className="divide-y divide-slate-100 border-t border-slate-100">
          {videos.map((video) => (
            <VideoItem
              key={video.id}
              video={video}
              chapterId={chapter.id}
              ids={videoIds}
              dragging={sortable.dragging === video.id}
              rowProps={sortable.rowProps(video.id)}
              handleProps={sortable.handleProps(video.id)}
              resultFor={resultFor}
              thumbnailAnswer={thumbnailAnswer}
            />
          ))}
        </ol>
      ) : (
        <p className="border-t border-slate-100 p-3 text-sm text-slate-500">{t("academyAdmin:video.empty")}</p>
      )}
      {/* Keyed by the videos: a video added closes and empties it (as a page load would). */}
      <details key={chapter.videos.map((video) => video.id).join()} open={Boolean(newVideoResult)} className="border-t border-slate-100 px-3 py-2">
        <summary className="flex w-fit cursor-pointer items-center gap-1.5 text-sm font-medium text-indigo-700 hover:text-indigo-900">
          <PlusIcon className="size-4" aria-hidden /> {t("academyAdmin:video.new")}
        </summary>
        <VideoForm
          id={`new-video-${chapter.id}`}
          intent="create-video"
          hidden={{ chapter_id: chapter.id }}
          lastResult={newVideoResult}
          defaultValue={{ title: "", link: "", link_en: "", link_fr: "", duration: "", description: "" }}
          submitLabel={t("academyAdmin:video.create")}
          className="pt-2"
        />
      </details>
    </li>
  );
}

function VideoItem({ video, chapterId, ids, dragging, rowProps, handleProps, resultFor, thumbnailAnswer }: { video: Video; chapterId: string } & SortableProps) {
  const { t, i18n } = useTranslation();
  const deleting = usePending("delete-video", video.id);
  if (deleting) return null;
  const editResult = resultFor(`video-${video.id}`);
  const ownThumbnail = thumbnailAnswer?.key === `video:${video.id}` ? thumbnailAnswer : undefined;
  const source = sourceFor(video.sources, i18n.language);
  const languages = Object.keys(video.sources).filter((key) => key !== "default");
  return (
    <li {...rowProps} data-testid="video-row" className={cn("grid bg-white", dragging && "bg-indigo-50 opacity-70")}>
      <div className="flex flex-wrap items-center gap-3 p-3">
        <DragHandle {...handleProps} label={t("academyAdmin:order.drag", { name: video.title })} />
        <VideoThumbnail src={video.thumbnail_url ?? source?.host_thumbnail_url} className="w-16 shrink-0 sm:w-24" />
        <div className="grid min-w-0 flex-1 basis-40 grid-cols-[minmax(0,1fr)] gap-0.5">
          <p className="truncate text-sm font-medium text-slate-900" data-testid="video-title">
            {video.title}
          </p>
          <p className="flex flex-wrap gap-x-2 text-xs text-slate-500">
            <span className="tabular-nums">{formatDuration(video.duration_seconds)}</span>
            {source ? <span>{source.provider === "youtube" ? "YouTube" : "Vimeo"}</span> : null}
            {languages.length ? <span>{languages.map((key) => t(`academyAdmin:video.languages.${key}`)).join(" · ")}</span> : null}
          </p>
        </div>
        <div className="ml-auto flex items-center">
          <MoveButtons intent="reorder-videos" ids={ids} id={video.id} scope={{ chapter_id: chapterId }} name={video.title} />
          <DeleteControl
            compact
            label={t("academyAdmin:video.delete")}
            name={video.title}
            title={t("academyAdmin:video.deleteTitle", { title: video.title })}
            description={t("academyAdmin:video.deleteDescription")}
            confirm={{ kind: "video", id: video.id }}
            payload={{ intent: "delete-video", id: video.id }}
          />
        </div>
      </div>
      <details open={Boolean(editResult || ownThumbnail)} className="border-t border-slate-50 px-3 pb-3 sm:pl-14">
        <summary className="flex w-fit cursor-pointer items-center gap-1.5 py-1 text-sm text-slate-600 hover:text-slate-900">
          <PencilIcon className="size-3.5" aria-hidden /> {t("academyAdmin:video.edit")}
        </summary>
        <div className="grid gap-6 pt-2 md:grid-cols-[minmax(0,1fr)_18rem]">
          <VideoForm
            id={`video-${video.id}`}
            intent="update-video"
            hidden={{ id: video.id }}
            lastResult={editResult}
            defaultValue={{ ...linkFields(video.link), title: video.title, duration: durationInput(video.duration_seconds), description: video.description }}
            submitLabel={t("common.save")}
          />
          <ThumbnailWidget kind="video" id={video.id} url={video.thumbnail_url} fallbackUrl={source?.host_thumbnail_url} name={video.title} actionData={ownThumbnail} />
        </div>
      </details>
    </li>
  );
}
