import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ExternalLinkIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { formatPercent } from "~/components/seo-llms/format";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { ProviderCounts } from "./provider-counts";
import type { CitingSources } from "~/lib/api-types";
import { ShortNumber } from "~/components/short-number";

export const SOURCE_SORTS = ["domain", "citations", "percentage"] as const;
export type SourceSort = (typeof SOURCE_SORTS)[number];
export type SortDirection = "asc" | "desc";

/** One cited domain, as GET /seo-llm/analyses/citing-sources answers it. */
export type SourceRowView = CitingSources["data"][number];

const VALUE: Record<Exclude<SourceSort, "domain">, (row: SourceRowView) => number> = {
  citations: (row) => row.total_citations,
  percentage: (row) => row.percentage,
};

/** Ties fall back to the most cited, then the domain, so the order never depends on the API's. */
export function sortSources(rows: SourceRowView[], sort: SourceSort, direction: SortDirection): SourceRowView[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const primary = sort === "domain" ? a.domain.localeCompare(b.domain) : VALUE[sort](a) - VALUE[sort](b);
    return sign * primary || b.total_citations - a.total_citations || a.domain.localeCompare(b.domain);
  });
}

/** Names read A→Z first; figures read biggest first. */
const FIRST_DIRECTION: Record<SourceSort, SortDirection> = { domain: "asc", citations: "desc", percentage: "desc" };

/** The cited domains with their figures; the headers are links, so sorting works without JavaScript. */
export function SourcesTable({ rows, sort, direction }: { rows: SourceRowView[]; sort: SourceSort; direction: SortDirection }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sorted = sortSources(rows, sort, direction);
  return (
    <Table className="min-w-[32rem]" aria-label={t("insights:sources.tableLabel")}>
      <TableHeader>
        <SortHeader column="domain" sort={sort} direction={direction} />
        <SortHeader column="citations" sort={sort} direction={direction} numeric />
        <SortHeader column="percentage" sort={sort} direction={direction} numeric />
        <TableHead className="whitespace-nowrap px-3">{t("insights:sources.columns.providers")}</TableHead>
      </TableHeader>
      <TableBody>
        {sorted.map((row) => (
          <tr key={row.domain} className={cn("align-top", row.is_own && "bg-indigo-50")}>
            <th scope="row" className="min-w-44 px-3 py-2 text-left font-normal">
              <span className="flex flex-wrap items-center gap-1.5">
                <span data-testid="source-domain" className="break-all font-medium text-slate-900">{row.domain}</span>
                {row.is_own ? <Badge>{t("insights:sources.yourSite")}</Badge> : null}
                {row.competitor ? <Badge variant="warning">{t("insights:sources.competitor", { name: row.competitor })}</Badge> : null}
              </span>
              {row.top_urls.length > 0 ? <TopPages pages={row.top_urls} /> : null}
            </th>
            <td className="px-3 py-2 text-right tabular-nums"><ShortNumber value={row.total_citations} /></td>
            <td className="px-3 py-2 text-right tabular-nums">{formatPercent(row.percentage, locale)}</td>
            <td className="px-3 py-2">
              <ProviderCounts counts={row.providers} />
            </td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}

function SortHeader({ column, sort, direction, numeric = false }: { column: SourceSort; sort: SourceSort; direction: SortDirection; numeric?: boolean }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const active = column === sort;
  const next: SortDirection = active ? (direction === "asc" ? "desc" : "asc") : FIRST_DIRECTION[column];
  const params = new URLSearchParams(search);
  params.set("sort", column);
  params.set("dir", next);
  const Icon = active ? (direction === "asc" ? ArrowUpIcon : ArrowDownIcon) : ArrowUpDownIcon;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}
      className={cn("whitespace-nowrap px-3 py-2 font-medium", numeric && "text-right")}
    >
      <Link
        to={`?${params}`}
        preventScrollReset
        className={cn("inline-flex items-center gap-1 uppercase hover:text-slate-900", active && "text-slate-900")}
      >
        {t(`insights:sources.columns.${column}`)}
        <Icon className={cn("size-3.5", !active && "opacity-40")} aria-hidden />
        {active ? <span className="sr-only">({t(direction === "asc" ? "insights:sources.sortAscending" : "insights:sources.sortDescending")})</span> : null}
      </Link>
    </th>
  );
}

/** A domain's most cited pages, folded: a native <details> opens without JavaScript. */
function TopPages({ pages }: { pages: SourceRowView["top_urls"] }) {
  const { t } = useTranslation();
  return (
    <details className="mt-1">
      <summary className="w-fit cursor-pointer text-xs text-indigo-700 hover:underline">{t("insights:sources.topPages", { count: pages.length })}</summary>
      <ul className="mt-1 grid gap-1">
        {pages.map((page) => (
          <li key={page.url} className="flex items-start justify-between gap-3 text-xs">
            <a href={page.url} target="_blank" rel="noopener noreferrer nofollow" className="flex min-w-0 items-start gap-1 text-slate-700 hover:text-indigo-700 hover:underline">
              <ExternalLinkIcon className="mt-0.5 size-3 shrink-0" aria-hidden />
              <span className="min-w-0">
                <span className="block">{page.title || page.url}</span>
                {page.title ? <span className="block break-all text-slate-400">{page.url}</span> : null}
              </span>
            </a>
            <span className="shrink-0 whitespace-nowrap tabular-nums text-slate-500">{t("insights:sources.citations", { count: page.citations })}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
