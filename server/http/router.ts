import { OpenAPIHono, type RouteConfig, type RouteHandler, z } from "@hono/zod-openapi";
import type { ApiEnv } from "./env";
import { FIELD_ERROR_CODES, fieldErrorsOf } from "./field-errors";

export { z };

/** A handler for `R`, kept apart from its route (a domain's handlers.ts), with the API's env. */
export type ApiRouteHandler<R extends RouteConfig> = RouteHandler<R, ApiEnv>;

/**
 * Every domain router is built here so a request that fails its schema gets the same answer
 * everywhere: 400, a readable message, and the errors per field, each with its code. Each route it
 * registers is documented with the answers that come from the shared layers rather than from its handler.
 */
export function createRouter() {
  const router = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      // @hono/zod-validator hands the hook what was sent as `data` (its type says so only on success):
      // a field sent blank is then told apart from one sent wrong.
      const errors = fieldErrorsOf(result.error.issues, (result as { data?: unknown }).data);
      const [first] = result.error.issues;
      const where = first?.path.length ? `${first.path.join(".")}: ` : "";
      return c.json({ message: `Invalid request. ${where}${first?.message ?? ""}`.trim(), errors }, 400);
    },
  });
  const register = router.openapi;
  router.openapi = ((route: RouteConfig, handler: never, hook?: never) => register(withSharedResponses(route), handler, hook)) as typeof register;
  return router;
}

/**
 * The statuses a route answers through the layers every route shares, added to its own: 400 from
 * its schemas (and malformed JSON), 401 from requireAuth, 413/415 from the body checks, 431 from the
 * header limit (server/api/index.ts, middleware.ts). Derived from the route itself, so the document
 * cannot forget one; a route's own description of a status wins.
 */
function withSharedResponses<R extends RouteConfig>(route: R): R {
  const shared: RouteConfig["responses"] = {};
  const { request } = route;
  if (request?.params || request?.query || request?.headers || request?.body) {
    const body = request.body ? "; malformed JSON; code invalid_unicode: a lone UTF-16 surrogate in the body" : "";
    shared[400] = errorResponse(`${INVALID_INPUT}${body}`);
  }
  if (route.security?.length) shared[401] = errorResponse("No bearer token, or its session has ended");
  if (request?.body) {
    shared[413] = errorResponse("The body is over the size limit (1 MB for JSON; code body_too_large)");
    // The media types are enforced only where a zod schema validates the body (@hono/zod-openapi's gate).
    if (Object.values(request.body.content).some((media) => media && "schema" in media && media.schema instanceof z.ZodType)) {
      shared[415] = errorResponse("The body is not of a media type listed for it");
    }
  }
  shared[431] = errorResponse("Request headers over 16 KiB");
  return { ...route, responses: { ...shared, ...route.responses } };
}

const FieldErrorSchema = z
  .object({
    code: z.string().openapi({
      description: `Stable, for clients to branch on. ${Object.entries(FIELD_ERROR_CODES)
        .map(([code, meaning]) => `${code}: ${meaning}`)
        .join("; ")}. Or one the operation names (e.g. taken, competitor_limit, file_size).`,
    }),
    message: z.string().openapi({ description: "For people: English, and its wording may change" }),
  })
  .openapi("FieldError");

export const ErrorSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z
      .record(z.string(), z.array(FieldErrorSchema))
      .optional()
      .openapi({ description: "What is wrong, by field: its dotted path into the input (`link.en`, `Competitors.1.Name`), `_` for the input itself" }),
    email: z.string().optional().openapi({ description: "link_used / link_expired: where the link was sent, so a client can offer a new one" }),
    domain: z.string().optional().openapi({ description: "already_in_cart, site_retired, link_type_unavailable: the site's domain, for the message" }),
    current_price: z.number().int().optional().openapi({ description: "price_mismatch: the catalogue's price now, in minor units" }),
    currency: z.string().optional().openapi({ description: "price_mismatch: the currency of current_price" }),
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

const INVALID_INPUT = "Invalid input: `errors` names each field, with a code and a message for each thing wrong with it";

/** A route's own 400, so its typed client can branch on it; in the shared layer's words, as createRouter's hook answers every route alike. */
export const invalidInput = errorResponse(INVALID_INPUT);

/** A route on one existing thing (a course, a checkout) answers it or what became of it, invalid input, or none such: one map, so all say it alike. */
export const foundOr404 = <T extends z.ZodType>(schema: T, description: string, missing: string) => ({
  200: jsonResponse(schema, description),
  400: invalidInput,
  404: errorResponse(missing),
});

/** A path's `id`, a uuid; `invalid` says what it is not ("Not a checkout id"). */
export const idParams = (invalid: string) => z.object({ id: z.uuid(invalid) });

/** GET /{id}: one of the user's things by its uuid; the words say what it is, and what an id that is none is. */
export const getById = <T extends z.ZodType>(schema: T, words: { summary: string; thing: string; invalid: string; missing: string }) => ({
  method: "get" as const,
  path: "/{id}" as const,
  summary: words.summary,
  request: { params: idParams(words.invalid) },
  responses: foundOr404(schema, words.thing, words.missing),
});

/** What a DELETE answers once the thing is gone. */
export const DeletedSchema = z.object({ deleted: z.literal(true) });

/** An object keyed by some of `keys` (e.g. counts per provider): the document names the keys a client may meet. */
export const someOf = <const K extends readonly [string, ...string[]], V extends z.ZodType>(keys: K, value: V) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, value.optional()])) as { [P in K[number]]: z.ZodOptional<V> });

// ---- query parameters ---------------------------------------------------------------------------

/**
 * A query parameter given empty means absent (a form's "all" choice sends `?category=`), which the
 * document says with `allowEmptyValue`. Every query parameter is built here, so the rule is one.
 */
const emptyIsAbsent = { param: { allowEmptyValue: true } };
const absentIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const A_DATE = "A date as YYYY-MM-DD";

export const query = {
  /** Digits only, so `1e2`, `0x10`, ` 5` or `null` are refused rather than read as some number. */
  int: (bounds: { min: number; max: number; default: number }) =>
    z
      .preprocess(
        (value) => {
          const given = absentIfEmpty(value);
          return typeof given === "string" && /^-?\d+$/.test(given) ? Number(given) : given;
        },
        z.number({ error: "A whole number" }).int().min(bounds.min).max(bounds.max).default(bounds.default),
      )
      .openapi(emptyIsAbsent),
  enum: <const T extends readonly [string, ...string[]]>(values: T, error?: string) =>
    z.preprocess(absentIfEmpty, z.enum(values, error).optional()).openapi(emptyIsAbsent),
  enumOr: <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
    z.preprocess(absentIfEmpty, z.enum(values).default(fallback)).openapi(emptyIsAbsent),
  date: () => z.preprocess(absentIfEmpty, z.iso.date(A_DATE).optional()).openapi(emptyIsAbsent),
  text: (schema: z.ZodString) => z.preprocess(absentIfEmpty, schema.optional()).openapi(emptyIsAbsent),
};

// ---- text ---------------------------------------------------------------------------------------

/**
 * One of `values` in any case, surrounding spaces ignored, read as the listed spelling. The document
 * lists the values, then the other spellings as a pattern, so a client sees both.
 */
export function caselessEnum<const T extends readonly [string, ...string[]]>(values: T, error: string) {
  const anyCase = (value: string) =>
    [...value].map((char) => (char.toLowerCase() !== char.toUpperCase() ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("");
  const pattern = new RegExp(`^\\s*(?:${values.map(anyCase).join("|")})\\s*$`);
  const listed = new Map(values.map((value) => [value.toLowerCase(), value as T[number]]));
  return z.union([z.enum(values), z.string().regex(pattern, error).transform((value) => listed.get(value.trim().toLowerCase())!)], { error });
}
