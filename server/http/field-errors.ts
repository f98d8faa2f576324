import type { z } from "@hono/zod-openapi";

/** One thing wrong with one field: `code` is stable for clients to branch on, `message` is for people. */
export type FieldError = { code: string; message: string };

/** Field errors by the field's dotted path into the input (`link.en`, `Competitors.1.Name`); `_` is the input itself. */
export type FieldErrors = Record<string, FieldError[]>;

/**
 * The codes the schemas' own checks give, read from zod's issue and the value that was sent. A
 * custom check names its code in its issue's `params.code` (`taken`, `no_video_id`, …).
 */
export const FIELD_ERROR_CODES = {
  required: "missing, null or blank",
  too_short: "fewer characters or items than allowed",
  too_long: "more characters or items than allowed",
  too_small: "a number under the minimum",
  too_big: "a number over the maximum",
  invalid_format: "not in the expected format (a pattern, uuid, date, e-mail or URL)",
  invalid_value: "not one of the accepted values",
  invalid_type: "not of the expected type (text, number, true or false, list or object)",
  unknown_key: "a property the operation does not take",
} as const;

export const fieldError = (field: string, code: string, message: string): FieldErrors => ({ [field]: [{ code, message }] });

/** The field errors of input a schema refused: each issue at its path, coded. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], input: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "_";
    errors[field] = [...(errors[field] ?? []), { code: codeOf(issue, valueAt(input, issue.path)), message: issue.message }];
  }
  return errors;
}

function codeOf(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === "custom") return typeof issue.params?.code === "string" ? issue.params.code : "invalid_value";
  if (issue.code === "unrecognized_keys") return "unknown_key";
  // A check that failed on nothing at all (a trimmed-empty text, an absent field) is a missing value, whatever check it was.
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return "required";
  switch (issue.code) {
    case "too_small":
      return issue.origin === "number" || issue.origin === "bigint" || issue.origin === "date" ? "too_small" : "too_short";
    case "too_big":
      return issue.origin === "number" || issue.origin === "bigint" || issue.origin === "date" ? "too_big" : "too_long";
    case "invalid_format":
      return "invalid_format";
    case "invalid_type":
      return "invalid_type";
    case "invalid_union":
      // A discriminated union's key naming none of its forms (no form tried), of no type any of the
      // union's forms takes, or of the right type but no accepted value.
      if (issue.errors.length === 0) return "invalid_value";
      return issue.errors.every((branch) => branch.every((inner) => inner.code === "invalid_type")) ? "invalid_type" : "invalid_value";
    default:
      // invalid_value (an enum or a literal), and the rest.
      return "invalid_value";
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
