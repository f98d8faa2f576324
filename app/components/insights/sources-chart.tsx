import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { SourceRowView } from "./sources-table";
import { ShortNumber } from "~/components/short-number";

const TOP = 10;

const LEGEND = [
  { key: "own", className: "bg-indigo-600" },
  { key: "competitor", className: "bg-amber-500" },
  { key: "other", className: "bg-slate-400" },
] as const;

/**
 * The ten most cited domains as horizontal bars, scaled to the first. CSS bars rather than SVG:
 * long domain names wrap and the chart fits a phone without a library or JavaScript.
 */
export function SourcesChart({ rows }: { rows: SourceRowView[] }) {
  const { t } = useTranslation();
  const top = [...rows].sort((a, b) => b.total_citations - a.total_citations || a.domain.localeCompare(b.domain)).slice(0, TOP);
  const max = Math.max(1, ...top.map((row) => row.total_citations));
  return (
    <Card asChild className="grid gap-3 p-4">
      <figure>
        <figcaption className="font-medium">{t("insights:sources.chart.title")}</figcaption>
        <ol aria-label={t("insights:sources.chart.label")} className="grid gap-2">
          {top.map((row) => (
            <li key={row.domain} className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[minmax(0,14rem)_1fr_auto]">
              <span className="truncate text-slate-700" title={row.domain}>
                {row.domain}
              </span>
              <span className="h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                <span
                  className={cn("block h-full rounded-full", row.is_own ? "bg-indigo-600" : row.competitor ? "bg-amber-500" : "bg-slate-400")}
                  style={{ width: `${(row.total_citations / max) * 100}%` }}
                />
              </span>
              <ShortNumber value={row.total_citations} className="tabular-nums text-slate-900" />
            </li>
          ))}
        </ol>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {LEGEND.map((entry) => (
            <li key={entry.key} className="flex items-center gap-1.5">
              <span className={cn("size-2.5 rounded-full", entry.className)} aria-hidden />
              {t(`insights:sources.chart.${entry.key}`)}
            </li>
          ))}
        </ul>
      </figure>
    </Card>
  );
}
