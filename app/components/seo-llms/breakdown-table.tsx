import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { providerLabel } from "#domain/providers";
import { MetricLabel, PercentWithSample } from "~/components/metrics/percent";
import { formatNumber, formatPercent } from "./format";
import type { MetricsView } from "./metric-cards";

type Row = MetricsView & { provider?: string; category?: string };

/** One line per provider or per category, with the same figures as the cards. */
export function BreakdownTable({ rows, by }: { rows: Row[]; by: "provider" | "category" }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (rows.length === 0) return <p className="text-sm text-slate-500">{t("seo:breakdown.empty")}</p>;
  return (
    <Table region={t(by === "provider" ? "seo:breakdown.byProvider" : "seo:breakdown.byCategory")}>
      <TableHeader>
        <TableHead>{t(by === "provider" ? "seo:breakdown.provider" : "seo:breakdown.category")}</TableHead>
        <TableHead numeric>{t("seo:breakdown.answers")}</TableHead>
        <TableHead numeric>
          <MetricLabel metric="visibility">{t("seo:metrics.visibility")}</MetricLabel>
        </TableHead>
        <TableHead numeric>
          <MetricLabel metric="shareOfVoice">{t("seo:metrics.shareOfVoice")}</MetricLabel>
        </TableHead>
        <TableHead numeric>{t("seo:metrics.averagePosition")}</TableHead>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const key = row.provider ?? row.category ?? "";
          return (
            <tr key={key}>
              <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                {row.provider ? providerLabel(row.provider, i18n.language) : t(`seoSetup:categories.${row.category}.name`)}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{row.answers}</td>
              <td className="px-4 py-2 text-right">
                <PercentWithSample value={row.visibility} part={row.mentioned} whole={row.answers} interval={row.visibility_interval} unit="answers" />
              </td>
              <td className="px-4 py-2 text-right">
                <PercentWithSample value={row.share_of_voice} part={row.mentioned} whole={row.tracked_presences} interval={row.share_of_voice_interval} unit="presences" />
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{row.average_position === null ? "—" : `#${formatNumber(row.average_position, locale)}`}</td>
            </tr>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The tracked brands (the user's and the known competitors) in the answers, most present first. */
export function BrandsTable({ brands, answers }: { brands: Array<{ name: string; is_brand: boolean; answers: number; mentions: number; average_position: number }>; answers: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (brands.length === 0) return <p className="text-sm text-slate-500">{t("seo:brands.empty")}</p>;
  return (
    <Table region={t("seo:brands.title")}>
      <TableHeader>
        <TableHead>{t("seo:brands.brand")}</TableHead>
        <TableHead numeric>{t("seo:metrics.visibility")}</TableHead>
        <TableHead numeric>{t("seo:brands.mentions")}</TableHead>
        <TableHead numeric>{t("seo:metrics.averagePosition")}</TableHead>
      </TableHeader>
      <TableBody>
        {brands.map((brand) => (
          <tr key={brand.name} className={brand.is_brand ? "bg-indigo-50/60" : undefined}>
            <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
              {brand.name}
              {brand.is_brand ? (
                <Badge variant="info" className="ml-2">
                  {t("seo:brands.you")}
                </Badge>
              ) : null}
            </th>
            <td className="px-4 py-2 text-right tabular-nums">{formatPercent(answers ? (brand.answers / answers) * 100 : null, locale)}</td>
            <td className="px-4 py-2 text-right tabular-nums">{brand.mentions}</td>
            <td className="px-4 py-2 text-right tabular-nums">#{formatNumber(brand.average_position, locale)}</td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
