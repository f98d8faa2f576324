import { getConfig } from "../config";
import type { AuthUser } from "../http/env";

/**
 * A short memory of checked sessions, so a page's API calls and the next few pages do not each
 * read the session and its user again (issue 16). Keyed by session id; an entry lives
 * SESSION_CACHE_MS (5 s by default, 0 turns the cache off).
 *
 * What this process changes it forgets at once: every write to a user, its sessions or its second
 * factors calls `forgetUser`. What another process changes (a sign-out served by another instance,
 * an expiry) is seen within the window: that is the documented delay of a revocation
 * (docs/operations.md). The access token's own signature and expiry are still checked on every
 * request, before the cache is read.
 */
const MAX_ENTRIES = 10_000;

type Entry = { user: AuthUser; until: number };
const entries = new Map<string, Entry>();
/**
 * Counts the `forgetUser` calls. A check reads the database, then remembers what it read: if a
 * change was forgotten in between (a write that landed after the read), what it read may be older
 * than the change, so it is not remembered. Global rather than per user: writes to users are rare.
 */
let epoch = 0;

/** Taken before reading the session, and handed back to `rememberSession`. */
export function sessionCacheEpoch(): number {
  return epoch;
}

export function sessionCacheMs(): number {
  return getConfig().SESSION_CACHE_MS;
}

export function cachedSession(sessionId: string, userId: string, now = Date.now()): AuthUser | undefined {
  const entry = entries.get(sessionId);
  if (!entry) return undefined;
  if (entry.until <= now || entry.user.id !== userId) {
    entries.delete(sessionId);
    return undefined;
  }
  return entry.user;
}

export function rememberSession(user: AuthUser, readAt: number, now = Date.now()) {
  const ttl = sessionCacheMs();
  if (ttl === 0 || readAt !== epoch) return;
  // Maps keep insertion order: the first key is the oldest entry.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(user.sessionId, { user, until: now + ttl });
}

/** After any change to a user, its sessions or its factors: the next request reads them afresh. */
export function forgetUser(userId: string) {
  epoch += 1;
  for (const [sessionId, entry] of entries) if (entry.user.id === userId) entries.delete(sessionId);
}

export function clearSessionCache() {
  epoch += 1;
  entries.clear();
}
