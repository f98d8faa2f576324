import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { ApiError, notFound } from "../http/errors";
import { fieldError } from "../http/field-errors";
import type { LifetimeUsage } from "../http/lifetime-usage";
import { onLimitsRaised, type PlanLimits, planLimits } from "../billing/limits";
import type { Database, Executor } from "../db/client";
import { type MarketLanguage, QUESTION_CATEGORIES, type QuestionCategory } from "#domain/seo-profile";
import { type SeoProfileRow, seoProfiles, type UserQuestionRow, userQuestions, users } from "../db/schema";
import { generateSystemQuestions } from "./question-templates";

export type QuestionFilters = {
  category?: QuestionCategory;
  language?: MarketLanguage;
  source?: "user" | "system";
  is_active?: boolean;
  /** Case-insensitive substring of the text. */
  q?: string;
};

export type QuestionInput = { question_text: string; category: QuestionCategory; language?: MarketLanguage; is_active?: boolean };
export type QuestionPatch = Partial<QuestionInput>;

export function toQuestion(row: UserQuestionRow) {
  return {
    id: row.id,
    question_text: row.questionText,
    category: row.category,
    language: row.language,
    source: row.source,
    is_edited: row.edited,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the `x-lifetime-*` headers report: questions are the counted resource. */
export type QuestionUsage = LifetimeUsage;

export async function questionUsage(db: Executor, userId: string, limits?: PlanLimits): Promise<QuestionUsage> {
  const plan = limits ?? (await planLimits(db, userId));
  const [row] = await db.select({ used: sql<number>`count(*)::int` }).from(userQuestions).where(eq(userQuestions.userId, userId));
  const used = row?.used ?? 0;
  return { limit: plan.maxQuestionsTotal, used, remaining: Math.max(0, plan.maxQuestionsTotal - used) };
}

const categoryOrder = sql`array_position(array[${sql.join(
  QUESTION_CATEGORIES.map((category) => sql`${category}`),
  sql`, `,
)}]::text[], ${userQuestions.category})`;

export async function listQuestions(db: Executor, userId: string, filters: QuestionFilters = {}) {
  const conditions = [eq(userQuestions.userId, userId)];
  if (filters.category) conditions.push(eq(userQuestions.category, filters.category));
  if (filters.language) conditions.push(eq(userQuestions.language, filters.language));
  if (filters.source) conditions.push(eq(userQuestions.source, filters.source));
  if (filters.is_active !== undefined) conditions.push(eq(userQuestions.isActive, filters.is_active));
  if (filters.q) conditions.push(ilike(userQuestions.questionText, `%${filters.q.replace(/[\\%_]/g, "\\$&")}%`));
  const rows = await db
    .select()
    .from(userQuestions)
    .where(and(...conditions))
    .orderBy(categoryOrder, asc(userQuestions.createdAt), asc(userQuestions.id));
  return rows.map(toQuestion);
}

async function countsByCategory(db: Executor, userId: string) {
  const rows = await db
    .select({ category: userQuestions.category, count: sql<number>`count(*)::int` })
    .from(userQuestions)
    .where(eq(userQuestions.userId, userId))
    .groupBy(userQuestions.category);
  return new Map(rows.map((row) => [row.category, row.count]));
}

/**
 * One writer of a user's questions at a time (held to the end of the transaction), so two
 * concurrent writes cannot both take the plan's last slot.
 */
async function lockQuestions(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`questions:${userId}`}))`);
}

const quotaError = (message: string, code: string, field = "category") =>
  new ApiError(403, message, { code, errors: fieldError(field, code, message) });

/** The plan decides which categories exist and how many questions each may hold. */
function checkRoom(limits: PlanLimits, counts: Map<QuestionCategory, number>, category: QuestionCategory, adding: number) {
  if (!limits.allowedCategories.includes(category)) {
    throw quotaError(`The ${category} category is not included in your plan`, "category_not_in_plan");
  }
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total + adding > limits.maxQuestionsTotal) {
    throw quotaError(`Your plan allows ${limits.maxQuestionsTotal} questions in total`, "question_quota_exceeded", "question_text");
  }
  if ((counts.get(category) ?? 0) + adding > limits.maxQuestionsPerCategory) {
    throw quotaError(`Your plan allows ${limits.maxQuestionsPerCategory} questions per category`, "category_quota_exceeded");
  }
}

const duplicate = () =>
  new ApiError(409, "You already have this question", { code: "duplicate_question", errors: fieldError("question_text", "duplicate", "You already have this question") });

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

export async function createQuestion(db: Database, userId: string, input: QuestionInput, defaultLanguage: MarketLanguage) {
  return db.transaction(async (tx) => {
    const limits = await planLimits(tx, userId);
    await lockQuestions(tx, userId);
    checkRoom(limits, await countsByCategory(tx, userId), input.category, 1);
    try {
      const [row] = await tx
        .insert(userQuestions)
        .values({
          userId,
          questionText: input.question_text,
          category: input.category,
          language: input.language ?? defaultLanguage,
          isActive: input.is_active ?? true,
          source: "user",
        })
        .returning();
      return { question: toQuestion(row), usage: await questionUsage(tx, userId, limits) };
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  });
}

export async function updateQuestion(db: Database, userId: string, id: string, patch: QuestionPatch) {
  return db.transaction(async (tx) => {
    // The plan first: reading it may take the billing lock, always taken before the questions' one.
    const limits = await planLimits(tx, userId);
    await lockQuestions(tx, userId);
    const [current] = await tx
      .select()
      .from(userQuestions)
      .where(and(eq(userQuestions.id, id), eq(userQuestions.userId, userId)))
      .for("update");
    if (!current) throw notFound("Question not found");
    if (patch.category && patch.category !== current.category) {
      const counts = await countsByCategory(tx, userId);
      counts.set(current.category, (counts.get(current.category) ?? 1) - 1);
      checkRoom(limits, counts, patch.category, 1);
    }
    const changed =
      (patch.question_text !== undefined && patch.question_text !== current.questionText) ||
      (patch.category !== undefined && patch.category !== current.category) ||
      (patch.language !== undefined && patch.language !== current.language) ||
      (patch.is_active !== undefined && patch.is_active !== current.isActive);
    try {
      const [row] = await tx
        .update(userQuestions)
        .set({
          ...(patch.question_text !== undefined && { questionText: patch.question_text }),
          ...(patch.category !== undefined && { category: patch.category }),
          ...(patch.language !== undefined && { language: patch.language }),
          ...(patch.is_active !== undefined && { isActive: patch.is_active }),
          // A system question the user changed in any way (switched off included) is theirs now:
          // regeneration keeps it as they left it.
          edited: current.edited || (current.source === "system" && changed),
          updatedAt: new Date(),
        })
        .where(eq(userQuestions.id, id))
        .returning();
      return { question: toQuestion(row), usage: await questionUsage(tx, userId, limits) };
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
  });
}

export async function getQuestion(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(userQuestions)
    .where(and(eq(userQuestions.id, id), eq(userQuestions.userId, userId)));
  if (!row) throw notFound("Question not found");
  return toQuestion(row);
}

export async function deleteQuestion(db: Database, userId: string, id: string) {
  const deleted = await db
    .delete(userQuestions)
    .where(and(eq(userQuestions.id, id), eq(userQuestions.userId, userId)))
    .returning({ id: userQuestions.id });
  if (deleted.length === 0) throw notFound("Question not found");
  return questionUsage(db, userId);
}

/**
 * The room a plan keeps for the questions the user writes: a fifth of its total, at least one.
 * Generation never takes it: the system questions (generated, and generated then edited) are at
 * most min(max_system_questions_total, max_questions_total − max(reserve, questions the user
 * wrote)). The user's own questions fill the reserve first, so writing one costs no generated
 * question, and generating again leaves the counts where they were. With the seeded plans:
 * free 5 → 4 generated and 1 left for the user; starter 10 → 8 + 2; essential 20 → 15 (its
 * system cap) + 5; pro 50 → 25 + 25; business 100 → 50 + 50.
 */
export function reservedForUser(maxQuestionsTotal: number): number {
  return Math.max(1, Math.ceil(maxQuestionsTotal / 5));
}

/** How many system questions the plan holds for a user who wrote `written` questions (see reservedForUser). */
function systemQuestionShare(limits: PlanLimits, written: number): number {
  const share = Math.min(limits.maxSystemQuestionsTotal, limits.maxQuestionsTotal - Math.max(reservedForUser(limits.maxQuestionsTotal), written));
  return Math.max(0, share);
}

/**
 * Adds generated questions for the profile up to the plan's system share, a category's room and
 * the allowed categories, always to the category with the fewest questions (ties in the product's
 * order), so a small share still covers every allowed category. Nothing is removed, and a question
 * already there is not asked twice: run again with the same profile and plan, it adds nothing.
 */
async function fillSystemQuestions(tx: Executor, userId: string, profile: SeoProfileRow, websiteUrl: string | null, limits: PlanLimits) {
  const existing = await tx
    .select({ source: userQuestions.source, category: userQuestions.category, language: userQuestions.language, text: userQuestions.questionText })
    .from(userQuestions)
    .where(eq(userQuestions.userId, userId));
  const written = existing.filter((question) => question.source === "user").length;
  let budget = systemQuestionShare(limits, written) - (existing.length - written);
  if (budget <= 0 || limits.allowedCategories.length === 0) return 0;

  const counts = new Map<QuestionCategory, number>();
  for (const question of existing) counts.set(question.category, (counts.get(question.category) ?? 0) + 1);
  const asked = new Set(existing.map((question) => `${question.language}:${question.text.toLowerCase()}`));
  const candidates = generateSystemQuestions(
    {
      brand_name: profile.brandName,
      website_url: websiteUrl,
      market_language: profile.marketLanguage,
      country: profile.country,
      keywords: profile.keywords,
      competitors: profile.competitors,
    },
    // Enough to replace any candidate that is already asked.
    { perCategory: limits.maxQuestionsPerCategory + existing.length, categories: limits.allowedCategories },
  ).filter((question) => !asked.has(`${question.language}:${question.question_text.toLowerCase()}`));
  const queues = new Map(limits.allowedCategories.map((category) => [category, candidates.filter((question) => question.category === category)]));
  const chosen: typeof candidates = [];
  while (budget > 0) {
    let lowest: QuestionCategory | undefined;
    for (const category of limits.allowedCategories) {
      const count = counts.get(category) ?? 0;
      if (count >= limits.maxQuestionsPerCategory || !queues.get(category)?.length) continue;
      if (lowest === undefined || count < (counts.get(lowest) ?? 0)) lowest = category;
    }
    if (!lowest) break;
    chosen.push(queues.get(lowest)!.shift()!);
    counts.set(lowest, (counts.get(lowest) ?? 0) + 1);
    budget--;
  }
  if (chosen.length === 0) return 0;
  const inserted = await tx
    .insert(userQuestions)
    .values(
      chosen.map((question) => ({
        userId,
        questionText: question.question_text,
        category: question.category,
        language: question.language,
        source: "system" as const,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: userQuestions.id });
  return inserted.length;
}

/**
 * Replaces the generated questions that the user has not edited with new ones for the profile,
 * within the plan's system share (the user's own and edited questions stay and count).
 */
export async function regenerateSystemQuestions(tx: Executor, userId: string, profile: SeoProfileRow, websiteUrl: string | null) {
  // The plan first: reading it may take the billing lock, always taken before the questions' one.
  const limits = await planLimits(tx, userId);
  await lockQuestions(tx, userId);
  await tx
    .delete(userQuestions)
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.source, "system"), eq(userQuestions.edited, false)));
  return fillSystemQuestions(tx, userId, profile, websiteUrl, limits);
}

/**
 * Fills the room a plan change opened with generated questions, keeping every question there
 * (the user's, the edited and the unedited generated ones). Nothing to do without a profile: its
 * first save generates them.
 */
export async function topUpSystemQuestions(tx: Executor, userId: string, limits: PlanLimits) {
  await lockQuestions(tx, userId);
  const [row] = await tx
    .select({ profile: seoProfiles, websiteUrl: users.websiteUrl })
    .from(seoProfiles)
    .innerJoin(users, eq(users.id, seoProfiles.userId))
    .where(eq(seoProfiles.userId, userId));
  if (!row) return 0;
  return fillSystemQuestions(tx, userId, row.profile, row.websiteUrl, limits);
}

// Billing cannot import seo-llm (server/ folders never import each other in a loop): it tells
// whoever registered when a plan change raised the limits, in the change's own transaction.
onLimitsRaised(topUpSystemQuestions);
