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

  // Everything below needs a session and shows the sidebar shell.
  layout("routes/shell.tsx", [
    layout("routes/page-boundary.tsx", [
      placeholder("dashboard", "dashboard"),
      placeholder("seo-llms", "seo-llms"),
      placeholder("seo-llms/*", "seo-llms-sub"),
      placeholder("leaderboard", "leaderboard"),
      placeholder("backlinks", "backlinks"),
      placeholder("academy", "academy"),
      placeholder("academy/*", "academy-sub"),
      placeholder("recherche", "recherche"),
      placeholder("audit", "audit"),
      placeholder("articles", "articles"),
      placeholder("seo-silos", "seo-silos"),
      placeholder("agent-seo", "agent-seo"),
      placeholder("onboarding", "onboarding"),
      placeholder("onboarding/setup", "onboarding-setup"),
      route("admin/academy", "routes/admin/academy.tsx"),
      route("support", "routes/support.tsx"),
      route("booking", "routes/booking.tsx"),
      route("settings", "routes/settings/layout.tsx", [
        index("routes/settings/index.tsx"),
        route("informations", "routes/settings/informations.tsx"),
        placeholder("integrations", "settings-integrations"),
        placeholder("billing", "settings-billing"),
      ]),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
