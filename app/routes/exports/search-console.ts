import { data } from "react-router";
import type { Route } from "./+types/search-console";
import { DEFAULT_DASHBOARD_PERIOD, isDashboardPeriod } from "#domain/search-console";
import { getApiClient, read, requireSession } from "~/lib/api.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { getFixedT } from "~/middleware/i18next.server";

/** The dashboard's top queries or top pages for a period, every row the sync kept (up to 1,000). */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  requireSession(context);
  const kind = params.kind;
  if (kind !== "queries" && kind !== "pages") throw data(null, { status: 404 });
  const asked = url.searchParams.get("period");
  const period = isDashboardPeriod(asked) ? asked : DEFAULT_DASHBOARD_PERIOD;
  const t = await getFixedT(context);
  const { data: performance } = await read(getApiClient(context).searchConsole.performance.$get({ query: { period } }));
  const header = [t(kind === "queries" ? "searchConsole:top.query" : "searchConsole:top.page"), ...["clicks", "impressions", "ctr", "position"].map((key) => t(`searchConsole:kpi.${key}`))];
  const rows = performance[kind].map((row) => [row.key, row.clicks, row.impressions, row.ctr, row.position]);
  return csvResponse(`search-console-${kind}-${period}`, toCsv(header, rows));
}
