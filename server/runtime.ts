import type PgBoss from "pg-boss";
import type { Database, DatabaseHandle } from "./db/client";
import type { UserChangeWatch } from "./db/user-changes";

/**
 * The process-wide resources, once server/boot.ts has started them: where the domains find the
 * database and the job queue. Imports no domain, so any domain may import it. Kept on globalThis
 * so Vite's dev server, which re-imports modules on change, reuses them instead of opening a
 * second PGlite.
 */
export type Runtime = { handle: DatabaseHandle; boss: PgBoss | null; userChanges: UserChangeWatch; unlock: () => void };
const state = globalThis as typeof globalThis & { __sightline?: Promise<Runtime> };

export const currentRuntime = (): Promise<Runtime> | undefined => state.__sightline;

/** For server/boot.ts only. */
export function setRuntime(runtime: Promise<Runtime> | undefined) {
  state.__sightline = runtime;
}

function started(): Promise<Runtime> {
  const runtime = state.__sightline;
  if (!runtime) throw new Error("The runtime is not started: an entry point calls start() from server/boot.ts first");
  return runtime;
}

/** The database of the running process. */
export async function getDb(): Promise<Database> {
  return (await started()).handle.db;
}

export async function getBoss(): Promise<PgBoss> {
  const runtime = await started();
  if (!runtime.boss) throw new Error("The job queue is not started in this process");
  return runtime.boss;
}

/**
 * Resolves once every change committed before the call has been heard by this process (its kept
 * answers forgotten); at once where nothing is heard (server/db/user-changes.ts).
 */
export async function changesHeard(): Promise<void> {
  await (await currentRuntime())?.userChanges.settled();
}
