import type { Route } from "./+types/leaderboard";
import { dataOf, getApiClient, queryOf, read, requireSession } from "~/lib/api.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { withRetries } from "~/lib/retry.server";
import { getFixedT } from "~/middleware/i18next.server";
import { exportFilters, refusingBadFilters } from "./filters";

/** The leaderboard as the screen shows it (same period options), for a spreadsheet. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const { start_date, end_date } = exportFilters(url);
  const t = await getFixedT(context);
  const board = await refusingBadFilters(
    withRetries(() => read(api.leaderboard.competitors.$get({ query: queryOf({ start_date, end_date, limit: 1000 }) })).then(dataOf)),

    t,
  );
  if (!board) throw new Response(t("exports:failed"), { status: 503 });
  const rows = board.competitors.map((row) => [
    row.rank,
    row.name,
    row.is_brand ? t("exports:yes") : "",
    row.tracked ? t("exports:yes") : "",
    row.visibility,
    row.visibility_interval?.low,
    row.visibility_interval?.high,
    row.share_of_mentions,
    row.share_of_mentions_interval?.low,
    row.share_of_mentions_interval?.high,
    row.average_position,
    row.mentions,
    row.answers,
    row.analyses,
    board.total_answers,
    board.total_presences,
    row.sentiment.positive,
    row.sentiment.neutral,
    row.sentiment.negative,
  ]);
  const header = [
    "rank",
    "brand",
    "yourBrand",
    "tracked",
    "visibility",
    "visibilityLow",
    "visibilityHigh",
    "shareOfMentions",
    "shareOfMentionsLow",
    "shareOfMentionsHigh",
    "averagePosition",
    "mentions",
    "answers",
    "analyses",
    "totalAnswers",
    "totalPresences",
    "positive",
    "neutral",
    "negative",
  ].map((key) => t(`exports:columns.${key}`));
  return csvResponse("leaderboard", toCsv(header, rows));
}
