import { ArrowDownIcon, ArrowUpIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { ExportLink } from "~/components/insights/export-link";
import { formatNumber } from "~/components/seo-llms/format";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { TOP_SORTS, type TopSort, type TopView } from "~/lib/top-rows";
import { ShortNumber } from "~/components/short-number";

type Row = { key: string; clicks: number; impressions: number; ctr: number | null; position: number };

/**
 * Top queries or top pages: sorted by a column heading's link, paged by links, downloadable as CSV.
 * Links change the URL only (the loader sorts), so all of it works without JavaScript.
 */
export function TopTable({
  kind,
  prefix,
  rows,
  view,
  pages,
  total,
  csvHref,
}: {
  kind: "queries" | "pages";
  prefix: "q" | "p";
  rows: Row[];
  view: TopView;
  pages: number;
  total: number;
  csvHref: string;
}) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const locale = i18n.language;
  const linkWith = (changes: Record<string, string>) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) params.set(`${prefix}${name}`, value);
    return `${pathname}?${params}`;
  };
  const sortLink = (sort: TopSort) => {
    const natural = sort === "position" ? "asc" : "desc";
    const dir = view.sort === sort ? (view.dir === "asc" ? "desc" : "asc") : natural;
    return linkWith({ sort, dir, page: "1" });
  };

  return (
    // Not a landmark itself: the table's scrolling region carries the name, once.
    <section className="grid content-start gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`top-${kind}`} className="font-medium">
          {t(`searchConsole:top.${kind}`)}
        </h3>
        {total ? <ExportLink href={csvHref} /> : null}
      </div>
      {total === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{t("searchConsole:top.empty")}</p>
      ) : (
        <>
          <Table region={t(`searchConsole:top.${kind}`)}>
            <TableHeader>
              <TableHead>{t(`searchConsole:top.${kind === "queries" ? "query" : "page"}`)}</TableHead>
              {TOP_SORTS.map((sort) => (
                <TableHead key={sort} numeric className="whitespace-nowrap" aria-sort={view.sort === sort ? (view.dir === "asc" ? "ascending" : "descending") : "none"}>
                  <Link to={sortLink(sort)} preventScrollReset className="inline-flex items-center gap-1 hover:text-slate-900">
                    {t(`searchConsole:kpi.${sort}`)}
                    {view.sort === sort ? view.dir === "asc" ? <ArrowUpIcon className="size-3" aria-hidden /> : <ArrowDownIcon className="size-3" aria-hidden /> : null}
                  </Link>
                </TableHead>
              ))}
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <td className="max-w-xs truncate px-4 py-2" title={row.key}>
                    {kind === "pages" ? (
                      <a href={row.key} target="_blank" rel="noreferrer noopener" className="text-indigo-700 hover:underline">
                        {row.key.replace(/^https?:\/\//, "")}
                      </a>
                    ) : (
                      row.key
                    )}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums"><ShortNumber value={row.clicks} /></td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums"><ShortNumber value={row.impressions} /></td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{row.ctr === null ? "—" : `${formatNumber(row.ctr, locale, 2)} %`}</td>
                  <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">{formatNumber(row.position, locale)}</td>
                </tr>
              ))}
            </TableBody>
          </Table>
          {pages > 1 ? (
            <nav className="flex items-center justify-between text-sm" aria-label={t(`searchConsole:top.${kind}`)}>
              <span className="text-slate-500">{t("searchConsole:top.pageOf", { page: view.page, pages, total })}</span>
              <span className="flex gap-3">
                {view.page > 1 ? (
                  <Link to={linkWith({ page: String(view.page - 1) })} preventScrollReset className="font-medium text-indigo-700 hover:underline">
                    {t("searchConsole:top.previous")}
                  </Link>
                ) : null}
                {view.page < pages ? (
                  <Link to={linkWith({ page: String(view.page + 1) })} preventScrollReset className="font-medium text-indigo-700 hover:underline">
                    {t("searchConsole:top.next")}
                  </Link>
                ) : null}
              </span>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
