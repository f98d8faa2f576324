/**
 * Load figures for the production build (`npm run bench` builds first): a trivial API route as the
 * floor, the signed-in dashboard's server render, and an authenticated API read. One server process
 * on its own data directory: PGlite unless DATABASE_URL is set. Writes bench/results/latest.json and
 * exits 1 when any request failed or answered outside 2xx.
 *
 *   BENCH_DURATION=10  seconds per scenario      BENCH_CONNECTIONS=50  concurrent connections
 *   BENCH_WARMUP=3     seconds of warm-up        BENCH_PORT=3220       the server's port
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { apiSignIn, requestLinkToken } from "../tests/e2e/support/api";
import { type ServerProcess, startServer } from "../tests/e2e/support/server-process";

const DURATION = positive("BENCH_DURATION", 10);
const CONNECTIONS = positive("BENCH_CONNECTIONS", 50);
const WARMUP = positive("BENCH_WARMUP", 3);
const PORT = positive("BENCH_PORT", 3220);
const RESULTS = path.join(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, "results"), "latest.json");

type Scenario = { name: string; label: string; path: string; headers: Record<string, string> };

type Row = {
  scenario: string;
  label: string;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  req_per_second_vs_trivial: number;
  p99_vs_trivial: number;
};

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
    server = await startServer({
      PORT: String(PORT),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${PORT}`,
      // The sign-in links come from the outbox; the bench signs in twice from one address.
      SMTP_URL: undefined,
      RATE_LIMIT_EMAIL: "1000",
      RATE_LIMIT_IP: "1000",
      LOG_REQUESTS: "false",
    });
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
          warmup_seconds: WARMUP,
          scenarios: rows,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${path.relative(process.cwd(), RESULTS)}`);
    const failed = rows.filter((row) => row.errors || row.timeouts || row.non_2xx);
    if (failed.length) {
      console.error(`\nFAILED: errors or non-2xx responses in ${failed.map((row) => row.scenario).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** A web session cookie (through the real /auth/verify page) and a bearer token (through the API). */
async function signIn(server: ServerProcess, dataDir: string): Promise<Scenario[]> {
  const email = `bench-${crypto.randomUUID()}@bench.test`;
  const token = await requestLinkToken(server.url, dataDir, email);
  // The link was asked for through the API, not from this "browser": the page's confirm button posts it.
  const verify = await fetch(`${server.url}/auth/verify`, { method: "POST", body: new URLSearchParams({ token }), redirect: "manual" });
  const cookie = verify.headers
    .getSetCookie()
    .find((value) => value.startsWith("sl_session="))
    ?.split(";")[0];
  if (verify.status !== 302 || !cookie) throw new Error(`POST /auth/verify did not sign in: ${verify.status}`);
  const session = await apiSignIn(server.url, dataDir, email);
  // An account with a profile counts as onboarded: the dashboard renders instead of sending it to the first step.
  const profile = await fetch(`${server.url}/api/v1/user/seo-profile`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"] }),
  });
  if (profile.status !== 200) throw new Error(`PATCH /user/seo-profile answered ${profile.status}`);

  const scenarios: Scenario[] = [
    { name: "trivial", label: "GET /api/v1/health", path: "/api/v1/health", headers: {} },
    { name: "dashboard", label: "GET /dashboard (SSR, signed in)", path: "/dashboard", headers: { cookie } },
    { name: "profile", label: "GET /api/v1/user/profile (bearer)", path: "/api/v1/user/profile", headers: { authorization: `Bearer ${session.access_token}` } },
  ];
  // Each scenario must answer 200 once before it is measured: a redirect to the login would be fast and wrong.
  for (const scenario of scenarios) {
    const response = await fetch(`${server.url}${scenario.path}`, { headers: scenario.headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${scenario.label} answered ${response.status} before the run`);
  }
  return scenarios;
}

async function measure(server: ServerProcess, scenarios: Scenario[]): Promise<Row[]> {
  console.log(`Warming up for ${WARMUP} s…`);
  await Promise.all(
    scenarios.map((scenario) =>
      autocannon({ url: `${server.url}${scenario.path}`, headers: scenario.headers, connections: Math.max(1, Math.round(CONNECTIONS / scenarios.length)), duration: WARMUP }),
    ),
  );
  const results: Array<{ scenario: Scenario; result: Result }> = [];
  for (const scenario of scenarios) {
    console.log(`${scenario.label}: -c ${CONNECTIONS} -d ${DURATION}…`);
    const result = await autocannon({ url: `${server.url}${scenario.path}`, headers: scenario.headers, connections: CONNECTIONS, duration: DURATION, title: scenario.name });
    results.push({ scenario, result });
  }
  const trivial = results[0].result;
  return results.map(({ scenario, result }) => ({
    scenario: scenario.name,
    label: scenario.label,
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    req_per_second_vs_trivial: round(result.requests.average / trivial.requests.average),
    p99_vs_trivial: round(result.latency.p99 / Math.max(trivial.latency.p99, 1)),
  }));
}

function round(value: number) {
  return Math.round(value * 1000) / 1000;
}

function report(rows: Row[]) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "req/s ÷ trivial", "p99 ÷ trivial"];
  const lines = rows.map((row) => [
    row.label,
    String(row.requests_per_second),
    String(row.p50_ms),
    String(row.p99_ms),
    String(row.non_2xx),
    String(row.errors + row.timeouts),
    row.req_per_second_vs_trivial.toFixed(3),
    `${row.p99_vs_trivial.toFixed(1)}×`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
  console.log(`\n${format(header)}`);
  console.log(`|${widths.map((width, column) => (column === 0 ? `${"-".repeat(width + 1)}-` : `${"-".repeat(width + 1)}:`)).join("|")}|`);
  for (const line of lines) console.log(format(line));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
