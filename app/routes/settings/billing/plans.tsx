import { useTranslation } from "react-i18next";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/plans";
import { PlanPicker, periodClassName } from "~/components/billing/plan-picker";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getApiClient, requireSession } from "~/lib/api.server";
import { loadPlanPicker } from "./billing.server";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { hasPaidSubscription } from "#domain/plans";
import { cn } from "~/lib/utils";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.title }]);

/**
 * The plan picker as a page (without JavaScript: `?period=yearly&upgrade=1`), and the data the
 * plan dialog loads with a fetcher when JavaScript runs.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
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
    <Card className="grid gap-6 p-6">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{t("billing:description")}</CardDescription>
      </CardHeader>
      <PlanPicker
        data={loaderData}
        period={period}
        upgrade={upgrade}
        periodControl={(value, label, active) => (
          <Link
            key={value}
            to={`?${query({ period: value })}`}
            aria-current={active ? "true" : undefined}
            className={periodClassName(active)}
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
          <Link to="/settings/billing/confirm?action=cancel" className={buttonVariants({ variant: "ghost-destructive" })}>
            {label}
          </Link>
        )}
      />
      <Link to="/settings/billing" className="text-sm text-primary hover:underline">
        {t("billing:backToBilling")}
      </Link>
    </Card>
  );
}
