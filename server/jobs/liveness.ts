import crypto from "node:crypto";
import os from "node:os";
import { and, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../db/client";
import { jobWorkers } from "../db/schema";
import { logger } from "../logger";

/**
 * Worker liveness (decision 015). pg-boss 10 cannot tell a long job from a job whose process died:
 * it only expires it, minutes later. So each worker process keeps a row in `job_workers` and beats
 * every WORKER_HEARTBEAT_MS; a row not beaten for the WORKER_STALE_MS it declared is a dead process,
 * and at every beat each worker sweeps what the dead ones held back into the queue.
 */

/** In SQL, true when a worker's last beat is older than the window it declared (the database's clock). */
const isStale = sql`${jobWorkers.beatAt} < now() - ${jobWorkers.staleAfterMs} * interval '1 millisecond'`;

/** In SQL, true when `worker` names a process that beat recently. */
export function isLiveWorker(worker: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from ${jobWorkers} where ${jobWorkers.id} = ${worker} and not ${isStale})`;
}

export async function liveWorkerCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobWorkers).where(sql`not ${isStale}`);
  return row?.n ?? 0;
}

type LivenessOptions = {
  heartbeatMs: number;
  /** After how long without a beat others may take this process for dead. */
  staleMs: number;
  /** PGlite: one process owns the database, so every other row is a dead predecessor. */
  singleProcessDatabase: boolean;
  /**
   * Hands back what the given dead workers held, and whatever else the sweep checks. Idempotent.
   * `self` is the sweeping process: alive whatever its row says, unless it names itself dead.
   */
  sweep: (deadWorkers: string[], self: string) => Promise<void>;
};

export class WorkerLiveness {
  readonly id = crypto.randomUUID();
  private readonly host = os.hostname();
  // Two chains: a sweep can wait on other sessions' row locks, and a beat must never wait behind it,
  // or a busy but healthy process would look dead to the others.
  private readonly beats = new Chain();
  private readonly sweeps = new Chain();

  constructor(
    private readonly db: Database,
    private readonly options: LivenessOptions,
  ) {}

  /** Registers this process, then recovers at once what a dead predecessor left behind. */
  async start() {
    await this.beat();
    await this.sweep(await this.deadPredecessors());
    this.beats.every(this.options.heartbeatMs, () => this.beat(), "jobs.heartbeat_failed");
    this.sweeps.every(this.options.heartbeatMs, () => this.sweep([]), "jobs.sweep_failed");
  }

  /**
   * Stops beating and hands back what this process still holds (calls cut short by the stop), so
   * another worker takes them now instead of when pg-boss would expire their jobs.
   */
  async stop() {
    await Promise.all([this.beats.stop(), this.sweeps.stop()]);
    try {
      await this.options.sweep([this.id], this.id);
      await this.db.delete(jobWorkers).where(eq(jobWorkers.id, this.id));
    } catch (error) {
      // The others will find this row stale and do the same.
      logger.warn("jobs.heartbeat_failed", { worker: this.id, error: String(error) });
    }
  }

  /** An upsert: a process declared dead while it was only slow (its row deleted) simply comes back. */
  private async beat() {
    await this.db
      .insert(jobWorkers)
      .values({ id: this.id, host: this.host, pid: process.pid, staleAfterMs: this.options.staleMs })
      .onConflictDoUpdate({ target: jobWorkers.id, set: { beatAt: sql`now()` } });
  }

  /** Workers known dead without waiting for their beat to go stale: the ones this start replaces. */
  private async deadPredecessors(): Promise<Array<typeof jobWorkers.$inferSelect>> {
    const others = await this.db.select().from(jobWorkers).where(ne(jobWorkers.id, this.id));
    if (this.options.singleProcessDatabase) return others;
    // Same host name, same process table: a pid that is gone (or is now ours, as after a container
    // restart) belongs to a process that died.
    return others.filter((row) => row.host === this.host && (row.pid === process.pid || !processExists(row.pid)));
  }

  private async sweep(knownDead: Array<typeof jobWorkers.$inferSelect>) {
    // Never this process: it is running this very sweep, so whatever its row says, it is alive.
    const stale = await this.db
      .select()
      .from(jobWorkers)
      .where(and(isStale, ne(jobWorkers.id, this.id)));
    const dead = new Map([...knownDead, ...stale].map((row) => [row.id, row]));
    for (const row of dead.values()) {
      logger.warn("jobs.worker_lost", { worker: row.id, host: row.host, pid: row.pid, beat_at: row.beatAt.toISOString() });
    }
    await this.options.sweep([...dead.keys()], this.id);
    if (dead.size === 0) return;
    const known = knownDead.map((row) => row.id);
    // A stale row that beat again meanwhile stays: that process was slow, not dead.
    await this.db
      .delete(jobWorkers)
      .where(and(inArray(jobWorkers.id, [...dead.keys()]), or(known.length ? inArray(jobWorkers.id, known) : undefined, isStale)));
  }
}

/** Runs a task every `ms` after the previous run ended, until stopped; a failure is logged, not fatal. */
class Chain {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  every(ms: number, task: () => Promise<void>, failure: string) {
    this.timer = setTimeout(() => {
      this.running = task()
        .catch((error) => logger.error(failure, { error: String(error) }))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.every(ms, task, failure);
        });
    }, ms);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
