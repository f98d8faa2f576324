import { spawn } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "./support/env";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Starts `node server.js` with `env` and waits for it to give up; what it wrote to stderr, line by line. */
async function failedStart(env: Record<string, string>): Promise<{ code: number | null; lines: string[]; stdout: string }> {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(E2E_PORT + 30),
      DATA_DIR: path.join(os.tmpdir(), `sightline-e2e-startup-${crypto.randomBytes(4).toString("hex")}`),
      SECRET_KEY: crypto.randomBytes(48).toString("base64url"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdout.on("data", (chunk) => (stdout += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, lines: stderr.split("\n").filter(Boolean), stdout };
}

/**
 * A server that cannot start says why in one JSON log line an operator can act on, and stops:
 * a mistyped DATABASE_URL no longer becomes an empty embedded database.
 */
test.describe("start-up failures", () => {
  test("a DATABASE_URL that is not PostgreSQL or PGlite stops the start, naming what was expected", async () => {
    const { code, lines, stdout } = await failedStart({ DATABASE_URL: "mysql://root@127.0.0.1/sightline" });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: "error", message: "server.start_failed" });
    expect(line.reason).toMatch(/^Invalid environment: DATABASE_URL: expected postgres:\/\/…, postgresql:\/\/… .*pglite:PATH/);
    expect(line.stack).toBeUndefined();
    // Nothing was opened or created on the way.
    expect(stdout).not.toContain("runtime.ready");
  });

  test("an unreachable PostgreSQL server is one readable line, without the password", async () => {
    const { code, lines } = await failedStart({ DATABASE_URL: "postgres://sightline:hunter2@127.0.0.1:1/sightline" });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line.reason).toBe("Cannot reach the PostgreSQL server sightline@127.0.0.1:1/sightline: connection refused. Is PostgreSQL running there (DATABASE_URL)?");
    expect(lines[0]).not.toContain("hunter2");
  });
});
