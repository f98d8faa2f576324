import { data, Outlet, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import type { Route } from "./+types/shell";
import { PlanDialogProvider } from "~/components/billing/plan-dialog";
import { LegalFooter } from "~/components/legal-footer";
import { PageHeader } from "~/components/page-header";
import { Sidebar } from "~/components/sidebar";
import { isSubscriptionActive, SubscriptionBanner } from "~/components/subscription";
import { getApiClient, read, requireSession } from "~/lib/api.server";
import { cartCount } from "~/lib/backlinks.server";

import { isAcademyPath } from "~/lib/navigation";
import { readPreferences, writePreferences } from "~/lib/preferences.server";
import { getConfig } from "~/lib/config.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const api = getApiClient(context);
  const [{ data: profile }, { data: { subscription } }, cart] = await Promise.all([read(api.user.profile.$get()), read(api.subscription.current.$get()), cartCount(api)]);
  const preferences = await readPreferences(request);
  const headers = new Headers();
  let collapsed = preferences.sidebarCollapsed;
  // Seed 000 §2: the academy collapses the sidebar by itself, the first time only.
  if (isAcademyPath(new URL(request.url).pathname) && !preferences.academyCollapsed) {
    collapsed = true;
    headers.append("Set-Cookie", await writePreferences({ ...preferences, sidebarCollapsed: true, academyCollapsed: true }));
  }
  const config = getConfig();
  return data(
    {
      profile,
      subscription,
      // The sidebar's count beside Backlinks: read here so every screen shows it, and after every cart change.
      cartCount: cart,
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
  if (isAcademyPath(nextUrl.pathname) && !isAcademyPath(currentUrl.pathname)) return true;
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
