import { CircleCheckIcon, ChevronLeftIcon, ChevronRightIcon, ExternalLinkIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/video";
import { VideoThumbnail } from "~/components/academy/video-thumbnail";
import { Button, buttonVariants } from "~/components/ui/button";
import { ApiRequestError, getApiClient, notFoundOn404, read, requireSession } from "~/lib/api.server";

import { formatDuration, sourceFor } from "#domain/academy";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.video.course.title, to: `/academy/${data.video.course.slug}` }, { label: data.video.title }]);

export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  const { data: video } = await read(getApiClient(context).academy.videos[":id"].$get({ param: { id: params.videoId } })).catch(notFoundOn404);
  // The video must belong to the course in the address: another slug is not this page.
  if (video.course.slug !== params.slug) throw data(null, { status: 404 });
  return { video, title: video.title };
}

/** Watched or not, kept on the server: the course list shows each course's completion from it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireSession(context);
  const watched = (await request.formData()).get("watched") === "true";
  const t = await getFixedT(context);
  const here = `/academy/${params.slug}/${params.videoId}`;
  try {
    await read(getApiClient(context).academy.videos[":id"].progress.$put({ param: { id: params.videoId }, json: { watched } }));
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500 || error.status === 401) throw error;
    return redirectWithToast(here, { type: "error", title: t("academy:progressFailed"), description: error.message });
  }
  return redirectWithToast(here, { type: "success", title: watched ? t("academy:markedWatched") : t("academy:markedUnwatched") });
}

const HOSTS = { youtube: "YouTube", vimeo: "Vimeo" } as const;

export default function Video({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { video } = loaderData;
  const source = sourceFor(video.sources, i18n.language);
  const base = `/academy/${video.course.slug}`;
  return (
    <section className="mx-auto grid max-w-4xl gap-5 p-6 lg:p-10">
      {/* The course and the video are the header's trail; the chapter is said here. */}
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500" data-testid="video-chapter">
        {video.chapter.title}
      </p>
      <h1 className="-mt-3 text-2xl font-semibold tracking-tight">{video.title}</h1>
      {source ? (
        <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
          <iframe
            src={source.embed_url}
            title={t("academy:player", { title: video.title })}
            className="size-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            data-testid="video-player"
          />
        </div>
      ) : (
        <div className="grid gap-2">
          <VideoThumbnail src={video.thumbnail_url} />
          <p className="text-sm text-slate-600">{t("academy:noSource")}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-3 text-sm text-slate-600">
          <span className="tabular-nums" data-testid="video-duration">
            {formatDuration(video.duration_seconds)}
          </span>
          {source ? (
            <a href={source.url} target="_blank" rel="noreferrer" className="flex items-center gap-1 text-indigo-700 hover:underline">
              {t("academy:openOnHost", { host: HOSTS[source.provider] })} <ExternalLinkIcon className="size-3.5" aria-hidden />
            </a>
          ) : null}
        </p>
        <Form method="post">
          <input type="hidden" name="watched" value={video.watched ? "false" : "true"} />
          <Button type="submit" variant={video.watched ? "outline" : "default"} disabled={navigation.state === "submitting"}>
            {video.watched ? (
              <>
                <CircleCheckIcon aria-hidden /> {t("academy:markUnwatched")}
              </>
            ) : (
              t("academy:markWatched")
            )}
          </Button>
        </Form>
      </div>
      {video.description ? <p className="whitespace-pre-line text-slate-700">{video.description}</p> : null}
      <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
        {video.previous_video_id ? (
          <Link to={`${base}/${video.previous_video_id}`} className={buttonVariants({ variant: "outline" })} rel="prev">
            <ChevronLeftIcon aria-hidden /> {t("academy:previous")}
          </Link>
        ) : (
          <span />
        )}
        {video.next_video_id ? (
          <Link to={`${base}/${video.next_video_id}`} className={buttonVariants()} rel="next">
            {t("academy:next")} <ChevronRightIcon aria-hidden />
          </Link>
        ) : null}
      </div>
    </section>
  );
}
