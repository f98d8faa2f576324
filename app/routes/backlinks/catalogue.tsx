import { ChevronLeftIcon, ChevronRightIcon, FlaskConicalIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/catalogue";
import { CatalogueFilters } from "~/components/backlinks/catalogue-filters";
import { SiteCard } from "~/components/backlinks/site-card";
import { EmptyState, ErrorPanel, Notice } from "~/components/insights/empty-state";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { ApiRequestError, dataOf, getApiClient, read, requireSession } from "~/lib/api.server";
import { catalogueApiQuery, catalogueSearch, isFiltered, parseCatalogueQuery } from "~/lib/backlinks";
import { readCart } from "~/lib/backlinks.server";
import { titleMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

const PREFIX = "backlinks:pages.backlinks.catalogue";

/** Seed 001 §2, issue 15: the catalogue, filtered by the URL's query, a page at a time. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const query = parseCatalogueQuery(url.searchParams);
  const [page, cart, t] = await Promise.all([
    read(api.backlinks.sites.$get({ query: catalogueApiQuery(query) })).then(dataOf, (error: unknown) => {
      // A filter the API still refuses is the page's message, not an error page.
      if (error instanceof ApiRequestError && error.status === 400) return null;
      throw error;
    }),
    readCart(api).catch(() => null),
    getFixedT(context),
  ]);
  const inCart = [...new Set((cart?.items ?? []).map((item) => item.page_id))];
  return { title: t("nav.backlinks"), query, page, inCart };
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { query, page, inCart } = loaderData;
  const filtered = isFiltered(query);
  // The site's page knows which listing it was opened from: its way back, and the cart line's search_id.
  const from = search.replace(/^\?/, "");
  const detailHref = (id: string) => `/backlinks/sites/${id}${from ? `?from=${encodeURIComponent(from)}` : ""}`;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <h2 className="sr-only">{t(`${PREFIX}.title`)}</h2>
      <CatalogueFilters key={search} query={query} />

      {query.ignored.length ? (
        <Alert variant="warning" role="status">
          <AlertDescription>{t(`${PREFIX}.ignored`, { names: query.ignored.join(", ") })}</AlertDescription>
        </Alert>
      ) : null}

      {page === null ? (
        <ErrorPanel title={t(`${PREFIX}.failed`)} description={t(`${PREFIX}.failedHint`)}>
          <Link to="/backlinks" className="w-fit font-medium underline hover:no-underline">
            {t(`${PREFIX}.clear`)}
          </Link>
        </ErrorPanel>
      ) : page.total === 0 ? (
        filtered ? (
          <div data-testid="catalogue-empty">
            <EmptyState title={t(`${PREFIX}.empty.title`)} description={t(`${PREFIX}.empty.description`)} action={{ to: "/backlinks", label: t(`${PREFIX}.clear`) }} />
          </div>
        ) : (
          <EmptyState title={t(`${PREFIX}.emptyCatalogue.title`)} description={t(`${PREFIX}.emptyCatalogue.description`)} />
        )
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm font-medium" aria-live="polite" data-testid="catalogue-count">
              {t(`${PREFIX}.results`, { count: page.total })}
            </p>
            {page.pages > 1 ? <p className="text-sm text-muted-foreground">{t(`${PREFIX}.page`, { page: page.page, pages: page.pages })}</p> : null}
          </div>
          {page.sites.some((site) => site.demo) ? (
            <Alert variant="demo" role="note">
              <FlaskConicalIcon aria-hidden />
              <AlertDescription>{t(`${PREFIX}.demoNotice`)}</AlertDescription>
            </Alert>
          ) : null}
          {page.sites.length === 0 ? (
            <Notice message={t(`${PREFIX}.pastEnd`)} link={{ to: `/backlinks${catalogueSearch(query, { page: 1 })}`, label: t(`${PREFIX}.firstPage`) }} />
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t(`${PREFIX}.title`)}>
              {page.sites.map((site) => (
                <li key={site.id} className="grid">
                  <SiteCard site={site} detailHref={detailHref(site.id)} inCart={inCart.includes(site.id)} priceIsLinkType={query.values.link_type !== ""} />
                </li>
              ))}
            </ul>
          )}
          {page.pages > 1 ? <Pagination query={query} page={page.page} pages={page.pages} /> : null}
        </>
      )}
    </div>
  );
}

function Pagination({ query, page, pages }: { query: Route.ComponentProps["loaderData"]["query"]; page: number; pages: number }) {
  const { t } = useTranslation();
  const link = (target: number) => `/backlinks${catalogueSearch(query, { page: target })}`;
  const style = cn(buttonVariants({ variant: "outline", size: "sm" }), "h-9");
  return (
    <nav aria-label={t(`${PREFIX}.pagination`)} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={link(Math.min(page - 1, pages))} className={style} rel="prev">
          <ChevronLeftIcon aria-hidden />
          {t(`${PREFIX}.previous`)}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{t(`${PREFIX}.page`, { page, pages })}</span>
      {page < pages ? (
        <Link to={link(page + 1)} className={style} rel="next">
          {t(`${PREFIX}.next`)}
          <ChevronRightIcon aria-hidden />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
