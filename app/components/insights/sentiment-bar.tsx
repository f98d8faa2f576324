import { useTranslation } from "react-i18next";

type Sentiment = { positive: number; neutral: number; negative: number };

/** The tone of a brand's mentions as one stacked bar; the counts are in its label and tooltip. */
export function SentimentBar({ sentiment }: { sentiment: Sentiment }) {
  const { t } = useTranslation();
  const total = sentiment.positive + sentiment.neutral + sentiment.negative;
  const label = t("insights:leaderboard.sentiment", sentiment);
  if (total === 0) return <span className="text-slate-400">—</span>;
  const parts = [
    { key: "positive", value: sentiment.positive, className: "bg-emerald-500" },
    { key: "neutral", value: sentiment.neutral, className: "bg-slate-300" },
    { key: "negative", value: sentiment.negative, className: "bg-red-500" },
  ];
  return (
    <span role="img" aria-label={label} title={label} className="flex h-2 w-24 overflow-hidden rounded-full bg-slate-100">
      {parts.map((part) =>
        part.value > 0 ? <span key={part.key} className={part.className} style={{ width: `${(part.value / total) * 100}%` }} /> : null,
      )}
    </span>
  );
}
