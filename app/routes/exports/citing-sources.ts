import type { Route } from "./+types/citing-sources";
import { getApiClient, queryOf, read, requireSession } from "~/lib/api.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { getFixedT } from "~/middleware/i18next.server";
import { exportFilters, refusingBadFilters } from "./filters";

/** Every cited domain with the filters of the screen, and its most cited pages. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const { start_date, end_date, provider, category } = exportFilters(url);
  const t = await getFixedT(context);
  const query = queryOf({ start_date, end_date, provider, category, limit: 500 });
  const { data: sources } = await refusingBadFilters(read(getApiClient(context).citingSources["citing-sources"].$get({ query })), t);

  const header = ["domain", "citations", "percentage", "providers", "ownSite", "competitor", "topPages"].map((key) => t(`exports:columns.${key}`));
  const rows = sources.data.map((row) => [
    row.domain,
    row.total_citations,
    row.percentage,
    Object.entries(row.providers)
      .map(([name, count]) => `${name}: ${count}`)
      .join("; "),
    row.is_own ? t("exports:yes") : "",
    row.competitor ?? "",
    row.top_urls.map((page) => page.url).join(" "),
  ]);
  return csvResponse("citing-sources", toCsv(header, rows));
}
