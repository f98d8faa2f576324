import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { missingSteps, SETUP_STEPS, type SetupStep } from "#domain/onboarding";
import { planLimits } from "../billing/limits";
import type { Database } from "../db/client";
import { analyses, type OnboardingProgressRow, onboardingProgress, type SetupSteps, userQuestions } from "../db/schema";
import { ApiError, badRequest, notFound } from "../http/errors";
import { logger } from "../logger";
import { createAnalysis } from "../seo-llm/analyses";
import { findSeoProfile, patchSeoProfile } from "../seo-llm/profile";
import { regenerateSystemQuestions } from "../seo-llm/questions";
import { updateProfile } from "../users/service";
import { isComplete, readProgress, savedStep } from "./progress";

/**
 * Finishing onboarding: POST /complete marks it complete and queues one job, which writes the
 * profile, makes sure there are questions and launches the first analysis, recording each step so
 * the setup screen can say what is done, and a retry (pg-boss's, or the user's after a failure)
 * starts where the last attempt stopped (docs/decisions/021-onboarding.md).
 */

export const ONBOARDING_SETUP_QUEUE = "onboarding.setup";
export type SetupJob = { userId: string };

/** The job's delivery: retried after a crash or an unexpected error; a refusal (a plan limit) is final. */
const SETUP_JOB_OPTIONS = { retryLimit: 2, retryDelay: 5, expireInSeconds: 300 } satisfies PgBoss.SendOptions;

/** The setup as GET /setup-status answers it; 404 before onboarding is complete. */
export async function setupOf(db: Database, userId: string) {
  const state = await readProgress(db, userId);
  const { row } = state;
  if (!row?.setupStatus) {
    if (!isComplete(state)) throw new ApiError(404, "Onboarding is not complete yet: nothing is being set up", { code: "setup_not_started" });
    // Complete without the job (a profile made before onboarding existed): there was nothing to set up.
    return { status: "done" as const, steps: [], analysis_id: null };
  }
  const status = row.setupStatus;
  const running = SETUP_STEPS.find((step) => row.setupSteps[step]?.status !== "done");
  return {
    status,
    steps: SETUP_STEPS.map((step) => {
      const reached = row.setupSteps[step];
      if (reached) {
        const error = reached.status === "failed" ? { code: reached.code ?? "setup_failed", message: reached.message ?? "This step failed" } : null;
        return { step, status: reached.status, error };
      }
      return { step, status: status === "running" && step === running ? ("running" as const) : ("pending" as const), error: null };
    }),
    analysis_id: row.analysisId,
  };
}

/**
 * Completes onboarding and queues its setup, once: completing again while it is queued, running or
 * done answers the same setup; after a failure it queues it again, keeping the steps already done.
 */
export async function completeOnboarding(db: Database, boss: PgBoss, userId: string) {
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId)).for("update");
    if (row?.completedAt && row.setupStatus !== "failed") return null;
    const missing = missingSteps(Object.keys(row?.steps ?? {}));
    if (!row || (!row.completedAt && missing.length > 0)) {
      throw badRequest(`Onboarding is not finished: ${missing.join(", ")} still to do`, {
        code: "onboarding_incomplete",
        errors: Object.fromEntries(missing.map((step) => [step, [{ code: "required", message: "This step is not saved yet" }]])),
      });
    }
    const kept: SetupSteps = Object.fromEntries(Object.entries(row.setupSteps).filter(([, step]) => step?.status === "done"));
    await tx
      .update(onboardingProgress)
      .set({ completedAt: row.completedAt ?? new Date(), setupStatus: "pending", setupSteps: kept, updatedAt: new Date() })
      .where(eq(onboardingProgress.userId, userId));
    return kept;
  });
  if (queued) {
    try {
      // After the commit: on PGlite the queue shares the one connection the transaction held.
      await boss.send(ONBOARDING_SETUP_QUEUE, { userId } satisfies SetupJob, SETUP_JOB_OPTIONS);
    } catch (error) {
      const next = SETUP_STEPS.find((step) => queued[step]?.status !== "done") ?? "analysis";
      await recordFailure(db, userId, queued, next, { code: "enqueue_failed", message: "The setup could not be queued" });
      throw error;
    }
  }
  return setupOf(db, userId);
}

/**
 * The job: claims a queued (or, after a crash, running) setup, then does each step not done yet.
 * A refusal the API would answer (a plan limit, no questions) fails the setup at that step, as does
 * any error on the last attempt; another error is thrown for pg-boss to retry.
 */
export async function runSetup(db: Database, boss: PgBoss, userId: string, options: { lastAttempt: boolean }) {
  const [row] = await db
    .update(onboardingProgress)
    .set({ setupStatus: "running", updatedAt: new Date() })
    .where(and(eq(onboardingProgress.userId, userId), inArray(onboardingProgress.setupStatus, ["pending", "running"])))
    .returning();
  if (!row) return;
  const done: SetupSteps = { ...row.setupSteps };
  const actions: Record<SetupStep, () => Promise<string | undefined>> = {
    profile: () => writeProfile(db, userId, row),
    questions: () => ensureQuestions(db, userId),
    analysis: () => launchAnalysis(db, boss, userId),
  };
  for (const step of SETUP_STEPS) {
    if (done[step]?.status === "done") continue;
    try {
      const analysisId = await actions[step]();
      done[step] = { status: "done" };
      await db
        .update(onboardingProgress)
        .set({ setupSteps: done, ...(analysisId !== undefined && { analysisId }), updatedAt: new Date() })
        .where(eq(onboardingProgress.userId, userId));
    } catch (error) {
      if (!(error instanceof ApiError) && !options.lastAttempt) throw error;
      const refused = error instanceof ApiError;
      const reason = refused ? { code: error.extra.code ?? "setup_failed", message: error.message } : { code: "setup_error", message: "Something went wrong" };
      logger.warn("onboarding.setup_failed", { userId, step, ...reason, ...(!refused && { error: String(error) }) });
      await recordFailure(db, userId, done, step, reason);
      return;
    }
  }
  await db.update(onboardingProgress).set({ setupStatus: "done", updatedAt: new Date() }).where(eq(onboardingProgress.userId, userId));
}

async function recordFailure(db: Database, userId: string, done: SetupSteps, step: SetupStep, reason: { code: string; message: string }) {
  await db
    .update(onboardingProgress)
    .set({ setupStatus: "failed", setupSteps: { ...done, [step]: { status: "failed", ...reason } }, updatedAt: new Date() })
    .where(eq(onboardingProgress.userId, userId));
}

/** The names and company on the user, then the SEO profile (which generates its system questions). */
async function writeProfile(db: Database, userId: string, row: OnboardingProgressRow): Promise<undefined> {
  const saved = {
    personal_info: savedStep(row, "personal_info"),
    website_analysis: savedStep(row, "website_analysis"),
    keyword_selection: savedStep(row, "keyword_selection"),
    market_location: savedStep(row, "market_location"),
  };
  const { personal_info: personal, website_analysis: website, keyword_selection: keywords, market_location: market } = saved;
  if (!personal || !website || !keywords || !market) {
    // Saved when it met the rules, which have changed since: the step is to be saved again.
    const invalid = missingSteps(Object.entries(saved).flatMap(([step, data]) => (data ? [step] : [])));
    throw badRequest(`Save ${invalid.join(", ")} again: what was saved no longer meets the rules`, { code: "onboarding_incomplete" });
  }
  await updateProfile(db, userId, { first_name: personal.first_name, last_name: personal.last_name, company: personal.company });
  await patchSeoProfile(db, userId, {
    BrandName: website.brand_name ?? personal.company,
    WebsiteURL: website.website,
    MarketLanguage: market.market_language,
    Country: market.country,
    Keywords: keywords.keywords,
    Competitors: market.competitors.map((competitor) => ({ name: competitor.name, domain: competitor.domain, aliases: [] })),
  });
}

/**
 * Saving the profile generates the system questions when it is new or what they come from changed.
 * A profile that was already there unchanged may have lost them: then they are generated now.
 */
async function ensureQuestions(db: Database, userId: string): Promise<undefined> {
  const limits = await planLimits(db, userId);
  const [{ active }] = await db
    .select({ active: count() })
    .from(userQuestions)
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.isActive, true), inArray(userQuestions.category, limits.allowedCategories)));
  if (active > 0) return;
  const generated = await db.transaction(async (tx) => {
    const found = await findSeoProfile(tx, userId);
    if (!found?.profile) throw notFound("No SEO profile");
    return regenerateSystemQuestions(tx, userId, found.profile, found.websiteUrl);
  });
  if (generated === 0) throw badRequest("No question could be generated within the plan", { code: "no_questions" });
}

/** The first analysis; one already running (a retry after a crash launched it) is taken as it. */
async function launchAnalysis(db: Database, boss: PgBoss, userId: string): Promise<string> {
  try {
    return (await createAnalysis(db, boss, userId, {})).id;
  } catch (error) {
    if (!(error instanceof ApiError) || error.extra.code !== "analysis_in_progress") throw error;
    const [running] = await db.select({ id: analyses.id }).from(analyses).where(eq(analyses.userId, userId)).orderBy(desc(analyses.createdAt), asc(analyses.id)).limit(1);
    return running.id;
  }
}
