import type { Route } from "./+types/query-clusters";
import { getApiClient, queryOf, read, requireSession } from "~/lib/api.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { PROVIDER_LABELS } from "#domain/providers";
import { getFixedT } from "~/middleware/i18next.server";
import { exportFilters, refusingBadFilters } from "./filters";

/** The API's largest page: one call brings every cluster a spreadsheet is worth having. */
const MAX_CLUSTERS = 500;

/** Every query cluster with the filters of the screen: its searches, figures, assistants and questions. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const { start_date, end_date, model } = exportFilters(url);
  const minOccurrences = Number(url.searchParams.get("min_occurrences"));
  const t = await getFixedT(context);
  const query = queryOf({
    start_date,
    end_date,
    // A hand-edited link downloads every assistant's searches rather than failing on the API's 400.
    model: model && Object.hasOwn(PROVIDER_LABELS, model) ? model : undefined,
    min_occurrences: Number.isInteger(minOccurrences) && minOccurrences > 1 ? minOccurrences : undefined,
    limit: MAX_CLUSTERS,
    page: 1,
  });
  const { data: clusters, status } = await refusingBadFilters(read(getApiClient(context).searchQueries["ai-search-queries"].$get({ query })), t);
  // Seed 001 §4: still being computed (202) is not a failure, but there is nothing to download yet.
  if (status === 202) {

    return new Response(t("exports:computing"), {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "5", "cache-control": "no-store" },
    });
  }
  const header = ["cluster", "queries", "occurrences", "citations", "providers", "triggeredBy"].map((key) => t(`exports:columns.${key}`));
  const rows = clusters.query_clusters.map((cluster) => [
    cluster.representative_query,
    cluster.queries.map((entry) => `${entry.query} (${entry.count})`).join("; "),
    cluster.total_occurrences,
    cluster.total_citations,
    Object.entries(cluster.model_breakdown)
      .map(([name, count]) => `${name}: ${count}`)
      .join("; "),
    cluster.questions.map((question) => question.question_text).join("; "),
  ]);
  return csvResponse("query-clusters", toCsv(header, rows));
}
