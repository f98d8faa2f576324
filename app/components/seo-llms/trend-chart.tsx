import { useTranslation } from "react-i18next";
import { sampleText } from "~/components/metrics/percent";
import { formatPercent } from "./format";
import { firstMeasurements, MIN_TREND_POINTS, type TrendPoint } from "./trend";
import { dateTimeFormat } from "#domain/intl";

type Point = TrendPoint;
type T = (key: string, options?: Record<string, unknown>) => string;

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 36 };

/** "80 % (4 of 5 answers · 38–96 %)": a day's figure with what it stands on, for its tooltip. */
function figureText(t: T, locale: string, value: number | null, sample: Parameters<typeof sampleText>[2]) {
  const detail = sampleText(t, locale, sample);
  return detail ? `${formatPercent(value, locale)} (${detail})` : formatPercent(value, locale);
}

/**
 * Visibility and share of voice per day over the period, as a plain SVG (no chart library, no
 * JavaScript needed): days without answers are gaps, not zeros. Before the third measured day the
 * figures show as they are, with their samples: a line through one or two dots says nothing.
 */
export function TrendChart({ points, start, end }: { points: Point[]; start: string; end: string }) {
  const { t } = useTranslation();
  const first = firstMeasurements(points);
  if (first?.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">{t("seo:trend.empty")}</p>;
  }
  if (first) return <FirstMeasurements days={first} />;
  return <Chart points={points} start={start} end={end} />;
}

function FirstMeasurements({ days }: { days: Point[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const day = dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return (
    <div className="grid gap-3" data-testid="first-measurement">
      <p className="text-sm font-medium text-slate-900">{t("seo:trend.first", { count: days.length })}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {days.map((point) => (
          <li key={point.date} className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <p className="text-xs text-slate-500">{day.format(Date.parse(`${point.date}T00:00:00Z`))}</p>
            <dl className="grid gap-1.5 text-sm">
              {[
                { key: "visibility", value: point.visibility, sample: { part: point.mentioned, whole: point.answers, interval: point.visibility_interval, unit: "answers" as const } },
                { key: "shareOfVoice", value: point.share_of_voice, sample: { part: point.mentioned, whole: point.tracked_presences, interval: null, unit: "presences" as const } },
              ].map((figure) => (
                <div key={figure.key} className="grid gap-x-2 sm:flex sm:flex-wrap sm:items-baseline">
                  <dt className="text-slate-600">{t(`seo:metrics.${figure.key}`)}</dt>
                  <dd className="flex flex-wrap items-baseline gap-x-1.5">
                    <span className="text-lg font-semibold tabular-nums text-slate-900">{formatPercent(figure.value, locale)}</span>
                    {sampleText(t, locale, figure.sample) ? <span className="text-xs text-slate-500">— {sampleText(t, locale, figure.sample)}</span> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">{t("seo:trend.firstHint", { count: MIN_TREND_POINTS })}</p>
    </div>
  );
}

function Chart({ points, start, end }: { points: Point[]; start: string; end: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const from = Date.parse(`${start.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${end.slice(0, 10)}T00:00:00Z`);
  const span = Math.max(1, to - from);
  const x = (date: string) => PAD.left + ((Date.parse(`${date}T00:00:00Z`) - from) / span) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) => PAD.top + (1 - value / 100) * (HEIGHT - PAD.top - PAD.bottom);
  const day = dateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" });

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

  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-labelledby="trend-chart-title">
        <title id="trend-chart-title">{t("seo:trend.label")}</title>
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
                <circle key={p.date} cx={x(p.date)} cy={y(s.read(p) ?? 0)} r={3} className={s.dot} aria-hidden />
              ))}
            </g>
          );
        })}
        {/* One stop per day, by pointer or keyboard: the day's exact figures and their samples. */}
        {points.map((p) => {
          const label = t("seo:trend.point", {
            date: day.format(Date.parse(`${p.date}T00:00:00Z`)),
            visibility: figureText(t, locale, p.visibility, { part: p.mentioned, whole: p.answers, interval: p.visibility_interval, unit: "answers" }),
            shareOfVoice: figureText(t, locale, p.share_of_voice, { part: p.mentioned, whole: p.tracked_presences, interval: null, unit: "presences" }),
          });
          const left = x(p.date) > WIDTH / 2;
          return (
            <g key={p.date} tabIndex={0} aria-label={label} className="group outline-none" data-testid="trend-point">
              <title>{label}</title>
              <rect x={x(p.date) - 8} y={PAD.top} width={16} height={HEIGHT - PAD.top - PAD.bottom} className="fill-transparent" />
              <line x1={x(p.date)} x2={x(p.date)} y1={PAD.top} y2={HEIGHT - PAD.bottom} className="stroke-slate-400 opacity-0 group-hover:opacity-100 group-focus:opacity-100" strokeDasharray="3 3" />
              <text
                x={x(p.date) + (left ? -6 : 6)}
                y={PAD.top + 10}
                textAnchor={left ? "end" : "start"}
                className="fill-slate-900 text-[10px] opacity-0 group-hover:opacity-100 group-focus:opacity-100"
                aria-hidden
              >
                {`${formatPercent(p.visibility, locale)} · ${formatPercent(p.share_of_voice, locale)} · ${t("metrics.sample.count", { count: p.answers })}`}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
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
