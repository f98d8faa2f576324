import { SparklesIcon, XIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { PlanDialogLink } from "./billing/plan-dialog";
import { Badge } from "./ui/badge";
import type { Subscription } from "~/lib/api-types";
import { useHydrated } from "~/lib/use-hydrated";

/** Seed 000 §2: free shows as Starter; green for starter/free, blue for paid plans; Starter when none. */
export function SubscriptionBadge({ subscription, className }: { subscription: Subscription | null; className?: string }) {
  const { t } = useTranslation();
  const plan = !subscription || subscription.plan_id === "free" ? "starter" : subscription.plan_id;
  const free = plan === "starter";
  return (
    <Badge data-plan={plan} size="sm" variant={free ? "success" : "info"} className={className}>
      {t(`plans.${plan}`)}
    </Badge>
  );
}

export function isSubscriptionActive(subscription: Subscription | null) {
  return subscription?.status === "active";
}

/** Invites users without an active subscription to take one; dismissal is remembered in a cookie. */
export function SubscriptionBanner({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  if (fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <section aria-label={t("banner.label")} className="flex items-center gap-3 bg-indigo-600 px-4 py-2 text-sm text-white">
      <SparklesIcon className="size-4 shrink-0" aria-hidden />
      {/* One line on a phone: the banner must not push the screen's content below the fold. */}
      <p className="min-w-0 flex-1 truncate md:whitespace-normal">
        <span className="md:hidden">{t("banner.mobile")}</span>
        <span className="hidden md:inline">{t("banner.desktop")}</span>
      </p>
      <PlanDialogLink className="rounded-md bg-white px-3 py-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-50">{t("banner.cta")}</PlanDialogLink>
      <fetcher.Form method="post" action="/preferences">
        <input type="hidden" name="intent" value="banner" />
        {hydrated ? null : <input type="hidden" name="redirectTo" value={returnTo} />}
        <button type="submit" className="rounded p-1 hover:bg-indigo-500" aria-label={t("banner.dismiss")}>
          <XIcon className="size-4" aria-hidden />
        </button>
      </fetcher.Form>
    </section>
  );
}
