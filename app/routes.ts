import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Sections not built yet (domain/upcoming-features.ts): one "coming soon" screen serves them all. */
const comingSoon = (path: string) => route(path, "routes/coming-soon.tsx", { id: `coming-soon-${path}` });

export default [
  index("routes/home.tsx"),

  ...prefix("auth", [
    index("routes/auth/login.tsx"),
    route("verify", "routes/auth/verify.tsx"),
    route("mfa", "routes/auth/mfa.tsx"),
    route("oauth/:provider", "routes/auth/oauth.ts"),
    route("callback", "routes/auth/callback.ts"),
    route("logout", "routes/auth/logout.tsx"),
  ]),
  route("login", "routes/login.ts"),
  route("preferences", "routes/preferences.tsx"),

  // CSV downloads: plain links, so they work without JavaScript.
  ...prefix("exports", [
    route("leaderboard.csv", "routes/exports/leaderboard.ts"),
    route("citing-sources.csv", "routes/exports/citing-sources.ts"),
    route("query-clusters.csv", "routes/exports/query-clusters.ts"),
    route("analyses/:id.csv", "routes/exports/analysis.ts"),
    route("site-audits/:id.csv", "routes/exports/site-audit.ts"),
    route("search-console/:kind.csv", "routes/exports/search-console.ts"),
    route("backlinks-catalogue.csv", "routes/exports/backlinks-catalogue.ts"),
  ]),

  // The first run (issue 12): a screen of its own, without the sidebar, one nested route per step.
  route("onboarding/autosave", "routes/onboarding/autosave.ts"),
  route("onboarding", "routes/onboarding/layout.tsx", [
    index("routes/onboarding/index.tsx"),
    route("personal-info", "routes/onboarding/personal-info.tsx"),
    route("website", "routes/onboarding/website.tsx"),
    route("keywords", "routes/onboarding/keywords.tsx"),
    route("market", "routes/onboarding/market.tsx"),
    route("search-console", "routes/onboarding/search-console.tsx"),
    route("setup", "routes/onboarding/setup.tsx"),
  ]),

  // Everything below needs a session and shows the sidebar shell.
  layout("routes/shell.tsx", [
    layout("routes/page-boundary.tsx", [
      route("dashboard", "routes/dashboard/index.tsx"),
      route("seo-llms", "routes/seo-llms/layout.tsx", [
        index("routes/seo-llms/overview.tsx"),
        route("analyses", "routes/seo-llms/analyses.tsx"),
        route("analyses/:id", "routes/seo-llms/analysis.tsx"),
        route("questions", "routes/seo-llms/questions.tsx"),
        route("questions/:id", "routes/seo-llms/question.tsx"),
        route("prompts", "routes/seo-llms/prompts.tsx"),
        route("profile", "routes/seo-llms/profile.tsx"),
        route("sources", "routes/seo-llms/sources.tsx"),
        route("queries", "routes/seo-llms/queries.tsx"),
      ]),
      route("leaderboard", "routes/leaderboard.tsx"),
      // The backlinks marketplace (issue 15): catalogue, a site's offers, cart, test-mode payment, orders.
      route("backlinks", "routes/backlinks/layout.tsx", [
        index("routes/backlinks/catalogue.tsx"),
        route("sites/:id", "routes/backlinks/site.tsx"),
        route("cart", "routes/backlinks/cart.tsx"),
        route("checkout/:id", "routes/backlinks/checkout.tsx"),
        route("orders", "routes/backlinks/orders.tsx"),
      ]),
      ...prefix("academy", [
        index("routes/academy/index.tsx"),
        route(":slug", "routes/academy/course.tsx"),
        route(":slug/:videoId", "routes/academy/video.tsx"),
      ]),
      comingSoon("recherche"),
      route("audit", "routes/audit/layout.tsx", [index("routes/audit/index.tsx"), route(":id", "routes/audit/report.tsx")]),
      comingSoon("articles"),
      comingSoon("seo-silos"),
      comingSoon("agent-seo"),
      ...prefix("admin/academy", [
        index("routes/admin/academy.tsx"),
        route("courses/:id", "routes/admin/academy-course.tsx"),
      ]),
      route("admin/backlinks", "routes/admin/backlinks/layout.tsx", [
        index("routes/admin/backlinks/sites.tsx"),
        route("sites/new", "routes/admin/backlinks/site-new.tsx"),
        route("sites/:id", "routes/admin/backlinks/site.tsx"),
        route("import", "routes/admin/backlinks/import.tsx"),
        route("orders", "routes/admin/backlinks/orders.tsx"),
      ]),
      route("admin/configuration", "routes/admin/configuration.tsx"),
      route("support", "routes/support.tsx"),
      route("methodology", "routes/methodology.tsx"),
      route("booking", "routes/booking.tsx"),
      route("settings", "routes/settings/layout.tsx", [
        index("routes/settings/index.tsx"),
        route("informations", "routes/settings/informations.tsx"),
        route("two-factor", "routes/settings/two-factor.tsx"),
        route("integrations", "routes/settings/integrations.tsx"),
        route("billing", "routes/settings/billing/index.tsx"),
        route("billing/plans", "routes/settings/billing/plans.tsx"),
        route("billing/confirm", "routes/settings/billing/confirm.tsx"),
        route("billing/checkout/:id", "routes/settings/billing/checkout.tsx"),
      ]),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
