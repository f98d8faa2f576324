import { createRoute } from "@hono/zod-openapi";
import { SUPPORTED_LOCALES } from "../../app/lib/i18n";
import { hasControlCharacters } from "../../app/lib/text";
import { checkWebsite, WEBSITE_MAX_LENGTH } from "../../app/lib/website";
import { requireAuth } from "../api/middleware";
import { bearer, createRouter, errorResponse, jsonBody, jsonResponse, z } from "../api/router";
import { getDb } from "../runtime";
import { toProfile, updateProfile } from "./service";

export const ProfileSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: z.enum(["user", "admin"]),
    locale: z.string().nullable(),
    created_at: z.string(),
    profile: z.object({
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      profile_picture_url: z.string().nullable(),
    }),
    WebsiteURL: z.string().nullable().openapi({ description: "Normalised to https" }),
  })
  .openapi("UserProfile");

const name = z
  .string()
  .trim()
  .max(50, "At most 50 characters")
  .refine((value) => !hasControlCharacters(value), "Control characters are not allowed");
/** Empty clears a field; the rest is trimmed. */
const optionalText = (schema: z.ZodString) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullable()).optional();

/** A website, normalised to https (seed 000 §5); empty or null clears it. */
export const WebsiteFieldSchema = optionalText(z.string().max(2048, `At most ${WEBSITE_MAX_LENGTH} characters`)).transform((value, ctx) => {
  if (value == null) return value;
  const checked = checkWebsite(value);
  if (checked.ok) return checked.website;
  ctx.addIssue({ code: "custom", message: checked.reason === "tooLong" ? `At most ${WEBSITE_MAX_LENGTH} characters` : "Not a valid website address" });
  return z.NEVER;
});

const ProfilePatchSchema = z.object({
  first_name: optionalText(name.min(2, "At least 2 characters")),
  last_name: optionalText(name.min(2, "At least 2 characters")),
  website_url: WebsiteFieldSchema,
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});

const getProfile = createRoute({
  method: "get",
  path: "/profile",
  tags: ["user"],
  summary: "The signed-in user's profile",
  security: bearer,
  middleware: [requireAuth] as const,
  responses: { 200: jsonResponse(ProfileSchema, "Profile"), 401: errorResponse("Not signed in") },
});

const patchProfile = createRoute({
  method: "patch",
  path: "/profile",
  tags: ["user"],
  summary: "Update first name, last name, website or locale",
  security: bearer,
  middleware: [requireAuth] as const,
  request: { body: jsonBody(ProfilePatchSchema) },
  responses: {
    200: jsonResponse(ProfileSchema, "Updated profile"),
    400: errorResponse("Invalid field"),
    401: errorResponse("Not signed in"),
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
