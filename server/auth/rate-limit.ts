import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";

/**
 * Counts one hit against `key` in the current fixed window and says whether it is allowed.
 * The counter lives in the database so every web process shares it.
 */
export async function hit(db: Database, key: string, limit: number, windowSeconds: number) {
  const now = Date.now();
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const retryAfterSeconds = (windowStart.getTime() + windowMs - now) / 1000;
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds };
}
