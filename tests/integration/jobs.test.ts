import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { purgeExpiredAuthData } from "../../server/auth/purge";
import { hashToken, randomToken } from "../../server/auth/tokens";
import type { Database } from "../../server/db/client";
import { authSessions, idTokenUses, magicLinks, rateLimits, refreshTokens, users } from "../../server/db/schema";
import { QUEUES } from "../../server/workers";
import { uniqueEmail, useApi } from "../helpers/api";

// Workers on: pg-boss runs on this file's database, PGlite or PostgreSQL.
const api = useApi({ jobs: "work" });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const fromNow = (ms: number) => new Date(Date.now() + ms);

async function insertLink(db: Database, expiresAt: Date) {
  const [row] = await db
    .insert(magicLinks)
    .values({ tokenHash: hashToken(randomToken()), email: uniqueEmail("purge"), redirectTo: "http://localhost:3000/auth/verify", expiresAt })
    .returning({ id: magicLinks.id });
  return row.id;
}

async function insertSession(db: Database, values: { expiresAt: Date; revokedAt?: Date }) {
  const [user] = await db.insert(users).values({ email: uniqueEmail("purge") }).returning({ id: users.id });
  const [session] = await db.insert(authSessions).values({ userId: user.id, ...values }).returning({ id: authSessions.id });
  const [token] = await db.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashToken(randomToken()) }).returning({ id: refreshTokens.id });
  return { sessionId: session.id, tokenId: token.id };
}

async function insertCounter(db: Database, windowStart: Date) {
  const key = `test:${crypto.randomUUID()}`;
  await db.insert(rateLimits).values({ key, windowStart, count: 3 });
  return key;
}

const linkIds = async (db: Database, ids: string[]) =>
  (await db.select({ id: magicLinks.id }).from(magicLinks).where(inArray(magicLinks.id, ids))).map((row) => row.id).sort();
const sessionIds = async (db: Database, ids: string[]) =>
  (await db.select({ id: authSessions.id }).from(authSessions).where(inArray(authSessions.id, ids))).map((row) => row.id).sort();
const counterKeys = async (db: Database, keys: string[]) =>
  (await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, keys))).map((row) => row.key).sort();

describe("purgeExpiredAuthData", () => {
  test("removes what ended more than a day ago and keeps the rest", async () => {
    const db = await api.db();
    const oldLink = await insertLink(db, ago(2 * DAY));
    const recentlyExpiredLink = await insertLink(db, ago(HOUR));
    const freshLink = await insertLink(db, fromNow(15 * 60 * 1000));

    const expiredSession = await insertSession(db, { expiresAt: ago(2 * DAY) });
    const longRevokedSession = await insertSession(db, { expiresAt: fromNow(DAY), revokedAt: ago(2 * DAY) });
    const recentlyRevokedSession = await insertSession(db, { expiresAt: fromNow(DAY), revokedAt: ago(HOUR) });
    const activeSession = await insertSession(db, { expiresAt: fromNow(30 * DAY) });

    const oldCounter = await insertCounter(db, ago(2 * DAY));
    const currentCounter = await insertCounter(db, ago(60_000));

    const [oldToken, liveToken] = [`old-${crypto.randomUUID()}`, `live-${crypto.randomUUID()}`];
    await db.insert(idTokenUses).values([
      { tokenHash: oldToken, expiresAt: ago(2 * DAY) },
      { tokenHash: liveToken, expiresAt: fromNow(HOUR) },
    ]);

    const removed = await purgeExpiredAuthData(db);
    const tokensLeft = await db.select({ hash: idTokenUses.tokenHash }).from(idTokenUses).where(inArray(idTokenUses.tokenHash, [oldToken, liveToken]));
    expect(tokensLeft).toEqual([{ hash: liveToken }]);
    // Other test files may share this database: count at least ours.
    expect(removed.magicLinks).toBeGreaterThanOrEqual(1);
    expect(removed.sessions).toBeGreaterThanOrEqual(2);
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);

    expect(await linkIds(db, [oldLink, recentlyExpiredLink, freshLink])).toEqual([recentlyExpiredLink, freshLink].sort());
    const sessions = [expiredSession, longRevokedSession, recentlyRevokedSession, activeSession].map((s) => s.sessionId);
    expect(await sessionIds(db, sessions)).toEqual([recentlyRevokedSession.sessionId, activeSession.sessionId].sort());
    expect(await counterKeys(db, [oldCounter, currentCounter])).toEqual([currentCounter]);

    // Refresh tokens went with their sessions.
    const tokens = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(inArray(refreshTokens.id, [expiredSession.tokenId, longRevokedSession.tokenId, activeSession.tokenId]));
    expect(tokens.map((row) => row.id)).toEqual([activeSession.tokenId]);
  });

  test("keeps a live user's sign-in working", async () => {
    const session = await api.signIn();
    await purgeExpiredAuthData(await api.db());
    expect((await api.client("user", { token: session.access_token }).profile.$get()).status).toBe(200);
  });
});

describe("pg-boss", () => {
  test("a worker completes an auth.purge job sent to the queue", async () => {
    const db = await api.db();
    const oldLink = await insertLink(db, ago(3 * DAY));
    const boss = await api.boss();

    const id = await boss.send(QUEUES.authPurge, {});
    expect(id).toEqual(expect.any(String));

    let job = await boss.getJobById<object>(QUEUES.authPurge, id!);
    for (let attempt = 0; attempt < 300 && !["completed", "failed", "cancelled"].includes(job?.state ?? ""); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await boss.getJobById<object>(QUEUES.authPurge, id!);
    }
    expect(job?.state, JSON.stringify(job?.output)).toBe("completed");
    expect(job?.output).toMatchObject({ magicLinks: expect.any(Number), sessions: expect.any(Number), rateLimits: expect.any(Number) });
    expect(await db.select().from(magicLinks).where(eq(magicLinks.id, oldLink))).toEqual([]);
  });

  test("the purge queue exists and runs every 15 minutes", async () => {
    const boss = await api.boss();
    expect(await boss.getQueue(QUEUES.authPurge)).toMatchObject({ name: QUEUES.authPurge });
    const schedules = await boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: QUEUES.authPurge, cron: "*/15 * * * *", timezone: "UTC" })]));
  });
});
