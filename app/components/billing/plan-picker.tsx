import { CheckIcon, LoaderCircleIcon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Plan } from "~/lib/api-types";
import type { PlanPickerData } from "./plan-picker-data";
import {
  type BillingPeriod,
  billingPeriodOf,
  type CardAction,
  type DisabledReason,
  formatDate,
  formatPrice,
  hasPaidSubscription,
  isTopPlan,
  maxSavingsPercent,
  monthlyEquivalent,
  planCardState,
  priceFor,
  purchasablePlans,
  recommendedPlanId,
} from "#domain/plans";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

export type CardChoice = { plan: Plan; action: CardAction; disabled: DisabledReason | null };

/** A segment of the monthly/yearly switch, a button in the dialog or a link on the page. */
export function periodClassName(active: boolean) {
  return cn("rounded-md px-4 py-1.5 text-sm font-medium", active ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground");
}

/**
 * Seed 001 §2's plan picker: the current plan, the monthly/yearly toggle with the best saving, the
 * cards, and the canceled state. How a choice is made (a link without JavaScript, a button that
 * opens the confirmation inside the dialog) is the caller's: `periodControl` and `cardControl`.
 */
export function PlanPicker({
  data,
  period,
  upgrade,
  periodControl,
  cardControl,
  reactivateControl,
  cancelControl,
}: {
  data: PlanPickerData;
  period: BillingPeriod;
  upgrade: boolean;
  periodControl: (period: BillingPeriod, label: string, active: boolean) => ReactNode;
  cardControl: (choice: CardChoice, label: string) => ReactNode;
  reactivateControl: (label: string) => ReactNode;
  cancelControl: (label: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const now = new Date(data.now);
  const { subscription, history } = data;
  const plans = purchasablePlans(data.plans);
  const paid = hasPaidSubscription(subscription, now) ? subscription : null;
  const currentPeriod = paid ? billingPeriodOf(paid, now) : null;
  const currentPlan = paid ? data.plans.find((plan) => plan.id === paid.plan_id) : undefined;
  const recommended = recommendedPlanId(data.plans);
  const savings = maxSavingsPercent(plans);
  const max = {
    competitors: Math.max(0, ...plans.map((plan) => plan.competitor_metrics_limits?.domain_authority ?? 0)),
  };

  return (
    <div className="grid gap-5">
      {paid && currentPlan && currentPeriod && paid.status === "active" ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-background px-4 py-3 text-sm" data-testid="current-plan-box">
          <span className="font-medium">{t("billing:currentBox.title")}</span>
          <span className="text-muted-foreground">
            {t(`plans.${currentPlan.id}`)} · {t(`billing:period.${currentPeriod}`)} · {formatPrice(priceFor(currentPlan, currentPeriod), currentPlan.currency, locale)}
          </span>
        </div>
      ) : null}

      {paid?.cancel_at_period_end ? (
        <Alert variant="warning" className="flex flex-wrap items-center justify-between gap-3 rounded-lg px-4" data-testid="canceled-box">
          <p>{t("billing:canceledBox.text", { plan: t(`plans.${paid.plan_id}`), date: formatDate(paid.current_period_end, locale) })}</p>
          {reactivateControl(t("billing:canceledBox.reactivate"))}
        </Alert>
      ) : null}

      <fieldset className="flex flex-wrap items-center justify-center gap-3">
        <legend className="sr-only">{t("billing:period.label")}</legend>
        <div className="inline-flex rounded-lg border bg-muted p-1">
          {(["monthly", "yearly"] as const).map((value) => periodControl(value, t(`billing:period.${value}`), value === period))}
        </div>
        {savings > 0 ? (
          <Badge variant="success" data-testid="max-savings">
            {t("billing:period.save", { percent: savings })}
          </Badge>
        ) : null}
      </fieldset>

      {plans.length === 0 ? (
        <p className="rounded-lg border border-dashed border-input p-6 text-center text-sm text-muted-foreground">{t("billing:noPlans")}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-3" aria-label={t("billing:cardsLabel")}>
          {plans.map((plan) => {
            const state = planCardState({ subscription, plans: data.plans, history, planId: plan.id, period, now });
            const isCurrent = paid?.plan_id === plan.id;
            const isRecommended = !paid && plan.id === recommended;
            const label =
              state.disabled && state.disabled !== "current"
                ? t(`billing:disabled.${state.disabled}`)
                : t(`billing:action.${state.action}`, { plan: t(`plans.${plan.id}`) });
            const yearlySaving = period === "yearly" ? plan.savings_percentage : 0;
            return (
              <li
                key={plan.id}
                data-testid="plan-card"
                data-plan={plan.id}
                className={cn(
                  "relative grid content-start gap-4 rounded-xl border bg-card p-5",
                  isCurrent ? "border-ring ring-1 ring-ring" : isRecommended ? "border-primary/40" : "border-border",
                )}
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-lg font-semibold">{t(`plans.${plan.id}`)}</h3>
                  {isCurrent ? (
                    <Badge size="sm">{t("billing:badge.current")}</Badge>
                  ) : isRecommended ? (
                    <Badge size="sm" variant="info">
                      {t("billing:badge.recommended")}
                    </Badge>
                  ) : null}
                </div>
                <div className="grid gap-1">
                  <p className="flex items-baseline gap-1">
                    <span className="text-3xl font-bold tracking-tight text-slate-900" data-testid="plan-price">
                      {formatPrice(period === "yearly" ? monthlyEquivalent(plan.price_yearly) : plan.price_monthly, plan.currency, locale)}
                    </span>
                    <span className="text-sm text-slate-500">{t("billing:perMonth")}</span>
                  </p>
                  <p className="text-xs text-slate-600">
                    {period === "yearly" ? t("billing:billedYearly", { total: formatPrice(plan.price_yearly, plan.currency, locale) }) : t("billing:billedMonthly")}
                  </p>
                  {yearlySaving > 0 ? (
                    <Badge size="sm" variant="success">
                      {t("billing:savings", { percent: yearlySaving })}
                    </Badge>
                  ) : null}
                </div>
                <ul className="grid gap-1.5 text-sm text-slate-700">
                  <Feature label={t("billing:features.questions")} value={t("billing:features.questionsValue", { count: plan.max_questions_total })} />
                  <Feature label={t("billing:features.categories")} value={`${plan.categories_available}/5`} />
                  {plan.competitor_metrics_limits ? (
                    <Feature label={t("billing:features.competitors")} value={`${plan.competitor_metrics_limits.domain_authority}/${max.competitors}`} />
                  ) : null}
                  <Feature label={t("billing:features.analysesPerDay")} value={String(plan.analyses_per_day)} />
                  <Feature label={t("billing:features.siteAudits")} value={String(plan.site_audits_lifetime)} />
                </ul>
                {isCurrent && isTopPlan(data.plans, plan.id) && state.action === "current" ? (
                  <p className="rounded-md bg-slate-100 px-3 py-2 text-center text-sm font-medium text-slate-700">{t("billing:maxPlan")}</p>
                ) : (
                  cardControl({ plan, action: state.action, disabled: state.disabled }, label)
                )}
              </li>
            );
          })}
        </ul>
      )}

      {paid && !paid.cancel_at_period_end && !upgrade ? <div className="flex justify-center">{cancelControl(t("billing:cancelButton"))}</div> : null}
      {paid?.cancel_at_period_end ? (
        <Alert variant="destructive" data-testid="cancel-scheduled">
          <AlertDescription className="justify-items-center text-center">{t("billing:cancelScheduled", { date: formatDate(paid.current_period_end, locale) })}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

function Feature({ label, value }: { label: string; value: string }) {
  return (
    <li className="flex items-center gap-2">
      <CheckIcon className="size-4 shrink-0 text-emerald-600" aria-hidden />
      <span className="flex-1">{label}</span>
      <span className="font-medium tabular-nums text-slate-900">{value}</span>
    </li>
  );
}

export function PlansLoading() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-600" role="status">
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden /> {t("billing:loading")}
    </p>
  );
}
