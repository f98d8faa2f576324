import { type ServerProcess, startServer } from "../tests/e2e/support/server-process";

/**
 * The production server as the benches run it (after `npm run build`): on `dataDir`, signing in
 * through the outbox (no SMTP), with rate limits that a bench's own sign-ins and load never reach,
 * and no line per request. `env` adds to that (e.g. LOG_SQL); `nodeArgs` go to node (--cpu-prof);
 * `root` is another checkout whose build to start instead of this one.
 */
export function startBenchServer(
  port: number,
  dataDir: string,
  env: Record<string, string | undefined> = {},
  nodeArgs: string[] = [],
  root?: string,
): Promise<ServerProcess> {
  return startServer(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: undefined,
      RATE_LIMIT_EMAIL: "1000",
      RATE_LIMIT_IP: "1000",
      LOG_REQUESTS: "false",
      ...env,
    },
    { nodeArgs, root },
  );
}
