import crypto from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database of its own for this run, on the TEST_DATABASE_URL server. */
    databaseUrl?: string;
  }
}

/**
 * Creates `sightline_test_<random>` on the TEST_DATABASE_URL server and migrates it once: drizzle's
 * migrator is not safe when several test files start at the same time. Dropped at teardown.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("The postgres project needs TEST_DATABASE_URL");
  const name = `sightline_test_${crypto.randomBytes(6).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  await handle.close();
  project.provide("databaseUrl", url.toString());

  return async () => {
    // FORCE: a test file that failed before closing its pool must not keep the database alive.
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
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
