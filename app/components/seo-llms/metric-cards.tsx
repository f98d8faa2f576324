import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card";
import type { Interval, MetricId } from "#domain/metrics";
import { MetricLabel, sampleText } from "~/components/metrics/percent";
import { formatNumber, formatPercent } from "./format";

export type MetricsView = {
  answers: number;
  mentioned: number;
  tracked_presences: number;
  visibility: number | null;
  visibility_interval: Interval | null;
  share_of_voice: number | null;
  share_of_voice_interval: Interval | null;
  average_position: number | null;
  sentiment: { positive: number; neutral: number; negative: number };
};

/** The four headline figures of DESIGN §3.4, each with what it means in a line. */
export function MetricCards({ metrics }: { metrics: MetricsView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const cards = [
    {
      key: "visibility",
      value: formatPercent(metrics.visibility, locale),
      hint: sampleText(t, locale, { part: metrics.mentioned, whole: metrics.answers, interval: metrics.visibility_interval, unit: "answers" }) ?? t("seo:metrics.noAnswers"),
    },
    {
      key: "shareOfVoice",
      value: formatPercent(metrics.share_of_voice, locale),
      hint: sampleText(t, locale, { part: metrics.mentioned, whole: metrics.tracked_presences, interval: metrics.share_of_voice_interval, unit: "presences" }) ?? t("seo:metrics.shareOfVoiceHint"),
    },
    { key: "averagePosition", value: metrics.average_position === null ? "—" : `#${formatNumber(metrics.average_position, locale)}`, hint: t("seo:metrics.averagePositionHint") },
  ] satisfies Array<{ key: MetricId; value: string; hint: string }>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.key} className="grid gap-1 p-4" data-testid={`metric-${card.key}`}>
          <p className="text-sm font-medium text-muted-foreground">
            <MetricLabel metric={card.key}>{t(`seo:metrics.${card.key}`)}</MetricLabel>
          </p>
          <p className="text-2xl font-semibold tabular-nums">{card.value}</p>
          <p className="text-xs text-slate-500">{card.hint}</p>
        </Card>
      ))}
      <Card className="grid gap-2 p-4" data-testid="metric-sentiment">
        <p className="text-sm font-medium text-muted-foreground">
          <MetricLabel metric="sentiment">{t("seo:metrics.sentiment")}</MetricLabel>
        </p>
        <SentimentBar sentiment={metrics.sentiment} />
      </Card>
    </div>
  );
}

export function SentimentBar({ sentiment }: { sentiment: MetricsView["sentiment"] }) {
  const { t } = useTranslation();
  const total = sentiment.positive + sentiment.neutral + sentiment.negative;
  if (total === 0) return <p className="text-2xl font-semibold">—</p>;
  const parts = [
    { key: "positive", value: sentiment.positive, className: "bg-emerald-500" },
    { key: "neutral", value: sentiment.neutral, className: "bg-slate-400" },
    { key: "negative", value: sentiment.negative, className: "bg-red-500" },
  ] as const;
  return (
    <div className="grid gap-2">
      <div className="flex h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        {parts.map((part) => (part.value ? <div key={part.key} className={part.className} style={{ width: `${(part.value / total) * 100}%` }} /> : null))}
      </div>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        {parts.map((part) => (
          <li key={part.key} className="flex items-center gap-1">
            <span className={`size-2 rounded-full ${part.className}`} aria-hidden />
            {t(`seo:sentiment.${part.key}`)} {part.value}
          </li>
        ))}
      </ul>
    </div>
  );
}
