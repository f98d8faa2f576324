import { QUESTION_TEXT_LIMITS, MARKET_LANGUAGES, QUESTION_CATEGORIES } from "#domain/seo-profile";
import { lifetimeUsageHeaders, setLifetimeUsage } from "../http/lifetime-usage";
import { authedRoute } from "../auth/guarded-route";
import { createRouter, DeletedSchema, errorResponse, foundOr404, idParams, invalidInput, jsonBody, jsonResponse, query, z } from "../http/router";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS_BUT_SPACES } from "#domain/text";
import { getDb } from "../runtime";
import { findSeoProfile } from "./profile";
import { ANALYSIS_STATUSES, ANSWER_STATUSES } from "../db/schema";
import { questionHistory } from "./question-history";
import { createQuestion, deleteQuestion, getQuestion, listQuestions, questionUsage, updateQuestion } from "./questions";

const QUESTION_MAX_LENGTH = QUESTION_TEXT_LIMITS.max;

export const QuestionSchema = z
  .object({
    id: z.uuid(),
    question_text: z.string(),
    category: z.enum(QUESTION_CATEGORIES),
    language: z.enum(MARKET_LANGUAGES),
    source: z.enum(["user", "system"]).openapi({ description: "system: generated from the SEO profile" }),
    is_edited: z.boolean(),
    is_active: z.boolean().openapi({ description: "Inactive questions are kept but not asked" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("UserQuestion");

/**
 * Pasted line breaks and tabs become spaces, runs of spaces one, and the ends are trimmed before the
 * length is counted; other control characters are refused. A preprocess, so the document shows the
 * rules of the text as it is counted.
 */
const questionText = z
  .preprocess(
    (value) => (typeof value === "string" ? value.replace(/\s+/g, " ").trim() : value),
    z
      .string()
      .min(QUESTION_TEXT_LIMITS.min, `At least ${QUESTION_TEXT_LIMITS.min} characters`)
      .max(QUESTION_MAX_LENGTH, `At most ${QUESTION_MAX_LENGTH} characters`)
      // Whitespace is collapsed by then: the pattern holds for the text as sent too.
      .regex(NO_CONTROL_CHARACTERS_BUT_SPACES, CONTROL_CHARACTERS_MESSAGE),
  )
  .openapi({ description: "Counted once line breaks, tabs and runs of spaces are one space and the ends trimmed" });

const QuestionInputSchema = z
  .object({
    question_text: questionText,
    category: z.enum(QUESTION_CATEGORIES, `One of ${QUESTION_CATEGORIES.join(", ")}`),
    language: z.enum(MARKET_LANGUAGES).optional().openapi({ description: "Defaults to the profile's market language" }),
    is_active: z.boolean().optional(),
  })
  .openapi("UserQuestionInput");

const QuestionPatchSchema = QuestionInputSchema.partial().openapi("UserQuestionPatch");

/** Query filters: an empty value means "no filter". */
const FiltersSchema = z.object({
  category: query.enum(QUESTION_CATEGORIES),
  language: query.enum(MARKET_LANGUAGES),
  source: query.enum(["user", "system"]),
  is_active: query.enum(["true", "false"]).transform((value) => (value === undefined ? undefined : value === "true")),
  q: query
    .text(z.string().max(QUESTION_MAX_LENGTH).regex(NO_CONTROL_CHARACTERS_BUT_SPACES, CONTROL_CHARACTERS_MESSAGE))
    .openapi({ description: "Case-insensitive substring of question_text" }),
});

const IdParams = idParams("Not a question id");

const usageHeaders = lifetimeUsageHeaders({
  limit: "Questions the plan allows",
  used: "Questions the user has",
  remaining: "Questions the user may still add",
});

/** Every success of these routes carries the user's question usage (seed 001 §7). */
const withUsage = <T extends z.ZodType>(schema: T, description: string) => ({ ...jsonResponse(schema, description), headers: usageHeaders });

const alreadyExists = errorResponse("The same question already exists");
const outsidePlan = errorResponse("Outside the plan: category not included, or quota reached");

/** What a route on one question answers: foundOr404's map, its success carrying the usage too. */
const oneQuestion = <T extends z.ZodType>(schema: T, description: string) => ({
  ...foundOr404(schema, description, "No such question of this user"),
  200: withUsage(schema, description),
});

const list = authedRoute("questions", {
  method: "get",
  path: "/",
  summary: "The user's questions (own and generated), by category",
  request: { query: FiltersSchema },
  responses: {
    200: withUsage(z.object({ questions: z.array(QuestionSchema), total: z.number().int() }), "Questions"),
    400: errorResponse("Invalid filter"),
  },
});

const create = authedRoute("questions", {
  method: "post",
  path: "/",
  summary: "Add a question (within the plan's categories and quotas)",
  request: { body: jsonBody(QuestionInputSchema) },
  responses: { 201: withUsage(QuestionSchema, "Created"), 400: invalidInput, 403: outsidePlan, 409: alreadyExists },
});

const one = authedRoute("questions", {
  method: "get",
  path: "/{id}",
  summary: "One of the user's questions",
  request: { params: IdParams },
  responses: oneQuestion(QuestionSchema, "Question"),
});

const update = authedRoute("questions", {
  method: "put",
  path: "/{id}",
  summary: "Change a question's text, category, language or active state",
  request: { params: IdParams, body: jsonBody(QuestionPatchSchema) },
  responses: { ...oneQuestion(QuestionSchema, "Updated"), 403: outsidePlan, 409: alreadyExists },
});

const remove = authedRoute("questions", {
  method: "delete",
  path: "/{id}",
  summary: "Delete a question (past analyses keep its text)",
  request: { params: IdParams },
  responses: oneQuestion(DeletedSchema, "Deleted"),
});

const QuestionHistorySchema = z
  .object({
    question: z.object({ id: z.uuid(), question_text: z.string() }),
    analyses: z.array(
      z.object({
        analysis_id: z.uuid(),
        created_at: z.string(),
        status: z.enum(ANALYSIS_STATUSES),
        simulated: z.boolean().openapi({ description: "Answered by the demo provider" }),
        answers: z.array(
          z.object({
            provider: z.string(),
            status: z.enum(ANSWER_STATUSES),
            mentioned: z.boolean().nullable().openapi({ description: "Whether the answer named the brand; null until answered" }),
            position: z.number().int().nullable().openapi({ description: "The brand's rank among the brands the answer lists" }),
            sentiment: z.enum(["positive", "neutral", "negative"]).nullable(),
            cited_domains: z.array(z.string()).openapi({ description: "Domains the answer cited, in citation order, once each" }),
          }),
        ),
      }),
    ),
    total: z.number().int().openapi({ description: "Analyses that asked the question" }),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .openapi("QuestionHistory");

const history = authedRoute("questions", {
  method: "get",
  path: "/{id}/history",
  summary: "How one question was answered in each analysis that asked it, per assistant, newest first",
  request: {
    params: IdParams,
    query: z.object({ limit: query.int({ min: 1, max: 50, default: 10 }), offset: query.int({ min: 0, max: 1_000_000, default: 0 }) }),
  },
  responses: { ...foundOr404(QuestionHistorySchema, "The question's answers over time", "No such question of this user"), 400: errorResponse("Invalid id, limit or offset") },
});

export const questionRoutes = createRouter()
  .openapi(list, async (c) => {
    const db = await getDb();
    const userId = c.get("user").id;
    const [questions, usage] = await Promise.all([listQuestions(db, userId, c.req.valid("query")), questionUsage(db, userId)]);
    setLifetimeUsage(c, usage);
    return c.json({ questions, total: questions.length }, 200);
  })
  .openapi(create, async (c) => {
    const db = await getDb();
    const userId = c.get("user").id;
    const found = await findSeoProfile(db, userId);
    const { question, usage } = await createQuestion(db, userId, c.req.valid("json"), found?.profile?.marketLanguage ?? "en");
    setLifetimeUsage(c, usage);
    return c.json(question, 201);
  })
  .openapi(one, async (c) => {
    const db = await getDb();
    const userId = c.get("user").id;
    const [question, usage] = await Promise.all([getQuestion(db, userId, c.req.valid("param").id), questionUsage(db, userId)]);
    setLifetimeUsage(c, usage);
    return c.json(question, 200);
  })
  .openapi(update, async (c) => {
    const { question, usage } = await updateQuestion(await getDb(), c.get("user").id, c.req.valid("param").id, c.req.valid("json"));
    setLifetimeUsage(c, usage);
    return c.json(question, 200);
  })
  .openapi(remove, async (c) => {
    const usage = await deleteQuestion(await getDb(), c.get("user").id, c.req.valid("param").id);
    setLifetimeUsage(c, usage);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(history, async (c) => {
    const { limit, offset } = c.req.valid("query");
    return c.json(await questionHistory(await getDb(), c.get("user").id, c.req.valid("param").id, { limit, offset }), 200);
  });
