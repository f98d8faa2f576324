import { data } from "react-router";
import type { Route } from "./+types/analysis";
import { ApiRequestError, getApiClient, requireSession } from "~/lib/api.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { getFixedT } from "~/middleware/i18next.server";

/** One analysis's answers, a row per question and assistant. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireSession(context, request);
  const t = await getFixedT(context);
  let analysis: Awaited<ReturnType<ReturnType<typeof getApiClient>["analyses"]["get"]>>;
  try {
    analysis = await getApiClient(context).analyses.get(params.id);
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
  const header = ["question", "category", "provider", "model", "status", "brandMentioned", "brandPosition", "sentiment", "brands", "sources", "searches", "answer"].map(
    (key) => t(`exports.columns.${key}`),
  );
  const rows = (analysis.answers ?? []).map((answer) => [
    answer.question_text,
    t(`seoSetup:categories.${answer.category}.name`),
    answer.provider,
    answer.model,
    t(`seo:status.${answer.status}`),
    answer.brand.mentioned === null ? "" : answer.brand.mentioned ? t("exports.yes") : t("exports.no"),
    answer.brand.position,
    answer.brand.sentiment ? t(`seo:sentiment.${answer.brand.sentiment}`) : "",
    answer.mentions.map((mention) => `${mention.position}. ${mention.name}`).join("; "),
    answer.citations.map((citation) => citation.url).join(" "),
    answer.search_queries.join("; "),
    answer.answer_text,
  ]);
  return csvResponse(`analysis-${analysis.created_at.slice(0, 10)}`, toCsv(header, rows));
}
