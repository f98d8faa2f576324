/**
 * Where one page's time goes: starts the production server with `node --cpu-prof`, signs a user in,
 * asks for PATH `BENCH_REQUESTS` times (default 2,000) over a few connections, and leaves the
 * server's CPU profile in `BENCH_CPU_PROF` (default bench/results/profiles). Prints the server
 * process's CPU milliseconds per request (from /proc), which is what the bench's ratios come from
 * without the noise of a loaded machine. With `BENCH_ROUNDS=n` the pages are measured in turns n times
 * and each one's best round is printed, with the first PATH's cost divided by it (a ratio of CPU
 * costs, as the bench's ratios of throughput).
 * With a baseline, each round's cost of this build divided by the baseline's is printed too, as a
 * median over the rounds: on a machine whose speed drifts (±20 % from round to round on a shared
 * one), many short rounds (`BENCH_ROUNDS=10 BENCH_REQUESTS=300`) and that median tell a change of
 * a few per cent where the best rounds cannot.
 *
 * `BENCH_BASELINE=dir` (another checkout, built) starts its server too, without profiling, and
 * measures both builds in turns, page by page, so both see the same load: what a change bought.
 * `BENCH_NODE_ARGS` and `BENCH_BASELINE_NODE_ARGS` (space-separated) start either server with node
 * options of its own: the same build twice (`BENCH_BASELINE=.`) compares two settings of node.
 * `BENCH_CONNECTIONS` (default 4) asks with more at once, where garbage collection starts to tell.
 *
 *   node --import tsx bench/profile-page.ts /dashboard [/no-such-page …]
 *   git worktree add /tmp/base HEAD~1 && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npm run build)
 *   BENCH_BASELINE=/tmp/base BENCH_ROUNDS=3 NO_PROF=1 node --import tsx bench/profile-page.ts /no-such-page /dashboard
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import type { ServerProcess } from "../tests/e2e/support/server-process";
import { processCpuMs } from "./cpu";
import { startBenchServer } from "./server";
import { cookiesAfter, signInOnboarded } from "./sign-in";

const paths = process.argv.slice(2);
if (!paths.length) throw new Error("Which page? e.g. node --import tsx bench/profile-page.ts /dashboard");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const profiles = path.resolve(process.env.BENCH_CPU_PROF ?? path.join(import.meta.dirname, "results", "profiles"));
const PORT = Number(process.env.BENCH_PORT ?? 3221);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const BASELINE = process.env.BENCH_BASELINE;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const median = (sorted: number[]) => ((sorted[Math.floor((sorted.length - 1) / 2)] as number) + (sorted[Math.ceil((sorted.length - 1) / 2)] as number)) / 2;
const nodeArgs = (name: string) => (process.env[name] ?? "").split(" ").filter(Boolean);

type Build = { label: string; server: ServerProcess; dataDir: string; cookie: string; rounds: Map<string, number[]> };

async function start(label: string, port: number, nodeArgs: string[], root?: string): Promise<Build> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "sightline-profile-"));
  const server = await startBenchServer(port, dataDir, {}, nodeArgs, root);
  const { cookie } = await signInOnboarded(server, dataDir, "profile");
  return { label, server, dataDir, cookie, rounds: new Map() };
}

await fs.mkdir(profiles, { recursive: true });
const builds: Build[] = [];
try {
  builds.push(await start("this build", PORT, [...nodeArgs("BENCH_NODE_ARGS"), ...(process.env.NO_PROF ? [] : ["--cpu-prof", `--cpu-prof-dir=${profiles}`])]));
  if (BASELINE) builds.push(await start("baseline", PORT + 1, nodeArgs("BENCH_BASELINE_NODE_ARGS"), path.resolve(BASELINE)));
  // The pages are measured in turns, ROUNDS times, and each keeps its best round: the first rounds
  // still run code the JIT has not optimised, and other work on the machine only ever adds.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const page of paths) {
      // Every other round the other build goes first, so neither always runs on the heels of the other.
      for (const build of round % 2 ? builds : [...builds].reverse()) {
        const url = `${build.server.url}${page}`;
        // What the page's first answer left in the browser goes with the rest (bench/run.ts does the same).
        const first = await fetch(url, { headers: { cookie: build.cookie }, redirect: "manual" });
        await first.arrayBuffer();
        const headers = { cookie: cookiesAfter(build.cookie, first), "accept-encoding": "gzip, deflate, br" };
        await autocannon({ url, headers, connections: CONNECTIONS, ...{ amount: 200 } });
        const pid = build.server.child.pid as number;
        const before = await processCpuMs(pid);
        const result = await autocannon({ url, headers, connections: CONNECTIONS, ...{ amount: REQUESTS } });
        const spent = ((await processCpuMs(pid)) - before) / REQUESTS;
        build.rounds.set(page, [...(build.rounds.get(page) ?? []), spent]);
        console.log(`round ${round} ${build.label} ${page}: ${spent.toFixed(2)} ms of CPU per request, ${Math.round(result.requests.average)} req/s, statuses ${JSON.stringify(result.statusCodeStats)}`);
      }
    }
  }
  const best = (build: Build, page: string) => Math.min(...(build.rounds.get(page) as number[]));
  for (const build of builds) {
    const floor = best(build, paths[0] as string);
    for (const page of paths) {
      const cost = best(build, page);
      console.log(`best ${BASELINE ? `${build.label} ` : ""}${page}: ${cost.toFixed(2)} ms${page === paths[0] ? "" : `, ${paths[0]} ÷ it ${(floor / cost).toFixed(2)}`}`);
    }
  }
  // On a machine whose speed drifts from round to round, the builds' costs in the same round,
  // divided, drift less than either: their median is what the change bought.
  const [current, baseline] = builds;
  if (current && baseline) {
    for (const page of paths) {
      const mine = current.rounds.get(page) as number[];
      const theirs = baseline.rounds.get(page) as number[];
      const ratios = mine.map((cost, round) => cost / (theirs[round] as number)).sort((a, b) => a - b);
      console.log(`this build ÷ baseline ${page}: median ${median(ratios).toFixed(3)} over ${ratios.length} rounds (${(ratios[0] as number).toFixed(3)}–${(ratios.at(-1) as number).toFixed(3)})`);
    }
  }
} finally {
  for (const build of builds) {
    await build.server.stop();
    await fs.rm(build.dataDir, { recursive: true, force: true });
  }
}
if (!process.env.NO_PROF) console.log(`Profile in ${profiles}`);
