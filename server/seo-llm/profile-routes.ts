import { MARKET_LANGUAGES, PROFILE_LIMITS } from "#domain/seo-profile";
import { authedRoute } from "../auth/guarded-route";
import { createRouter, errorResponse, jsonBody, jsonResponse, z } from "../http/router";
import { getDb } from "../runtime";
import { WebsiteFieldSchema } from "../users/routes";
import { getSeoProfile, patchSeoProfile } from "./profile";
import { COUNTRY_CODES, competitorList, countryField, domainField, keywordsField, marketLanguageField, NOT_A_COUNTRY, text, texts } from "./profile-fields";

const CompetitorSchema = z.object({
  Name: text(PROFILE_LIMITS.competitorName),
  Domain: domainField(),
  Aliases: texts(PROFILE_LIMITS.aliases, PROFILE_LIMITS.alias).default([]),
});

export const SeoProfileSchema = z
  .object({
    BrandName: z.string(),
    BrandAliases: z.array(z.string()),
    WebsiteURL: z.string().nullable(),
    MarketLanguage: z.enum(MARKET_LANGUAGES),
    Country: z.enum(COUNTRY_CODES).nullable().openapi({ description: "ISO 3166-1 alpha-2" }),
    Keywords: z.array(z.string()),
    Competitors: z.array(z.object({ Name: z.string(), Domain: z.string().nullable(), Aliases: z.array(z.string()) })),
    AmbiguousNames: z.array(z.string()).openapi({ description: "Names or aliases that are also everyday words: they count only where an answer plainly means the brand" }),
    CreatedAt: z.string(),
    UpdatedAt: z.string(),
  })
  .openapi("SeoProfile");

const SeoProfilePatchSchema = z
  .object({
    BrandName: text(PROFILE_LIMITS.brandName).optional(),
    BrandAliases: texts(PROFILE_LIMITS.aliases, PROFILE_LIMITS.alias).optional(),
    WebsiteURL: WebsiteFieldSchema,
    MarketLanguage: marketLanguageField().optional(),
    Country: z
      .union([z.null(), z.string().regex(/^\s*$/).transform(() => null), countryField()], { error: NOT_A_COUNTRY })
      .optional()
      .openapi({ description: "ISO 3166-1 alpha-2, any case, saved upper-case; blank or null: none" }),
    Keywords: keywordsField().optional(),
    Competitors: competitorList(CompetitorSchema, (competitor) => competitor.Name, "Name").optional(),
    AmbiguousNames: texts(PROFILE_LIMITS.aliases, PROFILE_LIMITS.alias).optional(),
  })
  .openapi("SeoProfilePatch");

const getProfile = authedRoute("seo-llm", {
  method: "get",
  path: "/",
  summary: "The signed-in user's SEO profile (404 until it is set up)",
  kept: true,
  responses: { 200: jsonResponse(SeoProfileSchema, "Profile"), 404: errorResponse("No profile yet") },
});

const patchProfile = authedRoute("seo-llm", {
  method: "patch",
  path: "/",
  summary: "Create (first call: BrandName, MarketLanguage and Keywords required) or update the SEO profile",
  description: "Changing what questions are generated from (brand, language, country, keywords, competitors) regenerates the unedited system questions.",
  request: { body: jsonBody(SeoProfilePatchSchema) },
  responses: {
    200: jsonResponse(SeoProfileSchema, "Saved profile"),
    400: errorResponse("Invalid field, or profile_incomplete: a first save without BrandName, MarketLanguage or Keywords"),
    403: errorResponse("competitor_limit: more competitors than the plan tracks"),
  },
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
