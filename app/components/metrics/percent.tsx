import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { type Interval, type MetricId, SMALL_SAMPLE } from "#domain/metrics";
import { formatPercent } from "~/components/seo-llms/format";
import { numberFormat } from "#domain/intl";

/** "38–96 %": an interval as people write it, in the reader's locale. */
export function formatInterval(interval: Interval, locale: string): string {
  const number = numberFormat(locale, { maximumFractionDigits: 0 });
  return `${number.format(interval.low)}–${formatPercent(Math.round(interval.high), locale)}`;
}

/**
 * The sample behind a percentage, and its 95 % interval when the sample is small (issue 14): "4 of
 * 5 answers · 38–96 %". `unit` names what was counted (answers, or brand presences).
 */
export function sampleText(
  t: (key: string, options?: Record<string, unknown>) => string,
  locale: string,
  sample: { part: number; whole: number; interval: Interval | null | undefined; unit: "answers" | "presences" },
): string | null {
  if (!sample.whole) return null;
  const counted = t(`metrics.sample.${sample.unit}`, { part: sample.part, count: sample.whole });
  if (!sample.interval || sample.whole >= SMALL_SAMPLE) return counted;
  return t("metrics.sample.withInterval", { sample: counted, interval: formatInterval(sample.interval, locale) });
}

/** A percentage and, on a second line, its sample and interval. */
export function PercentWithSample({
  value,
  part,
  whole,
  interval,
  unit,
  align = "end",
}: {
  value: number | null | undefined;
  part: number;
  whole: number;
  interval: Interval | null | undefined;
  unit: "answers" | "presences";
  align?: "start" | "end";
}) {
  const { t, i18n } = useTranslation();
  const detail = sampleText(t, i18n.language, { part, whole, interval, unit });
  return (
    <span className={`inline-grid ${align === "end" ? "justify-items-end" : "justify-items-start"}`}>
      <span className="tabular-nums">{formatPercent(value, i18n.language)}</span>
      {detail ? <span className="whitespace-nowrap text-[11px] text-slate-500">{detail}</span> : null}
    </span>
  );
}

/** A metric's name, linked to its definition on the methodology page. */
export function MetricLabel({ metric, children }: { metric: MetricId; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link to={`/methodology#${metric}`} className="underline decoration-dotted underline-offset-2 hover:text-slate-900" title={t("metrics.howMeasured")}>
      {children}
    </Link>
  );
}
