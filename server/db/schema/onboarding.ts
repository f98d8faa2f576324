import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ONBOARDING_STEPS, SETUP_STATUSES, type SetupStep } from "#domain/onboarding";
import { analyses } from "./seo-llm";
import { users } from "./users";

/** One saved step's data, as its schema in server/onboarding/schemas.ts validated it (keys by step). */
export type OnboardingStepData = Record<string, unknown>;

/** What the setup job has done so far: each step it reached, done or failed (with why). */
export type SetupSteps = Partial<Record<SetupStep, { status: "done" | "failed"; code?: string; message?: string }>>;

/**
 * A user's way through onboarding: the step to resume at, each saved step's validated data, and,
 * once completed, the setup job's progress. No row yet is "not started". `completed_at` is set
 * when the user finishes the steps (or, by migration 0006, for accounts that had an SEO profile before).
 */
export const onboardingProgress = pgTable("onboarding_progress", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  currentStep: text("current_step", { enum: ONBOARDING_STEPS }).notNull().default("personal_info"),
  /** By step name; a step saved again replaces its own entry and keeps the others. */
  steps: jsonb("steps").$type<Partial<Record<(typeof ONBOARDING_STEPS)[number], OnboardingStepData>>>().notNull().default({}),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  /** Null until completing queues the setup job (and for accounts completed by the migration). */
  setupStatus: text("setup_status", { enum: SETUP_STATUSES }),
  setupSteps: jsonb("setup_steps").$type<SetupSteps>().notNull().default({}),
  /** The first analysis the setup launched. */
  analysisId: uuid("analysis_id").references(() => analyses.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type OnboardingProgressRow = typeof onboardingProgress.$inferSelect;
