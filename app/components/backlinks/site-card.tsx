import { ArrowRightIcon, CheckIcon, ClockIcon, GlobeIcon, LinkIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { BacklinkSite } from "~/lib/api-types";
import { formatMoney } from "~/lib/backlinks";
import { cn } from "~/lib/utils";
import { AiCitations, categoryName, countryName, DemoSiteBadge, DomainLink, languageName, SiteMetrics } from "./site-facts";

/**
 * One site of the catalogue (seed 001 §2): its domain (a link out), DR, DA, monthly traffic, the
 * price it starts from in its own currency, its category, language and country, whether its links
 * pass authority, how soon they go live; the demo label and the AI citations when there are some.
 */
export function SiteCard({ site, detailHref, inCart, priceIsLinkType }: { site: BacklinkSite; detailHref: string; inCart: boolean; priceIsLinkType: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4" data-testid="site-card" data-domain={site.domain}>
      <div className="grid gap-1.5">
        <h3 className="min-w-0 text-base">
          <DomainLink url={site.url} domain={site.domain} />
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          {site.demo ? <DemoSiteBadge /> : null}
          {inCart ? (
            <Badge variant="success" data-testid="in-cart-badge">
              <CheckIcon aria-hidden />
              {t("backlinks:pages.backlinks.catalogue.inCart")}
            </Badge>
          ) : null}
          <span className="font-medium text-foreground" data-testid="site-category">
            {categoryName(t, site.category)}
          </span>
          <span className="inline-flex items-center gap-1">
            <GlobeIcon className="size-3.5 shrink-0" aria-hidden />
            {languageName(t, site.language)}, {countryName(site.country, locale)}
          </span>
        </p>
      </div>

      <SiteMetrics dr={site.dr} da={site.da} traffic={site.traffic} />

      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <li className="inline-flex items-center gap-1">
          <LinkIcon className="size-3.5" aria-hidden />
          {site.dofollow ? t("backlinks:metrics.dofollow") : t("backlinks:metrics.nofollow")}
        </li>
        <li className="inline-flex items-center gap-1">
          <ClockIcon className="size-3.5" aria-hidden />
          {t("backlinks:metrics.turnaround", { count: site.turnaround_days })}
        </li>
      </ul>

      {site.ai_citations > 0 ? <AiCitations count={site.ai_citations} /> : null}

      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 border-t pt-3">
        <p className="grid">
          <span className="text-xs text-muted-foreground" title={priceIsLinkType ? undefined : t("backlinks:pages.backlinks.catalogue.fromTitle")}>
            {priceIsLinkType ? t("backlinks:pages.backlinks.catalogue.priceFor") : t("backlinks:pages.backlinks.catalogue.from")}
          </span>
          <span className="text-xl font-semibold tabular-nums" data-testid="site-price">
            {formatMoney(site.price, site.currency, locale)}
          </span>
        </p>
        <Link
          to={detailHref}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "h-9")}
          aria-label={t("backlinks:pages.backlinks.catalogue.viewOffersOf", { domain: site.domain })}
        >
          {t("backlinks:pages.backlinks.catalogue.viewOffers")}
          <ArrowRightIcon aria-hidden />
        </Link>
      </div>
    </Card>
  );
}
