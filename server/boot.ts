import path from "node:path";
import type PgBoss from "pg-boss";
import { seedDemoAcademy } from "./academy/seed";
import { forgetUser as forgetSessions } from "./auth/session-cache";
import { seedDemoCatalogue } from "./backlinks/seed";
import { getConfig } from "./config";
import { openDatabase, pgliteDataDir } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { seedReferenceData } from "./db/seed";
import { EVERYONE, watchUserChanges } from "./db/user-changes";
import { createBoss } from "./jobs/boss";
import { logger } from "./logger";
import { currentRuntime, type Runtime, setRuntime } from "./runtime";
import { forgetEveryone, forgetUser as forgetAnswers, setListening } from "./http/kept-answers";
import { createQueues, registerWorkers, stopWorkers } from "./workers";

/**
 * Starts and stops the process's resources (the database, the job queue, the workers) and hands
 * them to server/runtime.ts, where the domains find them. Only entry points import this module:
 * server/app.ts, the CLI, the tests, the benches.
 */

export type StartOptions = {
  /** Overrides DATABASE_URL / DATA_DIR (tests). */
  databaseUrl?: string;
  /** none: no queue at all (unit tests); send: enqueue only (web process); work: run workers too. */
  jobs?: "none" | "send" | "work";
};

/** What `openDatabase` opens: DATABASE_URL (checked by the config), else PGlite under DATA_DIR. */
export function databaseTarget(): string {
  const config = getConfig();
  return config.DATABASE_URL ?? path.join(config.DATA_DIR, "pglite");
}

export function start(options: StartOptions = {}): Promise<Runtime> {
  const running = currentRuntime();
  if (running) return running;
  const starting = boot(options).catch((error) => {
    setRuntime(undefined);
    throw error;
  });
  setRuntime(starting);
  return starting;
}

async function boot(options: StartOptions): Promise<Runtime> {
  const target = options.databaseUrl ?? databaseTarget();
  // A PGlite directory is one process's: a second server, or a backup, must not open it meanwhile.
  const dataDir = pgliteDataDir(target);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    return { ...(await open(target, options)), unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function open(target: string, options: StartOptions): Promise<Omit<Runtime, "unlock">> {
  const config = getConfig();
  const handle = await openDatabase(target);
  if (handle.driver === "pg" && !process.env.SECRET_KEY && config.NODE_ENV === "production") {
    // A PostgreSQL server usually means several processes; each would make its own key otherwise.
    logger.warn("config.secret_key_missing", {
      message: "SECRET_KEY is not set: this process uses the key in DATA_DIR. Every process serving the app must share one SECRET_KEY.",
    });
  }
  await seedReferenceData(handle.db);
  await seedDemoAcademy(handle.db);
  await seedDemoCatalogue(handle.db);
  const jobs = options.jobs ?? (config.JOBS_IN_PROCESS ? "work" : "send");
  let boss: PgBoss | null = null;
  if (jobs !== "none") {
    boss = createBoss(handle, { worker: jobs === "work" });
    boss.on("error", (error) => logger.error("jobs.error", { error: String(error) }));
    await boss.start();
    await createQueues(boss);
    if (jobs === "work") await registerWorkers(boss, handle);
  }
  // Every process hears which users changed, wherever the change was made: its memory of their
  // sessions and the answers it keeps for them drop what a change made stale.
  const userChanges = await watchUserChanges(handle, {
    changed(userId) {
      if (userId === EVERYONE) {
        forgetEveryone();
      } else {
        forgetSessions(userId);
        forgetAnswers(userId);
      }
    },
    listening: setListening,
  });
  logger.info("runtime.ready", { driver: handle.driver, jobs });
  return { handle, boss, userChanges };
}

export async function stop() {
  const runtime = await currentRuntime();
  setRuntime(undefined);
  if (!runtime) return;
  await stopWorkers();
  await runtime.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  await runtime.userChanges.close();
  await runtime.handle.close();
  runtime.unlock();
}
