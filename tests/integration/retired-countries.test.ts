import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { seoProfiles } from "../../server/db/schema";
import { useApi } from "../helpers/api";

const api = useApi();

/** Migration 0009, run again over profiles saved before retired country codes were refused. */
describe("migration 0009: retired country codes", () => {
  test("each becomes the code that replaced it; a region that is no country becomes none; the rest stay", async () => {
    const db = await api.db();
    const codes = { UK: "GB", SU: "RU", YU: "RS", ZR: "CD", EU: null, UN: null, FR: "FR" } as const;
    const users = await Promise.all(Object.keys(codes).map(() => api.signIn()));
    const entries = Object.entries(codes);
    for (const [index, [stored]] of entries.entries()) {
      await db.insert(seoProfiles).values({ userId: users[index]!.user.id, brandName: "Acme", marketLanguage: "en", country: stored });
    }
    const migration = await fs.readFile(path.resolve(import.meta.dirname, "../../server/db/migrations/0009_retired_countries.sql"), "utf8");
    await db.execute(sql.raw(migration));
    for (const [index, [stored, expected]] of entries.entries()) {
      const [row] = await db.select({ country: seoProfiles.country }).from(seoProfiles).where(eq(seoProfiles.userId, users[index]!.user.id));
      expect(row?.country, stored).toBe(expected);
    }
  });
});
