import { SUPPORTED_LOCALES } from "#domain/locales";
import { ONBOARDING_LIMITS } from "#domain/onboarding";
import { checkWebsite, WEBSITE_MAX_LENGTH } from "#domain/website";
import { authedRead, authedRoute } from "../auth/guarded-route";
import { createRouter, invalidInput, jsonBody, jsonResponse, z } from "../http/router";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from "#domain/text";
import { getDb } from "../runtime";
import { IdentitySchema } from "../auth/routes";
import { identitiesOf } from "../auth/service";
import { SubscriptionSchema } from "../billing/routes";
import { turnsAt } from "../billing/shapes";
import { toProfile, updateProfile } from "./service";
import { readProfile, readSummary } from "./summary";

export const ProfileSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(["user", "admin"]),
    locale: z.enum(SUPPORTED_LOCALES).nullable(),
    created_at: z.string(),
    profile: z.object({
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      company: z.string().nullable(),
      profile_picture_url: z.string().nullable(),
    }),
    WebsiteURL: z.string().nullable().openapi({ description: "Normalised to https" }),
    identities: z.array(IdentitySchema),
  })
  .openapi("UserProfile");

/** A line of text, trimmed, `min` to `max` characters, no control characters: a name, a company. */
export const boundedText = (min: number, max: number) =>
  z.string().trim().min(min, `At least ${min} characters`).max(max, `At most ${max} characters`).regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);
/**
 * Empty (or blank) clears a field, as null does; the rest is trimmed. The empty string is its own
 * branch so the document lists it, and a text too short still gets the text's own message.
 */
export const optionalText = (schema: z.ZodString) =>
  z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? "" : value),
      z.union([z.literal("").transform(() => null), z.null(), schema]),
    )
    .optional();

/**
 * What normaliseWebsite reads, for the document: an optional http(s) scheme, a dotted host, an
 * optional port and path. What a pattern cannot tell (a port out of range, a host URL() refuses,
 * over 255 characters once https:// is added) is refused with the same messages.
 */
const WEBSITE = /^\s*([Hh][Tt][Tt][Pp][Ss]?:\/\/)?[^\s/?#@:.]+(\.[^\s/?#@:.]+)+(:\d+)?([/?#]\S*)?\s*$/;
const WEBSITE_OR_BLANK = new RegExp(`^\\s*$|${WEBSITE.source}`);
const NOT_A_WEBSITE = "Not a valid website address";

/** The https form of a website the pattern took, or the field's error. */
function normalisedWebsite(value: string, ctx: z.RefinementCtx) {
  const checked = checkWebsite(value);
  if (checked.ok) return checked.website;
  ctx.addIssue(
    checked.reason === "tooLong"
      ? { code: "custom", message: `At most ${WEBSITE_MAX_LENGTH} characters`, params: { code: "too_long" } }
      : { code: "custom", message: NOT_A_WEBSITE, params: { code: "invalid_format" } },
  );
  return z.NEVER;
}

/** A website, normalised to https (seed 000 §5); empty or null clears it. */
export const WebsiteFieldSchema = z
  .string()
  .max(WEBSITE_MAX_LENGTH, `At most ${WEBSITE_MAX_LENGTH} characters`)
  .regex(WEBSITE_OR_BLANK, NOT_A_WEBSITE)
  .nullish()
  .transform((value, ctx) => (value == null || value.trim() === "" ? (value == null ? value : null) : normalisedWebsite(value, ctx)))
  .openapi({ description: "Normalised to https; empty or null clears it", example: "https://acme.example" });

/** A website that must be given, normalised to https. */
export const RequiredWebsiteSchema = z
  .string()
  .max(WEBSITE_MAX_LENGTH, `At most ${WEBSITE_MAX_LENGTH} characters`)
  .regex(WEBSITE, NOT_A_WEBSITE)
  .transform(normalisedWebsite)
  .openapi({ description: "Normalised to https (http becomes https, https is added)", example: "https://acme.example" });

const ProfilePatchSchema = z.object({
  first_name: optionalText(boundedText(ONBOARDING_LIMITS.nameMin, ONBOARDING_LIMITS.nameMax)),
  last_name: optionalText(boundedText(ONBOARDING_LIMITS.nameMin, ONBOARDING_LIMITS.nameMax)),
  company: optionalText(boundedText(ONBOARDING_LIMITS.companyMin, ONBOARDING_LIMITS.companyMax)),
  website_url: WebsiteFieldSchema,
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});

const getProfile = authedRead("user", { path: "/profile", summary: "The signed-in user's profile", answer: ProfileSchema, label: "Profile", kept: true });

const SummarySchema = z
  .object({
    profile: ProfileSchema,
    subscription: SubscriptionSchema.nullable().openapi({ description: "As GET /subscription/current answers it: null when the user never subscribed" }),
    cart: z.object({ total_items: z.number().int().openapi({ description: "The lines in the cart, as GET /cart/items counts them" }) }),
  })
  .openapi("UserSummary");

const getSummary = authedRead("user", {
  path: "/summary",
  summary: "The signed-in user's profile, subscription and cart size in one call",
  description: "What an app's frame shows on every screen, each part as its own endpoint answers it (GET /user/profile, GET /subscription/current, GET /cart/items's total_items).",
  answer: SummarySchema,
  label: "Summary",
  kept: true,
});

const patchProfile = authedRoute("user", {
  method: "patch",
  path: "/profile",
  summary: "Update first name, last name, company, website or locale",
  request: { body: jsonBody(ProfilePatchSchema) },
  responses: { 200: jsonResponse(ProfileSchema, "Updated profile"), 400: invalidInput },
});

export const userRoutes = createRouter()
  .openapi(getProfile, async (c) => {
    // Read afresh, not from the session check: that copy may be up to SESSION_CACHE_MS old, and a
    // job in another process (the onboarding setup) writes these fields without this process knowing.
    return c.json(await readProfile(await getDb(), c.get("user").id), 200);
  })
  // Read from the rows, not from the session check, for the same reason; kept until they change.
  .openapi(getSummary, async (c) => {
    const summary = await readSummary(await getDb(), c.get("user").id);
    c.set("keptUntil", turnsAt(summary.subscription));
    return c.json(summary, 200);
  })
  .openapi(patchProfile, async (c) => {
    const db = await getDb();
    const user = await updateProfile(db, c.get("user").id, c.req.valid("json"));
    return c.json(toProfile(user, await identitiesOf(db, user.id)), 200);
  });
