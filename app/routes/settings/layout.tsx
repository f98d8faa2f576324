import { LogOutIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Button } from "~/components/ui/button";
import { ScreenTitle } from "~/components/screen-title";
import { requireSession } from "~/lib/api.server";
import { cn } from "~/lib/utils";

const TABS = [
  { to: "/settings/informations", key: "informations" },
  { to: "/settings/integrations", key: "integrations" },
  { to: "/settings/billing", key: "billing" },
] as const;

export function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  return null;
}

export default function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto grid max-w-4xl gap-6 p-6 lg:p-10">
      <ScreenTitle title={t("settings.title")} description={t("settings.description")}>
        <Form method="post" action="/auth/logout">
          <Button type="submit" variant="outline">
            <LogOutIcon aria-hidden /> {t("auth.logout")}
          </Button>
        </Form>
      </ScreenTitle>
      <nav aria-label={t("settings.tabs")} className="flex gap-1 border-b border-slate-200">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
                isActive ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900",
              )
            }
          >
            {t(`settings.tab.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
