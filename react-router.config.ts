import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
    // React Router 8 defaults, taken now: no cost, as no route has client loaders.
    v8_splitRouteModules: true,
    // Loaders and actions get the request as it came (two fewer copies of it per loader: issue 16);
    // they read the page's URL from their `url` argument, never from `request.url`, which is
    // `/x.data` on a client navigation (the ApiClient keeps it for helpers: `pageUrl`).
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
    // On, the SSR entry must move to `environments.ssr` (STACK.md #7); off until we need it.
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
