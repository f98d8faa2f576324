import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Unit tests, then the API integration suite twice: on an in-memory PGlite per test file, and on
 * the PostgreSQL server named by TEST_DATABASE_URL (only when it is set). No React Router plugin:
 * these tests exercise server code and pure modules.
 */
const run = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;

/** A fresh DATA_DIR per project and run: outbox mails land in `$DATA_DIR/outbox/`; global setup removes it. */
const dataDir = (project: string) => path.join(os.tmpdir(), `sightline-test-${run}-${project}`);

const env = (project: string) => ({
  NODE_ENV: "test",
  SECRET_KEY: "test-secret-key-that-is-at-least-32-characters-long",
  DATA_DIR: dataDir(project),
  APP_URL: "http://localhost:3000",
});

const integration = (name: "pglite" | "postgres", extra: { DATABASE_URL?: string }) =>
  ({
    extends: true,
    test: {
      name,
      include: ["tests/integration/**/*.test.ts"],
      environment: "node",
      env: { ...env(name), ...extra },
      globalSetup: ["tests/setup/global-data-dir.ts", ...(name === "postgres" ? ["tests/setup/global-postgres.ts"] : [])],
      // One module graph per worker, not per file: every file imports the whole server (3–5 s of
      // import on a slow machine, 80 files), and useApi() already starts and stops the runtime
      // around each file, with its own database, so what a file leaves in a module is nothing the
      // next one reads. On PGlite the project took 193 s instead of 300 s.
      isolate: false,
      // Opening and migrating a database (and pg-boss) takes a few seconds on this machine.
      hookTimeout: 60_000,
      testTimeout: 30_000,
    },
  }) satisfies TestProjectInlineConfiguration;

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Vitest's default (CPUs − 1) is a single worker on a 2-core machine: test files would never run
    // side by side, so the shared PostgreSQL database would not see concurrent files, and PGlite's
    // start-up (seconds of WASM per file) would not overlap.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    // The JSON report feeds the one-line summary at the end of CI (scripts/test-summary.mjs).
    reporters: ["default", "json"],
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "build-plugins/**/*.test.ts", "bench/**/*.test.ts", "tests/architecture.test.ts", "tests/bench-smoke.test.ts"],
          environment: "node",
          // A time-out bounds a stall, it is no performance target (bench/ has those): tests that
          // take 1.5–2.5 s under the whole suite's load on a slow machine came close to the 5 s default.
          testTimeout: 15_000,
          env: env("unit"),
          globalSetup: ["tests/setup/global-data-dir.ts"],
        },
      },
      integration("pglite", { DATABASE_URL: "memory://" }),
      // The database URL reaches the tests through provide/inject (tests/setup/global-postgres.ts).
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres", {})] : []),
    ],
  },
});
