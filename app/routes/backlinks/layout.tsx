import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { NavLink } from "~/components/ui/link";
import type { Route } from "./+types/layout";
import { useCartCount } from "~/components/backlinks/pending-cart";
import { ScreenTitle } from "~/components/screen-title";
import { getApiClient, requireSession } from "~/lib/api.server";
import { cartCount } from "~/lib/backlinks.server";
import { TabStrip, tabClass } from "~/components/ui/tab-strip";

const TABS = [
  { to: "/backlinks", key: "catalogue", end: true },
  { to: "/backlinks/cart", key: "cart", end: false },
  { to: "/backlinks/orders", key: "orders", end: false },
] as const;

/** The marketplace's frame (issue 15): its title and its tabs, the cart's with its number of lines. */
export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  return { cartCount: await cartCount(getApiClient(context)) };
}

export default function BacklinksLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const count = useCartCount(loaderData.cartCount);
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-10">
      <ScreenTitle title={t("backlinks:title")} description={t("backlinks:description")} />
      <TabStrip aria-label={t("backlinks:tabs.label")}>
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => tabClass(isActive)}
          >
            {t(`backlinks:tabs.${tab.key}`)}
            {tab.key === "cart" && count ? (
              <span className="rounded-full bg-primary px-2 text-xs font-semibold leading-5 tabular-nums text-primary-foreground" data-testid="cart-tab-count">
                <span aria-hidden>{count}</span>
                <span className="sr-only">{t("backlinks:tabs.cartCount", { count })}</span>
              </span>
            ) : null}
          </NavLink>
        ))}
      </TabStrip>
      <Outlet />
    </section>
  );
}
