import { SparklesIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { formatNumber, formatPercent } from "~/components/seo-llms/format";
import { Card } from "~/components/ui/card";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { ShortNumber } from "~/components/short-number";

type Summary = { answers: number; visibility: number | null; share_of_voice: number | null; average_position: number | null };
type Keyword = {
  keyword: string;
  organic: { clicks: number; impressions: number; position: number | null; queries: number };
  ai: { answers: number; visibility: number | null; average_position: number | null };
};

/** The AI-visibility figures of the same period, from the analyses, beside the organic ones. */
export function AiSummary({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const figures = [
    { key: "visibility", value: formatPercent(summary.visibility, locale) },
    { key: "shareOfVoice", value: formatPercent(summary.share_of_voice, locale) },
    { key: "averagePosition", value: summary.average_position === null ? "—" : `#${formatNumber(summary.average_position, locale)}` },
  ];
  return (
    <Card asChild className="grid content-start gap-4 p-4">
      <section aria-labelledby="ai-summary" data-testid="ai-summary">
        <div className="flex items-center justify-between gap-2">
          <h3 id="ai-summary" className="flex items-center gap-2 font-medium">
            <SparklesIcon className="size-4 text-indigo-600" aria-hidden />
            {t("searchConsole:ai.title")}
          </h3>
          <Link to="/seo-llms" className="text-sm font-medium text-indigo-700 hover:underline">
            {t("searchConsole:ai.open")}
          </Link>
        </div>
        {summary.answers === 0 ? (
          <p className="text-sm text-slate-600">{t("searchConsole:ai.none")}</p>
        ) : (
          <dl className="grid grid-cols-3 gap-3">
            {figures.map((figure) => (
              <div key={figure.key} className="grid gap-0.5">
                <dt className="text-xs text-muted-foreground">{t(`searchConsole:ai.metrics.${figure.key}`)}</dt>
                <dd className="text-xl font-semibold tabular-nums">{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {summary.answers ? <p className="text-xs text-slate-500">{t("searchConsole:ai.answers", { count: summary.answers })}</p> : null}
      </section>
    </Card>
  );
}

/** Each tracked keyword: organic clicks and impressions of the queries containing it, beside its visibility in AI answers. */
export function KeywordsTable({ keywords }: { keywords: Keyword[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (keywords.length === 0) return null;
  return (
    // Not a landmark itself: the table's scrolling region carries the name, once.
    <section className="grid gap-3">
      <div>
        <h3 id="keywords-beside" className="font-medium">
          {t("searchConsole:keywords.title")}
        </h3>
        <p className="text-sm text-slate-600">{t("searchConsole:keywords.description")}</p>
      </div>
      <Table region={t("searchConsole:keywords.title")}>
        <TableHeader>
          <TableHead>{t("searchConsole:keywords.keyword")}</TableHead>
          <TableHead numeric>{t("searchConsole:kpi.clicks")}</TableHead>
          <TableHead numeric>{t("searchConsole:kpi.impressions")}</TableHead>
          <TableHead numeric>{t("searchConsole:kpi.position")}</TableHead>
          <TableHead numeric>{t("searchConsole:keywords.aiVisibility")}</TableHead>
          <TableHead numeric>{t("searchConsole:keywords.aiPosition")}</TableHead>
        </TableHeader>
        <TableBody>
          {keywords.map((row) => (
            <tr key={row.keyword}>
              <td className="px-4 py-2 font-medium">{row.keyword}</td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums"><ShortNumber value={row.organic.clicks} /></td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums"><ShortNumber value={row.organic.impressions} /></td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{formatNumber(row.organic.position, locale)}</td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums" title={t("searchConsole:ai.answers", { count: row.ai.answers })}>
                {formatPercent(row.ai.visibility, locale)}
              </td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{row.ai.average_position === null ? "—" : `#${formatNumber(row.ai.average_position, locale)}`}</td>
            </tr>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
