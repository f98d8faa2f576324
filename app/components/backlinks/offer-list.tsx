import { CheckIcon, ShoppingCartIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import type { LinkType } from "#domain/backlinks";
import { Button, buttonVariants } from "~/components/ui/button";
import type { BacklinkSite } from "~/lib/api-types";
import { formatMoney } from "~/lib/backlinks";
import { ScriptMarker } from "~/lib/script-marker";
import { cn } from "~/lib/utils";
import { CART_INTENTS } from "./pending-cart";

/**
 * Every link type a site sells: its name, what it means, its price, and an "Add to cart" form
 * each. Without JavaScript the form posts and comes back with a toast; with it, a fetcher posts
 * and the button says "In cart" at once (seed 001 §4), until the server says otherwise.
 */
export function OfferList({ site, inCart, searchId }: { site: BacklinkSite; inCart: readonly LinkType[]; searchId: string | null }) {
  const { t } = useTranslation();
  if (site.offers.length === 0) return <p className="text-sm text-muted-foreground">{t("backlinks:pages.backlinks.site.noOffers")}</p>;
  return (
    <ul className="grid gap-3" data-testid="offers">
      {site.offers.map((offer) => (
        <Offer key={offer.link_type} site={site} type={offer.link_type} price={offer.price} inCart={inCart.includes(offer.link_type)} searchId={searchId} />
      ))}
    </ul>
  );
}

function Offer({ site, type, price, inCart, searchId }: { site: BacklinkSite; type: LinkType; price: number; inCart: boolean; searchId: string | null }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher({ key: `add-${site.id}-${type}` });
  const adding = fetcher.state !== "idle";
  // Optimistic: "In cart" from the click on; the revalidated cart decides once the server answered.
  const shown = inCart || adding;
  const name = t(`backlinks:linkTypes.${type}.name`);
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid="offer" data-link-type={type}>
      <div className="grid gap-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">{t(`backlinks:linkTypes.${type}.description`)}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-end">
        <span className="text-lg font-semibold tabular-nums" data-testid="offer-price">
          {formatMoney(price, site.currency, i18n.language)}
        </span>
        {site.retired ? null : shown ? (
          <Link
            to="/backlinks/cart"
            className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "h-9 min-w-32 text-success-subtle-foreground")}
            data-testid="in-cart"
            aria-label={`${t("backlinks:pages.backlinks.site.inCart")}: ${name}. ${t("backlinks:pages.backlinks.site.viewCart")}`}
          >
            <CheckIcon aria-hidden />
            {t("backlinks:pages.backlinks.site.inCart")}
          </Link>
        ) : (
          <fetcher.Form method="post" className="contents">
            <ScriptMarker />
            <input type="hidden" name="intent" value={CART_INTENTS.add} />
            <input type="hidden" name="page_id" value={site.id} />
            <input type="hidden" name="domain_id" value={site.domain} />
            <input type="hidden" name="permanent_link_type" value={type} />
            {searchId ? <input type="hidden" name="search_id" value={searchId} /> : null}
            {/* Not trusted by the API (it keeps the catalogue's price): what the optimistic line shows. */}
            <input type="hidden" name="price" value={price} />
            <input type="hidden" name="currency" value={site.currency} />
            <Button type="submit" size="sm" className="h-9 min-w-32" aria-label={t("backlinks:pages.backlinks.site.addTo", { type: name, domain: site.domain })}>
              <ShoppingCartIcon aria-hidden />
              {t("backlinks:pages.backlinks.site.add")}
            </Button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}
