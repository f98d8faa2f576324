import { createRoute } from "@hono/zod-openapi";
import { distinctTexts, isCountryCode, MARKET_LANGUAGES, normaliseDomain, PROFILE_LIMITS } from "../../app/lib/seo-profile";
import { hasControlCharacters } from "../../app/lib/text";
import { requireAuth } from "../api/middleware";
import { bearer, createRouter, errorResponse, jsonBody, jsonResponse, z } from "../api/router";
import { getDb } from "../runtime";
import { WebsiteFieldSchema } from "../users/routes";
import { getSeoProfile, patchSeoProfile } from "./profile";

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Required")
    .max(max, `At most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), "Control characters are not allowed");

const texts = (max: number, each: number) =>
  z
    .array(text(each))
    .max(max * 2, `At most ${max}`)
    .transform(distinctTexts)
    .pipe(z.array(z.string()).max(max, `At most ${max}`));

const CompetitorSchema = z.object({
  Name: text(PROFILE_LIMITS.competitorName),
  Domain: z
    .string()
    .max(2048)
    .nullish()
    .transform((value, ctx) => {
      if (value == null || value.trim() === "") return null;
      const domain = normaliseDomain(value);
      if (domain) return domain;
      ctx.addIssue({ code: "custom", message: "Not a valid domain" });
      return z.NEVER;
    }),
  Aliases: texts(PROFILE_LIMITS.aliases, PROFILE_LIMITS.alias).default([]),
});

export const SeoProfileSchema = z
  .object({
    BrandName: z.string(),
    BrandAliases: z.array(z.string()),
    WebsiteURL: z.string().nullable(),
    MarketLanguage: z.enum(MARKET_LANGUAGES),
    Country: z.string().nullable().openapi({ description: "ISO 3166-1 alpha-2" }),
    Keywords: z.array(z.string()),
    Competitors: z.array(z.object({ Name: z.string(), Domain: z.string().nullable(), Aliases: z.array(z.string()) })),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  })
  .openapi("SeoProfile");

const SeoProfilePatchSchema = z
  .object({
    BrandName: text(PROFILE_LIMITS.brandName).optional(),
    BrandAliases: texts(PROFILE_LIMITS.aliases, PROFILE_LIMITS.alias).optional(),
    WebsiteURL: WebsiteFieldSchema,
    MarketLanguage: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(MARKET_LANGUAGES, `One of ${MARKET_LANGUAGES.join(", ")}`))
      .optional(),
    Country: z
      .string()
      .trim()
      .toUpperCase()
      .nullish()
      .transform((value, ctx) => {
        if (value == null || value === "") return value === undefined ? undefined : null;
        if (isCountryCode(value)) return value;
        ctx.addIssue({ code: "custom", message: "Not an ISO 3166-1 country code" });
        return z.NEVER;
      }),
    Keywords: z
      .array(text(PROFILE_LIMITS.keyword))
      .max(PROFILE_LIMITS.keywordsMax * 2, `At most ${PROFILE_LIMITS.keywordsMax} keywords`)
      .transform(distinctTexts)
      .pipe(
        z
          .array(z.string())
          .min(PROFILE_LIMITS.keywordsMin, "At least one keyword")
          .max(PROFILE_LIMITS.keywordsMax, `At most ${PROFILE_LIMITS.keywordsMax} keywords`),
      )
      .optional(),
    Competitors: z
      .array(CompetitorSchema)
      .max(PROFILE_LIMITS.competitors, `At most ${PROFILE_LIMITS.competitors} competitors`)
      .superRefine((competitors, ctx) => {
        const seen = new Set<string>();
        competitors.forEach((competitor, index) => {
          const key = distinctTexts([competitor.Name])[0]?.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
          if (key && seen.has(key)) ctx.addIssue({ code: "custom", message: "This competitor is already listed", path: [index, "Name"] });
          if (key) seen.add(key);
        });
      })
      .optional(),
  })
  .openapi("SeoProfilePatch");

const getProfile = createRoute({
  method: "get",
  path: "/",
  tags: ["seo-llm"],
  summary: "The signed-in user's SEO profile (404 until it is set up)",
  security: bearer,
  middleware: [requireAuth] as const,
  responses: { 200: jsonResponse(SeoProfileSchema, "Profile"), 401: errorResponse("Not signed in"), 404: errorResponse("No profile yet") },
});

const patchProfile = createRoute({
  method: "patch",
  path: "/",
  tags: ["seo-llm"],
  summary: "Create (first call: BrandName, MarketLanguage and Keywords required) or update the SEO profile",
  description: "Changing what questions are generated from (brand, language, country, keywords, competitors) regenerates the unedited system questions.",
  security: bearer,
  middleware: [requireAuth] as const,
  request: { body: jsonBody(SeoProfilePatchSchema) },
  responses: { 200: jsonResponse(SeoProfileSchema, "Saved profile"), 400: errorResponse("Invalid field"), 401: errorResponse("Not signed in") },
});

export const seoProfileRoutes = createRouter()
  .openapi(getProfile, async (c) => c.json(await getSeoProfile(await getDb(), c.get("user").id), 200))
  .openapi(patchProfile, async (c) => {
    const body = c.req.valid("json");
    const profile = await patchSeoProfile(await getDb(), c.get("user").id, {
      ...body,
      Competitors: body.Competitors?.map((competitor) => ({ name: competitor.Name, domain: competitor.Domain, aliases: competitor.Aliases })),
    });
    return c.json(profile, 200);
  });
