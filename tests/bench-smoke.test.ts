import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Each bench, run small, so none rots between the times someone runs `npm run bench` (the load
 * bench, which needs the production build, is smoked by tests/e2e/bench.http.spec.ts). Figures are
 * not judged here: a smoke proves the script still runs to its table and writes its results.
 */
const run = promisify(execFile);
const resultsDir = path.join(os.tmpdir(), `sightline-bench-smoke-${process.pid}`);
afterAll(() => fs.rm(resultsDir, { recursive: true, force: true }));

async function bench(script: string, env: Record<string, string>) {
  const { DATABASE_URL: _pglite, ...inherited } = process.env;
  const { stdout } = await run(process.execPath, ["--import", "tsx", path.join("bench", script)], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...inherited, ...env, BENCH_RESULTS_DIR: resultsDir },
    timeout: 90_000,
  });
  return stdout;
}

describe("benches, run small", { timeout: 120_000 }, () => {
  it("the analysis pipeline", async () => {
    expect(await bench("analysis.ts", { BENCH_QUESTIONS: "2", BENCH_PROVIDER_MS: "10" })).toMatch(/\d/);
    expect(JSON.parse(await fs.readFile(path.join(resultsDir, "analysis.json"), "utf8"))).toBeTruthy();
  });

  it("the insights", async () => {
    expect(await bench("insights.ts", { BENCH_ANSWERS: "200", BENCH_RUNS: "1" })).toContain("| call (");
    expect(JSON.parse(await fs.readFile(path.join(resultsDir, "insights.json"), "utf8")).calls.length).toBeGreaterThan(0);
  });

  it("the query clustering", async () => {
    expect(await bench("query-clusters.ts", { BENCH_OCCURRENCES: "500", BENCH_SPELLINGS: "100" })).toMatch(/\d/);
  });

  it("the marketplace listing", async () => {
    expect(await bench("backlinks.ts", { BENCH_SITES: "300", BENCH_RUNS: "1" })).toContain("worst p99 / target");
    expect(JSON.parse(await fs.readFile(path.join(resultsDir, "backlinks.json"), "utf8"))).toMatchObject({ sites: 300, ratio: expect.any(Number) });
  });

  it("the website analysis", async () => {
    expect(await bench("site-audit.ts", { BENCH_RUNS: "1" })).toContain("ratio huge / typical");
    expect(JSON.parse(await fs.readFile(path.join(resultsDir, "site-audit.json"), "utf8"))).toMatchObject({ runs: 1, ratio: expect.any(Number) });
  });
});
