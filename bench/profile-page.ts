/**
 * Where one page's time goes: starts the production server with `node --cpu-prof`, signs a user in,
 * asks for PATH `BENCH_REQUESTS` times (default 2,000) over a few connections, and leaves the
 * server's CPU profile in `BENCH_CPU_PROF` (default bench/results/profiles). Prints the server
 * process's CPU milliseconds per request (from /proc), which is what the bench's ratios come from
 * without the noise of a loaded machine. With `BENCH_ROUNDS=n` the pages are measured in turns n times
 * and each one's best round is printed, with the first PATH's cost divided by it (a ratio of CPU
 * costs, as the bench's ratios of throughput).
 *
 *   node --import tsx bench/profile-page.ts /dashboard [/no-such-page …]
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startBenchServer } from "./server";
import { signInOnboarded } from "./sign-in";

const paths = process.argv.slice(2);
if (!paths.length) throw new Error("Which page? e.g. node --import tsx bench/profile-page.ts /dashboard");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const profiles = path.resolve(process.env.BENCH_CPU_PROF ?? path.join(import.meta.dirname, "results", "profiles"));
const PORT = Number(process.env.BENCH_PORT ?? 3221);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

/** User plus system CPU time of a process, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await fs.readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "sightline-profile-"));
await fs.mkdir(profiles, { recursive: true });
const server = await startBenchServer(PORT, dataDir, {}, process.env.NO_PROF ? [] : ["--cpu-prof", `--cpu-prof-dir=${profiles}`]);
try {
  const { cookie } = await signInOnboarded(server, dataDir, "profile");
  const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
  // The pages are measured in turns, ROUNDS times, and each keeps its best round: the first rounds
  // still run code the JIT has not optimised, and other work on the machine only ever adds.
  const best = new Map<string, number>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const page of paths) {
      const url = `${server.url}${page}`;
      await autocannon({ url, headers, connections: 4, ...{ amount: 200 } });
      const before = await cpuMs(server.child.pid!);
      const result = await autocannon({ url, headers, connections: 4, ...{ amount: REQUESTS } });
      const spent = (await cpuMs(server.child.pid!)) - before;
      best.set(page, Math.min(best.get(page) ?? Number.POSITIVE_INFINITY, spent / REQUESTS));
      console.log(`round ${round} ${page}: ${(spent / REQUESTS).toFixed(2)} ms of CPU per request, ${Math.round(result.requests.average)} req/s, statuses ${JSON.stringify(result.statusCodeStats)}`);
    }
  }
  const floor = best.get(paths[0] as string) as number;
  for (const page of paths)
    console.log(`best ${page}: ${(best.get(page) as number).toFixed(2)} ms${page === paths[0] ? "" : `, ${paths[0]} ÷ it ${(floor / (best.get(page) as number)).toFixed(2)}`}`);
} finally {
  await server.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
console.log(`Profile in ${profiles}`);
