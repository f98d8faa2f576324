import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Sections later issues fill: each shows the shared placeholder screen until then. */
const placeholder = (path: string, id: string) => route(path, "routes/placeholder.tsx", { id });

export default [
  index("routes/home.tsx"),

  ...prefix("auth", [
    index("routes/auth/login.tsx"),
    route("verify", "routes/auth/verify.tsx"),
    route("logout", "routes/auth/logout.tsx"),
  ]),
  route("preferences", "routes/preferences.tsx"),

  // CSV downloads: plain links, so they work without JavaScript.
  ...prefix("exports", [
    route("leaderboard.csv", "routes/exports/leaderboard.ts"),
    route("citing-sources.csv", "routes/exports/citing-sources.ts"),
    route("query-clusters.csv", "routes/exports/query-clusters.ts"),
    route("analyses/:id.csv", "routes/exports/analysis.ts"),
  ]),

  // Everything below needs a session and shows the sidebar shell.
  layout("routes/shell.tsx", [
    layout("routes/page-boundary.tsx", [
      placeholder("dashboard", "dashboard"),
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
      placeholder("backlinks", "backlinks"),
      ...prefix("academy", [
        index("routes/academy/index.tsx"),
        route(":slug", "routes/academy/course.tsx"),
        route(":slug/:videoId", "routes/academy/video.tsx"),
      ]),
      placeholder("recherche", "recherche"),
      placeholder("audit", "audit"),
      placeholder("articles", "articles"),
      placeholder("seo-silos", "seo-silos"),
      placeholder("agent-seo", "agent-seo"),
      placeholder("onboarding", "onboarding"),
      placeholder("onboarding/setup", "onboarding-setup"),
      ...prefix("admin/academy", [
        index("routes/admin/academy.tsx"),
        route("courses/:id", "routes/admin/academy-course.tsx"),
      ]),
      route("support", "routes/support.tsx"),
      route("booking", "routes/booking.tsx"),
      route("settings", "routes/settings/layout.tsx", [
        index("routes/settings/index.tsx"),
        route("informations", "routes/settings/informations.tsx"),
        placeholder("integrations", "settings-integrations"),
        route("billing", "routes/settings/billing/index.tsx"),
        route("billing/plans", "routes/settings/billing/plans.tsx"),
        route("billing/confirm", "routes/settings/billing/confirm.tsx"),
        route("billing/checkout/:id", "routes/settings/billing/checkout.tsx"),
      ]),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
