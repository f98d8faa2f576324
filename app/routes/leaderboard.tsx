import { TrophyIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/leaderboard";
import { EmptyState, ErrorPanel } from "~/components/insights/empty-state";
import { ExportLink, exportHref } from "~/components/insights/export-link";
import { LeaderboardTable } from "~/components/insights/leaderboard-table";
import { PeriodLinks } from "~/components/insights/period-links";
import { RefreshButton } from "~/components/insights/refresh-button";
import { Card } from "~/components/ui/card";
import { ScreenTitle } from "~/components/screen-title";
import { dataOf, getApiClient, queryOf, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { ordinal } from "~/lib/ordinal";
import { parsePeriod, periodRange } from "~/lib/periods";
import { withRetries } from "~/lib/retry.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** Every brand named at least once in the period: the API's default, said here so the CSV (which relies on it) matches. */
const MIN_ANALYSES = 1;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const period = parsePeriod(url.searchParams.get("period"));
  const { startDate, endDate } = periodRange(period);
  // Seed 001 §7/§8: time-outs and resets are retried; when every attempt failed the screen says so
  // (null) instead of failing as a whole.
  const [board, position, t] = await Promise.all([
    withRetries(() => read(api.leaderboard.competitors.$get({ query: queryOf({ start_date: startDate, end_date: endDate, min_analyses: MIN_ANALYSES }) })).then(dataOf)),
    withRetries(() => read(api.leaderboard.position.$get()).then(dataOf)),

    getFixedT(context),
  ]);
  return {
    title: t("nav.leaderboard"),
    period,
    board,
    position,
    exportHref: exportHref("leaderboard.csv", { start_date: startDate, end_date: endDate }),
  };
}

export default function Leaderboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const { period, board, position, exportHref } = loaderData;

  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-6 p-6 lg:p-10">
      <ScreenTitle title={t("nav.leaderboard")} description={t("insights:leaderboard.description")}>
        <div className="flex flex-wrap items-center gap-2">
          <RefreshButton label={t("insights:leaderboard.refresh")} busyLabel={t("insights:leaderboard.refreshing")} title={t("insights:leaderboard.refreshTitle")} />
          {board && board.competitors.length > 0 ? <ExportLink href={exportHref} /> : null}
        </div>
      </ScreenTitle>

      {position ? (
        <Card data-testid="leaderboard-position" className="flex items-center gap-3 p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-info-subtle text-primary">
            <TrophyIcon className="size-5" aria-hidden />
          </span>
          {position.position === null ? (
            <p className="grid text-sm">
              <span className="text-base font-semibold text-slate-900">{t("insights:leaderboard.notRanked")}</span>
              <span className="text-slate-500">{t("insights:leaderboard.notRankedHint")}</span>
            </p>
          ) : (
            <p className="grid text-sm">
              <span className="text-base font-semibold text-slate-900">
                {t("insights:leaderboard.position", { position: ordinal(position.position, i18n.language), total: position.total })}
              </span>
              <span className="text-slate-500">{t("insights:leaderboard.positionHint")}</span>
            </p>
          )}
        </Card>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {board && board.total_answers > 0
            ? `${t("insights:leaderboard.brands", { count: board.total_brands })} · ${t("insights:leaderboard.answers", { count: board.total_answers })}`
            : null}
        </p>
        <PeriodLinks period={period} />
      </div>

      {board === null ? (
        <ErrorPanel title={t("insights:leaderboard.failed")} description={t("insights:leaderboard.failedHint")}>
          <Link to={`${pathname}${search}`} className="w-fit font-medium underline hover:no-underline">
            {t("insights:leaderboard.retry")}
          </Link>
        </ErrorPanel>
      ) : board.total_answers === 0 ? (
        <EmptyState
          title={t("insights:leaderboard.empty.title")}
          description={t("insights:leaderboard.empty.description")}
          action={{ to: "/seo-llms", label: t("insights:leaderboard.empty.action") }}
        />
      ) : board.competitors.length === 0 ? (
        <p className="rounded-lg border border-dashed border-input bg-card p-8 text-center text-sm text-muted-foreground">{t("insights:leaderboard.emptyPeriod")}</p>
      ) : (
        <LeaderboardTable rows={board.competitors} totalAnswers={board.total_answers} totalPresences={board.total_presences} />
      )}
    </section>
  );
}
