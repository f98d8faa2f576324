import { eq, sql } from "drizzle-orm";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { backlinkSites, seedRuns } from "../db/schema";
import { upsertSites } from "./catalogue";
import { demoSites } from "./demo-catalogue";
import { SiteInputSchema } from "./site-input";

const SEED_NAME = "backlinks_demo";

/**
 * The demo catalogue (issue 15), once per database: only when the catalogue is empty, and never
 * again after it ran (an admin retiring or replacing the demo sites is not undone by a restart).
 * Its sites are marked `demo`, which every screen shows.
 */
export async function seedDemoCatalogue(db: Database, options: { enabled?: boolean } = {}) {
  if (!(options.enabled ?? getConfig().BACKLINKS_DEMO_SEED)) return { seeded: false };
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('backlinks_demo'))`);
    const [done] = await tx.select().from(seedRuns).where(eq(seedRuns.name, SEED_NAME));
    if (done) return false;
    await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing();
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(backlinkSites);
    return count === 0;
  });
  if (!claimed) return { seeded: false };
  await upsertSites(
    db,
    demoSites().map((site) => SiteInputSchema.parse(site)),
    { demo: true },
  );
  return { seeded: true };
}
