import crypto from "node:crypto";
import pg from "pg";

export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (TEST_DATABASE_URL), for a test
 * that needs one of its own. `drop()` removes it even if a pool is still connected.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
