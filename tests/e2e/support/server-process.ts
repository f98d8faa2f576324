import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for the message of a failed start or test. */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the production server (`node server.js`, after `npm run build`) with `env` on top of
 * this process's environment (an `undefined` value removes the variable: spawn skips it), and
 * resolves once GET /api/v1/health answers. `root`: another checkout's build (a benchmark's baseline).
 */
export async function startServer(
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number; nodeArgs?: string[]; root?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT;
  if (!port) throw new Error("startServer needs PORT");
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "server.js"], {
    cwd: options.root ?? ROOT,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server on port ${port} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Server on port ${port} did not answer /api/v1/health in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, output: () => output, stop };
}
