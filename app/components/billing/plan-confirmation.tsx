import { TriangleAlertIcon } from "~/components/ui/icons";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Form } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { BillingActionError, PlanPickerData } from "./plan-picker-data";
import { type BillingPeriod, formatDate, formatPrice, type PlanChangeType, priceFor } from "#domain/plans";

export type ConfirmKind = "checkout" | PlanChangeType | "cancel" | "reactivate";

/** The fields of a confirmation: which kind, and for plan changes which plan and period. */
export type Confirmation = { kind: ConfirmKind; planId?: string; period?: BillingPeriod };

/**
 * Seed 001 §2's confirmation view, shared by the dialog and the no-JavaScript confirmation page:
 * a message per change type (with what a downgrade leaves above the new limits), then cancel and
 * confirm. The form posts to /settings/billing/confirm either way.
 */
export function PlanConfirmation({
  data,
  confirmation,
  FormComponent,
  back,
  busy,
  error,
  returnTo,
  referralId,
  formAction = "/settings/billing/confirm",
}: {
  data: PlanPickerData;
  confirmation: Confirmation;
  FormComponent: typeof Form | ComponentType<React.ComponentProps<typeof Form>>;
  back: (label: string) => ReactNode;
  busy: boolean;
  error?: BillingActionError | null;
  returnTo: string;
  referralId?: string | null;
  /** Where the form posts; the confirmation page keeps its query, so a refusal re-renders it. */
  formAction?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { kind, planId, period } = confirmation;
  const plan = data.plans.find((candidate) => candidate.id === planId);
  const subscription = data.subscription;
  const current = subscription ? data.plans.find((candidate) => candidate.id === subscription.plan_id) : undefined;
  const date = formatDate(subscription?.current_period_end, locale);
  const values = {
    plan: plan ? t(`plans.${plan.id}`) : "",
    current: current ? t(`plans.${current.id}`) : "",
    period: period ? t(`billing:period.${period}`).toLocaleLowerCase(locale) : "",
    price: plan && period ? formatPrice(priceFor(plan, period), plan.currency, locale) : "",
    percent: plan?.savings_percentage ?? 0,
    date,
  };
  const messageKey = kind === "billing_change" ? `billing:confirm.message.billing_change_${period}` : `billing:confirm.message.${kind}`;
  const over = kind === "downgrade" && plan ? overLimitsOf(plan, data.usage) : [];
  const destructive = kind === "cancel";
  const intent = kind === "checkout" ? "checkout" : kind === "cancel" || kind === "reactivate" ? kind : "change";

  return (
    <div className="grid gap-4" data-testid="plan-confirmation" data-kind={kind}>
      <p className="text-sm" data-testid="confirmation-message">
        {t(messageKey, values)}
      </p>
      {subscription?.cancel_at_period_end && (kind === "upgrade" || kind === "billing_change") ? (
        <p className="text-sm" data-testid="confirmation-reactivates">
          {t("billing:confirm.reactivates")}
        </p>
      ) : null}
      {over.length ? (
        <Alert variant="warning" data-testid="over-limits">
          <TriangleAlertIcon aria-hidden />
          <AlertTitle>{t("billing:confirm.limits.title", { plan: values.plan })}</AlertTitle>
          <AlertDescription>
            <p>{t("billing:confirm.limits.intro")}</p>
            <ul className="list-disc pl-5">
              {over.map((item) => (
                <li key={item.key}>{t(`billing:confirm.limits.${item.key}`, { used: item.used, limit: item.limit, plan: values.plan })}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : kind === "downgrade" ? (
        <p className="text-sm text-muted-foreground">{t("billing:confirm.limits.none")}</p>
      ) : null}
      <BillingError error={error} />
      <FormComponent method="post" action={formAction} className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="returnTo" value={returnTo} />
        {planId ? <input type="hidden" name="plan_id" value={planId} /> : null}
        {period ? <input type="hidden" name="billing_period" value={period} /> : null}
        {referralId ? <input type="hidden" name="referral_id" value={referralId} /> : null}
        {back(destructive ? t("billing:confirm.keep") : t("billing:confirm.back"))}
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? t("billing:confirm.processing") : destructive ? t("billing:confirm.destructive") : t("billing:confirm.confirm")}
        </Button>
      </FormComponent>
    </div>
  );
}

/** A refused change, in the dialog and on the pages alike. */
export function BillingError({ error }: { error: BillingActionError | null | undefined }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertTitle>{error.title}</AlertTitle>
      <AlertDescription>{error.message}</AlertDescription>
    </Alert>
  );
}

/** What a downgrade to `plan` would leave above its limits: nothing is deleted, new use is refused. */
export function overLimitsOf(plan: PlanPickerData["plans"][number], usage: PlanPickerData["usage"]) {
  const over: Array<{ key: "questions" | "competitors" | "categories"; used: number; limit: number }> = [];
  if (usage.questions > plan.max_questions_total) over.push({ key: "questions", used: usage.questions, limit: plan.max_questions_total });
  const competitors = plan.competitor_metrics_limits?.domain_authority ?? 0;
  if (usage.competitors > competitors) over.push({ key: "competitors", used: usage.competitors, limit: competitors });
  if (usage.categories > plan.categories_available) over.push({ key: "categories", used: usage.categories, limit: plan.categories_available });
  return over;
}
