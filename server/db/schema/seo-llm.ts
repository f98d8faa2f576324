import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MARKET_LANGUAGES, type MarketLanguage, QUESTION_CATEGORIES } from "#domain/seo-profile";
import { users } from "./users";

export const ANALYSIS_STATUSES = ["pending", "processing", "completed", "partial", "failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

export const ANSWER_STATUSES = ["pending", "processing", "completed", "failed"] as const;

export type Competitor = { name: string; domain: string | null; aliases: string[] };

/** What analyses look for. The website lives on the user (one value for settings and profile). */
export const seoProfiles = pgTable("seo_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  brandName: text("brand_name").notNull(),
  aliases: jsonb("aliases").$type<string[]>().notNull().default([]),
  marketLanguage: text("market_language", { enum: MARKET_LANGUAGES }).notNull(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: text("country"),
  keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
  competitors: jsonb("competitors").$type<Competitor[]>().notNull().default([]),
  /** Names or aliases the user marked as everyday words: they count only with evidence (answer-analysis.ts). */
  ambiguousNames: jsonb("ambiguous_names").$type<string[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const userQuestions = pgTable(
  "user_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionText: text("question_text").notNull(),
    category: text("category", { enum: QUESTION_CATEGORIES }).notNull(),
    language: text("language", { enum: MARKET_LANGUAGES }).notNull(),
    /** `system` questions are generated from the profile and regenerated when it changes, unless edited. */
    source: text("source", { enum: ["user", "system"] }).notNull().default("user"),
    edited: boolean("edited").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("user_questions_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("user_questions_text_idx").on(table.userId, table.language, sql`lower(${table.questionText})`),
  ],
);

export type AnalysisProfile = {
  brand_name: string;
  aliases: string[];
  website_url: string | null;
  competitors: Competitor[];
  market_language: MarketLanguage;
  country: string | null;
  keywords: string[];
  /** Absent from analyses launched before it existed. */
  ambiguous_names?: string[];
};

export const analyses = pgTable(
  "analyses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ANALYSIS_STATUSES }).notNull().default("pending"),
    questionLimit: integer("question_limit").notNull(),
    providers: jsonb("providers").$type<string[]>().notNull(),
    /** Answered by the demo provider: every screen labels these results "Demo". */
    simulated: boolean("simulated").notNull().default(false),
    /** The profile as it was at launch: later edits do not rewrite past results. */
    profile: jsonb("profile").$type<AnalysisProfile>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * The latest the analysis may end (server/seo-llm/deadline.ts): answers still open then are
     * failed and the analysis closes. Null for analyses launched before deadlines existed.
     */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
  },
  (table) => [
    index("analyses_user_created_idx").on(table.userId, table.createdAt),
    index("analyses_open_deadline_idx").on(table.deadlineAt).where(sql`${table.status} in ('pending', 'processing')`),
  ],
);

/** One row per question × provider, created with the analysis: a job fills its row exactly once. */
export const analysisAnswers = pgTable(
  "analysis_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    analysisId: uuid("analysis_id")
      .notNull()
      .references(() => analyses.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Order of the question within the analysis. */
    questionIndex: integer("question_index").notNull(),
    questionId: uuid("question_id").references(() => userQuestions.id, { onDelete: "set null" }),
    questionText: text("question_text").notNull(),
    category: text("category", { enum: QUESTION_CATEGORIES }).notNull(),
    language: text("language", { enum: MARKET_LANGUAGES }).notNull(),
    provider: text("provider").notNull(),
    model: text("model"),
    status: text("status", { enum: ANSWER_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When a worker last took the slot (the database's clock, as pg-boss's `started_on`). */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** The worker process (`job_workers.id`) holding the slot: when it dies the slot is handed back. */
    claimedBy: uuid("claimed_by"),
    /** The one pg-boss job that delivers this slot, its id chosen with the slot (null before 0005). */
    jobId: uuid("job_id"),
    answerText: text("answer_text"),
    citations: jsonb("citations").$type<Array<{ url: string; title: string | null }>>(),
    searchQueries: jsonb("search_queries").$type<string[]>(),
    latencyMs: integer("latency_ms"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    brandMentioned: boolean("brand_mentioned"),
    brandPosition: integer("brand_position"),
    brandSentiment: text("brand_sentiment", { enum: ["positive", "neutral", "negative"] }),
    /**
     * The analysis engine (ENGINE_VERSION in answer-analysis.ts) that read this answer; an older one
     * is read again by the re-score job, and `rescoredAt` says when.
     */
    engineVersion: integer("engine_version"),
    /**
     * The AI second opinion's verdicts on names that are also words, by match (matchKey → brand or
     * not): a re-score applies them again instead of asking again, so its `ai` mentions stay.
     */
    aiDecisions: jsonb("ai_decisions").$type<Record<string, boolean>>(),
    rescoredAt: timestamp("rescored_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("analysis_answers_slot_idx").on(table.analysisId, table.questionIndex, table.provider),
    index("analysis_answers_user_answered_idx").on(table.userId, table.answeredAt),
    // Finds at start-up, without reading every answer, whether an older engine read some.
    index("analysis_answers_engine_idx").on(table.engineVersion),
    // The few open slots, for the sweep (by worker) and the deadline's queue count (by provider).
    index("analysis_answers_open_idx").on(table.provider, table.claimedBy).where(sql`${table.status} in ('pending', 'processing')`),
  ],
);

/**
 * The rows the insights aggregate: what each answer names, cites and searched for. Each carries its
 * answer's user, analysis, provider, category and time, so the leaderboard, citing sources and query
 * clusters read one table filtered by an index, without joining the answers.
 */
const insightColumns = () => ({
  answerId: uuid("answer_id")
    .notNull()
    .references(() => analysisAnswers.id, { onDelete: "cascade" }),
  userId: uuid("user_id").notNull(),
  analysisId: uuid("analysis_id").notNull(),
  provider: text("provider").notNull(),
  category: text("category", { enum: QUESTION_CATEGORIES }).notNull(),
  answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
});

/** Every brand an answer names (tracked or not): the leaderboard and share of voice read these. */
export const answerMentions = pgTable(
  "answer_mentions",
  {
    ...insightColumns(),
    name: text("name").notNull(),
    isBrand: boolean("is_brand").notNull(),
    tracked: boolean("tracked").notNull(),
    position: integer("position").notNull(),
    count: integer("count").notNull(),
    /** How the answer speaks of this brand. */
    sentiment: text("sentiment", { enum: ["positive", "neutral", "negative"] }).notNull(),
    /** The engine that found this mention (its answer's `engine_version`). */
    engineVersion: integer("engine_version").notNull().default(1),
    /**
     * What decided the mention (answer-analysis.ts, MentionMethod): "name", "evidence" (a name that
     * is also a word, counted on the clues around it), "ai" (the second opinion) or "listed".
     */
    method: text("method", { enum: ["name", "evidence", "ai", "listed"] }).notNull().default("name"),
  },
  (table) => [primaryKey({ columns: [table.answerId, table.name] }), index("answer_mentions_user_time_idx").on(table.userId, table.answeredAt)],
);

export const answerCitations = pgTable(
  "answer_citations",
  {
    ...insightColumns(),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    title: text("title"),
    /** Registrable domain (public suffix list), null for URLs without one (an IP address). */
    domain: text("domain"),
  },
  (table) => [
    primaryKey({ columns: [table.answerId, table.position] }),
    index("answer_citations_user_time_idx").on(table.userId, table.answeredAt),
    // Citing sources' pages of its top domains (the one part not rolled up, decision 012): only
    // those domains' rows, and a provider and category in the index.
    index("answer_citations_user_domain_idx").on(table.userId, table.domain, table.provider, table.category, table.answeredAt),
  ],
);

export const answerSearchQueries = pgTable(
  "answer_search_queries",
  {
    ...insightColumns(),
    position: integer("position").notNull(),
    query: text("query").notNull(),
  },
  (table) => [primaryKey({ columns: [table.answerId, table.position] }), index("answer_search_queries_user_time_idx").on(table.userId, table.answeredAt)],
);

/**
 * Query clusters, computed in the background for large accounts and kept until the searches they
 * were computed from change (`fingerprint`): clustering 200,000 searches takes seconds. One row
 * per cluster, ranked, so a page is read without loading the other thousands.
 */
export const queryClusterSnapshots = pgTable(
  "query_cluster_snapshots",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "all" or a provider id, then the period: "all|2026-10-24|2026-11-22". */
    scope: text("scope").notNull(),
    fingerprint: text("fingerprint").notNull(),
    totalQueries: integer("total_queries").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope] })],
);

export const queryClusterRows = pgTable(
  "query_cluster_rows",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    /** 1 = the most frequent cluster. */
    rank: integer("rank").notNull(),
    totalOccurrences: integer("total_occurrences").notNull(),
    cluster: jsonb("cluster").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope, table.rank] })],
);

export type SeoProfileRow = typeof seoProfiles.$inferSelect;
export type UserQuestionRow = typeof userQuestions.$inferSelect;
export type AnalysisRow = typeof analyses.$inferSelect;
export type AnalysisAnswerRow = typeof analysisAnswers.$inferSelect;
