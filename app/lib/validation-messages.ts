import { PROFILE_LIMITS, QUESTION_TEXT_LIMITS } from "#domain/form-limits";

/**
 * The numbers the forms' validation messages quote ("at most {{questionMax}} characters"), from
 * the same limits the rules use (app/lib/seo-setup-schemas.ts), so the text and the rule cannot
 * disagree. Apart from the schemas, so a page can show the messages without loading zod.
 */
export const MESSAGE_VALUES = {
  ...PROFILE_LIMITS,
  questionMin: QUESTION_TEXT_LIMITS.min,
  questionMax: QUESTION_TEXT_LIMITS.max,
} as const;
