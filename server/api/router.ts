import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { ApiEnv } from "./env";
import type { FieldErrors } from "./errors";

export { z };

/**
 * Every domain router is built here so a request that fails its schema gets the same answer
 * everywhere: 400, a readable message, and the errors per field.
 */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors: FieldErrors = {};
      for (const issue of result.error.issues) {
        const field = issue.path.join(".") || "_";
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      const [first] = result.error.issues;
      const where = first?.path.length ? `${first.path.join(".")}: ` : "";
      return c.json({ message: `Invalid request. ${where}${first?.message ?? ""}`.trim(), errors }, 400);
    },
  });
}

export const ErrorSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    email: z.string().optional().openapi({ description: "link_used / link_expired: where the link was sent, so a client can offer a new one" }),
  })
  .openapi("Error");

export const errorResponse = (description: string) => ({
  content: { "application/json": { schema: ErrorSchema } },
  description,
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

export const bearer = [{ bearerAuth: [] }];
