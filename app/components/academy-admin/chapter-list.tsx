import { PencilIcon, PlusIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { VideoThumbnail } from "~/components/academy/video-thumbnail";
import { formatDuration, sourceFor } from "#domain/academy";
import { durationInput, type FormActionData, inOrder, linkFields, type RowActionData } from "~/lib/academy-admin";
import type { AcademyCourseDetail } from "~/lib/api-types";
import { cn } from "~/lib/utils";
import { DeleteControl, DragHandle, MoveButtons, usePending, usePendingOrder, useSortable } from "./controls";
import { ChapterForm, VideoForm } from "./forms";
import { ThumbnailWidget } from "./thumbnail-widget";

/*
 * A course's chapters and their videos on its admin page, each reordered by buttons or by drag and
 * drop (optimistically), edited in place and deleted with confirmation. `resultFor` gives a form the
 * page's answer to its last post; `thumbnailAnswer` is the answer to a thumbnail's.
 */

type Chapter = AcademyCourseDetail["chapters"][number];
type Video = Chapter["videos"][number];

type ResultFor = (formId: string) => FormActionData["result"] | undefined;
type ThumbnailAnswer = RowActionData["thumbnail"];

export function ChapterList({ course, resultFor, thumbnailAnswer }: { course: AcademyCourseDetail; resultFor: ResultFor; thumbnailAnswer: ThumbnailAnswer }) {
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
          defaultValue={{ title: "", link: "", link_en: "", link_fr: "", duration_seconds: "", description: "" }}
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
            defaultValue={{ ...linkFields(video.link), title: video.title, duration_seconds: durationInput(video.duration_seconds), description: video.description }}
            submitLabel={t("common.save")}
          />
          <ThumbnailWidget kind="video" id={video.id} url={video.thumbnail_url} fallbackUrl={source?.host_thumbnail_url} name={video.title} actionData={ownThumbnail} />
        </div>
      </details>
    </li>
  );
}
