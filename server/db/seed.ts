import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { plans } from "./schema";

type PlanSeed = typeof plans.$inferInsert;

/**
 * The five plans of seed 001. Starter is the free tier's public name; `free` stays for accounts
 * that never chose a plan. Prices are EUR cents; a yearly price is ten months' worth. `audits` is
 * the lifetime count of website analyses (issue 12: the screen shows "3 of 5 left").
 */
export const PLAN_SEEDS: PlanSeed[] = [
  plan("free", "Free", 0, 0, 0, { questions: 5, perCategory: 5, system: 5, categories: 2, day: 1, month: 10, da: 2, audits: 3 }),
  plan("starter", "Starter", 1, 0, 0, { questions: 10, perCategory: 5, system: 10, categories: 3, day: 2, month: 30, da: 3, audits: 5 }),
  plan("essential", "Essential", 2, 2900, 29000, { questions: 20, perCategory: 8, system: 15, categories: 4, day: 5, month: 100, da: 5, audits: 10 }),
  plan("pro", "Pro", 3, 7900, 79000, { questions: 50, perCategory: 15, system: 25, categories: 5, day: 10, month: 300, da: 10, audits: 50 }),
  plan("business", "Business", 4, 19900, 199000, { questions: 100, perCategory: 30, system: 50, categories: 5, day: 30, month: 1000, da: 20, audits: 200 }),
];

function plan(
  id: PlanSeed["id"],
  name: string,
  position: number,
  priceMonthly: number,
  priceYearly: number,
  limits: { questions: number; perCategory: number; system: number; categories: number; day: number; month: number; da: number; audits: number },
): PlanSeed {
  return {
    id,
    name,
    position,
    currency: "EUR",
    priceMonthly,
    priceYearly,
    maxQuestionsTotal: limits.questions,
    maxQuestionsPerCategory: limits.perCategory,
    maxSystemQuestionsTotal: limits.system,
    categoriesAvailable: limits.categories,
    analysesPerDay: limits.day,
    analysesPerMonth: limits.month,
    competitorMetricsLimits: { domain_authority: limits.da },
    siteAuditsLifetime: limits.audits,
  };
}

/** Reference data: idempotent, run at every start so price or limit changes ship with the code. */
export async function seedReferenceData(db: Database) {
  await db
    .insert(plans)
    .values(PLAN_SEEDS)
    .onConflictDoUpdate({
      target: plans.id,
      set: Object.fromEntries(
        Object.keys(PLAN_SEEDS[0])
          .filter((key) => key !== "id")
          .map((key) => {
            const column = plans[key as keyof typeof plans.$inferInsert];
            return [key, sql.raw(`excluded.${column.name}`)];
          }),
      ),
    });
}
