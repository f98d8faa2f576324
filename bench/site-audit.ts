/**
 * The website analysis engine on the fixture sites, over loopback: a typical home page (Acme's,
 * with robots.txt, a sitemap and llms.txt) and a 3 MB page read up to its 2 MB cap, then parsed,
 * checked and mined for keywords. Prints the median wall time of each and their ratio: the huge
 * page costs the CPU work of 2 MB of HTML, so the ratio says whether parsing stays linear (target:
 * huge ≤ 40 × typical, about its size ratio, with the typical run under 50 ms). The network is
 * loopback, so what is measured is the engine, not the sites.
 *
 *   BENCH_RUNS=20   BENCH_RESULTS_DIR=bench/results
 */
import fs from "node:fs/promises";
import path from "node:path";
import { runSiteAudit } from "../server/site-audit/audit";
import { createSafeFetch } from "../server/site-audit/safe-fetch";
import { createFakeSites } from "../tests/fakes/sites";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const RESULTS = path.join(process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, "results"), "site-audit.json");

async function main() {
  const sites = await createFakeSites();
  try {
    const fetch = createSafeFetch({ allowPrivate: true, resolve: sites.resolve, timeoutMs: 10_000 });
    const audit = (host: string) => runSiteAudit(`${host}:${sites.port}`, { fetch });
    const median = async (host: string) => {
      await audit(host); // warm-up: the JIT, the sockets
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await audit(host);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)]!;
    };
    const typical = await median("acme.test");
    const huge = await median("huge.test");
    const row = { date: new Date().toISOString(), runs: RUNS, typical_ms: Math.round(typical * 10) / 10, huge_ms: Math.round(huge), ratio: Math.round((huge / typical) * 10) / 10 };
    console.log("\n| website analysis (loopback) | median ms |");
    console.log("|---|---:|");
    console.log(`| typical home page | ${row.typical_ms} |`);
    console.log(`| 3 MB page, read to 2 MB | ${row.huge_ms} |`);
    console.log(`| ratio huge / typical | ${row.ratio} (target ≤ 40) |`);
    await fs.mkdir(path.dirname(RESULTS), { recursive: true });
    await fs.writeFile(RESULTS, `${JSON.stringify(row, null, 2)}\n`);
  } finally {
    await sites.close();
  }
}

await main();
