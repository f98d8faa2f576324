import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/plans";
import { PlanPicker } from "~/components/billing/plan-picker";
import { buttonVariants } from "~/components/ui/button";
import { getApiClient, requireSession } from "~/lib/api.server";
import { loadPlanPicker } from "~/lib/billing.server";
import { titleMeta } from "~/lib/meta";
import { hasPaidSubscription } from "#domain/plans";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/**
 * The plan picker as a page (without JavaScript: `?period=yearly&upgrade=1`), and the data the
 * plan dialog loads with a fetcher when JavaScript runs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const url = new URL(request.url);
  const [picker, t] = await Promise.all([loadPlanPicker(getApiClient(context)), getFixedT(context)]);
  const subscribed = hasPaidSubscription(picker.subscription, new Date(picker.now));
  return {
    ...picker,
    title: subscribed ? t("billing:manageTitle") : t("billing:buyTitle"),
    period: url.searchParams.get("period") === "monthly" ? ("monthly" as const) : ("yearly" as const),
    upgrade: url.searchParams.get("upgrade") === "1",
  };
}

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { period, upgrade, title } = loaderData;
  const query = (next: Record<string, string>) => new URLSearchParams({ period, ...(upgrade && { upgrade: "1" }), ...next }).toString();
  return (
    <div className="grid gap-6 rounded-lg border border-slate-200 bg-white p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-slate-600">{t("billing:description")}</p>
      </div>
      <PlanPicker
        data={loaderData}
        period={period}
        upgrade={upgrade}
        periodControl={(value, label, active) => (
          <Link
            key={value}
            to={`?${query({ period: value })}`}
            aria-current={active ? "true" : undefined}
            className={cn("rounded-md px-4 py-1.5 text-sm font-medium", active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900")}
          >
            {label}
          </Link>
        )}
        cardControl={({ plan, action, disabled }, label) =>
          disabled || action === "current" ? (
            <span className={cn(buttonVariants({ variant: "secondary" }), "cursor-not-allowed opacity-60")} aria-disabled="true">
              {label}
            </span>
          ) : (
            <Link
              to={`/settings/billing/confirm?${new URLSearchParams({ plan: plan.id, period, action: action === "buy" ? "checkout" : "change" })}`}
              className={buttonVariants({ variant: action === "downgrade" ? "outline" : "default" })}
            >
              {label}
            </Link>
          )
        }
        reactivateControl={(label) => (
          <Link to="/settings/billing/confirm?action=reactivate" className={buttonVariants({ size: "sm" })}>
            {label}
          </Link>
        )}
        cancelControl={(label) => (
          <Link to="/settings/billing/confirm?action=cancel" className={cn(buttonVariants({ variant: "ghost" }), "text-red-700 hover:bg-red-50")}>
            {label}
          </Link>
        )}
      />
      <Link to="/settings/billing" className="text-sm text-indigo-700 hover:underline">
        {t("billing:backToBilling")}
      </Link>
    </div>
  );
}
