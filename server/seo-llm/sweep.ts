import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { analyses, analysisAnswers } from "../db/schema";
import { isLiveWorker } from "../jobs/liveness";
import { ANSWER_QUEUE_PREFIX, finishIfDone } from "./pipeline";

/**
 * What keeps analyses moving when processes die (decision 015). Every worker process runs it at
 * each heartbeat; every step is idempotent, so two processes sweeping at once do no harm.
 *
 * pg-boss's tables are read and written here directly: pg-boss 10 has no call that puts an active
 * job back at once (`fail` waits `retryDelay`), nor one that finds a job by the slot it delivers.
 * Each slot knows its job's id (`job_id`), so every look-up is by pg-boss's primary key.
 */

export type SweepResult = {
  /** Slots a dead worker held, back to waiting. */
  handedBack: number;
  /** pg-boss jobs put back in the queue for them (or for a job a dead worker took but never claimed). */
  requeued: number;
  /** Answers failed because their analysis passed its deadline. */
  overdue: number;
  /** Answers failed because no job is left to deliver them. */
  lost: number;
  /** Analyses closed. */
  closed: number;
};

export type SweepOptions = {
  /**
   * Worker processes known to be gone although their beat may still look fresh (a predecessor on
   * this host, or this process as it stops); those whose beat is stale are found without help.
   */
  deadWorkers: string[];
  /** The sweeping process: its slots stay its own even if a slow beat left its row stale. */
  self?: string;
  /** A job active this long with its slot still waiting was taken by a process that died at once. */
  staleMs: number;
  /** A waiting slot without a live job this long after its analysis began has lost its job. */
  lostAfterMs: number;
};

type Rows<T> = { rows: T[] };

export async function sweepAnswers(db: Database, options: SweepOptions): Promise<SweepResult> {
  const handed = await handBackSlots(db, options.deadWorkers, options.self);
  const untaken = await requeueUnclaimedJobs(db, options.staleMs);
  const overdue = await failOverdueAnswers(db);
  const lost = await failLostAnswers(db, options.lostAfterMs);
  const forgotten = await openAnalysesWithNothingOpen(db);
  const touched = new Set([...overdue, ...lost, ...forgotten]);
  let closed = 0;
  for (const id of touched) closed += await finishIfDone(db, id);
  return { handedBack: handed.answers, requeued: handed.jobs + untaken, overdue: overdue.length, lost: lost.length, closed };
}

/**
 * Puts an active job back in the queue now, as pg-boss's own `fail` would (counting it against the
 * job's retry limit, so a question that kills every worker that asks it ends), minus the delay.
 */
function requeueJob(where: SQL, from: SQL) {
  return sql`
    update pgboss.job j set
      state = (case when j.retry_count < j.retry_limit then 'retry' else 'failed' end)::pgboss.job_state,
      start_after = now(),
      completed_on = case when j.retry_count < j.retry_limit then null else now() end,
      output = '{"message": "the worker process holding this job died"}'::jsonb
    from ${from}
    where j.state = 'active' and ${where}
    returning j.id`;
}

const jobOfSlot = (slot: string) => sql.raw(`j.name = '${ANSWER_QUEUE_PREFIX}' || ${slot}.provider and j.id = ${slot}.job_id`);

/**
 * The slots held by workers that are not alive (stale, gone, or named in `deadWorkers`) go back to
 * waiting, and their jobs back to the queue.
 */
async function handBackSlots(db: Database, deadWorkers: string[], self: string | undefined) {
  const ids = sql.join(
    deadWorkers.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const named = deadWorkers.length ? sql`claimed_by in (${ids}) or ` : sql``;
  const others = self ? sql`claimed_by is distinct from ${self}::uuid and ` : sql``;
  // Only the delivery the dead worker had (started before its claim): if pg-boss already gave the
  // job to someone else, that one is alive and keeps it.
  const result = (await db.execute(sql`
    with handed as (
      update ${analysisAnswers} set status = 'pending', claimed_by = null
      where status = 'processing' and (${named}(${others}not ${isLiveWorker(analysisAnswers.claimedBy)}))
      returning provider, job_id, claimed_at
    ), jobs as (${requeueJob(sql`${jobOfSlot("h")} and j.started_on <= h.claimed_at`, sql`handed h`)})
    select (select count(*) from handed)::int as answers, (select count(*) from jobs)::int as jobs`)) as unknown as Rows<{ answers: number; jobs: number }>;
  return result.rows[0] ?? { answers: 0, jobs: 0 };
}

/**
 * A live worker claims its slot within milliseconds of taking the job; a job active for a whole
 * liveness window with its slot still waiting was taken by a process that died in between.
 */
async function requeueUnclaimedJobs(db: Database, staleMs: number) {
  const result = (await db.execute(sql`
    with jobs as (${requeueJob(
      sql`a.status = 'pending' and ${jobOfSlot("a")} and j.started_on < now() - (${staleMs})::integer * interval '1 millisecond'`,
      sql`${analysisAnswers} a`,
    )})
    select count(*)::int as jobs from jobs`)) as unknown as Rows<{ jobs: number }>;
  return result.rows[0]?.jobs ?? 0;
}

/** Past its deadline an analysis stops waiting: what is still open fails. */
async function failOverdueAnswers(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    with overdue as (
      update ${analysisAnswers} a set status = 'failed', error_code = 'deadline',
        error_message = 'No answer before the analysis''s deadline', answered_at = now()
      from ${analyses} x
      where x.status in ('pending', 'processing') and x.deadline_at < now()
        and a.analysis_id = x.id and a.status in ('pending', 'processing')
      returning a.analysis_id
    )
    select distinct analysis_id as id from overdue`)) as unknown as Rows<{ id: string }>;
  return result.rows.map((row) => row.id);
}

/**
 * Open slots whose job is gone for good (pg-boss gave up on it after its retries, or the process
 * died between the analysis's commit and the enqueue). Slots from before job ids (null) are left
 * to their analysis's deadline.
 */
async function failLostAnswers(db: Database, lostAfterMs: number): Promise<string[]> {
  const result = (await db.execute(sql`
    with lost as (
      update ${analysisAnswers} a set status = 'failed', error_code = 'lost',
        error_message = 'The job for this answer was lost', answered_at = now()
      where a.status in ('pending', 'processing') and a.job_id is not null
        and a.created_at < now() - (${lostAfterMs})::integer * interval '1 millisecond'
        and not exists (select 1 from pgboss.job j where ${jobOfSlot("a")} and j.state < 'completed')
      returning a.analysis_id
    )
    select distinct analysis_id as id from lost`)) as unknown as Rows<{ id: string }>;
  return result.rows.map((row) => row.id);
}

/** A worker died between an analysis's last answer and its close. */
async function openAnalysesWithNothingOpen(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select x.id from ${analyses} x
    where x.status in ('pending', 'processing')
      and not exists (select 1 from ${analysisAnswers} a where a.analysis_id = x.id and a.status in ('pending', 'processing'))`)) as unknown as Rows<{
    id: string;
  }>;
  return result.rows.map((row) => row.id);
}
