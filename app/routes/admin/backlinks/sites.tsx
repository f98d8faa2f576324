import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, PencilIcon, PlusIcon, SearchIcon, UploadIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/sites";
import { categoryName, DemoSiteBadge, languageName, Traffic } from "~/components/backlinks/site-facts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableHead, TableHeader } from "~/components/ui/table";
import { requireAdmin } from "~/lib/admin.server";
import { dataOf, getApiClient, read } from "~/lib/api.server";
import { formatMoney, parseCatalogueQuery } from "~/lib/backlinks";
import { backlinksErrorMessage, isUuid, refusal } from "~/lib/backlinks.server";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

const PREFIX = "backlinksAdmin:sites";
const PAGE_SIZE = 100;

/** The catalogue's live sites for the team, by domain or category, a hundred at a time. */
export async function loader({ context, url }: Route.LoaderArgs) {
  await requireAdmin(context);
  const params = url.searchParams;
  // The same reading of the query as the users' catalogue: nothing unreadable reaches the API.
  const { values, page } = parseCatalogueQuery(params);
  const [sites, t] = await Promise.all([
    read(getApiClient(context).backlinks.sites.$get({ query: { q: values.q || undefined, sort: "dr_desc", page: String(page), per_page: String(PAGE_SIZE) } })).then(dataOf),
    getFixedT(context),
  ]);
  return { title: t("nav.adminBacklinks"), q: values.q, sites };
}

/** Retire a site from the list; its page, where it can be brought back, follows. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context);
  const formData = await request.formData();
  const t = await getFixedT(context);
  const id = formData.get("id");
  if (formData.get("intent") !== "retire" || !isUuid(id)) throw data(null, { status: 400 });
  try {
    await read(getApiClient(context).backlinks.admin.sites[":id"].retire.$post({ param: { id }, json: { retired: true } }));
  } catch (caught) {
    return redirectWithToast("/admin/backlinks", { type: "error", title: t("backlinksAdmin:site.retireFailed"), description: backlinksErrorMessage(t, refusal(caught)) });
  }
  return redirectWithToast(`/admin/backlinks/sites/${id}`, { type: "success", title: t("backlinksAdmin:site.retired") });
}

export default function AdminSites({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { q, sites } = loaderData;
  const pageHref = (page: number) => `/admin/backlinks?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t(`${PREFIX}.title`)}</h2>
          <p className="text-sm text-muted-foreground">{t(`${PREFIX}.description`)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/backlinks/sites/new" className={buttonVariants({ size: "sm" })}>
            <PlusIcon aria-hidden />
            {t(`${PREFIX}.new`)}
          </Link>
          <Link to="/admin/backlinks/import" className={buttonVariants({ variant: "outline", size: "sm" })}>
            <UploadIcon aria-hidden />
            {t(`${PREFIX}.import`)}
          </Link>
          {/* A plain link: the browser downloads the file, with or without JavaScript. */}
          <a href="/exports/backlinks-catalogue.csv" download className={buttonVariants({ variant: "outline", size: "sm" })} title={t(`${PREFIX}.exportTitle`)}>
            <DownloadIcon aria-hidden />
            {t(`${PREFIX}.export`)}
          </a>
        </div>
      </div>

      <Card asChild className="flex flex-wrap items-end gap-2 p-3">
        <Form method="get" role="search">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <label htmlFor="site-search" className="text-sm font-medium">
              {t(`${PREFIX}.search`)}
            </label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
              <Input id="site-search" type="search" name="q" defaultValue={q} maxLength={100} placeholder={t(`${PREFIX}.searchPlaceholder`)} className="pl-9" />
            </div>
          </div>
          <Button type="submit" variant="outline">
            {t(`${PREFIX}.searchButton`)}
          </Button>
        </Form>
      </Card>

      <p className="text-sm text-muted-foreground" data-testid="admin-site-count">
        {t(`${PREFIX}.count`, { count: sites.total })}
      </p>
      {sites.sites.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 bg-card p-6 text-center text-sm text-muted-foreground">{t(`${PREFIX}.empty`)}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground xl:hidden">{t("backlinksAdmin:orders.scrollHint")}</p>
          <Table className="min-w-[44rem]" region={t(`${PREFIX}.title`)}>
            <TableHeader>
              <TableHead>{t(`${PREFIX}.domain`)}</TableHead>
              <TableHead>{t("backlinks:pages.backlinks.catalogue.category")}</TableHead>
              <TableHead numeric>{t("backlinks:metrics.dr")}</TableHead>
              <TableHead numeric>{t("backlinks:metrics.da")}</TableHead>
              <TableHead numeric>{t("backlinks:metrics.traffic")}</TableHead>
              <TableHead>{t(`${PREFIX}.prices`)}</TableHead>
              <TableHead>
                <span className="sr-only">{t(`${PREFIX}.edit`)}</span>
              </TableHead>
            </TableHeader>
            <TableBody>
              {sites.sites.map((site) => (
                <tr key={site.id} className="align-top" data-testid="admin-site-row" data-domain={site.domain}>
                  <th scope="row" className="px-4 py-2 text-left font-normal">
                    <span className="flex flex-wrap items-center gap-1.5">
                      <Link to={`/admin/backlinks/sites/${site.id}`} className="break-words font-medium text-foreground hover:text-primary hover:underline">
                        {site.domain}
                      </Link>
                      {site.demo ? <DemoSiteBadge /> : null}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {languageName(t, site.language)} · {site.country} · {site.currency}
                    </span>
                  </th>
                  <td className="px-4 py-2">{categoryName(t, site.category)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{site.dr}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{site.da}</td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    <Traffic value={site.traffic} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-2">
                    <OfferRange offers={site.offers} currency={site.currency} locale={locale} />
                  </td>
                  <td className="px-4 py-2">
                    <div className="flex justify-end gap-1">
                      <Link
                        to={`/admin/backlinks/sites/${site.id}`}
                        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "h-8")}
                        aria-label={t(`${PREFIX}.editSite`, { domain: site.domain })}
                      >
                        <PencilIcon aria-hidden />
                        {t(`${PREFIX}.edit`)}
                      </Link>
                      <Form method="post" className="contents">
                        <input type="hidden" name="intent" value="retire" />
                        <input type="hidden" name="id" value={site.id} />
                        <Button type="submit" variant="ghost-destructive" size="sm" className="h-8" aria-label={`${t("backlinksAdmin:site.retire")}: ${site.domain}`}>
                          {t("backlinksAdmin:site.retire")}
                        </Button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))}
            </TableBody>
          </Table>
          {sites.pages > 1 ? (
            <nav aria-label={t("backlinks:pages.backlinks.catalogue.pagination")} className="flex items-center justify-between gap-3">
              {sites.page > 1 ? (
                <Link to={pageHref(sites.page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                  <ChevronLeftIcon aria-hidden />
                  {t("backlinks:pages.backlinks.catalogue.previous")}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-muted-foreground">{t("backlinks:pages.backlinks.catalogue.page", { page: sites.page, pages: sites.pages })}</span>
              {sites.page < sites.pages ? (
                <Link to={pageHref(sites.page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                  {t("backlinks:pages.backlinks.catalogue.next")}
                  <ChevronRightIcon aria-hidden />
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
      <p className="text-xs text-muted-foreground">{t(`${PREFIX}.retiredHint`)}</p>
    </div>
  );
}

/** A site's prices at a glance: from the cheapest to the dearest offer, and how many there are (each named in the title). */
function OfferRange({ offers, currency, locale }: { offers: Array<{ link_type: string; price: number }>; currency: string; locale: string }) {
  const { t } = useTranslation();
  if (offers.length === 0) return <span className="text-muted-foreground">—</span>;
  const prices = offers.map((offer) => offer.price);
  const low = formatMoney(Math.min(...prices), currency, locale);
  const high = formatMoney(Math.max(...prices), currency, locale);
  const names = offers.map((offer) => `${t(`backlinks:linkTypes.${offer.link_type}.name`)}: ${formatMoney(offer.price, currency, locale)}`).join("\n");
  return (
    <span className="grid" title={names}>
      <span className="tabular-nums">{low === high ? low : `${low} – ${high}`}</span>
      <span className="text-xs text-muted-foreground">{t(`${PREFIX}.offers`, { count: offers.length })}</span>
    </span>
  );
}
