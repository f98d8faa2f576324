import { OperatorNotice } from "~/components/operator-notice";
import { FlaskConicalIcon, SparklesIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { isNavLinkActive, Link } from "~/components/ui/link";
import type { Route } from "./+types/layout";
import { AvailabilityIndicator } from "~/components/seo-llms/availability-indicator";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { ScreenTitle } from "~/components/screen-title";
import { availabilityOf, dataOf, getApiClient, nullOn404, read, requireSession } from "~/lib/api.server";
import { cn } from "~/lib/utils";
import { StaticTabStrip, tabClass } from "~/components/ui/tab-strip";

const TABS = [
  { to: "/seo-llms", key: "overview", end: true },
  { to: "/seo-llms/analyses", key: "analyses", end: false },
  { to: "/seo-llms/sources", key: "sources", end: false },
  { to: "/seo-llms/queries", key: "queries", end: false },
  { to: "/seo-llms/questions", key: "questions", end: false },
  { to: "/seo-llms/prompts", key: "prompts", end: false },
  { to: "/seo-llms/profile", key: "profile", end: false },
] as const;

/** The frame of the analysis area: title, availability indicator (seed 001 §2), tabs, demo notice. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const api = getApiClient(context);
  const [{ data: availability }, profile, { data: config }] = await Promise.all([
    availabilityOf(api),
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
    read(api.config.index.$get()),
  ]);

  const providers = config.seo_llm.enabled_providers;
  return {
    availability,
    hasProfile: profile !== null,
    demo: providers.length === 1 && providers[0] === "demo",
    // How to leave demo mode is the operator's business: only administrators are told.
    isAdmin: session.user.role === "admin",
    now: new Date().toISOString(),
  };
}

export default function SeoLlmsLayout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { availability, hasProfile, demo, isAdmin, now } = loaderData;
  const active = TABS.find((tab) => isNavLinkActive(tab.to, pathname, tab));
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-6 p-4 sm:p-6 lg:p-10">
      <ScreenTitle title={t("seo:title")} description={t("seo:description")}>
        {hasProfile ? <AvailabilityIndicator availability={availability} now={now} /> : null}
      </ScreenTitle>
      {demo ? (
        <Alert variant="demo" data-testid="demo-notice">
          <FlaskConicalIcon aria-hidden />
          <AlertDescription>
            <OperatorNotice short={t("seo:demo.short")} full={t("seo:demo.notice")} operatorHint={t("seo:demo.operatorHint")} isAdmin={isAdmin} />
          </AlertDescription>
        </Alert>
      ) : null}
      <StaticTabStrip
        aria-label={t("seo:tabs.label")}
        cacheKey={`seo-llms-tabs:${i18n.language}:${active?.key}`}
        render={() =>
          TABS.map((tab) => (
            <Link key={tab.to} to={tab.to} aria-current={tab === active ? "page" : undefined} className={tabClass(tab === active)}>
              {t(`seo:tabs.${tab.key}`)}
            </Link>
          ))
        }
      />
      {!hasProfile && pathname !== "/seo-llms/profile" ? (
        <Alert variant="info" className="flex flex-wrap items-center justify-between gap-3 rounded-lg p-4">
          <p className="flex items-center gap-2">
            <SparklesIcon className="size-4" aria-hidden />
            {t("seo:setup.message")}
          </p>
          <Link to="/seo-llms/profile" className={cn(buttonVariants({ size: "sm" }), "text-sm")}>
            {t("seo:setup.action")}
          </Link>
        </Alert>
      ) : null}
      <Outlet />
    </section>
  );
}
