import { useTranslation } from "react-i18next";
import type { Interval } from "#domain/metrics";
import { formatInterval } from "~/components/metrics/percent";

type Point = { date: string; answers: number; visibility: number | null; visibility_interval: Interval | null; share_of_voice: number | null };

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 36 };

/**
 * Visibility and share of voice per day over the period, as a plain SVG (no chart library, no
 * JavaScript needed): days without answers are gaps, not zeros.
 */
export function TrendChart({ points, start, end }: { points: Point[]; start: string; end: string }) {
  const { t, i18n } = useTranslation();
  const from = Date.parse(`${start.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${end.slice(0, 10)}T00:00:00Z`);
  const span = Math.max(1, to - from);
  const x = (date: string) => PAD.left + ((Date.parse(`${date}T00:00:00Z`) - from) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / 100) * (HEIGHT - PAD.top - PAD.bottom);
  const day = new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" });

  const series = [
    { key: "visibility", className: "stroke-indigo-600", dot: "fill-indigo-600", read: (p: Point) => p.visibility },
    { key: "shareOfVoice", className: "stroke-emerald-500", dot: "fill-emerald-500", read: (p: Point) => p.share_of_voice },
  ] as const;

  const band = points.filter((p) => p.visibility_interval !== null);
  const bandPath = [
    ...band.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.date).toFixed(1)},${y(p.visibility_interval?.high ?? 0).toFixed(1)}`),
    ...[...band].reverse().map((p) => `L${x(p.date).toFixed(1)},${y(p.visibility_interval?.low ?? 0).toFixed(1)}`),
    "Z",
  ].join(" ");

  if (points.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">{t("seo:trend.empty")}</p>;
  }
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={t("seo:trend.label")}>
        {[0, 25, 50, 75, 100].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-400 text-[10px]">
              {tick}%
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} className="fill-slate-400 text-[10px]">
          {day.format(from)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-slate-400 text-[10px]">
          {day.format(to)}
        </text>
        {/* Visibility's 95 % interval per day: wide where a day had few answers (docs/metrics.md). */}
        {band.length > 1 ? <path d={bandPath} className="fill-indigo-600/10" data-testid="visibility-band" /> : null}
        {series.map((s) => {
          const defined = points.filter((p) => s.read(p) !== null);
          const path = defined.map((p, i) => `${i === 0 ? "M" : "L"}${x(p.date).toFixed(1)},${y(s.read(p) ?? 0).toFixed(1)}`).join(" ");
          return (
            <g key={s.key}>
              {defined.length > 1 ? <path d={path} fill="none" className={s.className} strokeWidth={2} /> : null}
              {defined.map((p) => (
                <circle key={p.date} cx={x(p.date)} cy={y(s.read(p) ?? 0)} r={3} className={s.dot}>
                  {/* One string: React's <title> takes a single text child. */}
                  <title>{`${day.format(Date.parse(`${p.date}T00:00:00Z`))}: ${s.read(p)}%${s.key === "visibility" && p.visibility_interval ? ` (${t("metrics.sample.count", { count: p.answers })}, ${formatInterval(p.visibility_interval, i18n.language)})` : ""}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1">
          <span className="h-0.5 w-4 bg-indigo-600" aria-hidden /> {t("seo:metrics.visibility")}
        </span>
        <span className="flex items-center gap-1">
          <span className="h-0.5 w-4 bg-emerald-500" aria-hidden /> {t("seo:metrics.shareOfVoice")}
        </span>
        <span className="flex items-center gap-1">
          <span className="h-2.5 w-4 rounded-sm bg-indigo-600/10" aria-hidden /> {t("seo:trend.band")}
        </span>
      </figcaption>
    </figure>
  );
}
