import type PgBoss from "pg-boss";
import { logger } from "../logger";

/**
 * Keeps up to `concurrency` jobs of one queue running at once, taking a new job as soon as one
 * finishes. pg-boss's own `work()` fetches a batch and waits for the whole batch, so one slow
 * provider answer would hold back the others of its batch; this keeps every slot busy.
 *
 * Idle, it polls every `idleMs`; `wake()` (called after enqueueing in this process) skips the wait.
 * `stop()` stops taking jobs, lets the running ones finish for a grace period, then aborts them
 * through the handler's signal; a job cut short (or whose process died) stays active until the
 * worker liveness sweep (`liveness.ts`) puts it back in the queue, or pg-boss expires it.
 */
export class JobPump<T extends object> {
  private running = false;
  private inFlight = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly boss: PgBoss,
    readonly queue: string,
    private readonly concurrency: number,
    private readonly handler: (job: PgBoss.Job<T>, signal: AbortSignal) => Promise<void>,
    private readonly idleMs = 1000,
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  wake() {
    this.wakeUp?.();
  }

  /** Stops taking jobs; waits up to `graceMs` for the running ones, then aborts them. */
  async stop(graceMs = 10_000) {
    this.running = false;
    this.wake();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.allSettled([...this.inFlight]), grace]);
    clearTimeout(timer);
    if (this.inFlight.size > 0) {
      this.stopping.abort();
      await Promise.allSettled([...this.inFlight]);
    }
  }

  private async run() {
    while (this.running) {
      const free = this.concurrency - this.inFlight.size;
      if (free <= 0) {
        await this.pause(Number.POSITIVE_INFINITY);
        continue;
      }
      let jobs: PgBoss.Job<T>[] = [];
      try {
        jobs = await this.boss.fetch<T>(this.queue, { batchSize: free });
      } catch (error) {
        if (!this.running) break;
        logger.error("jobs.fetch_failed", { queue: this.queue, error: String(error) });
      }
      for (const job of jobs) this.track(job);
      if (jobs.length === 0) await this.pause(this.idleMs);
    }
  }

  private track(job: PgBoss.Job<T>) {
    const task = this.handler(job, this.stopping.signal)
      .then(
        () => this.boss.complete(this.queue, job.id),
        (error: unknown) => {
          // Cut short by stop(): leave it active; stopWorkers() then hands it back.
          if (this.stopping.signal.aborted) return;
          logger.error("jobs.failed", { queue: this.queue, id: job.id, error: error instanceof Error ? error.message : String(error) });
          return this.boss.fail(this.queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        },
      )
      .catch((error: unknown) => logger.error("jobs.settle_failed", { queue: this.queue, id: job.id, error: String(error) }))
      .finally(() => {
        this.inFlight.delete(task);
        this.wake();
      });
    this.inFlight.add(task);
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : null;
      function done() {
        if (timer) clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}

/**
 * This process's running pumps, by queue. Kept here, with no domain imported, so the domains that
 * enqueue (seo-llm) can wake a pump without importing the workers that import them (server/workers.ts).
 */
const running = new Map<string, JobPump<object>>();

export function startPump<T extends object>(pump: JobPump<T>) {
  running.set(pump.queue, pump as unknown as JobPump<object>);
  pump.start();
}

/** Stops every pump of this process (their calls end, or are cut short after the grace period). */
export async function stopPumps() {
  await Promise.all([...running.values()].map((pump) => pump.stop()));
  running.clear();
}

/** Jobs were just queued: a pump of this process takes them now instead of at its next poll. */
export function wakeQueue(queue: string) {
  running.get(queue)?.wake();
}
