import type { Plan, Subscription, SubscriptionChange } from "~/lib/api-types";

/**
 * What the plan picker shows, for the dialog (a fetcher) and the no-JavaScript page alike; the
 * billing routes' loadPlanPicker (billing.server.ts) makes it.
 */
export type PlanPickerData = {
  plans: Plan[];
  subscription: Subscription | null;
  history: SubscriptionChange[];
  /** What the user has now, so a downgrade can say what would be above the new limits. */
  usage: { questions: number; competitors: number; categories: number };
  /** The referral-tracking script's global, when the script is configured. */
  referral: { global: string } | null;
  now: string;
};

/** A plan change the API refused, as the dialog and the confirmation page show it. */
export type BillingActionError = { title: string; message: string };
