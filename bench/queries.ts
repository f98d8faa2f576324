/**
 * The queries each signed-in page costs (issue 16): starts the production server with LOG_SQL=true
 * (PGlite, or DATABASE_URL), signs a user in, asks each page twice (the second time with the
 * session check remembered, as under load) and prints the statements the second request logged.
 * The pages are the arguments, or the four the bench measures and the 404.
 *
 *   BENCH_PORT=3220  the server's port      BENCH_SQL_VERBOSE=1  print the statements too
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startBenchServer } from "./server";
import { signInOnboarded } from "./sign-in";

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const PAGES = process.argv.length > 2 ? process.argv.slice(2) : ["/no-such-page", "/dashboard", "/seo-llms", "/leaderboard", "/academy"];

async function main() {
  const dataDir = path.join(os.tmpdir(), `sightline-queries-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  const server = await startBenchServer(PORT, dataDir, { LOG_SQL: "true" });
  try {
    const { cookie } = await signInOnboarded(server, dataDir, "queries");
    const headers = { cookie };
    for (const page of PAGES) {
      await (await fetch(`${server.url}${page}`, { headers, redirect: "manual" })).arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = server.output().length;
      const response = await fetch(`${server.url}${page}`, { headers, redirect: "manual" });
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const statements = server
        .output()
        .slice(before)
        .split("\n")
        .filter((line) => line.includes("db.query"))
        // pg-boss's own polling is not the page's.
        .filter((line) => !line.includes("pgboss"));
      console.log(`${page}: ${response.status}, ${statements.length} queries`);
      if (process.env.BENCH_SQL_VERBOSE) for (const line of statements) console.log(`   ${line.slice(0, 400)}`);
    }
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
