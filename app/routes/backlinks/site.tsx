import { ExternalLinkIcon, SparklesIcon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { AddSchema } from "./site.server";
import type { Route } from "./+types/site";
import { OfferList } from "~/components/backlinks/offer-list";
import { usePendingCart } from "~/components/backlinks/pending-cart";
import { AiCitations, categoryName, countryName, DemoSiteBadge, DomainLink, languageName, Traffic } from "~/components/backlinks/site-facts";
import { BackLink } from "~/components/back-link";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { dataOf, getApiClient, notFoundOn404, read, requireSession } from "~/lib/api.server";
import type { LinkType } from "#domain/backlinks";
import { backlinksErrorMessage, isUuid, readCart, refusal } from "~/lib/backlinks.server";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { exactNumber } from "~/lib/short-number";
import { replyWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.site.domain }]);

const PREFIX = "backlinks:pages.backlinks.site";


/** `?from=` is the catalogue's query string the site was opened from: the way back, and the line's search_id. */
function listingOf(url: URL): string | null {
  const from = url.searchParams.get("from")?.trim();
  return from ? from.slice(0, 200) : null;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireSession(context);
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const api = getApiClient(context);
  const [site, cart, t] = await Promise.all([
    read(api.backlinks.sites[":id"].$get({ param: { id: params.id } })).then(dataOf, notFoundOn404),
    readCart(api).catch(() => null),
    getFixedT(context),
  ]);
  const inCart = (cart?.items ?? []).filter((item) => item.page_id === site.id).map((item) => item.permanent_link_type);
  return { title: `${site.domain} · ${t("nav.backlinks")}`, site, inCart, from: listingOf(url) };
}

/** Add to cart (seed 001 §4, §8): a toast either way; already there (409) names the domain. */
export async function action({ request, context, params, url }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const t = await getFixedT(context);
  const back = `${url.pathname}${url.search}`;
  const parsed = AddSchema.safeParse(Object.fromEntries(formData));
  if (!isUuid(params.id) || !parsed.success) {
    return replyWithToast(formData, { type: "error", title: t("backlinks:pages.backlinks.cart.addFailed"), description: t("backlinks:errors.unknown") }, { ok: false }, { redirectTo: back });
  }
  const input = parsed.data;
  const type = t(`backlinks:linkTypes.${input.permanent_link_type}.name`);
  try {
    const { data: item } = await read(
      getApiClient(context).cart.items.$post({
        json: { page_id: params.id, permanent_link_type: input.permanent_link_type, domain_id: input.domain_id || null, search_id: input.search_id || null },
      }),
    );
    return replyWithToast(formData, { type: "success", title: t("backlinks:pages.backlinks.cart.added"), description: `${item.domain_id} · ${type}` }, { ok: true }, { redirectTo: back });
  } catch (caught) {
    const error = refusal(caught);
    const toast =
      error.code === "already_in_cart"
        ? { type: "error" as const, title: t("backlinks:pages.backlinks.cart.alreadyInCart"), description: String(error.body?.domain ?? input.domain_id ?? "") }
        : { type: "error" as const, title: t("backlinks:pages.backlinks.cart.addFailed"), description: backlinksErrorMessage(t, error) };
    return replyWithToast(formData, toast, { ok: false }, { redirectTo: back });
  }
}

export default function SitePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { site, from } = loaderData;
  const pending = usePendingCart();
  const inCart: LinkType[] = [...loaderData.inCart, ...pending.adding.filter((add) => add.page_id === site.id).map((add) => add.permanent_link_type)];

  const facts: Array<[string, ReactNode, string?]> = [
    [t(`${PREFIX}.domainRating`), site.dr, "site-dr"],
    [t(`${PREFIX}.domainAuthority`), site.da, "site-da"],
    [
      t(`${PREFIX}.traffic`),
      <>
        <Traffic value={site.traffic} /> <span className="text-xs font-normal text-muted-foreground">({exactNumber(site.traffic, locale)})</span>
      </>,
    ],
    [t(`${PREFIX}.category`), categoryName(t, site.category)],
    [t(`${PREFIX}.language`), languageName(t, site.language)],
    [t(`${PREFIX}.country`), countryName(site.country, locale)],
    [t(`${PREFIX}.links`), site.dofollow ? t("backlinks:metrics.dofollow") : t("backlinks:metrics.nofollow")],
    [t(`${PREFIX}.turnaround`), t(`${PREFIX}.turnaroundDays`, { count: site.turnaround_days })],
    [t(`${PREFIX}.currency`), site.currency],
  ];

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <BackLink to={from ? `/backlinks?${from}` : "/backlinks"}>{from ? t(`${PREFIX}.backToResults`) : t(`${PREFIX}.back`)}</BackLink>

      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
            <span className="break-all" data-testid="site-title">
              {site.domain}
            </span>
            {site.demo ? <DemoSiteBadge /> : null}
            {site.retired ? <Badge variant="destructive">{t("backlinks:retiredBadge")}</Badge> : null}
          </h2>
          <DomainLink url={site.url} domain={site.url} className="text-sm font-normal text-muted-foreground" />
        </div>
      </div>

      {site.retired ? (
        <Alert variant="destructive" role="status">
          <AlertDescription>{t(`${PREFIX}.retired`)}</AlertDescription>
        </Alert>
      ) : null}
      {site.ai_citations > 0 ? (
        <Alert variant="info" role="note">
          <SparklesIcon aria-hidden />
          <AlertDescription>
            <p>{t(`${PREFIX}.aiCited`)}</p>
            <AiCitations count={site.ai_citations} />
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <Card className="grid gap-4 p-4 sm:p-6">
          <CardHeader>
            <CardTitle>{t(`${PREFIX}.offers`)}</CardTitle>
            <CardDescription>{t(`${PREFIX}.offersHint`, { domain: site.domain })}</CardDescription>
          </CardHeader>
          <OfferList site={site} inCart={inCart} searchId={from} />
        </Card>

        <Card className="grid gap-4 p-4 sm:p-6">
          <CardTitle>{t(`${PREFIX}.facts`)}</CardTitle>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {facts.map(([label, value, testId]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium tabular-nums" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
            <dt className="text-muted-foreground">{t(`${PREFIX}.sample`)}</dt>
            <dd className="font-medium">
              {site.sample_url ? (
                <a href={site.sample_url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 text-primary hover:underline">
                  {t(`${PREFIX}.sampleLink`)}
                  <ExternalLinkIcon className="size-3.5" aria-hidden />
                </a>
              ) : (
                <span className="font-normal text-muted-foreground">{t(`${PREFIX}.noSample`)}</span>
              )}
            </dd>
          </dl>
        </Card>
      </div>
    </div>
  );
}
