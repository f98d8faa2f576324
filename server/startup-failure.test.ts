import pg from "pg";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { startupFailure } from "./startup-failure";

/** What pg throws when it connects to `url` (a real refusal, not an imitation of one). */
async function connectionError(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error(`${url} accepted the connection`);
}

const server = process.env.TEST_DATABASE_URL;

describe("startupFailure", () => {
  it("says what the environment got wrong, without a stack", () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: "mysql://root@db/app", SECRET_KEY: "x".repeat(40) });
    } catch (caught) {
      error = caught;
    }
    expect(startupFailure(error)).toEqual({ reason: expect.stringMatching(/^Invalid environment: DATABASE_URL: expected postgres/) });
  });

  it("names the server it could not reach, not the password", async () => {
    const url = "postgres://app:s3cret@127.0.0.1:1/sightline";
    const failure = startupFailure(await connectionError(url), url);
    expect(failure).toEqual({ reason: "Cannot reach the PostgreSQL server app@127.0.0.1:1/sightline: connection refused. Is PostgreSQL running there (DATABASE_URL)?" });
    expect(JSON.stringify(failure)).not.toContain("s3cret");
  });

  it.skipIf(!server)("a role the server does not know, and a database that does not exist", async () => {
    const role = new URL(server!);
    role.username = "no_such_role_sightline";
    role.password = "";
    const refusedRole = startupFailure(await connectionError(role.toString()), role.toString());
    expect(refusedRole.reason).toMatch(/refused the role: .*no_such_role_sightline/);
    expect(refusedRole.stack).toBeUndefined();

    const database = new URL(server!);
    database.pathname = "/no_such_database_sightline";
    const missing = startupFailure(await connectionError(database.toString()), database.toString());
    expect(missing.reason).toMatch(/no_such_database_sightline.*does not exist\. Create it first/);
  });

  it("gives the database's reason under drizzle's description of the query", () => {
    const cause = Object.assign(new Error('relation "job_workers" does not exist'), { code: "42P01" });
    const failure = startupFailure(new Error("Failed query: insert into job_workers", { cause }));
    expect(failure.reason).toBe('Failed query: insert into job_workers: relation "job_workers" does not exist');
  });

  it("keeps the stack of a failure it cannot explain, inside the one line", () => {
    const failure = startupFailure(new Error("pg-boss could not start"));
    expect(failure.reason).toBe("pg-boss could not start");
    expect(failure.stack).toContain("startup-failure.test.ts");
  });
});
