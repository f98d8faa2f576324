import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { PLAN_SEEDS, seedReferenceData } from "../../server/db/seed";
import { plans } from "../../server/db/schema";
import { createScratchDatabase } from "../helpers/postgres";

const serverUrl = process.env.TEST_DATABASE_URL;

describe("start-up on a fresh database", () => {
  // Several web processes and workers start at once against one new PostgreSQL database.
  it.runIf(inject("databaseUrl"))("migrates and seeds once when four processes open it together", async () => {
    const database = await createScratchDatabase(serverUrl!, "sightline_race");
    try {
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase(database.url)));
      try {
        await Promise.all(handles.map((handle) => seedReferenceData(handle.db)));
        const rows = await handles[0].db.select({ id: plans.id }).from(plans);
        expect(rows.map((row) => row.id).sort()).toEqual(PLAN_SEEDS.map((seed) => seed.id).sort());
        if (handles[0].driver !== "pg") throw new Error("expected a PostgreSQL handle");
        const applied = await handles[0].pool.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
        expect(applied.rows[0].n).toBeGreaterThan(0);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    } finally {
      await database.drop();
    }
  });

  it("seeding twice keeps one row per plan", async () => {
    const first = await openDatabase("memory://");
    try {
      await seedReferenceData(first.db);
      await seedReferenceData(first.db);
      const rows = await first.db.select({ id: plans.id }).from(plans);
      expect(rows).toHaveLength(PLAN_SEEDS.length);
    } finally {
      await first.close();
    }
  });
});
