import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_PORT } from "./support/env";
import { expect, test } from "./support/fixtures";

/**
 * The load bench (`bench/run.ts`) and the Lighthouse scores (`bench/lighthouse.ts`), run small
 * against the production build this run made, so they cannot rot; the other benches are smoked by
 * tests/bench-smoke.test.ts. Each has its own server, port and results directory: the figures are
 * not judged here, only that the bench ran to its end and every answer was the expected one.
 */
const run = promisify(execFile);

/** Runs a bench on PGlite with `env`, and returns what it wrote to `results` (in its own directory). */
async function bench(script: string, results: string, env: Record<string, string>): Promise<unknown> {
  const resultsDir = await fs.mkdtemp(path.join(os.tmpdir(), "sightline-bench-smoke-"));
  const { DATABASE_URL: _pglite, ...inherited } = process.env;
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", script], { env: { ...inherited, ...env, BENCH_RESULTS_DIR: resultsDir }, timeout: 100_000 });
    expect(stdout).toContain("Wrote");
    return JSON.parse(await fs.readFile(path.join(resultsDir, results), "utf8"));
  } finally {
    await fs.rm(resultsDir, { recursive: true, force: true });
  }
}

test("the load bench runs to its table", async () => {
  test.setTimeout(120_000);
  const results = (await bench("bench/run.ts", "latest.json", { BENCH_REQUESTS: "4", BENCH_CONNECTIONS: "2", BENCH_ROUNDS: "2", BENCH_PORT: String(E2E_PORT + 40) })) as {
    scenarios: Array<{ scenario: string; requests: number; main_thread_vs_floor: number | null }>;
  };
  expect(results.scenarios.length).toBeGreaterThan(0);
  for (const row of results.scenarios) {
    expect(row.requests, row.scenario).toBeGreaterThan(0);
    // Four requests may take less than a clock tick of the server's CPU: the figure may be missing, never wrong.
    expect(row.main_thread_vs_floor === null || row.main_thread_vs_floor > 0, row.scenario).toBe(true);
  }
});

test("the Lighthouse bench scores a page, with the CPU slowdown calibrated for this host", async () => {
  test.setTimeout(120_000);
  const results = (await bench("bench/lighthouse.ts", "lighthouse-calibrated.json", { BENCH_PAGES: "/dashboard", BENCH_PORT: String(E2E_PORT + 41), BENCH_LH_CPU: "calibrated" })) as {
    cpu: string;
    pages: Array<{ page: string; score: number; lcp_ms: number; benchmark_index: number; cpu_multiplier: number; calibrated_from?: number }>;
  };
  expect(results.cpu).toBe("calibrated");
  expect(results.pages).toEqual([expect.objectContaining({ page: "/dashboard", score: expect.any(Number), lcp_ms: expect.any(Number) })]);
  expect(results.pages[0].score).toBeGreaterThan(0);
  expect(results.pages[0].benchmark_index).toBeGreaterThan(0);
  expect(results.pages[0].cpu_multiplier).toBeGreaterThanOrEqual(1);
  expect(results.pages[0].calibrated_from).toBeGreaterThan(0);
});
