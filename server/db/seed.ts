import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { plans } from "./schema";

type PlanSeed = typeof plans.$inferInsert;

/**
 * The five plans of seed 001. Starter is the free tier's public name; `free` stays for accounts
 * that never chose a plan. Prices are EUR cents; a yearly price is ten months' worth.
 */
export const PLAN_SEEDS: PlanSeed[] = [
  plan("free", "Free", 0, 0, 0, { questions: 5, perCategory: 1, system: 5, categories: 1, day: 1, month: 5, da: 0 }),
  plan("starter", "Starter", 1, 0, 0, { questions: 10, perCategory: 2, system: 10, categories: 2, day: 2, month: 20, da: 0 }),
  plan("essential", "Essential", 2, 2900, 29000, { questions: 25, perCategory: 5, system: 25, categories: 3, day: 5, month: 60, da: 10 }),
  plan("pro", "Pro", 3, 7900, 79000, { questions: 50, perCategory: 10, system: 50, categories: 5, day: 10, month: 100, da: 50 }),
  plan("business", "Business", 4, 19900, 199000, { questions: 150, perCategory: 30, system: 150, categories: 5, day: 30, month: 400, da: 200 }),
];

function plan(
  id: PlanSeed["id"],
  name: string,
  position: number,
  priceMonthly: number,
  priceYearly: number,
  limits: { questions: number; perCategory: number; system: number; categories: number; day: number; month: number; da: number },
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
