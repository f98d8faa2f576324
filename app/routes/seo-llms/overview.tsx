import { PlayIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/overview";
import { BrandsTable, BreakdownTable } from "~/components/seo-llms/breakdown-table";
import { formatDateTime } from "~/components/seo-llms/format";
import { PeriodLinks } from "~/components/insights/period-links";
import { MetricCards } from "~/components/seo-llms/metric-cards";
import { ProgressBar } from "~/components/seo-llms/progress-bar";
import { DemoBadge, isRunning, StatusBadge } from "~/components/seo-llms/status-badge";
import { TrendChart } from "~/components/seo-llms/trend-chart";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ApiRequestError, availabilityOf, dataOf, getApiClient, nullOn404, read, requireSession } from "~/lib/api.server";

import { titleMeta } from "~/lib/meta";
import { StaticMarkup } from "~/lib/static-markup";
import { parsePeriod, periodRange } from "~/lib/periods";
import { redirectWithToast } from "~/lib/toast.server";
import { usePolling } from "~/lib/use-polling";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const period = parsePeriod(url.searchParams.get("period"));
  const [{ data: stats }, latest, { data: availability }, profile, { data: config }, t] = await Promise.all([
    read(api.analyses.stats.$get({ query: periodRange(period) })),
    read(api.analyses.latest.$get()).then(dataOf, nullOn404),
    availabilityOf(api),
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
    read(api.config.index.$get()),
    getFixedT(context),
  ]);
  return {
    title: t("seo:tabs.overview"),
    period,
    stats,
    latest,
    canAnalyze: availability.can_analyze,
    // Why launching is off, and until when (issue 17): the button never greys out without a reason.
    blocked: availability.can_analyze
      ? null
      : { reason: availability.reason, nextAllowedAt: availability.next_allowed_at, upgrade: availability.upgrade_required, perDay: availability.limits.per_day, perMonth: availability.limits.per_month },
    hasProfile: profile !== null,
    pollingInterval: config.seo_llm.polling_interval,
    // The server's clock, so the wait reads the same before and after hydration.
    now: new Date().toISOString(),
  };
}

export async function action({ context, url }: Route.ActionArgs) {
  requireSession(context);
  const t = await getFixedT(context);
  const back = url;
  try {
    const { data: analysis } = await read(getApiClient(context).analyses.index.$post({ json: {} }));
    return redirectWithToast(`/seo-llms/analyses/${analysis.id}`, { type: "success", title: t("seo:launch.started") });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    // Seed 001 §8: a message that mentions the daily limit gets its own toast.
    const toast = /daily limit/i.test(error.message)
      ? { type: "warning" as const, title: t("seo:launch.dailyLimitTitle"), description: t("seo:launch.dailyLimit") }
      : { type: "error" as const, title: t("seo:launch.failedTitle"), description: error.message };
    return redirectWithToast(`${back.pathname}${back.search}`, toast);
  }
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { stats, latest, period, canAnalyze, hasProfile, pollingInterval, blocked, now } = loaderData;
  const running = isRunning(latest?.status);
  // Seed 001 §4: poll while a run is in progress, or while there is none yet (one may be starting).
  const polling = hasProfile && (running || latest === null);
  usePolling(polling, pollingInterval);
  const launching = navigation.state === "submitting" && navigation.formData?.get("intent") === "launch";

  return (
    <div className="grid gap-6">
      {/* Without JavaScript only a running analysis reloads the page: an idle one would reload forever. */}
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(Math.max(2, Math.round(pollingInterval / 1000)))} />
        </noscript>
      ) : null}
      <Card className="flex flex-wrap items-center justify-between gap-4 p-4">
        <div className="grid gap-1 text-sm">
          {latest ? (
            <>
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{t("seo:latest.title")}</span>
                <StatusBadge status={latest.status} />
                {latest.simulated ? <DemoBadge /> : null}
              </p>
              <p className="text-slate-600">
                {t("seo:latest.summary", { date: formatDateTime(latest.created_at, i18n.language), completed: latest.progress.completed, total: latest.progress.total })}{" "}
                <Link to={`/seo-llms/analyses/${latest.id}`} className="font-medium text-indigo-700 hover:underline">
                  {t("seo:latest.open")}
                </Link>
              </p>
              {running ? (
                <ProgressBar
                  done={latest.progress.completed + latest.progress.failed}
                  total={latest.progress.total}
                  deadline={{ at: latest.deadline_at, launchedAt: latest.created_at }}
                />
              ) : null}
            </>
          ) : (
            <p className="text-slate-600">{hasProfile ? t("seo:latest.none") : t("seo:latest.needsProfile")}</p>
          )}
        </div>
        <Form method="post" className="grid justify-items-start gap-1.5 sm:justify-items-end">
          <Button type="submit" name="intent" value="launch" disabled={!hasProfile || !canAnalyze || launching} aria-describedby={blocked && hasProfile ? "launch-blocked" : undefined}>
            <PlayIcon aria-hidden />
            {launching ? t("seo:launch.launching") : t("seo:launch.button")}
          </Button>
          {blocked && hasProfile ? <LaunchBlocked id="launch-blocked" blocked={blocked} now={now} /> : null}
        </Form>
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t("seo:overview.title")}</h2>
        <PeriodLinks period={period} />
      </div>

      {/* The period's figures: the same markup for the same figures in a locale, kept (app/lib/static-markup.tsx). */}
      <StaticMarkup
        as="div"
        className="contents"
        cacheKey={`seo-overview:${i18n.language}:${JSON.stringify(stats)}`}
        render={() => (
          <>
            <MetricCards metrics={stats.summary} />
            {stats.engine.rescored_at ? (
              <p className="text-xs text-slate-500" data-testid="rescored">
                {t("seo:engine.rescored", { date: formatDateTime(stats.engine.rescored_at, i18n.language), version: stats.engine.version })}{" "}
                <Link to="/methodology" className="underline underline-offset-2">
                  {t("footer.methodology")}
                </Link>
              </p>
            ) : null}
            <Card asChild className="grid gap-3 p-4">
              <section>
                <h3 className="font-medium">{t("seo:trend.title")}</h3>
                <TrendChart points={stats.trend} start={stats.period.start} end={stats.period.end} />
              </section>
            </Card>
            <div className="grid gap-6 xl:grid-cols-2">
              <section className="grid content-start gap-3">
                <h3 className="font-medium">{t("seo:breakdown.byProvider")}</h3>
                <BreakdownTable rows={stats.by_provider} by="provider" />
              </section>
              <section className="grid content-start gap-3">
                <h3 className="font-medium">{t("seo:breakdown.byCategory")}</h3>
                <BreakdownTable rows={stats.by_category} by="category" />
              </section>
            </div>
            <section className="grid gap-3">
              <h3 className="font-medium">{t("seo:brands.title")}</h3>
              <BrandsTable brands={stats.brands} answers={stats.summary.answers} />
            </section>
          </>
        )}
      />
    </div>
  );
}

type Blocked = { reason: string | null; nextAllowedAt: string | null; upgrade: boolean; perDay: number; perMonth: number };

/** "Next analysis available in 23 h — your plan allows 1 a day", with the way to more when there is one. */
function LaunchBlocked({ id, blocked, now }: { id: string; blocked: Blocked; now: string }) {
  const { t } = useTranslation();
  const waitMs = blocked.nextAllowedAt ? new Date(blocked.nextAllowedAt).getTime() - new Date(now).getTime() : 0;
  const wait = waitMs >= 3_600_000 ? t("seo:launch.inHours", { count: Math.ceil(waitMs / 3_600_000) }) : t("seo:launch.inMinutes", { count: Math.max(1, Math.ceil(waitMs / 60_000)) });
  const text =
    blocked.reason === "analysis_in_progress"
      ? t("seo:launch.blockedRunning")
      : blocked.reason === "monthly_limit"
        ? t("seo:launch.blockedMonthly", { wait, count: blocked.perMonth })
        : waitMs > 0
          ? t("seo:launch.blockedDaily", { wait, count: blocked.perDay })
          : t("seo:launch.blockedUsed");
  return (
    <p id={id} className="max-w-xs text-xs text-slate-600 sm:text-right" data-testid="launch-blocked">
      {text}{" "}
      {blocked.upgrade || blocked.reason === "daily_limit" || blocked.reason === "monthly_limit" ? (
        <Link to="/settings/billing/plans" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          {t("seo:launch.upgrade")}
        </Link>
      ) : null}
    </p>
  );
}
