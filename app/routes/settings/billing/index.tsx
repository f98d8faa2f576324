import { OperatorNotice } from "~/components/operator-notice";
import { TriangleAlertIcon, CalendarClockIcon, FlaskConicalIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/index";
import { PlanDialogLink } from "~/components/billing/plan-dialog";
import { SubscriptionBadge } from "~/components/subscription";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { ApiRequestError, dataOf, getApiClient, read, requireSession } from "~/lib/api.server";

import { titleMeta } from "~/lib/meta";
import { formatDate, formatPrice, hasPaidSubscription, pendingChange, priceFor } from "#domain/plans";
import { getConfig } from "~/lib/config.server";
import { getFixedT } from "~/middleware/i18next.server";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context, url }: Route.LoaderArgs) {
  const session = requireSession(context);
  const api = getApiClient(context);
  const checkoutId = url.searchParams.get("checkout");
  // Back from Stripe Checkout: bring the checkout up to date first (the webhook may come later).
  const checkout = checkoutId ? await read(api.subscription.checkout[":id"].$get({ param: { id: checkoutId } })).then(dataOf, ignoredCheckout) : null;
  const [{ plans }, { subscription }, history, t] = await Promise.all([
    read(api.subscription.plans.$get()).then(dataOf),
    read(api.subscription.current.$get()).then(dataOf),
    read(api.subscription["change-history"].$get()).then(dataOf),
    getFixedT(context),
  ]);

  return {
    title: t("nav.settingsBilling"),
    plans,
    subscription,
    history,
    checkout: checkout ? { status: checkout.status, canceled: url.searchParams.has("canceled") } : null,
    testMode: !getConfig().STRIPE_SECRET_KEY,
    // How to leave test mode is for whoever runs the installation, not for its customers.
    isAdmin: session.user.role === "admin",
    now: new Date().toISOString(),
  };
}

/** A checkout id that is not the user's (404), or not an id at all (400), is ignored; other failures are not. */
function ignoredCheckout(error: unknown) {
  if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
  throw error;
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { subscription, plans, history, checkout, testMode, isAdmin } = loaderData;
  const now = new Date(loaderData.now);
  const paid = hasPaidSubscription(subscription, now) ? subscription : null;
  const plan = plans.find((candidate) => candidate.id === (paid?.plan_id ?? "free"));
  const pending = pendingChange(history, now);

  return (
    <div className="grid gap-6">
      {checkout ? (
        <Alert role="status" data-testid="checkout-return">
          <AlertDescription>
            {checkout.status === "completed"
              ? t("billing:page.checkoutCompleted")
              : checkout.canceled || checkout.status === "abandoned"
                ? t("billing:page.checkoutCanceled")
                : t("billing:page.checkoutProcessing")}
          </AlertDescription>
        </Alert>
      ) : null}
      {testMode ? (
        <Alert variant="warning" role="note">
          <FlaskConicalIcon aria-hidden />
          <AlertDescription>
            <OperatorNotice short={t("billing:page.testModeShort")} full={t("billing:page.testMode")} operatorHint={t("billing:page.testModeAdmin")} isAdmin={isAdmin} />
          </AlertDescription>
        </Alert>
      ) : null}

      <Card asChild className="grid gap-4 p-6">
        <section aria-labelledby="billing-plan">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <CardHeader>
              <CardTitle id="billing-plan">{t("billing:page.yourPlan")}</CardTitle>
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="billing-summary">
                <SubscriptionBadge subscription={paid} />
                {paid && plan ? (
                  <span>
                    {t(`billing:period.${paid.billing_period}`)} · {formatPrice(priceFor(plan, paid.billing_period), plan.currency, locale)}
                  </span>
                ) : (
                  <span>{t("billing:page.free")}</span>
                )}
              </p>
            </CardHeader>
            <div className="flex flex-wrap gap-2">
              <PlanDialogLink className={buttonVariants()}>{paid ? t("billing:page.changePlan") : t("billing:page.choosePlan")}</PlanDialogLink>
              {paid && !testMode && paid.provider === "stripe" ? (
                <Form method="post" action="/settings/billing/confirm">
                  <input type="hidden" name="intent" value="portal" />
                  <Button type="submit" variant="outline">
                    {t("billing:page.portal")}
                  </Button>
                </Form>
              ) : null}
            </div>
          </div>

          {paid ? (
            <ul className="grid gap-2 text-sm">
              <li className="flex items-center gap-2 text-slate-700" data-testid="billing-dates">
                <CalendarClockIcon className="size-4 text-slate-500" aria-hidden />
                {paid.cancel_at_period_end
                  ? t("billing:page.ends", { date: formatDate(paid.current_period_end, locale) })
                  : t("billing:page.renews", { date: formatDate(paid.current_period_end, locale) })}
              </li>
              {paid.status === "past_due" ? (
                <li className="flex items-center gap-2 text-red-800">
                  <TriangleAlertIcon className="size-4" aria-hidden /> {t("billing:page.pastDue")}
                </li>
              ) : null}
              {pending?.to_plan_id && pending.to_billing_period ? (
                <li className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-info-subtle px-3 py-2 text-info-subtle-foreground" data-testid="pending-change">
                  <span>
                    {t("billing:page.pending", {
                      plan: t(`plans.${pending.to_plan_id}`),
                      period: t(`billing:period.${pending.to_billing_period}`).toLocaleLowerCase(locale),
                      date: formatDate(pending.effective_date, locale),
                    })}
                  </span>
                  <Form method="post" action="/settings/billing/confirm">
                    <input type="hidden" name="intent" value="keep" />
                    <Button type="submit" size="sm" variant="outline">
                      {t("billing:page.keepPlan", { plan: `${t(`plans.${paid.plan_id}`)} (${t(`billing:period.${paid.billing_period}`).toLocaleLowerCase(locale)})` })}
                    </Button>
                  </Form>
                </li>
              ) : null}
            </ul>
          ) : null}

          {paid ? (
            <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
              {paid.cancel_at_period_end ? (
                <Link to="/settings/billing/confirm?action=reactivate" className={buttonVariants({ size: "sm" })}>
                  {t("billing:canceledBox.reactivate")}
                </Link>
              ) : (
                <Link to="/settings/billing/confirm?action=cancel" className={buttonVariants({ variant: "ghost-destructive", size: "sm" })}>
                  {t("billing:cancelButton")}
                </Link>
              )}
            </div>
          ) : null}
        </section>
      </Card>

      {plan ? (
        <Card asChild className="grid gap-3 p-6">
          <section aria-labelledby="billing-limits">
            <CardTitle id="billing-limits">{t("billing:page.limits")}</CardTitle>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
              <Limit label={t("billing:features.questions")} value={plan.max_questions_total} />
              <Limit label={t("billing:features.categories")} value={`${plan.categories_available}/5`} />
              <Limit label={t("billing:features.competitors")} value={plan.competitor_metrics_limits?.domain_authority ?? 0} />
              <Limit label={t("billing:features.analysesPerDay")} value={plan.analyses_per_day} />
              <Limit label={t("billing:features.analysesPerMonth")} value={plan.analyses_per_month} />
            </dl>
          </section>
        </Card>
      ) : null}

      <Card asChild className="grid gap-3 p-6">
        <section aria-labelledby="billing-history">
          <CardTitle id="billing-history">{t("billing:history.title")}</CardTitle>
          {history.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("billing:history.empty")}</p>
          ) : (
            <ScrollRegion label={t("billing:history.title")}>
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th className="py-2 pr-4 font-medium">{t("billing:history.date")}</th>
                    <th className="py-2 pr-4 font-medium">{t("billing:history.change")}</th>
                    <th className="py-2 pr-4 font-medium">{t("billing:history.plan")}</th>
                    <th className="py-2 pr-4 font-medium">{t("billing:history.amount")}</th>
                    <th className="py-2 font-medium">{t("billing:history.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((entry) => (
                    <tr key={entry.id} className="border-b border-slate-100" data-testid="history-row" data-status={entry.status} data-type={entry.change_type}>
                      <td className="py-2 pr-4 tabular-nums">{formatDate(entry.effective_date, locale)}</td>
                      <td className="py-2 pr-4">{t(`billing:changeType.${entry.change_type}`)}</td>
                      <td className="py-2 pr-4">
                        {entry.to_plan_id ? `${t(`plans.${entry.to_plan_id}`)}${entry.to_billing_period ? ` · ${t(`billing:period.${entry.to_billing_period}`)}` : ""}` : "—"}
                      </td>
                      <td className="py-2 pr-4 tabular-nums">{entry.amount !== null && entry.currency ? formatPrice(entry.amount, entry.currency, locale) : "—"}</td>
                      <td className="py-2">
                        <Badge variant={entry.status === "pending" ? "info" : entry.status === "canceled" ? "secondary" : "success"}>
                          {t(`billing:changeStatus.${entry.status}`)}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </section>
      </Card>
    </div>
  );
}

function Limit({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="grid gap-0.5 rounded-md bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
