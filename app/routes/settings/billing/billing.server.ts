import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { BillingActionError, PlanPickerData } from "~/components/billing/plan-picker-data";
import { ApiRequestError, type ApiClient, dataOf, nullOn404, read } from "~/lib/api.server";

import type { Plan } from "~/lib/api-types";
import { appRelative, getConfig } from "~/lib/config.server";
import { BILLING_PERIODS, formatDate, PLAN_IDS } from "#domain/plans";
import { safeRedirect } from "~/lib/redirect";
import { redirectWithToast } from "~/lib/toast.server";

/** Everything the plan picker needs, for the dialog (fetcher.load) and the no-JavaScript page alike. */
export async function loadPlanPicker(api: ApiClient): Promise<PlanPickerData> {
  const [{ plans }, { subscription }, history, quota, profile] = await Promise.all([
    read(api.subscription.plans.$get()).then(dataOf),
    read(api.subscription.current.$get()).then(dataOf),
    read(api.subscription["change-history"].$get()).then(dataOf),
    read(api.quota.status.$get()).then(dataOf),
    read(api.seoProfile.index.$get()).then(dataOf, nullOn404),
  ]);
  const config = getConfig();
  return {
    plans,
    subscription,
    history,
    usage: {
      questions: quota.usage.questions_total,
      competitors: profile?.Competitors.length ?? 0,
      categories: Object.values(quota.limits.category_quotas).filter((quota) => quota.used > 0).length,
    },
    referral: config.REFERRAL_SCRIPT_URL ? { global: config.REFERRAL_GLOBAL } : null,
    now: new Date().toISOString(),
  };
}

const PlanFields = {
  plan_id: z.enum(PLAN_IDS),
  billing_period: z.enum(BILLING_PERIODS),
  referral_id: z
    .string()
    .trim()
    .max(200)
    .regex(/^[\w.:-]*$/)
    .optional()
    .catch(undefined),
};

export const BillingIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("checkout"), ...PlanFields }),
  z.object({ intent: z.literal("change"), ...PlanFields }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("portal") }),
  z.object({ intent: z.literal("keep") }),
]);

export type BillingIntent = z.infer<typeof BillingIntentSchema>["intent"];

const FAILED_TITLE: Record<BillingIntent, string> = {
  checkout: "billing:toast.checkoutFailed",
  change: "billing:toast.changeFailed",
  cancel: "billing:toast.cancelFailed",
  reactivate: "billing:toast.reactivateFailed",
  portal: "billing:toast.portalFailed",
  keep: "billing:toast.keepFailed",
};

/**
 * One action for every plan change, posted by the dialog (a fetcher) and by the confirmation page
 * (a plain form): it calls the API, then goes to the payment page or back with a toast. Failures
 * come back as data so the same view shows them where the user clicked.
 */
export async function runBillingAction(api: ApiClient, formData: FormData, t: TFunction, locale: string) {
  const returnTo = safeRedirect(formData.get("returnTo"), "/settings/billing");
  const parsed = BillingIntentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const intent = BillingIntentSchema.options.map((option) => option.shape.intent.value).find((value) => value === formData.get("intent")) ?? "change";
    return data({ error: { title: t(FAILED_TITLE[intent]), message: t("billing:errors.invalid") } satisfies BillingActionError }, { status: 400 });
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "checkout": {
        const { url } = await read(api.subscription.checkout.$post({ json: planRequest(input) })).then(dataOf);
        return redirect(appRelative(url));
      }
      case "change": {
        const result = await read(api.subscription["change-plan"].$put({ json: planRequest(input) })).then(dataOf);
        if (result.requires_checkout && result.checkout_url) return redirect(appRelative(result.checkout_url));
        const { plans } = await read(api.subscription.plans.$get()).then(dataOf);
        const plan = plans.find((candidate) => candidate.id === input.plan_id);
        const values = {
          plan: plan ? t(`plans.${plan.id}`) : input.plan_id,
          period: t(`billing:period.${input.billing_period}`).toLocaleLowerCase(locale),
          date: formatDate(result.effective_date, locale),
        };
        return redirectWithToast(
          returnTo,
          result.scheduled_change
            ? { type: "success", title: t("billing:toast.scheduled"), description: t("billing:toast.scheduledText", values) }
            : { type: "success", title: t("billing:toast.changed"), description: t("billing:toast.changedText", values) },
        );
      }
      case "cancel": {
        const result = await read(api.subscription.cancel.$post()).then(dataOf);
        return redirectWithToast(returnTo, {
          type: "success",
          title: t("billing:toast.canceled"),
          description: t("billing:toast.canceledText", { date: formatDate(result.effective_date, locale) }),
        });
      }
      case "reactivate": {
        await read(api.subscription.reactivate.$post());
        const { subscription } = await read(api.subscription.current.$get()).then(dataOf);
        return redirectWithToast(returnTo, {
          type: "success",
          title: t("billing:toast.reactivated"),
          description: t("billing:toast.reactivatedText", { date: formatDate(subscription?.current_period_end ?? null, locale) }),
        });
      }
      case "keep": {
        await read(api.subscription["pending-change"].$delete());
        return redirectWithToast(returnTo, { type: "success", title: t("billing:toast.pendingCanceled") });
      }
      case "portal": {
        const { url } = await read(api.subscription.portal.$post()).then(dataOf);
        return redirect(url);
      }
    }
  } catch (error) {
    // Stripe's refusals (402, 502) are the user's to see, like the 4xx; anything else is a failure page.
    if (!(error instanceof ApiRequestError) || error.status === 401 || (error.status >= 500 && error.code !== "payment_provider_error")) throw error;
    // The codes the UI words itself are in billing:errors; any other shows the server's message.
    const message = error.code ? t(`billing:errors.${error.code}`, { defaultValue: error.message }) : error.message;
    // Posted from the billing page (no confirmation view to show it in): back there, with the error.
    if (input.intent === "keep" || input.intent === "portal") return redirectWithToast(returnTo, { type: "error", title: t(FAILED_TITLE[input.intent]), description: message });
    return data({ error: { title: t(FAILED_TITLE[input.intent]), message } satisfies BillingActionError }, { status: error.status });
  }
}

function planRequest(input: { plan_id: Plan["id"]; billing_period: "monthly" | "yearly"; referral_id?: string }) {
  return { plan_id: input.plan_id, billing_period: input.billing_period, referral_id: input.referral_id || null };
}
