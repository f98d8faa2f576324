/**
 * Load figures for the production build (`npm run bench` builds first), each as a ratio to a floor
 * measured in the same run on the same server (issue 16): the signed-in pages against the app's own
 * 404 page (the same root document, session cookie and compression, no data), the API reads
 * against the health route. One server process on its own data directory: PGlite unless
 * DATABASE_URL is set. Writes bench/results/latest.json and exits 1 when any request failed or
 * answered another status than its scenario expects. Beside each run's throughput it records the
 * server's main-thread CPU per request (Linux), the figure the throughput is bound by under load,
 * without the wall clock's noise.
 *
 *   BENCH_DURATION=5   seconds per run               BENCH_CONNECTIONS=50  concurrent connections
 *   BENCH_ROUNDS=8     rounds: in each, every scenario is run beside its floor, the floor first
 *                      in odd rounds and second in even ones; each figure is the median of its
 *                      runs, and each ratio the median of the rounds' ratios, each to the floor's
 *                      run beside it (a machine that slows down for a while moves both). Eight:
 *                      on a noisy machine a page's rounds spread from 0.4 to 0.9, and the median of
 *                      four moved by 0.15 from run to run (docs/operations.md, 2026-11-30)
 *   BENCH_WARMUP=3     seconds of warm-up        BENCH_PORT=3220       the server's port
 *   BENCH_CPU_PROF=dir write the server's CPU profile (node --cpu-prof) into dir
 *   BENCH_REQUESTS=n   n requests per scenario instead of a duration (the smoke in the e2e run:
 *                      on busy cores a page may take longer than a one-second run, which would
 *                      then count none of it)
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import type { ServerProcess } from "../tests/e2e/support/server-process";
import { mainThreadCpuMs } from "./cpu";
import { startBenchServer } from "./server";
import { cookiesAfter, signInOnboarded } from "./sign-in";

const DURATION = positive("BENCH_DURATION", 5);
const ROUNDS = positive("BENCH_ROUNDS", 8);
const CONNECTIONS = positive("BENCH_CONNECTIONS", 50);
const WARMUP = positive("BENCH_WARMUP", 3);
const PORT = positive("BENCH_PORT", 3220);
const REQUESTS = process.env.BENCH_REQUESTS ? positive("BENCH_REQUESTS", 1) : undefined;
/** How long each scenario runs: a duration in seconds, or a number of requests. */
const span = (seconds: number) => (REQUESTS ? { amount: REQUESTS } : { duration: seconds });
const RESULTS = path.join(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, "results"), "latest.json");

/** `floor` names the scenario this one is compared with; `status` is the answer it must give. */
type Scenario = { name: string; label: string; path: string; headers: Record<string, string>; floor: string; status?: number };

type Row = {
  scenario: string;
  label: string;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  unexpected_status: number;
  errors: number;
  timeouts: number;
  floor: string;
  req_per_second_vs_floor: number;
  p99_vs_floor: number;
  /** Each round's requests per second ÷ its floor's run beside it; none for a floor. */
  rounds_vs_floor: number[];
  /** The server's main thread's CPU per request, in µs (Linux; null elsewhere): the median of the runs. */
  main_thread_us_per_request: number | null;
  /** The floor's main-thread CPU per request ÷ this one's, the median of the rounds (1 for a floor). */
  main_thread_vs_floor: number | null;
};

/** A run of one scenario: autocannon's figures and the server's main-thread CPU per request. */
type Run = { result: Result; mainThreadUs: number | null };

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

async function main() {
  const dataDir = path.join(os.tmpdir(), `sightline-bench-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  const driver = process.env.DATABASE_URL ? "pg" : "pglite";
  console.log(`Starting the production server on port ${PORT} (${driver}, data in ${dataDir})…`);
  let server: ServerProcess | undefined;
  try {
    // The profile is written when the process exits (SIGTERM ends it cleanly).
    const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
    server = await startBenchServer(PORT, dataDir, {}, profile);
    const scenarios = await signIn(server, dataDir);
    const rows = await measure(server, scenarios);
    report(rows);
    await fs.mkdir(path.dirname(RESULTS), { recursive: true });
    await fs.writeFile(
      RESULTS,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          driver,
          connections: CONNECTIONS,
          duration_seconds: DURATION,
          rounds: ROUNDS,
          warmup_seconds: WARMUP,
          scenarios: rows,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${path.relative(process.cwd(), RESULTS)}`);
    const failed = rows.filter((row) => row.errors || row.timeouts || row.unexpected_status);
    if (failed.length) {
      console.error(`\nFAILED: errors or unexpected statuses in ${failed.map((row) => row.scenario).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The scenarios, for an account signed in on the web (cookie) and on the API (bearer). */
async function signIn(server: ServerProcess, dataDir: string): Promise<Scenario[]> {
  const { cookie, accessToken } = await signInOnboarded(server, dataDir, "bench");
  // What a browser sends: the pages are compressed on the way out, as for a real visitor.
  const web = { cookie, "accept-encoding": "gzip, deflate, br" };
  const api = { authorization: `Bearer ${accessToken}` };
  const scenarios: Scenario[] = [
    { name: "health", label: "GET /api/v1/health", path: "/api/v1/health", headers: {}, floor: "health" },
    { name: "not-found", label: "GET /no-such-page (404, signed in)", path: "/no-such-page", headers: web, floor: "not-found", status: 404 },
    { name: "dashboard", label: "GET /dashboard", path: "/dashboard", headers: web, floor: "not-found" },
    { name: "seo-llms", label: "GET /seo-llms", path: "/seo-llms", headers: web, floor: "not-found" },
    { name: "leaderboard", label: "GET /leaderboard", path: "/leaderboard", headers: web, floor: "not-found" },
    { name: "academy", label: "GET /academy", path: "/academy", headers: web, floor: "not-found" },
    { name: "profile", label: "GET /api/v1/user/profile", path: "/api/v1/user/profile", headers: api, floor: "health" },
    { name: "subscription", label: "GET /api/v1/subscription/current", path: "/api/v1/subscription/current", headers: api, floor: "health" },
    { name: "seo-profile", label: "GET /api/v1/user/seo-profile", path: "/api/v1/user/seo-profile", headers: api, floor: "health" },
  ];
  // Each scenario must answer as expected once before it is measured: a redirect to the login would
  // be fast and wrong. A page's later requests carry what that first answer left in the browser.
  for (const scenario of scenarios) {
    const response = await fetch(`${server.url}${scenario.path}`, { headers: scenario.headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== (scenario.status ?? 200)) throw new Error(`${scenario.label} answered ${response.status} before the run`);
    if (scenario.headers.cookie) scenario.headers = { ...scenario.headers, cookie: cookiesAfter(scenario.headers.cookie, response) };
  }
  return scenarios;
}

async function measure(server: ServerProcess, scenarios: Scenario[]): Promise<Row[]> {
  console.log(`Warming up for ${WARMUP} s…`);
  await Promise.all(
    scenarios.map((scenario) =>
      autocannon({ url: `${server.url}${scenario.path}`, headers: scenario.headers, connections: Math.max(1, Math.round(CONNECTIONS / scenarios.length)), ...span(WARMUP) }),
    ),
  );
  // Each scenario is measured next to its floor, the floor first in one round and second in the
  // next (ABBA), and divided by that run of it: what ran just before (a page's garbage left for
  // the next run to collect, a slower stretch of a shared machine) then weighs on both alike. In
  // one pass of every scenario in turn the 404 ran after the health route, the lightest, and the
  // pages after each other: in a run of 2026-11-30 the pages read 0.47–0.61 of it in the rounds
  // in that order and 0.69–0.85 in a round in the reverse order.
  const floorNames = new Set(scenarios.map((scenario) => scenario.floor));
  const measured = scenarios.filter((scenario) => !floorNames.has(scenario.name));
  const byName = new Map(scenarios.map((scenario) => [scenario.name, scenario]));
  /** Per scenario, its run in each round and, for a measured one, its floor's run beside it. */
  const runs = new Map<string, Run[]>(scenarios.map((scenario) => [scenario.name, []]));
  const floorRuns = new Map<string, Run[]>(measured.map((scenario) => [scenario.name, []]));
  const pid = server.child.pid as number;
  const run = async (scenario: Scenario, round: number): Promise<Run> => {
    console.log(`round ${round}/${ROUNDS} ${scenario.label}: -c ${CONNECTIONS} ${REQUESTS ? `-a ${REQUESTS}` : `-d ${DURATION}`}…`);
    // Where /proc is missing (not Linux) the figure is left out, not the run.
    const before = await mainThreadCpuMs(pid).catch(() => null);
    const result = await autocannon({ url: `${server.url}${scenario.path}`, headers: scenario.headers, connections: CONNECTIONS, ...span(DURATION), title: scenario.name });
    const after = await mainThreadCpuMs(pid).catch(() => null);
    const mainThreadUs = before === null || after === null || !result.requests.total ? null : ((after - before) * 1000) / result.requests.total;
    return { result, mainThreadUs };
  };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const scenario of measured) {
      const floor = byName.get(scenario.floor) as Scenario;
      for (const each of round % 2 ? [floor, scenario] : [scenario, floor]) {
        const result = await run(each, round);
        (runs.get(each.name) as Run[]).push(result);
        if (each === floor) (floorRuns.get(scenario.name) as Run[]).push(result);
      }
    }
  }
  return scenarios.map((scenario) => {
    const scenarioRuns = runs.get(scenario.name) as Run[];
    const results = scenarioRuns.map((each) => each.result);
    // A floor is its own floor: its runs beside every scenario, each divided by itself.
    const floorsRuns = floorRuns.get(scenario.name) ?? scenarioRuns;
    const floors = floorsRuns.map((each) => each.result);
    // autocannon counts every non-2xx; a scenario that must answer 404 is wrong only when it does not.
    const expected = scenario.status ?? 200;
    const unexpected = (result: Result) => (expected === 200 ? result.non2xx : result.requests.total - (result.statusCodeStats?.[String(expected)]?.count ?? 0));
    const isFloor = floorNames.has(scenario.name);
    const perRound = isFloor ? [] : results.map((result, index) => round(result.requests.average / Math.max(floors[index].requests.average, 1e-9)));
    const cpu = scenarioRuns.map((each) => each.mainThreadUs);
    const known = (values: (number | null)[]): values is number[] => values.every((value) => value !== null && value > 0);
    const floorCpu = floorsRuns.map((each) => each.mainThreadUs);
    const cpuPerRound = known(cpu) && known(floorCpu) ? cpu.map((us, index) => (floorCpu[index] as number) / us) : null;
    return {
      scenario: scenario.name,
      label: scenario.label,
      requests_per_second: Math.round(median(results.map((result) => result.requests.average))),
      p50_ms: median(results.map((result) => result.latency.p50)),
      p99_ms: median(results.map((result) => result.latency.p99)),
      requests: sum(results.map((result) => result.requests.total)),
      unexpected_status: sum(results.map(unexpected)),
      errors: sum(results.map((result) => result.errors)),
      timeouts: sum(results.map((result) => result.timeouts)),
      floor: scenario.floor,
      req_per_second_vs_floor: perRound.length ? median(perRound) : 1,
      p99_vs_floor: round(median(results.map((result, index) => result.latency.p99 / Math.max(floors[index].latency.p99, 1)))),
      rounds_vs_floor: perRound,
      main_thread_us_per_request: known(cpu) ? Math.round(median(cpu)) : null,
      main_thread_vs_floor: isFloor ? 1 : cpuPerRound ? round(median(cpuPerRound)) : null,
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function round(value: number) {
  return Math.round(value * 1000) / 1000;
}

function report(rows: Row[]) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "bad status", "errors", "floor", "req/s ÷ floor", "rounds", "p99 ÷ floor", "main thread µs", "floor's µs ÷ it"];
  const lines = rows.map((row) => [
    row.label,
    String(row.requests_per_second),
    String(row.p50_ms),
    String(row.p99_ms),
    String(row.unexpected_status),
    String(row.errors + row.timeouts),
    row.floor,
    row.req_per_second_vs_floor.toFixed(3),
    row.rounds_vs_floor.map((ratio) => ratio.toFixed(2)).join(" "),
    `${row.p99_vs_floor.toFixed(1)}×`,
    row.main_thread_us_per_request === null ? "n/a" : String(row.main_thread_us_per_request),
    row.main_thread_vs_floor === null ? "n/a" : row.main_thread_vs_floor.toFixed(3),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
  console.log(`\n${os.availableParallelism()} cores, ${ROUNDS} round${ROUNDS === 1 ? "" : "s"}; each figure the median of its runs, each ratio of its rounds`);
  console.log(`${format(header)}`);
  console.log(`|${widths.map((width, column) => (column === 0 ? `${"-".repeat(width + 1)}-` : `${"-".repeat(width + 1)}:`)).join("|")}|`);
  for (const line of lines) console.log(format(line));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
