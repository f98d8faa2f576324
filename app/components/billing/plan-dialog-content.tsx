import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { BillingActionError, PlanPickerData } from "./plan-picker-data";
import { type BillingPeriod, hasPaidSubscription, recommendedPlanId } from "#domain/plans";
import { cn } from "~/lib/utils";
import { BillingError, type Confirmation, PlanConfirmation } from "./plan-confirmation";
import { PlanPicker, PlansLoading, periodClassName } from "./plan-picker";
import { useReferralId } from "./use-referral";

/** The plan dialog itself: its own chunk, fetched the first time someone opens it (plan-dialog.tsx). */
export default function PlanDialog({ upgrade, onClose, onChanged }: { upgrade: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const plans = useFetcher<PlanPickerData>();
  const action = useFetcher<{ error?: BillingActionError }>();
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [buying, setBuying] = useState<string | null>(null);
  const data = plans.data;
  const referralId = useReferralId(data?.referral ?? null);
  const returnTo = `${pathname}${search}`;
  const submitted = useRef(false);

  const loadPlans = plans.load;
  useEffect(() => {
    loadPlans("/settings/billing/plans");
  }, [loadPlans]);

  // A submission that ends without an error succeeded (the action redirected with a toast): close.
  useEffect(() => {
    if (action.state !== "idle") {
      submitted.current = true;
      return;
    }
    if (!submitted.current) return;
    submitted.current = false;
    if (!action.data?.error) onChanged();
  }, [action.state, action.data, onChanged]);

  const now = data ? new Date(data.now) : new Date();
  const subscribed = data ? hasPaidSubscription(data.subscription, now) : false;
  const busy = action.state !== "idle";
  const title = confirmation ? t(`billing:confirm.title.${confirmation.kind}`) : subscribed ? t("billing:manageTitle") : t("billing:buyTitle");

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("common.close")} className={cn("max-h-[90vh] overflow-y-auto", confirmation ? "max-w-md" : "max-w-4xl")}>
        <div className="grid gap-1 pr-6">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{confirmation ? t("billing:confirm.description") : t("billing:description")}</DialogDescription>
        </div>
        {!data ? (
          <PlansLoading />
        ) : confirmation ? (
          <PlanConfirmation
            data={data}
            confirmation={confirmation}
            FormComponent={action.Form}
            busy={busy}
            error={action.data?.error}
            returnTo={returnTo}
            referralId={referralId}
            back={(label) => (
              <Button type="button" variant="outline" onClick={() => setConfirmation(null)} disabled={busy}>
                {label}
              </Button>
            )}
          />
        ) : (
          <>
            <BillingError error={action.data?.error} />
            <PlanPicker
              data={data}
              period={period}
              upgrade={upgrade}
              periodControl={(value, label, active) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setPeriod(value)}
                  className={periodClassName(active)}
                >
                  {label}
                </button>
              )}
              cardControl={({ plan, action: cardAction, disabled }, label) => (
                <Button
                  type="button"
                  variant={cardAction === "downgrade" ? "outline" : "default"}
                  disabled={Boolean(disabled) || busy}
                  // Starter or lapsed users start on the recommended plan (seed 001 §4).
                  autoFocus={!subscribed && plan.id === recommendedPlanId(data.plans)}
                  onClick={() => {
                    if (cardAction === "buy") {
                      // No subscription: no change type, straight to checkout.
                      setBuying(plan.id);
                      action.submit(
                        { intent: "checkout", plan_id: plan.id, billing_period: period, returnTo, ...(referralId && { referral_id: referralId }) },
                        { method: "post", action: "/settings/billing/confirm" },
                      );
                    } else if (cardAction !== "current") {
                      setConfirmation({ kind: cardAction, planId: plan.id, period });
                    }
                  }}
                >
                  {busy && buying === plan.id ? t("billing:confirm.processing") : label}
                </Button>
              )}
              reactivateControl={(label) => (
                <Button type="button" size="sm" onClick={() => setConfirmation({ kind: "reactivate" })}>
                  {label}
                </Button>
              )}
              cancelControl={(label) => (
                <Button type="button" variant="ghost-destructive" onClick={() => setConfirmation({ kind: "cancel" })}>
                  {label}
                </Button>
              )}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
