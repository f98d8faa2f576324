import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { providerLabel } from "#domain/providers";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { formatDateTime } from "./format";
import { DemoBadge, StatusBadge } from "./status-badge";

export type QuestionHistoryData = {
  analyses: Array<{
    analysis_id: string;
    created_at: string;
    status: string;
    simulated: boolean;
    answers: Array<{ provider: string; status: string; mentioned: boolean | null; position: number | null; sentiment: string | null; cited_domains: string[] }>;
  }>;
  total: number;
};

/** How the question was answered in each analysis that asked it, newest first, per assistant. */
export function QuestionHistory({ history, page, pages }: { history: QuestionHistoryData; page: number; pages: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Card asChild className="grid gap-4 p-4 sm:p-6">
      <section aria-labelledby="question-history-title" data-testid="question-history">
        <div className="grid gap-1">
          <h2 id="question-history-title" className="font-semibold">
            {t("seoSetup:question.history.title")}
          </h2>
          {history.total > 0 ? <p className="text-sm text-slate-600">{t("seoSetup:question.history.description", { count: history.total })}</p> : null}
        </div>
        {history.analyses.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500" data-testid="question-history-empty">
            {t("seoSetup:question.history.empty")}
          </p>
        ) : (
          <ol className="grid gap-4">
            {history.analyses.map((run) => (
              <li key={run.analysis_id} className="grid gap-2" data-testid="question-history-run">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Link to={`/seo-llms/analyses/${run.analysis_id}`} className="font-medium text-indigo-700 hover:underline">
                    {t("seo:detail.heading", { date: formatDateTime(run.created_at, locale) })}
                  </Link>
                  <StatusBadge status={run.status} />
                  {run.simulated ? <DemoBadge /> : null}
                </p>
                <ul className="grid gap-2">
                  {run.answers.map((answer) => (
                    <li key={answer.provider} className="grid gap-1 rounded-md border border-slate-200 px-3 py-2 text-sm sm:grid-cols-[8rem_1fr] sm:gap-x-4">
                      <span className="font-medium text-slate-900">{providerLabel(answer.provider, locale)}</span>
                      <span className="grid gap-1">
                        <span className="flex flex-wrap items-center gap-2">
                          <Verdict answer={answer} />
                        </span>
                        <span className="break-words text-xs text-slate-600">
                          {answer.cited_domains.length
                            ? t("seoSetup:question.history.sources", { domains: answer.cited_domains.join(", ") })
                            : t("seoSetup:question.history.noSources")}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        {pages > 1 ? (
          <nav aria-label={t("seo:history.pagination")} className="flex items-center justify-between gap-2 text-sm">
            {page > 1 ? (
              <Link to={`?history=${page - 1}`} className="text-indigo-700 hover:underline" preventScrollReset>
                {t("seo:history.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-500">{t("seo:history.page", { page, pages })}</span>
            {page < pages ? (
              <Link to={`?history=${page + 1}`} className="text-indigo-700 hover:underline" preventScrollReset>
                {t("seo:history.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </Card>
  );
}

function Verdict({ answer }: { answer: QuestionHistoryData["analyses"][number]["answers"][number] }) {
  const { t } = useTranslation();
  if (answer.status === "failed") return <span className="text-red-700">{t("seoSetup:question.history.failed")}</span>;
  if (answer.status !== "completed") return <span className="text-slate-500">{t("seoSetup:question.history.pending")}</span>;
  if (!answer.mentioned) return <Badge variant="secondary">{t("seoSetup:question.history.notMentioned")}</Badge>;
  return (
    <>
      <Badge variant="success">{t("seoSetup:question.history.mentioned")}</Badge>
      {answer.position ? <span className="tabular-nums">{t("seoSetup:question.history.position", { position: answer.position })}</span> : null}
      {answer.sentiment ? <span>{t(`seo:sentiment.${answer.sentiment}`)}</span> : null}
    </>
  );
}
