import { getConfig } from "../config";
import { getProviders } from "../integrations/ai/registry";
import { publicRoute } from "../auth/guarded-route";
import { createRouter, jsonResponse, z } from "../http/router";

export const AppConfigSchema = z
  .object({
    app: z.object({ name: z.string(), version: z.string() }),
    seo_llm: z.object({
      questions_per_provider: z.number().int(),
      max_questions_per_analysis: z.number().int(),
      enabled_providers: z.array(z.string()),
      polling_interval: z.number().int().openapi({ description: "Milliseconds" }),
    }),
    user_limits: z.object({
      default_question_limit: z.number().int(),
      analyses_per_day: z.number().int(),
      analyses_per_month: z.number().int(),
    }),
  })
  .openapi("AppConfig");

export function appConfig() {
  const config = getConfig();
  return {
    app: { name: config.APP_NAME, version: config.APP_VERSION },
    seo_llm: {
      questions_per_provider: config.SEO_LLM_QUESTIONS_PER_PROVIDER,
      max_questions_per_analysis: config.SEO_LLM_MAX_QUESTIONS_PER_ANALYSIS,
      enabled_providers: [...getProviders().keys()],
      polling_interval: config.SEO_LLM_POLLING_INTERVAL_MS,
    },
    user_limits: {
      default_question_limit: config.USER_DEFAULT_QUESTION_LIMIT,
      analyses_per_day: config.USER_ANALYSES_PER_DAY,
      analyses_per_month: config.USER_ANALYSES_PER_MONTH,
    },
  };
}

const getAppConfig = publicRoute("config", {
  method: "get",
  path: "/",
  summary: "Public application settings (seed 000 §9 defaults, overridable by environment)",
  // The same for everyone until the server restarts with other settings: read on most of the analysis pages.
  kept: true,
  responses: { 200: jsonResponse(AppConfigSchema, "Configuration") },
});

export const configRoutes = createRouter().openapi(getAppConfig, (c) => c.json(appConfig(), 200));
