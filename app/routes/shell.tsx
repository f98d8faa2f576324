import { data, Outlet, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import type { Route } from "./+types/shell";
import { PlanDialogProvider } from "~/components/billing/plan-dialog";
import { LegalFooter } from "~/components/legal-footer";
import { PageHeader } from "~/components/page-header";
import { Sidebar } from "~/components/sidebar";
import { isSubscriptionActive, SubscriptionBanner } from "~/components/subscription";
import { getApiClient, read, requireSession } from "~/lib/api.server";

import { isAcademyPath } from "~/lib/navigation";
import { readPreferences, writePreferences } from "~/lib/preferences.server";
import { isSidebarCollapsed, sidebarOnPage } from "~/lib/sidebar-state";
import { getConfig } from "~/lib/config.server";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  // One call and one statement for what every screen's frame shows (issue 16).
  const { data: { profile, subscription, cart } } = await read(api.user.summary.$get());
  const preferences = await readPreferences(request);
  const headers = new Headers();
  // Seed 000 §2: entering the academy collapses the sidebar for the visit, leaving it gives it back.
  const before = { collapsed: preferences.sidebarCollapsed, academyVisit: preferences.academyVisit };
  const sidebar = sidebarOnPage(before, isAcademyPath(url.pathname));
  if (sidebar !== before) headers.append("Set-Cookie", await writePreferences({ ...preferences, academyVisit: sidebar.academyVisit }));
  const collapsed = isSidebarCollapsed(sidebar);
  const config = getConfig();
  return data(
    {
      profile,
      subscription,
      // The sidebar's count beside Backlinks: read here so every screen shows it, and after every cart change.
      cartCount: cart.total_items,
      collapsed,
      showBanner: !isSubscriptionActive(subscription) && !preferences.bannerDismissed,
      bookingUrl: config.BOOKING_URL ?? null,
      legalSiteUrl: config.LEGAL_SITE_URL,
      year: new Date().getUTCFullYear(),
    },
    { headers },
  );
}

export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Entering or leaving the academy changes the sidebar (and its cookie): the shell must hear of it.
  if (isAcademyPath(nextUrl.pathname) !== isAcademyPath(currentUrl.pathname)) return true;
  return defaultShouldRevalidate;
}

export default function Shell({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  return (
    <PlanDialogProvider>
    <div className="flex min-h-screen">
      <Sidebar
        profile={loaderData.profile}
        subscription={loaderData.subscription}
        collapsed={loaderData.collapsed}
        bookingUrl={loaderData.bookingUrl}
        cartCount={loaderData.cartCount}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        {loaderData.showBanner ? <SubscriptionBanner returnTo={`${pathname}${search}`} /> : null}
        <PageHeader pathname={pathname} />
        <main className="flex-1">
          <Outlet />
        </main>
        <LegalFooter legalSiteUrl={loaderData.legalSiteUrl} year={loaderData.year} />
      </div>
    </div>
    </PlanDialogProvider>
  );
}
