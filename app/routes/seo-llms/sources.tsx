import { useTranslation } from "react-i18next";
import { SearchSchema } from "./sources.server";
import type { Route } from "./+types/sources";
import { NothingToList } from "~/components/insights/empty-state";
import { ExportLink, exportHref } from "~/components/insights/export-link";
import { SourcesChart } from "~/components/insights/sources-chart";
import { SourcesFilters } from "~/components/insights/sources-filters";
import { SourcesTable } from "~/components/insights/sources-table";
import { Total } from "~/components/insights/total";
import { ScreenTitle } from "~/components/screen-title";
import { getApiClient, queryOf, read, requireSession } from "~/lib/api.server";

import { namedCrumb } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { periodRange } from "~/lib/periods";
import { knownProviders, } from "#domain/providers";
import { getFixedT } from "~/middleware/i18next.server";
import { ShortNumber } from "~/components/short-number";

export const meta: Route.MetaFunction = titleMeta;
export const handle = namedCrumb("seo:tabs.sources");


export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const values = SearchSchema.parse(Object.fromEntries(url.searchParams));
  const { startDate, endDate } = periodRange(values.period);
  const filters = { start_date: startDate, end_date: endDate, provider: values.provider, category: values.category };
  const [{ data: sources }, { data: config }, t] = await Promise.all([
    read(api.citingSources["citing-sources"].$get({ query: queryOf(filters) })),
    read(api.config.index.$get()),
    getFixedT(context),
  ]);
  const seen = sources.data.flatMap((row) => Object.keys(row.providers));
  const providers = knownProviders(config.seo_llm.enabled_providers, seen, values.provider);
  const csvHref = exportHref("citing-sources.csv", { start_date: startDate, end_date: endDate, provider: values.provider || undefined, category: values.category || undefined });
  return { title: t("seo:tabs.sources"), values, providers, sources, exportHref: csvHref };
}

export default function Sources({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { values, providers, sources, exportHref } = loaderData;
  const filtered = values.provider !== undefined || values.category !== undefined;
  const totals = [
    { key: "citations", value: sources.total_citations },
    { key: "domains", value: sources.total_domains },
    { key: "answers", value: sources.total_answers },
  ] as const;

  return (
    <div className="grid grid-cols-1 gap-6">
      <ScreenTitle level={2} title={t("seo:tabs.sources")} description={t("insights:sources.description")}>
        {sources.data.length > 0 ? <ExportLink href={exportHref} /> : null}
      </ScreenTitle>

      {/* Remounted when the URL's values change, so back/forward and "clear" show the right choices. */}
      <SourcesFilters key={JSON.stringify(values)} values={values} providers={providers} />

      {sources.data.length === 0 ? (
        <NothingToList screen="sources" filtered={filtered} period={values.period} />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3">
            {totals.map((total) => (
              <Total
                key={total.key}
                label={t(`insights:sources.totals.${total.key}`)}
                value={<ShortNumber value={total.value} />}
                testId={`sources-total-${total.key}`}
              />
            ))}
          </dl>
          <SourcesChart rows={sources.data} />
          <SourcesTable rows={sources.data} sort={values.sort} direction={values.dir} />
        </>
      )}
    </div>
  );
}
