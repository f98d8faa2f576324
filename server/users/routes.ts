import { SUPPORTED_LOCALES } from "#domain/locales";
import { checkWebsite, WEBSITE_MAX_LENGTH } from "#domain/website";
import { authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, jsonBody, jsonResponse, z } from "../http/router";
import { CONTROL_CHARACTERS_MESSAGE, NO_CONTROL_CHARACTERS } from "#domain/text";
import { getDb } from "../runtime";
import { toProfile, updateProfile } from "./service";

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
      profile_picture_url: z.string().nullable(),
    }),
    WebsiteURL: z.string().nullable().openapi({ description: "Normalised to https" }),
  })
  .openapi("UserProfile");

const name = z.string().trim().max(50, "At most 50 characters").regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);
/**
 * Empty (or blank) clears a field, as null does; the rest is trimmed. The empty string is its own
 * branch so the document lists it, and a text too short still gets the text's own message.
 */
const optionalText = (schema: z.ZodString) =>
  z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? "" : value),
      z.union([z.literal("").transform(() => null), z.null(), schema]),
    )
    .optional();

/**
 * What normaliseWebsite reads, for the document: blank, or an optional http(s) scheme, a dotted
 * host, an optional port and path. What a pattern cannot tell (a port out of range, a host URL()
 * refuses, over 255 characters once https:// is added) is refused with the same messages.
 */
const WEBSITE_OR_BLANK = /^\s*$|^\s*([Hh][Tt][Tt][Pp][Ss]?:\/\/)?[^\s/?#@:.]+(\.[^\s/?#@:.]+)+(:\d+)?([/?#]\S*)?\s*$/;

/** A website, normalised to https (seed 000 §5); empty or null clears it. */
export const WebsiteFieldSchema = z
  .string()
  .max(WEBSITE_MAX_LENGTH, `At most ${WEBSITE_MAX_LENGTH} characters`)
  .regex(WEBSITE_OR_BLANK, "Not a valid website address")
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value.trim() === "") return value == null ? value : null;
    const checked = checkWebsite(value);
    if (checked.ok) return checked.website;
    ctx.addIssue(
      checked.reason === "tooLong"
        ? { code: "custom", message: `At most ${WEBSITE_MAX_LENGTH} characters`, params: { code: "too_long" } }
        : { code: "custom", message: "Not a valid website address", params: { code: "invalid_format" } },
    );
    return z.NEVER;
  })
  .openapi({ description: "Normalised to https; empty or null clears it", example: "https://acme.example" });

const ProfilePatchSchema = z.object({
  first_name: optionalText(name.min(2, "At least 2 characters")),
  last_name: optionalText(name.min(2, "At least 2 characters")),
  website_url: WebsiteFieldSchema,
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});

const getProfile = authedRoute("user", {
  method: "get",
  path: "/profile",
  summary: "The signed-in user's profile",
  responses: { 200: jsonResponse(ProfileSchema, "Profile") },
});

const patchProfile = authedRoute("user", {
  method: "patch",
  path: "/profile",
  summary: "Update first name, last name, website or locale",
  request: { body: jsonBody(ProfilePatchSchema) },
  responses: {
    200: jsonResponse(ProfileSchema, "Updated profile"),
    400: errorResponse("Invalid field"),
  },
});

export const userRoutes = createRouter()
  .openapi(getProfile, async (c) => {
    return c.json(toProfile(c.get("user").record), 200);
  })
  .openapi(patchProfile, async (c) => {
    const user = await updateProfile(await getDb(), c.get("user").id, c.req.valid("json"));
    return c.json(toProfile(user), 200);
  });
