import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";
import { createScratchDatabase } from "../helpers/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database of its own for this run, on the TEST_DATABASE_URL server. */
    databaseUrl?: string;
  }
}

/**
 * Creates `sightline_test_<random>` on the TEST_DATABASE_URL server and migrates it once, so the
 * test files start on a ready database instead of queueing on the migration lock. Dropped at teardown.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("The postgres project needs TEST_DATABASE_URL");
  const database = await createScratchDatabase(serverUrl, "sightline_test");
  const handle = await openDatabase(database.url);
  await handle.close();
  project.provide("databaseUrl", database.url);
  // FORCE (in drop): a test file that failed before closing its pool must not keep the database alive.
  return () => database.drop();
}
