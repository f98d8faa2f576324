import { ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { SearchSchema } from "./queries.server";
import type { Route } from "./+types/queries";
import { Notice, NothingToList } from "~/components/insights/empty-state";
import { FilterForm, FilterSelect, PeriodSelect, ProviderSelect } from "~/components/insights/filter-form";
import { ExportLink, exportHref } from "~/components/insights/export-link";
import { ProviderCounts } from "~/components/insights/provider-counts";
import { Total } from "~/components/insights/total";
import { formatDateTime, formatNumber } from "~/components/seo-llms/format";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ScreenTitle } from "~/components/screen-title";
import type { QueryClusters } from "~/lib/api-types";
import { getApiClient, queryOf, read, requireSession } from "~/lib/api.server";

import { namedCrumb } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { type Period, periodRange } from "~/lib/periods";
import { MIN_OCCURRENCES } from "./queries-view";
import { knownProviders, } from "#domain/providers";
import { usePolling } from "~/lib/use-polling";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";
import { ShortNumber } from "~/components/short-number";

export const meta: Route.MetaFunction = titleMeta;
export const handle = namedCrumb("seo:tabs.queries");

/** Seed 001 §7/§9: fifty clusters a page. */
const PAGE_SIZE = 50;
/** A cluster's spellings beyond these fold away, so one noisy cluster does not push the others off screen. */
const VISIBLE_QUERIES = 5;
/** A computation that is queued usually ends within seconds: asking more often than this only adds load. */
const POLL_MS = 2_000;


type FilterValues = { period: Period; model: string; min_occurrences: number };
type Cluster = QueryClusters["query_clusters"][number];

export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const values = SearchSchema.parse(Object.fromEntries(url.searchParams));
  const { startDate, endDate } = periodRange(values.period);
  const filters = { start_date: startDate, end_date: endDate, model: values.model, min_occurrences: values.min_occurrences };
  const [answer, { data: config }, t] = await Promise.all([
    read(api.searchQueries["ai-search-queries"].$get({ query: queryOf({ ...filters, limit: PAGE_SIZE, page: values.page }) })),
    read(api.config.index.$get()),
    getFixedT(context),
  ]);
  // Seed 001 §4: 202 means the clusters are being computed, so the screen says that, not an error.
  const clusters = { ...answer.data, computing: answer.status === 202 };
  const seen = clusters.query_clusters.flatMap((cluster) => Object.keys(cluster.model_breakdown));
  const providers = knownProviders(config.seo_llm.enabled_providers, seen, values.model === "all" ? undefined : values.model);
  const csvHref = exportHref("query-clusters.csv", {
    start_date: startDate,
    end_date: endDate,
    model: values.model === "all" ? undefined : values.model,
    min_occurrences: values.min_occurrences > 1 ? values.min_occurrences : undefined,
  });
  return { title: t("seo:tabs.queries"), values, providers, clusters, exportHref: csvHref };
}

export default function Queries({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { values, providers, clusters, exportHref } = loaderData;
  const { metadata, query_clusters: rows, computing } = clusters;
  usePolling(computing, POLL_MS);
  const locale = i18n.language;
  const filtered = values.model !== "all" || values.min_occurrences > 1;
  const pages = Math.max(1, Math.ceil(metadata.total_clusters / metadata.page_size));
  const filterValues: FilterValues = { period: values.period, model: values.model, min_occurrences: values.min_occurrences };

  return (
    <div className="grid grid-cols-1 gap-6">
      <ScreenTitle level={2} title={t("seo:tabs.queries")} description={t("insights:queries.description")}>
        {rows.length > 0 ? <ExportLink href={exportHref} /> : null}
      </ScreenTitle>

      {/* Remounted when the URL's values change, so back/forward and "clear" show the right choices. */}
      <QueryFilters key={JSON.stringify(filterValues)} values={filterValues} providers={providers} />

      {computing ? (
        <Computing />
      ) : rows.length === 0 ? (
        metadata.total_clusters > 0 ? (
          <Notice message={t("insights:queries.emptyPage")} link={{ to: `?${withPage(filterValues, 1)}`, label: t("insights:queries.firstPage") }} />
        ) : (
          <NothingToList screen="queries" filtered={filtered} period={values.period} />
        )
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3">
            <Total label={t("insights:queries.totals.clusters")} value={formatNumber(metadata.total_clusters, locale, 0)} testId="queries-total-clusters" />
            <Total label={t("insights:queries.totals.searches")} value={formatNumber(metadata.total_queries, locale, 0)} testId="queries-total-searches" />
          </dl>
          <ol aria-label={t("insights:queries.listLabel")} className="grid gap-3">
            {rows.map((cluster) => (
              <ClusterCard key={cluster.id} cluster={cluster} />
            ))}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-3">
            {metadata.computed_at ? (
              <p className="text-xs text-slate-500">{t("insights:queries.computedAt", { date: formatDateTime(metadata.computed_at, locale) })}</p>
            ) : null}
            {pages > 1 ? <Pagination page={values.page} pages={pages} values={filterValues} /> : null}
          </div>
        </>
      )}
    </div>
  );
}

/** The query string of one page of the current filters; page 1 is the URL without a page. */
function withPage(values: FilterValues, page: number) {
  const params = new URLSearchParams({ period: String(values.period), model: values.model, min_occurrences: String(values.min_occurrences) });
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The form carries no page: a change of filter starts again at page 1. */
function QueryFilters({ values, providers }: { values: FilterValues; providers: string[] }) {
  const { t } = useTranslation();
  return (
    <FilterForm label={t("insights:queries.filters.label")} applyLabel={t("insights:queries.filters.apply")}>
      <PeriodSelect label={t("insights:queries.filters.period")} value={values.period} />
      <ProviderSelect
        label={t("insights:queries.filters.model")}
        name="model"
        value={values.model}
        providers={providers}
        all={{ value: "all", label: t("insights:queries.filters.allModels") }}
      />
      <FilterSelect label={t("insights:queries.filters.minOccurrences")} name="min_occurrences" defaultValue={String(values.min_occurrences)}>
        {MIN_OCCURRENCES.map((count) => (
          <option key={count} value={count}>
            {t("insights:queries.filters.times", { count })}
          </option>
        ))}
      </FilterSelect>
    </FilterForm>
  );
}

function Computing() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Alert variant="info" role="status" className="gap-y-1 rounded-lg p-4" data-testid="queries-computing">
      <LoaderCircleIcon className="animate-spin" aria-hidden />
      <AlertTitle>{t("insights:queries.computing.title")}</AlertTitle>
      <AlertDescription>
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
        <p>{t("insights:queries.computing.description")}</p>
        <noscript>
          <Link to={`${pathname}${search}`} className="font-medium underline hover:no-underline">
            {t("insights:queries.computing.refresh")}
          </Link>
        </noscript>
      </AlertDescription>
    </Alert>
  );
}

/** One cluster: what was searched, how often and by whom; its spellings and questions fold away (native <details>). */
function ClusterCard({ cluster }: { cluster: Cluster }) {
  const { t } = useTranslation();
  const visible = cluster.queries.slice(0, VISIBLE_QUERIES);
  const folded = cluster.queries.slice(VISIBLE_QUERIES);
  return (
    <Card asChild className="grid gap-3 p-4">
      <li data-testid="query-cluster">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h3 className="min-w-0 font-medium break-words text-slate-900" data-testid="cluster-query">
            {cluster.representative_query}
          </h3>
          <p className="flex shrink-0 gap-3 text-sm text-slate-600">
            <span className="font-medium tabular-nums text-slate-900">{t("insights:queries.occurrences", { count: cluster.total_occurrences })}</span>
            <span className="tabular-nums" title={t("insights:queries.citationsTitle")}>
              {t("insights:queries.citations", { count: cluster.total_citations })}
            </span>
          </p>
        </div>

        <ProviderCounts counts={cluster.model_breakdown} label={t("insights:queries.byModel")} />

        {/* A cluster of one spelling would only repeat its title. */}
        {cluster.queries.length > 1 ? (
          <div className="grid gap-1">
            <QueryList label={t("insights:queries.spellings")} queries={visible} />
            {folded.length > 0 ? (
              <details>
                <summary className="w-fit cursor-pointer text-xs text-indigo-700 hover:underline">
                  {t("insights:queries.moreQueries", { count: folded.length })}
                </summary>
                <QueryList queries={folded} />
              </details>
            ) : null}
          </div>
        ) : null}

        {cluster.questions.length > 0 ? (
          <details className="border-t border-slate-100 pt-2">
            <summary className="w-fit cursor-pointer text-xs text-indigo-700 hover:underline">
              {t("insights:queries.questions", { count: cluster.questions.length })}
            </summary>
            <ul aria-label={t("insights:queries.questionsLabel")} className="mt-2 grid gap-1.5">
              {cluster.questions.map((question) => (
                <li key={`${question.id ?? ""}|${question.question_text}`} className="flex items-start justify-between gap-3 text-sm">
                  <span className="min-w-0 break-words text-slate-700">{question.question_text}</span>
                  <span className="shrink-0 whitespace-nowrap text-xs tabular-nums text-slate-500">
                    {t("insights:queries.questionCount", { count: question.count })}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </li>
    </Card>
  );
}

function QueryList({ queries, label }: { queries: Cluster["queries"]; label?: string }) {
  return (
    <ul aria-label={label} className="grid gap-1">
      {queries.map((entry) => (
        <li key={entry.query} className="flex items-start justify-between gap-3 text-sm">
          <span className="min-w-0 break-words text-slate-700">{entry.query}</span>
          <span className="shrink-0 text-xs tabular-nums text-slate-500">×<ShortNumber value={entry.count} /></span>
        </li>
      ))}
    </ul>
  );
}

/** Plain links, so paging works without JavaScript; a page past either end is not a link. */
function Pagination({ page, pages, values }: { page: number; pages: number; values: FilterValues }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const link = buttonVariants({ variant: "outline", size: "sm" });
  const disabled = cn(link, "pointer-events-none opacity-50");
  return (
    <nav aria-label={t("insights:queries.pagination.label")} className="ml-auto flex items-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={`${pathname}?${withPage(values, page - 1)}`} className={link} rel="prev">
          <ChevronLeftIcon aria-hidden />
          {t("insights:queries.pagination.previous")}
        </Link>
      ) : (
        <span className={disabled} aria-disabled>
          <ChevronLeftIcon aria-hidden />
          {t("insights:queries.pagination.previous")}
        </span>
      )}
      <span className="whitespace-nowrap tabular-nums text-slate-600">
        {t("insights:queries.pagination.status", { page: Math.min(page, pages), pages })}
      </span>
      {page < pages ? (
        <Link to={`${pathname}?${withPage(values, page + 1)}`} className={link} rel="next">
          {t("insights:queries.pagination.next")}
          <ChevronRightIcon aria-hidden />
        </Link>
      ) : (
        <span className={disabled} aria-disabled>
          {t("insights:queries.pagination.next")}
          <ChevronRightIcon aria-hidden />
        </span>
      )}
    </nav>
  );
}
