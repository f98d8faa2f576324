import { useTranslation } from "react-i18next";
import { data, Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/confirm";
import { type Confirmation, PlanConfirmation } from "~/components/billing/plan-confirmation";
import { useReferralId } from "~/components/billing/use-referral";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getApiClient, requireSession } from "~/lib/api.server";
import { loadPlanPicker, runBillingAction } from "./billing.server";
import { breadcrumbs } from "~/lib/breadcrumbs";
import { titleMeta } from "~/lib/meta";
import { changeTypeFor, hasPaidSubscription, planCardState } from "#domain/plans";
import { getFixedT, getLocale } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;
export const handle = breadcrumbs<Route.ComponentProps["loaderData"]>((data) => [{ label: data.title }]);

/**
 * The no-JavaScript confirmation step: `?action=change|checkout&plan=…&period=…`, or
 * `?action=cancel|reactivate`. The dialog posts its confirmations to this route's action too.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const [picker, t] = await Promise.all([loadPlanPicker(getApiClient(context)), getFixedT(context)]);
  const confirmation = confirmationFrom(url.searchParams, picker);
  if (!confirmation) throw data(null, { status: 404 });
  return { ...picker, confirmation, title: t(`billing:confirm.title.${confirmation.kind}`) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  return runBillingAction(getApiClient(context), await request.formData(), await getFixedT(context), getLocale(context));
}

/** What the query asks to confirm, checked against the same rules as the dialog's cards. */
function confirmationFrom(params: URLSearchParams, picker: Awaited<ReturnType<typeof loadPlanPicker>>): Confirmation | null {
  const now = new Date(picker.now);
  const kind = params.get("action");
  if (kind === "cancel" || kind === "reactivate") return { kind };
  const plan = picker.plans.find((candidate) => candidate.id === params.get("plan") && candidate.price_monthly > 0);
  const period = params.get("period") === "monthly" ? "monthly" : params.get("period") === "yearly" ? "yearly" : null;
  if (!plan || !period) return null;
  if (!hasPaidSubscription(picker.subscription, now)) return { kind: "checkout", planId: plan.id, period };
  const state = planCardState({ subscription: picker.subscription, plans: picker.plans, history: picker.history, planId: plan.id, period, now });
  const changeType = changeTypeFor(picker.subscription, picker.plans, { planId: plan.id, period }, now);
  // A disabled card cannot be chosen: the page says so instead of offering to confirm it.
  if (!changeType || state.disabled) return null;
  return { kind: changeType, planId: plan.id, period };
}

export default function ConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const referralId = useReferralId(loaderData.referral);
  const { search } = useLocation();
  const period = loaderData.confirmation.period;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <Card className="mx-auto grid w-full max-w-md gap-4 p-6">
      <CardHeader>
        <CardTitle>{loaderData.title}</CardTitle>
        <CardDescription>{t("billing:confirm.description")}</CardDescription>
      </CardHeader>
      <PlanConfirmation
        data={loaderData}
        confirmation={loaderData.confirmation}
        FormComponent={Form}
        busy={navigation.state === "submitting"}
        error={error}
        returnTo="/settings/billing"
        referralId={referralId}
        formAction={`/settings/billing/confirm${search}`}
        back={(label) => (
          <Link to={period ? `/settings/billing/plans?period=${period}` : "/settings/billing"} className={buttonVariants({ variant: "outline" })}>
            {label}
          </Link>
        )}
      />
    </Card>
  );
}
