import { ArrowRightIcon, BellIcon, BellOffIcon, CalendarClockIcon, CheckIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { z } from "zod";
import type { Route } from "./+types/coming-soon";
import { ScreenTitle } from "~/components/screen-title";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getApiClient, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { sectionFor } from "~/lib/navigation";
import { ScriptMarker } from "~/lib/script-marker";
import { replyWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { isUpcomingFeature, type PlannedWindow, type UpcomingFeature, windowPassed } from "#domain/upcoming-features";

export const meta: Route.MetaFunction = titleMeta;

const IntentSchema = z.object({ intent: z.enum(["notify", "stop"]) });

/** The feature is the path itself (/recherche, /articles, …): one module serves the four. */
function featureOf(url: URL): UpcomingFeature {
  const name = url.pathname.replace(/^\/|\/$/g, "");
  if (!isUpcomingFeature(name)) throw data(null, { status: 404 });
  return name;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const feature = featureOf(url);
  const [{ data: features }, t] = await Promise.all([read(getApiClient(context).features.index.$get()), getFixedT(context)]);
  const mine = features.features.find((entry) => entry.id === feature);
  if (!mine) throw data(null, { status: 404 });
  const navKey = sectionFor(`/${feature}`)?.key ?? feature;
  return { title: t(`nav.${navKey}`), navKey, feature, planned: mine.planned, notify: mine.notify, email: features.email, passed: windowPassed(mine.planned, new Date()) };
}

/** Notify me / stop: a toast either way; with JavaScript the page stays as it is, without it the post comes back here. */
export async function action({ request, context, url }: Route.ActionArgs) {
  requireSession(context);
  const feature = featureOf(url);
  const formData = await request.formData();
  const t = await getFixedT(context);
  const back = { redirectTo: `/${feature}` };
  const parsed = IntentSchema.safeParse({ intent: formData.get("intent") });
  if (!parsed.success) return replyWithToast(formData, { type: "error", title: t("features:notify.failed") }, { ok: false }, back);
  const features = getApiClient(context).features[":feature"].notify;
  try {
    if (parsed.data.intent === "notify") {
      await read(features.$put({ param: { feature } }));
      return replyWithToast(formData, { type: "success", title: t("features:notify.subscribedToast") }, { ok: true }, back);
    }
    await read(features.$delete({ param: { feature } }));
    const name = t(`nav.${sectionFor(`/${feature}`)?.key ?? feature}`);
    return replyWithToast(formData, { type: "success", title: t("features:notify.stoppedToast"), description: t("features:notify.stoppedDescription", { feature: name }) }, { ok: true }, back);
  } catch {
    return replyWithToast(formData, { type: "error", title: t("features:notify.failed") }, { ok: false }, back);
  }
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { feature, navKey, planned, email, passed } = loaderData;
  const fetcher = useFetcher<typeof action>();
  // While the post is on its way the page already shows where it leads; a failure puts it back.
  const pendingIntent = fetcher.formData?.get("intent");
  const notify = typeof pendingIntent === "string" ? pendingIntent === "notify" : loaderData.notify;
  const offers = t(`features:items.${feature}.offers`, { returnObjects: true }) as string[];

  return (
    <section className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-10" data-feature={feature}>
      <ScreenTitle
        title={
          <span className="flex flex-wrap items-center gap-2">
            {t(`nav.${navKey}`)}
            <Badge variant="info">{t("features:comingSoon")}</Badge>
          </span>
        }
      />
      <Card className="grid gap-5 p-4 sm:p-6">
        <p className="text-base leading-relaxed">{t(`features:items.${feature}.lead`)}</p>
        <p className="flex items-center gap-2 text-sm font-medium text-primary" data-testid="planned">
          <CalendarClockIcon className="size-4 shrink-0" aria-hidden />
          <PlannedText planned={planned} passed={passed} />
        </p>
        <div className="grid gap-2">
          <h2 className="font-semibold">{t("features:offersTitle")}</h2>
          <ul className="grid gap-2">
            {offers.map((offer) => (
              <li key={offer} className="flex gap-2 text-sm">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                <span>{offer}</span>
              </li>
            ))}
          </ul>
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6" data-testid="notify-card">
        <CardHeader>
          <CardTitle>{t("features:notify.title")}</CardTitle>
          <CardDescription aria-live="polite">{notify ? t("features:notify.subscribed", { email }) : t("features:notify.pitch")}</CardDescription>
        </CardHeader>
        <fetcher.Form method="post" className="flex">
          <ScriptMarker />
          {notify ? (
            <Button type="submit" name="intent" value="stop" variant="outline">
              <BellOffIcon aria-hidden /> {t("features:notify.stop")}
            </Button>
          ) : (
            <Button type="submit" name="intent" value="notify">
              <BellIcon aria-hidden /> {t("features:notify.button")}
            </Button>
          )}
        </fetcher.Form>
      </Card>

      <p className="text-sm text-muted-foreground">
        {t("features:meanwhile")}{" "}
        <Link to={t(`features:items.${feature}.meanwhileTo`)} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
          {t(`features:items.${feature}.meanwhileLink`)}
          <ArrowRightIcon className="size-3.5" aria-hidden />
        </Link>
      </p>
    </section>
  );
}

function PlannedText({ planned, passed }: { planned: PlannedWindow; passed: boolean }) {
  const { t } = useTranslation();
  if (passed) return <>{t("features:plannedSoon")}</>;
  return <>{t("features:planned", { quarter: t(`features:quarters.${planned.quarter}`), year: planned.year })}</>;
}
