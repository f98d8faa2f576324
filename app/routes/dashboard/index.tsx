import { LoaderCircleIcon, RefreshCwIcon, TriangleAlertIcon } from "~/components/ui/icons";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigate, useNavigation, useSearchParams, useSubmit } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/index";
import { DASHBOARD_PERIOD_COOKIE, DASHBOARD_PERIODS, type DashboardPeriod, isDashboardPeriod, periodDays } from "#domain/search-console";
import { AiSummary, KeywordsTable } from "~/components/search-console/ai-beside";
import { ConnectCard, ReconnectAlert } from "~/components/search-console/connect-card";
import { SiteForm } from "~/components/search-console/site-chooser";
import { SiteHeading } from "~/components/search-console/site-heading";
import { TopTable } from "~/components/search-console/top-table";
import { KpiCards, TrafficChart } from "~/components/search-console/traffic";
import { UpdatedAgo } from "~/components/search-console/updated-ago";
import { exportHref } from "~/components/insights/export-link";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { NativeSelect } from "~/components/ui/native-select";
import { dataOf, getApiClient, nullOn404, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { periodRange } from "~/lib/periods";
import * as searchConsole from "~/lib/search-console.server";
import { pageOf, topView } from "~/lib/top-rows";
import { useHydrated } from "~/lib/use-hydrated";
import { usePolling } from "~/lib/use-polling";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** Radix's dialog is fetched only when a site must be chosen (issue 16). */
const SiteDialog = lazy(() => import("~/components/search-console/site-dialog"));

/** While a sync runs the page reloads its data this often (and without JavaScript, the whole page). */
const SYNC_POLL_MS = 3000;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireSession(context);
  const returned = await searchConsole.handleConnectionReturn(context, url);
  if (returned) return returned;
  const api = getApiClient(context);
  const { period, setCookie } = await searchConsole.dashboardPeriod(request, url);
  const [{ data: status }, profile, t] = await Promise.all([
    read(api.searchConsoleOAuth.status.$get()),
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
    getFixedT(context),
  ]);
  // Revoked access still shows the last data synced, under the alert that asks to reconnect.
  const ready = status.is_connected && status.connected_site !== null;
  const [performance, aiStats] = ready
    ? await Promise.all([
        read(api.searchConsole.performance.$get({ query: { period } })).then(dataOf),
        read(api.analyses.stats.$get({ query: periodRange(periodDays(period)) })).then(dataOf),
      ])
    : [null, null];

  const search = url.searchParams;
  const queriesView = topView(search, "q");
  const pagesView = topView(search, "p");
  const body = {
    title: t("nav.dashboard"),
    period,
    status: performance?.status ?? status,
    website: profile?.WebsiteURL ?? null,
    performance: performance && {
      range: performance.range,
      totals: performance.totals,
      previous: performance.previous,
      daily: performance.daily,
      keywords: performance.keywords,
      queries: { ...pageOf(performance.queries, queriesView), view: queriesView },
      pages: { ...pageOf(performance.pages, pagesView), view: pagesView },
    },
    ai: aiStats?.summary ?? null,
    renderedAt: Date.now(),
  };
  return data(body, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requireSession(context);
  const form = await request.formData();
  const back = { to: `${url.pathname}${url.search}` };
  switch (form.get("intent")) {
    case "connect":
      return searchConsole.connect(context, request, "dashboard", back);
    case "select":
      return searchConsole.selectSite(context, String(form.get("site_url") ?? ""), back);
    default:
      return searchConsole.refresh(context, back);
  }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { status, performance, period, website, ai, renderedAt } = loaderData;
  const syncing = status.sync_status === "queued" || status.sync_status === "running";
  usePolling(syncing, SYNC_POLL_MS);
  useRememberedPeriod(period);

  if (!status.is_connected) {
    return (
      <Page>
        <ConnectCard source={status.available_source} />
      </Page>
    );
  }
  if (status.needs_reconnect && !status.connected_site) {
    return (
      <Page>
        <ReconnectAlert />
      </Page>
    );
  }
  if (!status.connected_site) {
    return (
      <Page>
        <SitePrompt sites={status.sites} website={website} />
      </Page>
    );
  }
  return (
    <Page>
      {syncing ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(SYNC_POLL_MS / 1000)} />
        </noscript>
      ) : null}
      {status.needs_reconnect ? <ReconnectAlert /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SiteHeading siteUrl={status.connected_site} demo={status.source === "demo"} />
        <div className="flex flex-wrap items-center gap-2">
          <PeriodSelect period={period} />
          <RefreshForm syncing={syncing} disabled={status.needs_reconnect} />
          <UpdatedAgo at={status.last_synced_at} renderedAt={renderedAt} />
        </div>
      </div>
      {status.needs_reconnect ? null : status.sync_error === "site_forbidden" ? (
        <Alert variant="warning" role="status">
          <TriangleAlertIcon aria-hidden />
          <AlertDescription>
            {t("searchConsole:siteForbidden")}{" "}
            <Link to="/settings/integrations" className="font-medium underline">
              {t("searchConsole:changeSite")}
            </Link>
          </AlertDescription>
        </Alert>
      ) : status.sync_error === "unavailable" ? (
        <Alert variant="warning" role="status">
          <TriangleAlertIcon aria-hidden />
          <AlertDescription>{t("searchConsole:syncFailed")}</AlertDescription>
        </Alert>
      ) : null}
      {!performance?.totals ? (
        <Card className="flex items-center gap-3 p-6 text-sm text-slate-600" data-testid="importing">
          <LoaderCircleIcon className="size-5 animate-spin text-indigo-600" aria-hidden />
          {t("searchConsole:importing")}
        </Card>
      ) : (
        <>
          <KpiCards totals={performance.totals} previous={performance.previous} />
          <div className="grid gap-6 xl:grid-cols-3">
            <Card asChild className="grid content-start gap-3 p-4 xl:col-span-2">
              <section aria-labelledby="traffic-chart">
                <h3 id="traffic-chart" className="font-medium">
                  {t("searchConsole:chart.title")}
                </h3>
                <TrafficChart days={performance.daily} />
              </section>
            </Card>
            {ai ? <AiSummary summary={ai} /> : null}
          </div>
          <KeywordsTable keywords={performance.keywords} />
          <div className="grid gap-6 xl:grid-cols-2">
            <TopTable kind="queries" prefix="q" {...performance.queries} csvHref={exportHref("search-console/queries.csv", { period })} />
            <TopTable kind="pages" prefix="p" {...performance.pages} csvHref={exportHref("search-console/pages.csv", { period })} />
          </div>
        </>
      )}
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto grid w-full max-w-7xl gap-6 p-6 lg:p-8">{children}</div>;
}

/** Seed §3: 7 jours, 30 jours, 90 jours, 6 mois, 12 mois. A GET form: without JavaScript its button applies it. */
function PeriodSelect({ period }: { period: DashboardPeriod }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-center gap-2" preventScrollReset>
      <label htmlFor="dashboard-period" className="sr-only">
        {t("searchConsole:period.label")}
      </label>
      <NativeSelect id="dashboard-period" name="period" defaultValue={period} key={period} className="w-36" onChange={(event) => submit(event.currentTarget.form)}>
        {DASHBOARD_PERIODS.map((value) => (
          <option key={value} value={value}>
            {t(`searchConsole:period.${value}`)}
          </option>
        ))}
      </NativeSelect>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          {t("searchConsole:period.apply")}
        </Button>
      )}
    </Form>
  );
}

/** Seed §4: the period is re-read from its cookie when the window regains focus (another tab may have changed it). */
function useRememberedPeriod(period: DashboardPeriod) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  useEffect(() => {
    const onFocus = () => {
      const kept = new RegExp(`(?:^|; )${DASHBOARD_PERIOD_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
      const value = kept ? decodeCookie(kept) : null;
      if (isDashboardPeriod(value) && value !== period) {
        const next = new URLSearchParams(search);
        next.set("period", value);
        navigate(`?${next}`, { replace: true, preventScrollReset: true });
      }
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [period, search, navigate]);
}

/** React Router's cookies hold base64 of JSON. */
function decodeCookie(value: string): unknown {
  try {
    return JSON.parse(atob(decodeURIComponent(value)));
  } catch {
    return null;
  }
}

/** Seed §4: one refresh at a time; the button spins while a sync is under way. */
function RefreshForm({ syncing, disabled }: { syncing: boolean; disabled: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "refresh";
  const busy = syncing || sending;
  return (
    <Form method="post" preventScrollReset>
      <Button type="submit" name="intent" value="refresh" variant="outline" size="sm" disabled={busy || disabled} aria-busy={busy}>
        <RefreshCwIcon className={busy ? "animate-spin" : undefined} aria-hidden />
        {busy ? t("searchConsole:refreshing") : t("searchConsole:refresh")}
      </Button>
    </Form>
  );
}

/**
 * Seed §2: when a site must be chosen the prompt opens by itself; closed, a card reopens it. Without
 * JavaScript the same list is the page's form.
 */
function SitePrompt({ sites, website }: { sites: Array<{ site_url: string; permission_level: string }>; website: string | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  return (
    <Card className="grid gap-4 p-6" data-testid="site-prompt">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t("searchConsole:sites.title")}</h2>
        <p className="text-sm text-slate-600">{t("searchConsole:sites.description")}</p>
      </div>
      {hydrated ? (
        <>
          <div>
            <Button type="button" onClick={() => setOpen(true)}>
              {t("searchConsole:sites.open")}
            </Button>
          </div>
          <Suspense fallback={null}>
            <SiteDialog sites={sites} website={website} open={open} onOpenChange={setOpen} />
          </Suspense>
        </>
      ) : (
        <SiteForm sites={sites} website={website} />
      )}
    </Card>
  );
}
