import { useTranslation } from "react-i18next";
import type { Leaderboard } from "~/lib/api-types";
import { MetricLabel, PercentWithSample } from "~/components/metrics/percent";
import { formatNumber } from "~/components/seo-llms/format";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { SentimentBar } from "./sentiment-bar";
import { ShortNumber } from "~/components/short-number";

type LeaderboardRow = Leaderboard["competitors"][number];

/** Every brand of the period, best first; the user's own row stands out, tracked competitors are tagged. */
export function LeaderboardTable({ rows, totalAnswers, totalPresences }: { rows: LeaderboardRow[]; totalAnswers: number; totalPresences: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const heading = "px-3 py-2 font-medium whitespace-nowrap";
  return (
    <Table className="min-w-[760px]" aria-label={t("insights:leaderboard.tableLabel")}>
      <TableHeader>
        <TableHead numeric className={cn(heading, "w-14")}>{t("insights:leaderboard.columns.rank")}</TableHead>
        <TableHead className={heading}>{t("insights:leaderboard.columns.brand")}</TableHead>
        <TableHead numeric className={heading}>
          <MetricLabel metric="visibility">{t("insights:leaderboard.columns.visibility")}</MetricLabel>
        </TableHead>
        <TableHead numeric className={heading}>
          <MetricLabel metric="shareOfMentions">{t("insights:leaderboard.columns.shareOfMentions")}</MetricLabel>
        </TableHead>
        <TableHead numeric className={heading}>{t("insights:leaderboard.columns.averagePosition")}</TableHead>
        <TableHead numeric className={heading}>{t("insights:leaderboard.columns.mentions")}</TableHead>
        <TableHead numeric className={heading}>{t("insights:leaderboard.columns.analyses")}</TableHead>
        <TableHead className={heading}>{t("insights:leaderboard.columns.sentiment")}</TableHead>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <tr
            key={`${row.rank}-${row.name}`}
            data-own={row.is_brand ? "true" : undefined}
            className={row.is_brand ? "bg-indigo-50 shadow-[inset_3px_0_0_var(--color-indigo-600)]" : undefined}
          >
            <td className="px-3 py-2 text-right font-medium tabular-nums text-slate-500">{row.rank}</td>
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
              <span className="flex items-center gap-1.5 whitespace-nowrap">
                <span className="max-w-[16rem] truncate" title={row.name}>
                  {row.name}
                </span>
                {row.is_brand ? (
                  <Badge>{t("insights:leaderboard.you")}</Badge>
                ) : row.tracked ? (
                  <Badge variant="warning" title={t("insights:leaderboard.trackedTitle")}>
                    {t("insights:leaderboard.tracked")}
                  </Badge>
                ) : null}
              </span>
            </th>
            <td className="px-3 py-2 text-right">
              <PercentWithSample value={row.visibility} part={row.answers} whole={totalAnswers} interval={row.visibility_interval} unit="answers" />
            </td>
            <td className="px-3 py-2 text-right">
              <PercentWithSample value={row.share_of_mentions} part={row.answers} whole={totalPresences} interval={row.share_of_mentions_interval} unit="presences" />
            </td>
            <td className="px-3 py-2 text-right tabular-nums">#{formatNumber(row.average_position, locale)}</td>
            <td className="px-3 py-2 text-right tabular-nums"><ShortNumber value={row.mentions} /></td>
            <td className="px-3 py-2 text-right tabular-nums"><ShortNumber value={row.analyses} /></td>
            <td className="px-3 py-2">
              <SentimentBar sentiment={row.sentiment} />
            </td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
