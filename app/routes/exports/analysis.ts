import type { Route } from "./+types/analysis";
import { getApiClient, notFoundOn404, read, requireSession } from "~/lib/api.server";
import { csvResponse, toCsv } from "~/lib/csv";
import { getFixedT } from "~/middleware/i18next.server";

/** One analysis's answers, a row per question and assistant. */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  const t = await getFixedT(context);
  const { data: analysis } = await read(getApiClient(context).analyses[":id"].$get({ param: { id: params.id } })).catch(notFoundOn404);

  const header = ["question", "category", "provider", "model", "status", "brandMentioned", "brandPosition", "sentiment", "brands", "sources", "searches", "answer"].map(
    (key) => t(`exports:columns.${key}`),
  );
  const rows = (analysis.answers ?? []).map((answer) => [
    answer.question_text,
    t(`seoSetup:categories.${answer.category}.name`),
    answer.provider,
    answer.model,
    t(`seo:status.${answer.status}`),
    answer.brand.mentioned === null ? "" : answer.brand.mentioned ? t("exports:yes") : t("exports:no"),
    answer.brand.position,
    answer.brand.sentiment ? t(`seo:sentiment.${answer.brand.sentiment}`) : "",
    answer.mentions.map((mention) => `${mention.position}. ${mention.name}`).join("; "),
    answer.citations.map((citation) => citation.url).join(" "),
    answer.search_queries.join("; "),
    answer.answer_text,
  ]);
  return csvResponse(`analysis-${analysis.created_at.slice(0, 10)}`, toCsv(header, rows));
}
