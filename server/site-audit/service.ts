import net from "node:net";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { planLimits } from "../billing/limits";
import { getConfig } from "../config";
import type { Database, Executor } from "../db/client";
import { type SiteAuditRow, siteAudits } from "../db/schema";
import { ApiError, badRequest, notFound, tooManyRequests } from "../http/errors";
import { fieldError } from "../http/field-errors";
import { type LifetimeUsage, lifetimeUsageValues } from "../http/lifetime-usage";
import { wakeQueue } from "../jobs/pump";
import { logger } from "../logger";
import { isPublicAddress } from "./addresses";
import { runSiteAudit, type SiteAudit, type SiteAuditOptions } from "./audit";
import { SiteFetchError } from "./errors";

/**
 * Website analyses as a product: asked for through the API, counted against the plan's lifetime
 * limit, run by the `site-audit.run` job with the engine (audit.ts), stored with their report.
 * The engine stays free of the database and the queue; this module is the only one that joins them.
 */

export const SITE_AUDIT_QUEUE = "site-audit.run";
export type SiteAuditJob = { auditId: string };

/**
 * A run takes at most a few fetches of 10 s (the home page, perhaps again over http, then robots.txt,
 * the sitemap and llms.txt side by side): well under the expiry, after which pg-boss hands the job
 * to another worker (a process that died mid-run).
 */
const JOB_OPTIONS = { retryLimit: 1, retryDelay: 5, expireInSeconds: 180 } satisfies PgBoss.SendOptions;

/**
 * Analyses one user may have queued or running at once: enough for a few sites side by side, not a
 * queue that keeps everyone else's waiting.
 */
export const MAX_IN_FLIGHT = 3;

/**
 * An analysis still queued or running this long after it was asked for lost its job (every delivery
 * died with its worker, or the queue lost it): it fails, so it neither spins forever on screen nor
 * counts against the plan.
 */
const ABANDONED_AFTER_MINUTES = 10;

/** GET /site-audits lists at most this many, newest first. */
const LIST_LIMIT = 200;

/** What the `x-lifetime-*` headers report: analyses not failed, against the plan's lifetime count. */
export async function siteAuditUsage(db: Executor, userId: string): Promise<LifetimeUsage> {
  const { siteAuditsLifetime: limit } = await planLimits(db, userId);
  const [row] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(siteAudits)
    .where(and(eq(siteAudits.userId, userId), ne(siteAudits.status, "failed")));
  const used = row?.used ?? 0;
  return { limit, used, remaining: Math.max(0, limit - used) };
}

/**
 * Queues an analysis of `url` (already normalised by the route's schema). A host written as a
 * private address is refused at once; a name that resolves to one is found, and refused, when the
 * job connects. Asking again for an address whose analysis is still queued or running answers that
 * one, so a second click neither runs the site twice nor counts twice.
 */
export async function createSiteAudit(db: Database, boss: PgBoss, userId: string, url: string) {
  refuseLiteralPrivateAddress(url);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-audits:${userId}`}))`);
    const [running] = await tx
      .select({ id: siteAudits.id, status: siteAudits.status })
      .from(siteAudits)
      .where(and(eq(siteAudits.userId, userId), eq(siteAudits.url, url), inArray(siteAudits.status, ["pending", "running"])))
      .limit(1);
    if (running) return { audit: running, queued: false, usage: await siteAuditUsage(tx, userId) };
    const usage = await siteAuditUsage(tx, userId);
    if (usage.remaining <= 0) {
      throw new ApiError(403, `Your plan includes ${usage.limit} website analyses, and they are used`, { code: "site_audit_limit", headers: lifetimeUsageValues(usage) });
    }
    const [inFlight] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(siteAudits)
      .where(and(eq(siteAudits.userId, userId), inArray(siteAudits.status, ["pending", "running"])));
    if ((inFlight?.n ?? 0) >= MAX_IN_FLIGHT) {
      throw tooManyRequests(`At most ${MAX_IN_FLIGHT} website analyses run at once: wait for one to finish`, 10, "site_audits_in_flight");
    }
    const [audit] = await tx.insert(siteAudits).values({ userId, url }).returning({ id: siteAudits.id, status: siteAudits.status });
    return { audit, queued: true, usage: { ...usage, used: usage.used + 1, remaining: usage.remaining - 1 } };
  });
  if (created.queued) {
    // After the commit: on PGlite the queue shares the transaction's one connection.
    try {
      await boss.send(SITE_AUDIT_QUEUE, { auditId: created.audit.id } satisfies SiteAuditJob, { ...JOB_OPTIONS, singletonKey: created.audit.id });
      wakeQueue(SITE_AUDIT_QUEUE);
    } catch (error) {
      await finish(db, created.audit.id, { status: "failed", error: { code: "audit_error" } });
      throw error;
    }
  }
  return { audit: created.audit, usage: created.usage };
}

function refuseLiteralPrivateAddress(url: string) {
  if (getConfig().ALLOW_PRIVATE_FETCH) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (!net.isIP(host) || isPublicAddress(host)) return;
  const message = "This address is on a private network: only public websites can be analysed";
  throw badRequest(message, { code: "address_not_allowed", errors: fieldError("url", "address_not_allowed", message) });
}

export async function listSiteAudits(db: Executor, userId: string) {
  const rows = await db
    .select({
      id: siteAudits.id,
      url: siteAudits.url,
      status: siteAudits.status,
      score: siteAudits.score,
      createdAt: siteAudits.createdAt,
      finishedAt: siteAudits.finishedAt,
    })
    .from(siteAudits)
    .where(eq(siteAudits.userId, userId))
    .orderBy(desc(siteAudits.createdAt), desc(siteAudits.id))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    status: row.status,
    score: row.score,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  }));
}

/** One of the user's analyses; anyone else's is 404, as an unknown one. */
export async function getSiteAudit(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(siteAudits)
    .where(and(eq(siteAudits.id, id), eq(siteAudits.userId, userId)));
  if (!row) throw notFound("No such website analysis");
  return toSiteAudit(row);
}

function toSiteAudit(row: SiteAuditRow) {
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    error: row.error ?? null,
    score: row.score,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    // Written by runQueuedSiteAudit from the engine's SiteAudit, the type the route's schema mirrors.
    result: (row.result as SiteAudit | null) ?? null,
  };
}

/**
 * The job: claims the analysis (a redelivered job finds it running and runs it again; a finished
 * one is left alone), runs the engine, stores the report or the failure's code. A site that cannot
 * be fetched is a failed analysis, not a failed job; only the database failing makes pg-boss retry.
 */
export async function runQueuedSiteAudit(db: Database, auditId: string, options: Pick<SiteAuditOptions, "fetch" | "advisor">) {
  const [claimed] = await db
    .update(siteAudits)
    .set({ status: "running", startedAt: new Date() })
    .where(and(eq(siteAudits.id, auditId), inArray(siteAudits.status, ["pending", "running"])))
    .returning({ url: siteAudits.url });
  if (!claimed) return;
  let audit: SiteAudit;
  try {
    audit = await runSiteAudit(claimed.url, options);
  } catch (error) {
    if (error instanceof SiteFetchError) {
      logger.info("site_audit.failed", { id: auditId, code: error.code, cause: error.detail.cause });
      return finish(db, auditId, { status: "failed", error: { code: error.code } });
    }
    logger.error("site_audit.error", { id: auditId, error: error instanceof Error ? error.message : String(error) });
    return finish(db, auditId, { status: "failed", error: { code: "audit_error" } });
  }
  await finish(db, auditId, { status: "done", result: audit, score: audit.score });
}

/** Fails what was abandoned (see ABANDONED_AFTER_MINUTES); run at every worker's sweep. Idempotent. */
export async function failAbandonedSiteAudits(db: Executor): Promise<number> {
  const failed = await db
    .update(siteAudits)
    .set({ status: "failed", error: { code: "audit_error" }, finishedAt: new Date() })
    .where(
      // Timed from when a worker took it, or when it was asked for while it waits in the queue.
      and(
        inArray(siteAudits.status, ["pending", "running"]),
        sql`coalesce(${siteAudits.startedAt}, ${siteAudits.createdAt}) < now() - ${ABANDONED_AFTER_MINUTES} * interval '1 minute'`,
      ),
    )
    .returning({ id: siteAudits.id });
  if (failed.length) logger.warn("site_audit.abandoned", { audits: failed.map((row) => row.id) });
  return failed.length;
}

/** Ends a run still open: one the sweep already failed as abandoned stays failed (and uncounted). */
async function finish(db: Database, auditId: string, outcome: Pick<Partial<SiteAuditRow>, "status" | "error" | "score"> & { result?: SiteAudit }) {
  await db
    .update(siteAudits)
    .set({ ...outcome, result: outcome.result as Record<string, unknown> | undefined, finishedAt: new Date() })
    .where(and(eq(siteAudits.id, auditId), inArray(siteAudits.status, ["pending", "running"])));
}
