import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** One type for both drivers; the union of the two driver types breaks drizzle's overloads (STACK.md #9). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Inside `db.transaction(...)`: services that may run in one take `Executor`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { driver: "pglite"; db: Database; pglite: PGlite; close(): Promise<void> }
  | { driver: "pg"; db: Database; pool: pg.Pool; url: string; close(): Promise<void> };

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "server/db/migrations");

/** Any constant shared by every Sightline process: the key of the migration advisory lock. */
const MIGRATION_LOCK = 7_314_159_265;

/**
 * drizzle's migrator takes no lock, so processes starting together on a fresh database would race
 * to create the same tables. A session-level advisory lock makes them take turns; the later ones
 * then find nothing left to apply.
 */
async function migrateWithLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * `postgres://…` opens a pool on a PostgreSQL server; `memory://` an in-memory PGlite;
 * anything else is a PGlite data directory.
 */
export async function openDatabase(target: string): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    await migrateWithLock(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return { driver: "pg", db, pool, url: target, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (target !== "memory://") {
    dataDir = path.resolve(target);
    // PGlite creates only the last path segment.
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const pglite = await PGlite.create(dataDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { driver: "pglite", db, pglite, close: () => pglite.close() };
}
