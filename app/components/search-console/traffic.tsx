import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/components/seo-llms/format";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import { ShortNumber } from "~/components/short-number";
import { shortNumber } from "~/lib/short-number";
import { dateTimeFormat, numberFormat } from "#domain/intl";

type Totals = { clicks: number; impressions: number; ctr: number | null; position: number | null };

/** A figure's change against the period before, in percent; null when there is nothing to compare with. */
export function changeOf(current: number | null, previous: number | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined || previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

/**
 * Clicks, impressions, CTR and average position for the period, each with its change against the
 * period before. For the position lower is better, so its arrow turns the other way.
 */
export function KpiCards({ totals, previous }: { totals: Totals; previous: Totals | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const cards = [
    { key: "clicks", value: <ShortNumber value={totals.clicks} />, change: changeOf(totals.clicks, previous?.clicks), better: "up" },
    { key: "impressions", value: <ShortNumber value={totals.impressions} />, change: changeOf(totals.impressions, previous?.impressions), better: "up" },
    { key: "ctr", value: totals.ctr === null ? "—" : `${formatNumber(totals.ctr, locale, 2)} %`, change: changeOf(totals.ctr, previous?.ctr), better: "up" },
    { key: "position", value: formatNumber(totals.position, locale), change: changeOf(totals.position, previous?.position), better: "down" },
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.key} className="grid gap-1 p-4" data-testid={`kpi-${card.key}`}>
          <p className="text-sm font-medium text-muted-foreground">{t(`searchConsole:kpi.${card.key}`)}</p>
          <p className="text-2xl font-semibold tabular-nums">{card.value}</p>
          <Change value={card.change} better={card.better} />
        </Card>
      ))}
    </div>
  );
}

function Change({ value, better }: { value: number | null; better: "up" | "down" }) {
  const { t, i18n } = useTranslation();
  if (value === null) return <p className="text-xs text-slate-500">{t("searchConsole:kpi.noPrevious")}</p>;
  const rounded = Math.round(value * 10) / 10;
  const good = rounded === 0 ? null : (rounded > 0) === (better === "up");
  const Icon = rounded === 0 ? MinusIcon : rounded > 0 ? ArrowUpRightIcon : ArrowDownRightIcon;
  const formatted = numberFormat(i18n.language, { signDisplay: "exceptZero", maximumFractionDigits: 1 }).format(rounded);
  return (
    <p className={cn("flex items-center gap-1 text-xs", good === null ? "text-slate-500" : good ? "text-emerald-700" : "text-red-700")}>
      <Icon className="size-3.5" aria-hidden />
      {t("searchConsole:kpi.change", { change: `${formatted} %` })}
    </p>
  );
}

type Day = { date: string; clicks: number; impressions: number };

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 48, bottom: 28, left: 44 };

/**
 * Clicks and impressions per day, each on its own scale (clicks left, impressions right), as a plain
 * SVG that needs no JavaScript. Every day is a point: Search Console reports days without traffic as 0.
 */
export function TrafficChart({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation();
  if (days.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">{t("searchConsole:chart.empty")}</p>;
  const day = dateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" });
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (days.length === 1 ? innerWidth / 2 : (index / (days.length - 1)) * innerWidth);
  const series = [
    { key: "clicks", max: Math.max(1, ...days.map((d) => d.clicks)), read: (d: Day) => d.clicks, stroke: "stroke-indigo-600", text: "fill-indigo-600", side: "left" },
    { key: "impressions", max: Math.max(1, ...days.map((d) => d.impressions)), read: (d: Day) => d.impressions, stroke: "stroke-violet-400", text: "fill-violet-500", side: "right" },
  ] as const;
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={t("searchConsole:chart.label")}>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + (1 - share) * innerHeight} y2={PAD.top + (1 - share) * innerHeight} className="stroke-slate-200" />
            {series.map((s) => (
              <text
                key={s.key}
                x={s.side === "left" ? PAD.left - 6 : WIDTH - PAD.right + 6}
                y={PAD.top + (1 - share) * innerHeight + 4}
                textAnchor={s.side === "left" ? "end" : "start"}
                className={cn(s.text, "text-[10px]")}
              >
                {shortNumber(Math.round(s.max * share), i18n.language)}
              </text>
            ))}
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} className="fill-slate-400 text-[10px]">
          {day.format(Date.parse(`${days[0]?.date}T00:00:00Z`))}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-slate-400 text-[10px]">
          {day.format(Date.parse(`${days.at(-1)?.date}T00:00:00Z`))}
        </text>
        {series.map((s) => (
          <path
            key={s.key}
            d={days.map((d, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${(PAD.top + (1 - s.read(d) / s.max) * innerHeight).toFixed(1)}`).join(" ")}
            className={cn(s.stroke, "fill-none")}
            strokeWidth={2}
            strokeLinejoin="round"
          />
        ))}
      </svg>
      <figcaption className="flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 bg-indigo-600" aria-hidden />
          {t("searchConsole:kpi.clicks")}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 bg-violet-400" aria-hidden />
          {t("searchConsole:kpi.impressions")}
        </span>
      </figcaption>
    </figure>
  );
}
