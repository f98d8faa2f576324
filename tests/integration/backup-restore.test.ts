import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type Api, createApi } from "../../server/api";
import { run } from "../../server/cli";
import { getConfig } from "../../server/config";
import { lockFileOf } from "../../server/db/data-dir-lock";
import { billingEvents } from "../../server/db/schema";
import { start, stop } from "../../server/boot";
import { getDb } from "../../server/runtime";
import { apiHelpers, json, uniqueEmail, withEnv } from "../helpers/api";
import { createScratchDatabase, type ScratchDatabase } from "../helpers/postgres";

/**
 * `sightline backup` and `sightline restore` (server/db/backup.ts) on the database kind of the
 * project: a PGlite data directory of its own in the pglite project, scratch databases on the
 * TEST_DATABASE_URL server in the postgres project. A seeded database is backed up, wiped and
 * restored, and every table of public, pgboss and drizzle must come back with the same rows.
 */

type Row = Record<string, unknown>;
type Query = (sql: string) => Promise<Row[]>;

/** What the test needs of each kind of database, with the runtime stopped. */
type Store = {
  kind: "pglite" | "postgres";
  init(): Promise<void>;
  /** The variables the app and the CLI read to find the database. */
  env(): Record<string, string | undefined>;
  /** One connection for `use` (opening PGlite costs a good part of a second). */
  session<T>(use: (query: Query) => Promise<T>): Promise<T>;
  /** Removes the database entirely (the data directory, or the database on the server). */
  wipe(): Promise<void>;
  cleanup(): Promise<void>;
};

function pgliteStore(): Store {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sightline-backup-"));
  const dir = path.join(dataDir, "pglite");
  return {
    kind: "pglite",
    init: async () => {},
    env: () => ({ DATABASE_URL: undefined, DATA_DIR: dataDir }),
    async session(use) {
      const pglite = await PGlite.create(dir);
      try {
        return await use(async (sql) => (await pglite.exec(sql)).at(-1)?.rows ?? []);
      } finally {
        await pglite.close();
      }
    },
    async wipe() {
      fs.rmSync(dir, { recursive: true });
    },
    async cleanup() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function postgresStore(serverUrl: string): Store {
  const databases: ScratchDatabase[] = [];
  const current = () => databases.at(-1)!;
  return {
    kind: "postgres",
    async init() {
      databases.push(await createScratchDatabase(serverUrl, "sightline_backup"));
    },
    env: () => ({ DATABASE_URL: current().url }),
    async session(use) {
      const client = new pg.Client({ connectionString: current().url });
      await client.connect();
      try {
        return await use(async (sql) => {
          const results = await client.query<Row>(sql);
          return (Array.isArray(results) ? results.at(-1) : results).rows;
        });
      } finally {
        await client.end();
      }
    },
    // The restore goes into a new, empty database, as on a new server.
    async wipe() {
      await current().drop();
      databases.push(await createScratchDatabase(serverUrl, "sightline_restore"));
    },
    async cleanup() {
      for (const database of databases) await database.drop();
    },
  };
}

const serverUrl = inject("databaseUrl");
const store = serverUrl ? postgresStore(serverUrl) : pgliteStore();
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "sightline-backup-files-"));
const backupFile = path.join(workDir, store.kind === "pglite" ? "sightline.tar.gz" : "sightline.dump");

let undoEnv = () => {};
function useStoreEnv() {
  undoEnv();
  undoEnv = withEnv({ ...store.env(), AI_DEMO_DELAY_MS: "0", SEO_LLM_ENABLED_PROVIDERS: undefined, OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined });
}

async function cli(...args: string[]) {
  let out = "";
  const err: string[] = [];
  const code = await run(args, { out: (text) => (out += text), err: (text) => err.push(text) });
  return { code, out, err };
}

let api: Api;
/** The typed clients and the magic-link sign-in, on the API this file builds once the runtime runs. */
const { client, signIn, settledAnalysis } = apiHelpers(() => api);

/** Rows in every table of the three schemas, by table; partitions and their parent both counted. */
async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
    from information_schema.tables
    where table_schema in ('public', 'pgboss', 'drizzle') and table_type = 'BASE TABLE'
    order by 1`);
  const union = tables.map(({ name }) => `select '${name}' as name, count(*)::int as n from ${name}`).join(" union all ");
  if (!union) return {};
  const rows = await query(union);
  return Object.fromEntries(rows.map((row) => [row.name as string, row.n as number]));
}

/** Tables the seeding below fills; each must have rows, or its restore would prove nothing. */
const SEEDED = [
  "users", "magic_links", "auth_sessions", "refresh_tokens", "rate_limits", "plans", "subscriptions",
  "subscription_changes", "checkout_sessions", "billing_events", "seed_runs", "seo_profiles",
  "user_questions", "analyses", "analysis_answers", "answer_mentions", "answer_citations",
  "answer_search_queries", "query_cluster_snapshots", "query_cluster_rows", "courses", "chapters",
  "videos", "video_progress",
].map((table) => `public.${table}`);

const email = uniqueEmail("backup");
let seeded: { token: string; userId: string; answerId: string; answerText: string | null };
let before: Record<string, number>;

beforeAll(async () => {
  await store.init();
  useStoreEnv();
  await start({ jobs: "work" });
  api = createApi();

  const session = await signIn(email);
  const token = session.access_token;
  const userId = session.user.id;
  await json(
    await client("seoProfile", { token }).index.$patch({
      json: { BrandName: "Acme Analytics", WebsiteURL: "acme.example", MarketLanguage: "en", Keywords: ["web analytics"], Competitors: [{ Name: "Rival", Domain: "rival.example" }] },
    }),
    200,
  );
  const subscription = client("subscription", { token });
  const { checkout_id } = await json(await subscription.checkout.$post({ json: { plan_id: "pro", billing_period: "monthly" } }), 200);
  await json(await subscription.checkout[":id"].complete.$post({ param: { id: checkout_id } }), 200);
  await json(await subscription["change-plan"].$put({ json: { plan_id: "essential", billing_period: "monthly" } }), 200);
  await json(await client("questions", { token }).index.$post({ json: { question_text: "Which analytics tool suits a small shop?", category: "selection" } }), 201);

  const created = await json(await client("analyses", { token }).index.$post({ json: { question_limit: 3 } }), 201);
  const analysis = await settledAnalysis(token, created.id);
  expect(analysis.status).toBe("completed");
  await json(await client("searchQueries", { token })["ai-search-queries"].$get({ query: {} }), 200);

  const academy = client("academy", { token });
  const [course] = await json(await academy["published-courses"].$get({ query: {} }), 200);
  const { chapters } = await json(await academy.courses[":slug"].$get({ param: { slug: course.slug } }), 200);
  await json(await academy.videos[":id"].progress.$put({ param: { id: chapters[0].videos[0].id }, json: { watched: true } }), 200);
  // Only Stripe's webhooks write this table; the local checkout has none.
  await (await getDb()).insert(billingEvents).values({ id: `evt_backup_${userId}`, type: "invoice.paid", processedAt: new Date() });

  const answer = analysis.answers![0];
  seeded = { token, userId, answerId: answer.id, answerText: answer.answer_text };
}, 90_000);

afterAll(async () => {
  await stop();
  undoEnv();
  await store.cleanup();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe(`backup and restore (${store.kind})`, () => {
  test.runIf(store.kind === "pglite")("refuses to back up a data directory the server has open", async () => {
    const refused = await cli("backup", "--out", backupFile);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([expect.stringMatching(new RegExp(`^sightline backup: the PGlite database .* is in use by process ${process.pid} `))]);
    expect(fs.existsSync(backupFile)).toBe(false);
  });

  test("backs up, wipes and restores: every table of public, pgboss and drizzle has the same rows", async () => {
    await stop();
    before = await store.session(rowCounts);
    for (const table of SEEDED) expect(before[table], `${table} has rows`).toBeGreaterThan(0);
    expect(before["pgboss.job"], "pg-boss jobs").toBeGreaterThan(0);
    expect(before["pgboss.schedule"], "pg-boss schedules").toBeGreaterThan(0);
    expect(before["drizzle.__drizzle_migrations"], "the migration record").toBeGreaterThan(0);

    if (store.kind === "pglite") {
      // Left by a server that was killed: its process is gone, so the lock no longer holds.
      const dead = spawnSync(process.execPath, ["-e", ""]).pid;
      fs.writeFileSync(lockFileOf(path.join(getConfig().DATA_DIR, "pglite")), JSON.stringify({ pid: dead, host: os.hostname(), since: new Date().toISOString() }));
    }
    const backedUp = await cli("backup", "--out", backupFile);
    expect(backedUp.err).toEqual([]);
    expect(backedUp.code).toBe(0);
    expect(backedUp.out).toMatch(/^Backed up the (PGlite|PostgreSQL) database .* \(\d+\.\d MB\)\.\n$/);

    await store.wipe();
    useStoreEnv();
    if (store.kind === "postgres") expect(await store.session(rowCounts)).toEqual({});

    const restored = await cli("restore", "--in", backupFile);
    expect(restored.err).toEqual([]);
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/^Restored .* into the (PGlite|PostgreSQL) database /);

    await store.session(async (query) => {
      expect(await rowCounts(query)).toEqual(before);
      expect(await query(`select email from users where id = '${seeded.userId}'`)).toEqual([{ email }]);
      expect(await query(`select answer_text from analysis_answers where id = '${seeded.answerId}'`)).toEqual([{ answer_text: seeded.answerText }]);
    });
  });

  test("the app starts on the restored database, and a session from before the backup still works", async () => {
    await start({ jobs: "work" });
    const profile = await json(await client("user", { token: seeded.token }).profile.$get(), 200);
    expect(profile.email).toBe(email);
    if (store.kind === "pglite") {
      const refused = await cli("restore", "--in", backupFile, "--force");
      expect(refused.code).toBe(1);
      expect(refused.err).toEqual([expect.stringMatching(/^sightline restore: the PGlite database .* is in use by process /)]);
    }
    await stop();
  });

  test("restores over a database that is not empty only with --force, which replaces all of it", async () => {
    const later = "select email from users where email = 'after-the-backup@example.test'";
    await store.session(async (query) => {
      await query("insert into users (email) values ('after-the-backup@example.test')");
      if (store.kind === "postgres") {
        // What a later release could have added: none of it may survive, or its migrations would collide.
        await query(`
          create type public.later_enum as enum ('a');
          create table public.later_table (id int);
          create function public.later_function() returns int language sql as 'select 1';
          create table pgboss.later_partition (id int);`);
      }
    });
    const refused = await cli("restore", "--in", backupFile);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([expect.stringMatching(/^sightline restore: .*(already holds a database|is not empty).*--force/)]);
    expect(await store.session((query) => query(later))).toHaveLength(1);

    const replaced = await cli("restore", "--in", backupFile, "--force");
    expect(replaced.err).toEqual([]);
    expect(replaced.code).toBe(0);
    await store.session(async (query) => {
      expect(await rowCounts(query)).toEqual(before);
      expect(await query(later)).toEqual([]);
      if (store.kind === "postgres") {
        const left = await query(
          "select to_regtype('public.later_enum') as enum, to_regclass('public.later_table') as tab, to_regproc('public.later_function') as fn, to_regclass('pgboss.later_partition') as part",
        );
        expect(left).toEqual([{ enum: null, tab: null, fn: null, part: null }]);
      }
    });
  });

  test("refuses files that are not a backup for this database, and leaves the database as it was", async () => {
    const missing = await cli("restore", "--in", path.join(workDir, "none.dump"));
    expect(missing).toMatchObject({ code: 2, err: [expect.stringMatching(/none\.dump: no such file$/)] });

    const text = path.join(workDir, "notes.txt");
    fs.writeFileSync(text, "not a backup");
    const unknown = await cli("restore", "--in", text, "--force");
    expect(unknown).toMatchObject({ code: 2, err: [expect.stringMatching(/notes\.txt is not a Sightline backup/)] });

    const otherKind = path.join(workDir, "other-kind");
    fs.writeFileSync(otherKind, store.kind === "pglite" ? "PGDMP\u0001\u000e\u0000" : zlib.gzipSync("not a tar"));
    const wrong = await cli("restore", "--in", otherKind, "--force");
    expect(wrong.code).toBe(2);
    expect(wrong.err).toEqual([expect.stringMatching(store.kind === "pglite" ? /is a PostgreSQL backup \(pg_dump\) but this installation uses PGlite/ : /is a PGlite backup but DATABASE_URL names a PostgreSQL server/)]);

    const truncated = path.join(workDir, `truncated-${path.basename(backupFile)}`);
    fs.writeFileSync(truncated, fs.readFileSync(backupFile).subarray(0, 4096));
    const damaged = await cli("restore", "--in", truncated, "--force");
    expect(damaged.code).toBe(2);
    expect(damaged.err.at(-1)).toMatch(store.kind === "pglite" ? /is damaged: unexpected end of file$/ : /is not a readable pg_dump archive$/);

    expect(await store.session(rowCounts)).toEqual(before);
  });

  test.runIf(store.kind === "postgres")("a restore that fails half-way changes nothing: it is one transaction", async () => {
    // An archive cut off between two tables' data: pg_restore fails at a statement boundary, where
    // psql, given the end of its input, would commit the first table (and --force's emptying).
    const source = await createScratchDatabase(serverUrl!, "sightline_cut");
    try {
      const client = new pg.Client({ connectionString: source.url });
      await client.connect();
      await client.query(`
        create table a_rows as select g as id, 'FIRST-' || g as v from generate_series(1, 2000) g;
        create table b_rows as select g as id, 'SECOND-' || g as v from generate_series(1, 2000) g;`);
      await client.end();
      const dump = path.join(workDir, "cut.dump");
      // Uncompressed, so the second table's rows can be found in the file.
      expect(spawnSync("pg_dump", ["--format=custom", "--compress=0", `--file=${dump}`, source.url]).status).toBe(0);
      const bytes = fs.readFileSync(dump);
      fs.writeFileSync(dump, bytes.subarray(0, bytes.indexOf("SECOND-") - 16));

      const failed = await cli("restore", "--in", dump, "--force");
      expect(failed.code).toBe(1);
      expect(failed.err).toContain("sightline restore: pg_restore: error: could not read from input file: end of file");
      expect(failed.err.at(-1)).toMatch(/nothing was restored into .* \(one transaction\)$/);
      await store.session(async (query) => {
        expect(await rowCounts(query)).toEqual(before);
        expect(await query("select to_regclass('public.a_rows') as a")).toEqual([{ a: null }]);
      });
    } finally {
      await source.drop();
    }
  });
});
