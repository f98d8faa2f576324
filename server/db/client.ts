import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "../logger";
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
 * The PGlite data directory a database target names (`pglite:PATH`, or a bare path: the default
 * under DATA_DIR), or null for a PostgreSQL server or an in-memory database. The one reading of a
 * target: `openDatabase`, the data-directory lock and the backups all go by it.
 */
export function pgliteDataDir(target: string): string | null {
  const rest = target.startsWith("pglite:") ? target.slice("pglite:".length) : target;
  if (isPostgresUrl(rest) || rest === "memory://") return null;
  return path.resolve(rest);
}

const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target);

/**
 * LOG_SQL=true logs every statement (not its parameters, which may be personal data): how many
 * queries a page costs is the first thing to look at when it is slow (docs/operations.md).
 */
const queryLogger = { logQuery: (query: string) => logger.info("db.query", { sql: query.slice(0, 300) }) };
const logSql = () => process.env.LOG_SQL === "true";

/** Opens what `target` names (see `pgliteDataDir`) and applies the migrations. */
export async function openDatabase(target: string): Promise<DatabaseHandle> {
  if (isPostgresUrl(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    // An idle connection the server ends (a restart, a failover, an administrator) is an 'error' on
    // the pool: without a listener Node would end the process. The pool replaces it on next use.
    pool.on("error", (error) => logger.warn("db.idle_connection_lost", { error: error.message }));
    await migrateWithLock(pool);
    const db = drizzleNodePg(pool, { schema, logger: logSql() && queryLogger }) as unknown as Database;
    return { driver: "pg", db, pool, url: target, close: () => pool.end() };
  }
  const dataDir = pgliteDataDir(target) ?? undefined;
  // PGlite creates only the last path segment.
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const db = drizzlePglite(pglite, { schema, logger: logSql() && queryLogger }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { driver: "pglite", db, pglite, close: () => pglite.close() };
}
