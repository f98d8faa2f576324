import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { pageChunks } from "./build-plugins/page-chunks";
import { routeStrings } from "./build-plugins/route-strings";
import routes from "./app/routes";

/**
 * In the browser, i18next and react-i18next are our own small versions of the part of them the app
 * uses (app/lib/i18n-lite/, issue 16: 19 kB gzip off every page); the server translates with the
 * real i18next, and app/lib/i18n-lite/i18next.test.ts keeps the two writing the same strings. The
 * server renders with the small react-i18next too: the real one's `useTranslation` copies the
 * whole i18next instance on every call outside the browser (its wrapper is kept in a ref, which a
 * server render never keeps), 3 % of a signed-in page's server time.
 */
const LITE = {
  i18next: path.resolve(import.meta.dirname, "app/lib/i18n-lite/i18next.ts"),
  "react-i18next": path.resolve(import.meta.dirname, "app/lib/i18n-lite/react-i18next.tsx"),
} as Record<string, string>;
const i18nLite: Plugin = {
  name: "sightline:i18n-lite",
  enforce: "pre",
  resolveId(source, _importer, options) {
    if (source === "react-i18next") return LITE[source];
    return options?.ssr ? null : (LITE[source] ?? null);
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Hono root (API + React Router handler), so
  // `build/server/index.js` exports the whole server, not the bare RR build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        // Terser, two passes: 2.3 % less gzip than Vite's esbuild on every page (3.4 kB of the
        // heaviest page's 150.5, issue 16), for half a second more build.
        minify: "terser",
        terserOptions: { compress: { passes: 2 } },
        rollupOptions: {
          output: {
            // Each module in the chunk of the pages that load it (build-plugins/page-chunks.ts).
            manualChunks: pageChunks(routes, path.resolve(import.meta.dirname, "app")),
            // The translation chunks say what they hold (locale-fr-common-…js): scripts/js-budget.mjs
            // adds a page's own to its weight (the routes' strings are named by their plugin).
            chunkFileNames: (chunk) => {
              const locale = chunk.facadeModuleId?.match(/\/locales\/([a-z]{2})\/([\w-]+)\.json$/);
              return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : "assets/[name]-[hash].js";
            },
          },
        },
      },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [i18nLite, routeStrings(import.meta.dirname), tailwindcss(), reactRouter()],
  optimizeDeps: {
    // Listed up front so the first dev visit does not trigger a re-optimise reload (STACK.md #12).
    include: [
      "@conform-to/react",
      "@conform-to/zod/v4",
      "radix-ui",
      "zod",
      "clsx",
      "class-variance-authority",
    ],
    exclude: ["@hono/zod-openapi", "drizzle-orm", "@electric-sql/pglite", "pg", "pg-boss", "nodemailer"],
  },
}));
