import { and, isNotNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { authSessions, idTokenUses, magicLinks, rateLimits } from "../db/schema";

/** Rows kept a day past their end, so a late click can still be told "already used" or "expired". */
const GRACE_MS = 24 * 60 * 60 * 1000;

export async function purgeExpiredAuthData(db: Database, now = new Date()) {
  const cutoff = new Date(now.getTime() - GRACE_MS);
  const links = await db.delete(magicLinks).where(lt(magicLinks.expiresAt, cutoff)).returning({ id: magicLinks.id });
  // Refresh tokens go with their session (ON DELETE CASCADE).
  const sessions = await db
    .delete(authSessions)
    .where(or(lt(authSessions.expiresAt, cutoff), and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, cutoff))))
    .returning({ id: authSessions.id });
  const counters = await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key });
  // Past its expiry a token is refused by its signature check anyway.
  const tokens = await db.delete(idTokenUses).where(lt(idTokenUses.expiresAt, cutoff)).returning({ tokenHash: idTokenUses.tokenHash });
  return { magicLinks: links.length, sessions: sessions.length, rateLimits: counters.length, idTokens: tokens.length };
}
