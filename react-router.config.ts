import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
    // React Router 8 defaults, taken now: no cost, as no route has client loaders.
    v8_splitRouteModules: true,
    // Kept off deliberately: loaders read request.url and expect the page URL, not `/x.data`.
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
    // On, the SSR entry must move to `environments.ssr` (STACK.md #7); off until we need it.
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
