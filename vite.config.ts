import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Hono root (API + React Router handler), so
  // `build/server/index.js` exports the whole server, not the bare RR build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        rollupOptions: {
          output: {
            // The translation chunks say what they hold (locale-fr-seo-…js): scripts/js-budget.mjs
            // adds a page's own to its weight.
            chunkFileNames: (chunk) => {
              const locale = chunk.facadeModuleId?.match(/\/locales\/([a-z]{2})\/([\w-]+)\.json$/);
              return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : "assets/[name]-[hash].js";
            },
          },
        },
      },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), reactRouter()],
  optimizeDeps: {
    // Listed up front so the first dev visit does not trigger a re-optimise reload (STACK.md #12).
    include: [
      "i18next",
      "react-i18next",
      "@conform-to/react",
      "@conform-to/zod/v4",
      "radix-ui",
      "zod",
      "lucide-react",
      "clsx",
      "class-variance-authority",
    ],
    exclude: ["@hono/zod-openapi", "drizzle-orm", "@electric-sql/pglite", "pg", "pg-boss", "nodemailer"],
  },
}));
