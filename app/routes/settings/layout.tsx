import { LogOutIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form, Outlet } from "react-router";
import { NavLink } from "~/components/ui/link";
import type { Route } from "./+types/layout";
import { Button } from "~/components/ui/button";
import { ScreenTitle } from "~/components/screen-title";
import { requireSession } from "~/lib/api.server";
import { TabStrip, tabClass } from "~/components/ui/tab-strip";

const TABS = [
  { to: "/settings/informations", key: "informations" },
  { to: "/settings/integrations", key: "integrations" },
  { to: "/settings/billing", key: "billing" },
] as const;

export function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  return null;
}

export default function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-4xl grid-cols-1 gap-6 p-4 sm:p-6 lg:p-10">
      <ScreenTitle title={t("settings.title")} description={t("settings.description")}>
        <Form method="post" action="/auth/logout">
          <Button type="submit" variant="outline">
            <LogOutIcon aria-hidden /> {t("auth.logout")}
          </Button>
        </Form>
      </ScreenTitle>
      <TabStrip aria-label={t("settings.tabs")}>
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) => tabClass(isActive)}
          >
            {t(`settings.tab.${tab.key}`)}
          </NavLink>
        ))}
      </TabStrip>
      <Outlet />
    </section>
  );
}
