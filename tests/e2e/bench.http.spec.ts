import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_PORT } from "./support/env";
import { expect, test } from "./support/fixtures";

/**
 * The load bench (`bench/run.ts`), run small against the production build this run made, so it
 * cannot rot; the other benches are smoked by tests/bench-smoke.test.ts. Its own server, port and
 * results directory: the figures are not judged here, only that every request answered 2xx.
 */
const run = promisify(execFile);

test("the load bench runs to its table", async () => {
  test.setTimeout(120_000);
  const resultsDir = path.join(os.tmpdir(), `sightline-bench-load-${process.pid}`);
  const { DATABASE_URL: _pglite, ...inherited } = process.env;
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "bench/run.ts"], {
      env: { ...inherited, BENCH_DURATION: "1", BENCH_WARMUP: "1", BENCH_CONNECTIONS: "2", BENCH_PORT: String(E2E_PORT + 40), BENCH_RESULTS_DIR: resultsDir },
      timeout: 100_000,
    });
    expect(stdout).toContain("Wrote");
    const results = JSON.parse(await fs.readFile(path.join(resultsDir, "latest.json"), "utf8")) as { scenarios: Array<{ scenario: string; requests: number }> };
    expect(results.scenarios.length).toBeGreaterThan(0);
    for (const row of results.scenarios) expect(row.requests, row.scenario).toBeGreaterThan(0);
  } finally {
    await fs.rm(resultsDir, { recursive: true, force: true });
  }
});
