import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const ENTRY = path.resolve(import.meta.dirname, "worker-entry.ts");

export type WorkerProcess = {
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code, or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Everything the process wrote, for the message of a failed assertion. */
  output: () => string;
};

/**
 * Starts a real worker process (`node --import tsx tests/helpers/worker-entry.ts`) with `env` on
 * top of this process's environment, and resolves once its workers are registered and polling.
 */
export async function startWorkerProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The worker did not start in time:\n${output}`)), options.timeoutMs ?? 60_000);
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes('"worker.ready"')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The worker exited (${code}) before it was ready:\n${output}`));
    });
  });
  try {
    await ready;
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return { pid: child.pid!, child, exited, output: () => output };
}
