import { eq } from "drizzle-orm";
import { canSaveStep, currentStepAfterSave, ONBOARDING_STEPS, type OnboardingStep, withinCompetitorLimit } from "#domain/onboarding";
import { planLimits } from "../billing/limits";
import type { Database, Executor } from "../db/client";
import { type OnboardingProgressRow, onboardingProgress, seoProfiles, users } from "../db/schema";
import { ApiError } from "../http/errors";
import { competitorLimitError } from "../seo-llm/profile";
import { type SaveStep, STEP_SCHEMAS, type StepData } from "./schemas";

/** A user's row (null: not started) and whether they have an SEO profile. */
export async function readProgress(db: Executor, userId: string): Promise<{ row: OnboardingProgressRow | null; hasProfile: boolean }> {
  const [found] = await db
    .select({ row: onboardingProgress, profileOf: seoProfiles.userId })
    .from(users)
    .leftJoin(onboardingProgress, eq(onboardingProgress.userId, users.id))
    .leftJoin(seoProfiles, eq(seoProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return { row: found?.row ?? null, hasProfile: Boolean(found?.profileOf) };
}

/**
 * Complete: finished through POST /complete, or an SEO profile made without onboarding (accounts
 * from before it, which migration 0006 also marked, and profiles made on the profile screen).
 */
export const isComplete = ({ row, hasProfile }: { row: OnboardingProgressRow | null; hasProfile: boolean }) => Boolean(row?.completedAt) || hasProfile;

/** A saved step's data read back through its schema (null: not saved, or no longer valid). */
export function savedStep<S extends OnboardingStep>(row: OnboardingProgressRow | null, step: S): StepData[S] | null {
  const stored = row?.steps[step];
  if (stored === undefined) return null;
  const parsed = STEP_SCHEMAS[step].safeParse(stored);
  return parsed.success ? (parsed.data as StepData[S]) : null;
}

export async function onboardingStatus(db: Database, userId: string) {
  const state = await readProgress(db, userId);
  return { complete: isComplete(state), current_step: state.row?.currentStep ?? ONBOARDING_STEPS[0], setup_status: state.row?.setupStatus ?? null };
}

export async function onboardingProgressOf(db: Executor, userId: string) {
  const state = await readProgress(db, userId);
  const { row } = state;
  return {
    complete: isComplete(state),
    completed_at: row?.completedAt?.toISOString() ?? null,
    current_step: row?.currentStep ?? ONBOARDING_STEPS[0],
    steps: {
      personal_info: savedStep(row, "personal_info"),
      website_analysis: savedStep(row, "website_analysis"),
      keyword_selection: savedStep(row, "keyword_selection"),
      market_location: savedStep(row, "market_location"),
      google_search_console: savedStep(row, "google_search_console"),
    },
  };
}

/**
 * Saves one step's data (validated by the route) and moves the user on. A step saved again
 * replaces its own data and keeps the later steps'; a step past the current one is not open yet.
 */
export async function saveStep(db: Database, userId: string, input: SaveStep) {
  return db.transaction(async (tx) => {
    await tx.insert(onboardingProgress).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId)).for("update");
    if (!canSaveStep(input.step, row.currentStep)) {
      const message = `Save ${row.currentStep} first: ${input.step} comes after it`;
      throw new ApiError(409, message, { code: "step_not_open", errors: { step: [{ code: "step_not_open", message }] } });
    }
    if (input.step === "market_location") {
      const limits = await planLimits(tx, userId);
      if (!withinCompetitorLimit(input.data.competitors.length, limits.maxCompetitors)) throw competitorLimitError(limits, "data.competitors");
    }
    await tx
      .update(onboardingProgress)
      .set({
        steps: { ...row.steps, [input.step]: input.data },
        currentStep: currentStepAfterSave(row.currentStep, input.step),
        updatedAt: new Date(),
      })
      .where(eq(onboardingProgress.userId, userId));
    return onboardingProgressOf(tx, userId);
  });
}
