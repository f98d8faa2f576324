import { useTranslation } from "react-i18next";

/** How many of a run's answers are in (answered or given up on). */
export function ProgressBar({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div className="grid gap-1" data-testid="analysis-progress">
      <div className="h-2 w-64 max-w-full overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done} aria-label={t("seo:latest.progress")}>
        <div className="h-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-500">{t("seo:latest.progressText", { done, total })}</p>
    </div>
  );
}
