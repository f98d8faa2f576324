export { ONBOARDING_LIMITS } from "./form-limits";

/**
 * Onboarding's rules (seed 000 §3–5), shared by the API (which enforces them) and the step forms
 * (which check them before posting): the five steps in their order, what each needs, and where a
 * user resumes.
 */

/** Seed 000 §3: the steps, in order. */
export const ONBOARDING_STEPS = ["personal_info", "website_analysis", "keyword_selection", "market_location", "google_search_console"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/**
 * What completing needs. Search Console is offered, not required: its step may be skipped, and
 * completing without it is that skip.
 */
export const REQUIRED_STEPS: readonly OnboardingStep[] = ONBOARDING_STEPS.filter((step) => step !== "google_search_console");

export const stepIndex = (step: OnboardingStep): number => ONBOARDING_STEPS.indexOf(step);

export function isOnboardingStep(value: unknown): value is OnboardingStep {
  return typeof value === "string" && (ONBOARDING_STEPS as readonly string[]).includes(value);
}

/**
 * A step can be saved once every step before it is: the current step, or one already passed (which
 * keeps what the later ones hold). A later step is not open yet.
 */
export function canSaveStep(step: OnboardingStep, current: OnboardingStep): boolean {
  return stepIndex(step) <= stepIndex(current);
}

/** Where the user resumes after saving `saved`: the next step, never back (the last step stays the last). */
export function currentStepAfterSave(current: OnboardingStep, saved: OnboardingStep): OnboardingStep {
  const next = ONBOARDING_STEPS[Math.min(stepIndex(saved) + 1, ONBOARDING_STEPS.length - 1)];
  return stepIndex(next) > stepIndex(current) ? next : current;
}

/** The required steps with no saved data, in order: what completing still waits for. */
export function missingSteps(saved: Iterable<string>): OnboardingStep[] {
  const have = new Set(saved);
  return REQUIRED_STEPS.filter((step) => !have.has(step));
}

/** The plan tracks up to `limit` competitors; the market step may not list more. */
export function withinCompetitorLimit(count: number, limit: number): boolean {
  return count <= limit;
}

/** Seed 000 §4: the setup screen polls every 5 s, and after 120 s says what is still running and moves on. */
export const SETUP_POLL = { intervalMs: 5_000, timeoutMs: 120_000 } as const;

/** What finishing onboarding does, in order, as one job: each is reported done or failed. */
export const SETUP_STEPS = ["profile", "questions", "analysis"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SETUP_STATUSES = ["pending", "running", "done", "failed"] as const;
export type SetupStatus = (typeof SETUP_STATUSES)[number];
