import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/analyses";
import { formatDateTime } from "~/components/seo-llms/format";
import { DemoBadge, StatusBadge } from "~/components/seo-llms/status-badge";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { getApiClient, read, requireSession } from "~/lib/api.server";

import { namedCrumb } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { providerLabel } from "#domain/providers";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = namedCrumb("seo:tabs.analyses");

const PAGE_SIZE = 10;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const query = { limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) };
  const [{ data: list }, t] = await Promise.all([read(getApiClient(context).analyses.index.$get({ query })), getFixedT(context)]);
  return { title: t("seo:tabs.analyses"), page, pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)), ...list };
}

export default function Analyses({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { analyses, page, pages, total } = loaderData;
  if (total === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{t("seo:history.empty")}</p>;
  }
  return (
    <div className="grid gap-4">
      <Table region={t("seo:tabs.analyses")}>
        <TableHeader>
          <TableHead>{t("seo:history.date")}</TableHead>
          <TableHead>{t("seo:history.status")}</TableHead>
          <TableHead>{t("seo:history.providers")}</TableHead>
          <TableHead numeric>{t("seo:history.answers")}</TableHead>
        </TableHeader>
        <TableBody>
          {analyses.map((analysis) => (
            <tr key={analysis.id}>
              <td className="px-4 py-2">
                <Link to={`/seo-llms/analyses/${analysis.id}`} className="font-medium text-indigo-700 hover:underline">
                  {formatDateTime(analysis.created_at, i18n.language)}
                </Link>
              </td>
              <td className="px-4 py-2">
                <span className="flex items-center gap-2">
                  <StatusBadge status={analysis.status} />
                  {analysis.simulated ? <DemoBadge /> : null}
                </span>
              </td>
              <td className="px-4 py-2 text-slate-600">{analysis.providers.map((id) => providerLabel(id, i18n.language)).join(", ")}</td>
              <td className="px-4 py-2 text-right tabular-nums">
                {analysis.progress.completed}/{analysis.progress.total}
              </td>
            </tr>
          ))}
        </TableBody>
      </Table>
      {pages > 1 ? (
        <nav aria-label={t("seo:history.pagination")} className="flex items-center justify-between text-sm">
          {page > 1 ? <Link to={`?page=${page - 1}`} className="text-indigo-700 hover:underline">{t("seo:history.previous")}</Link> : <span />}
          <span className="text-slate-500">{t("seo:history.page", { page, pages })}</span>
          {page < pages ? <Link to={`?page=${page + 1}`} className="text-indigo-700 hover:underline">{t("seo:history.next")}</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
