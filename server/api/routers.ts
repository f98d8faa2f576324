import { academyRoutes } from "../academy";
import { backlinksRouter, cartRoutes } from "../backlinks/routes";
import { configRoutes } from "../app-config/routes";
import { operatorConfigurationRoutes } from "../app-config/operator-routes";
import { factorRoutes } from "../auth/factor-routes";
import { authRoutes } from "../auth/routes";
import { subscriptionRoutes } from "../billing/routes";
import { webhookRoutes } from "../billing/webhook-routes";
import { featureRoutes } from "../features/routes";
import { healthRoutes } from "../health/routes";
import { leaderboardRoutes } from "../leaderboard/routes";
import { onboardingRoutes } from "../onboarding/routes";
import { analysisRoutes } from "../seo-llm/analysis-routes";
import { citingSourcesRoutes } from "../seo-llm/citing-sources-routes";
import { seoProfileRoutes } from "../seo-llm/profile-routes";
import { questionRoutes } from "../seo-llm/question-routes";
import { quotaRoutes } from "../seo-llm/quota-routes";
import { searchQueryRoutes } from "../seo-llm/search-query-routes";
import { searchConsoleDataRoutes, searchConsoleOAuthRoutes } from "../search-console/routes";
import { siteAuditRoutes } from "../site-audit/routes";
import { userRoutes } from "../users/routes";

/**
 * Every domain router and where it is mounted under /api/v1, in mounting order: a more specific
 * prefix before the one it extends (/user/seo-profile and /user/onboarding before /user; the
 * analyses' citing sources before their /{id}). The API mounts them from here, and the typed
 * clients (the web app's, the tests') address them from here: no path is written twice.
 */
export const ROUTERS = {
  health: ["/health", healthRoutes],
  factors: ["/auth/factors", factorRoutes],
  auth: ["/auth", authRoutes],
  config: ["/config", configRoutes],
  seoProfile: ["/user/seo-profile", seoProfileRoutes],
  onboarding: ["/user/onboarding", onboardingRoutes],
  user: ["/user", userRoutes],
  questions: ["/user-questions", questionRoutes],
  quota: ["/quota", quotaRoutes],
  citingSources: ["/seo-llm/analyses", citingSourcesRoutes],
  analyses: ["/seo-llm/analyses", analysisRoutes],
  leaderboard: ["/leaderboard", leaderboardRoutes],
  searchQueries: ["/analytics", searchQueryRoutes],
  subscription: ["/subscription", subscriptionRoutes],
  features: ["/features", featureRoutes],
  adminConfiguration: ["/admin/configuration", operatorConfigurationRoutes],
  academy: ["/academy", academyRoutes],
  siteAudits: ["/site-audits", siteAuditRoutes],
  backlinks: ["/backlinks", backlinksRouter],
  cart: ["/cart", cartRoutes],
  searchConsoleOAuth: ["/oauth/google", searchConsoleOAuthRoutes],
  searchConsole: ["/search-console", searchConsoleDataRoutes],
  webhooks: ["/webhooks", webhookRoutes],
} as const;

export type RouterName = keyof typeof ROUTERS;
/** The router mounted as `name`, for `hc<Router<"questions">>`: one client per domain, not one giant chained type. */
export type Router<Name extends RouterName> = (typeof ROUTERS)[Name][1];

export const mountOf = (name: RouterName): string => ROUTERS[name][0];
