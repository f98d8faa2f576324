import { CheckIcon, ChevronDownIcon, DownloadIcon, MinusIcon, SearchIcon, XIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/analysis";
import { AnswerText } from "~/components/seo-llms/answer-text";
import { BreakdownTable } from "~/components/seo-llms/breakdown-table";
import { formatDateTime } from "~/components/seo-llms/format";
import { MetricCards } from "~/components/seo-llms/metric-cards";
import { ProgressBar } from "~/components/seo-llms/progress-bar";
import { DemoBadge, isRunning, StatusBadge } from "~/components/seo-llms/status-badge";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { BackLink } from "~/components/back-link";
import type { Analysis } from "~/lib/api-types";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";

import type { Term } from "~/lib/highlight";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { providerLabel } from "#domain/providers";
import { usePolling } from "~/lib/use-polling";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ key: "seo:tabs.analyses", to: "/seo-llms/analyses" }, { date: data.analysis.created_at }]);

export async function loader({ context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  const api = getApiClient(context);
  try {
    const [{ data: analysis }, { data: config }, t] = await Promise.all([
      read(api.analyses[":id"].$get({ param: { id: params.id } })),
      read(api.config.index.$get()),
      getFixedT(context),
    ]);
    // The model and its latency are operator facts: admins see them under each answer, customers do not.
    return { analysis, pollingInterval: config.seo_llm.polling_interval, title: t("seo:detail.title"), isAdmin: session.user.role === "admin" };
  } catch (error) {
    // Someone else's analysis, a deleted one or a mistyped id: the same not-found page.
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

type Answer = NonNullable<Analysis["answers"]>[number];

export default function AnalysisDetail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { analysis, pollingInterval, isAdmin } = loaderData;
  const running = isRunning(analysis.status);
  usePolling(running, pollingInterval);

  const terms: Term[] = [
    ...[analysis.brand_name, ...analysis.brand_aliases].map((text) => ({ text, kind: "brand" as const })),
    ...analysis.competitors.flatMap((competitor) => [competitor.name, ...competitor.aliases].map((text) => ({ text, kind: "competitor" as const }))),
  ];
  const questions = new Map<string, { text: string; category: string; answers: Answer[] }>();
  for (const answer of analysis.answers ?? []) {
    const key = `${answer.question_text}\u0000${answer.category}`;
    const entry = questions.get(key) ?? { text: answer.question_text, category: answer.category, answers: [] };
    entry.answers.push(answer);
    questions.set(key, entry);
  }

  return (
    <div className="grid gap-6">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(Math.max(2, Math.round(pollingInterval / 1000)))} />
        </noscript>
      ) : null}
      <Card className="grid gap-3 p-4">
        <BackLink to="/seo-llms/analyses">{t("seo:detail.back")}</BackLink>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{t("seo:detail.heading", { date: formatDateTime(analysis.created_at, i18n.language) })}</h2>
          <StatusBadge status={analysis.status} />
          {analysis.simulated ? <DemoBadge /> : null}
          {/* A plain link: the download works without JavaScript. */}
          <a
            href={`/exports/analyses/${analysis.id}.csv`}
            className="ml-auto flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-50"
            download
          >
            <DownloadIcon className="size-4" aria-hidden /> {t("seo:detail.export")}
          </a>
        </div>
        <p className="text-sm text-slate-600">
          {t("seo:detail.meta", { brand: analysis.brand_name, providers: analysis.providers.map((id) => providerLabel(id, i18n.language)).join(", "), total: analysis.progress.total })}
        </p>
        {running ? (
          <div className="flex flex-wrap items-center gap-4">
            <ProgressBar
              done={analysis.progress.completed + analysis.progress.failed}
              total={analysis.progress.total}
              deadline={{ at: analysis.deadline_at, launchedAt: analysis.created_at }}
            />
            <noscript>
              <Link to="." className="text-sm font-medium text-indigo-700 hover:underline">
                {t("seo:detail.refresh")}
              </Link>
            </noscript>
          </div>
        ) : null}
      </Card>

      <MetricCards metrics={analysis.summary} />
      {analysis.by_provider.length > 1 ? (
        <section className="grid gap-3">
          <h3 className="font-medium">{t("seo:breakdown.byProvider")}</h3>
          <BreakdownTable rows={analysis.by_provider} by="provider" />
        </section>
      ) : null}

      <section className="grid gap-4">
        <h3 className="font-medium">{t("seo:detail.answers")}</h3>
        {[...questions.values()].map((question) => (
          <Card asChild key={`${question.text}-${question.category}`} className="grid gap-3 p-4">
            <article>
              <header className="flex flex-wrap items-start justify-between gap-2">
                <h4 className="font-medium">{question.text}</h4>
                <Badge variant="secondary">{t(`seoSetup:categories.${question.category}.name`)}</Badge>
              </header>
              <div className="grid gap-2">
                {question.answers.map((answer) => (
                  <AnswerCard key={answer.id} answer={answer} terms={terms} isAdmin={isAdmin} open={analysis.answers?.length === 1} />
                ))}
              </div>
            </article>
          </Card>
        ))}
      </section>
    </div>
  );
}

/** One assistant's answer: a row that says it opens (a chevron and "Show answer"); open at once when it is the only one. */
function AnswerCard({ answer, terms, isAdmin, open }: { answer: Answer; terms: Term[]; isAdmin: boolean; open: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <details className="group rounded-md border border-slate-200" data-testid="answer" open={open}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm marker:content-none">
        <ChevronDownIcon className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden />
        <span className="w-28 font-medium text-slate-900">{providerLabel(answer.provider, i18n.language)}</span>
        {answer.status === "completed" ? (
          <>
            <span className={cn("flex items-center gap-1", answer.brand.mentioned ? "text-emerald-700" : "text-slate-500")}>
              {answer.brand.mentioned ? <CheckIcon className="size-4" aria-hidden /> : <XIcon className="size-4" aria-hidden />}
              {answer.brand.mentioned ? t("seo:answer.mentioned") : t("seo:answer.notMentioned")}
            </span>
            {answer.brand.position ? <span className="text-slate-600">{t("seo:answer.position", { position: answer.brand.position, count: answer.mentions.length })}</span> : null}
            {answer.brand.sentiment ? <span className="text-slate-600">{t(`seo:sentiment.${answer.brand.sentiment}`)}</span> : null}
            <span className="text-slate-500">{t("seo:answer.sources", { count: answer.citations.length })}</span>
          </>
        ) : answer.status === "failed" ? (
          <span className="text-red-700" title={answer.error?.message}>
            {t("seo:answer.failed", { reason: t(`seo:answer.errors.${answer.error?.code}`, { defaultValue: t("seo:answer.errors.unknown") }) })}
          </span>
        ) : (
          <span className="flex items-center gap-1 text-slate-500">
            <MinusIcon className="size-4" aria-hidden /> {t(`seo:status.${answer.status}`)}
          </span>
        )}
        <span className="ml-auto text-xs font-medium text-indigo-700">
          <span className="group-open:hidden">{t("seo:answer.show")}</span>
          <span className="hidden group-open:inline">{t("seo:answer.hide")}</span>
        </span>
      </summary>
      <div className="grid gap-4 border-t border-slate-200 p-3">
        {answer.answer_text ? <AnswerText text={answer.answer_text} terms={terms} /> : null}
        {answer.mentions.length ? (
          <div className="grid gap-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("seo:answer.brands")}</p>
            <ol className="flex flex-wrap gap-2 text-xs">
              {answer.mentions.map((mention) => (
                <Badge asChild key={mention.name} variant={mention.is_brand ? "info" : mention.tracked ? "warning" : "secondary"} className="font-normal">
                  <li>
                    {mention.position}. {mention.name}
                  </li>
                </Badge>
              ))}
            </ol>
          </div>
        ) : null}
        {answer.citations.length ? (
          <div className="grid gap-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("seo:answer.citations")}</p>
            <ol className="grid list-decimal gap-1 pl-5 text-sm">
              {answer.citations.map((citation) => (
                <li key={citation.url} className="break-all">
                  <a href={citation.url} target="_blank" rel="nofollow noopener noreferrer" className="text-indigo-700 hover:underline">
                    {citation.title || citation.url}
                  </a>{" "}
                  <span className="text-xs text-slate-500">{hostOf(citation.url)}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {answer.search_queries.length ? (
          <div className="grid gap-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("seo:answer.searches")}</p>
            <ul className="flex flex-wrap gap-2 text-xs">
              {answer.search_queries.map((query) => (
                <Badge asChild key={query} variant="outline" className="whitespace-normal font-normal">
                  <li>
                    <SearchIcon aria-hidden /> {query}
                  </li>
                </Badge>
              ))}
            </ul>
          </div>
        ) : null}
        {isAdmin && answer.model ? <p className="text-xs text-slate-400">{t("seo:answer.model", { model: answer.model, ms: answer.latency_ms ?? 0 })}</p> : null}
      </div>
    </details>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}
