import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/layout";
import { ScreenTitle } from "~/components/screen-title";
import { requireAdmin } from "~/lib/admin.server";
import { TabStrip, tabClass } from "~/components/ui/tab-strip";

/** Each tab and the paths it covers (a site's page is the catalogue's). */
const TABS = [
  { to: "/admin/backlinks", key: "sites", matches: (path: string) => path === "/admin/backlinks" || path.startsWith("/admin/backlinks/sites") },
  { to: "/admin/backlinks/import", key: "import", matches: (path: string) => path.startsWith("/admin/backlinks/import") },
  { to: "/admin/backlinks/orders", key: "orders", matches: (path: string) => path.startsWith("/admin/backlinks/orders") },
] as const;

/** The team's side of the marketplace (issue 15): the catalogue, its import, the links to deliver. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return null;
}

export default function AdminBacklinksLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-10">
      <ScreenTitle title={t("nav.adminBacklinks")} description={t("backlinksAdmin:description")} />
      <TabStrip aria-label={t("backlinksAdmin:tabs.label")}>
        {TABS.map((tab) => {
          const active = tab.matches(pathname.replace(/\/$/, ""));
          return (
            <Link
              key={tab.to}
              to={tab.to}
              aria-current={active ? "page" : undefined}
              className={tabClass(active)}
            >
              {t(`backlinksAdmin:tabs.${tab.key}`)}
            </Link>
          );
        })}
      </TabStrip>
      <Outlet />
    </section>
  );
}
