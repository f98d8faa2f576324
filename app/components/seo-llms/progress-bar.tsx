import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";
import { formatMoment } from "./format";

/** How many of a run's answers are in (answered or given up on), and by when they all will be. */
export function ProgressBar({ done, total, deadline }: { done: number; total: number; deadline?: { at: string | null; launchedAt: string } }) {
  const { t } = useTranslation();
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-1" data-testid="analysis-progress">
      <div className="h-2 w-64 max-w-full overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-label={t("seo:latest.progress")}>
        <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-500">{t("seo:latest.progressText", { done, total })}</p>
      {deadline?.at ? <ResultsBy at={deadline.at} launchedAt={deadline.launchedAt} /> : null}
    </div>
  );
}

/**
 * The analysis's deadline, the latest its results can come. Rendered on the server in UTC (named),
 * then, once hydrated, in the reader's own time zone.
 */
function ResultsBy({ at, launchedAt }: { at: string; launchedAt: string }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const { day, time } = formatMoment(at, i18n.language, { sameDayAs: launchedAt, timeZone: hydrated ? undefined : "UTC" });
  return (
    <p className="text-xs text-slate-500" data-testid="analysis-deadline">
      <time dateTime={at}>{day ? t("seo:latest.deadlineOn", { day, time }) : t("seo:latest.deadline", { time })}</time>
    </p>
  );
}
