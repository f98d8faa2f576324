import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteDataDir } from "./client";
import { DataDirInUse, lockDataDir } from "./data-dir-lock";

/**
 * `sightline backup` and `sightline restore` (docs/operations.md, "Backup and restore").
 * PostgreSQL: pg_dump's custom format, restored by pg_restore through psql in one transaction.
 * PGlite: PGlite's own archive of its data directory (`dumpDataDir`, a .tar.gz), taken with the
 * directory locked against the server; restored with `loadDataDir` beside the target, then swapped in.
 */

/** Why nothing was backed up or restored. One line per reason; exit code 2 for bad input, 1 otherwise. */
export class BackupError extends Error {
  override name = "BackupError";
  readonly exitCode: 1 | 2;
  constructor(message: string, exitCode: 1 | 2 = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

type Target = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string };

function targetOf(databaseTarget: string): Target {
  const dir = pgliteDataDir(databaseTarget);
  if (dir) return { kind: "pglite", dir };
  if (/^postgres(ql)?:\/\//.test(databaseTarget)) return { kind: "postgres", url: databaseTarget };
  throw new BackupError("DATABASE_URL names an in-memory database: there is nothing to back up or restore into", 2);
}

/** Writes a backup of the database `databaseTarget` names (see `databaseTarget()`) to `out`. */
export async function backup(databaseTarget: string, out: string): Promise<string> {
  const target = targetOf(databaseTarget);
  const outDir = path.dirname(path.resolve(out));
  if (!fs.statSync(outDir, { throwIfNoEntry: false })?.isDirectory()) throw new BackupError(`${out}: no such directory ${outDir}`, 2);
  // Written aside and renamed: a failed or interrupted backup never leaves a file that looks whole.
  const partial = `${out}.${process.pid}.partial`;
  try {
    const source = target.kind === "pglite" ? await dumpPglite(target.dir, partial) : await dumpPostgres(target.url, partial);
    fs.renameSync(partial, out);
    return `Backed up ${source} to ${out} (${megabytes(fs.statSync(out).size)}).`;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Restores `file` into the database `databaseTarget` names; one that is not empty only with `force`. */
export async function restore(databaseTarget: string, file: string, options: { force: boolean }): Promise<string> {
  const target = targetOf(databaseTarget);
  const kind = archiveKind(file);
  if (kind !== target.kind) {
    throw new BackupError(
      kind === "postgres"
        ? `${file} is a PostgreSQL backup (pg_dump) but this installation uses PGlite (no DATABASE_URL): set DATABASE_URL to the server to restore into`
        : `${file} is a PGlite backup but DATABASE_URL names a PostgreSQL server: a PGlite backup restores only into PGlite`,
      2,
    );
  }
  const into = target.kind === "pglite" ? await loadPglite(target.dir, file, options.force) : await loadPostgres(target.url, file, options.force);
  return `Restored ${file} into ${into}.`;
}

/** Tells the two kinds of archive apart by their first bytes, before anything is opened or locked. */
function archiveKind(file: string): Target["kind"] {
  const head = Buffer.alloc(5);
  let read = 0;
  try {
    const fd = fs.openSync(file, "r");
    try {
      read = fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(`${file}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (error as Error).message}`, 2);
  }
  if (read === 5 && head.toString("latin1") === "PGDMP") return "postgres";
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  throw new BackupError(`${file} is not a Sightline backup (neither a pg_dump custom-format archive nor a PGlite .tar.gz)`, 2);
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

// ---------------------------------------------------------------------------------------------
// PGlite

function lock(dir: string): () => void {
  try {
    return lockDataDir(dir);
  } catch (error) {
    if (error instanceof DataDirInUse) throw new BackupError(error.message);
    throw error;
  }
}

async function dumpPglite(dir: string, out: string): Promise<string> {
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw new BackupError(`there is no PGlite database in ${dir} (DATA_DIR, DATABASE_URL)`);
  const unlock = lock(dir);
  try {
    const pglite = await PGlite.create(dir);
    let archive: Blob;
    try {
      // Flushes every change into the data files, so the copy opens without replaying the WAL.
      await pglite.exec("CHECKPOINT");
      archive = await pglite.dumpDataDir("gzip");
    } finally {
      await pglite.close();
    }
    fs.writeFileSync(out, Buffer.from(await archive.arrayBuffer()));
    return `the PGlite database ${dir}`;
  } finally {
    unlock();
  }
}

async function loadPglite(dir: string, file: string, force: boolean): Promise<string> {
  const tar = pgliteArchive(file);
  const unlock = lock(dir);
  // Restored beside the target and swapped in at the end: a backup that fails to load leaves the
  // current database as it was, and at every moment one of the two is whole on disk.
  const staging = `${dir}.restoring`;
  const replaced = `${dir}.replaced`;
  try {
    if (!force && !isEmptyDir(dir)) throw new BackupError(`${dir} already holds a database: add --force to replace it with the backup`);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(replaced, { recursive: true, force: true });
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([tar]) });
    } catch (error) {
      throw new BackupError(`${file} does not open as a PGlite database: ${(error as Error).message}`);
    }
    try {
      const { rows } = await pglite.query<{ migrated: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as migrated");
      if (!rows[0]?.migrated) throw new BackupError(`${file} holds a database, but not Sightline's`, 2);
    } finally {
      await pglite.close();
    }
    if (fs.existsSync(dir)) fs.renameSync(dir, replaced);
    fs.renameSync(staging, dir);
    fs.rmSync(replaced, { recursive: true, force: true });
    return `the PGlite database ${dir}`;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * The archive, unpacked from gzip here rather than by PGlite: PGlite 0.5.16 reports a truncated
 * archive as an unhandled rejection that ends the process.
 */
function pgliteArchive(file: string): Buffer<ArrayBuffer> {
  let tar: Buffer<ArrayBuffer>;
  try {
    tar = zlib.gunzipSync(fs.readFileSync(file));
  } catch (error) {
    throw new BackupError(`${file} is damaged: ${(error as Error).message}`, 2);
  }
  if (!tarHolds(tar, "PG_VERSION")) throw new BackupError(`${file} is a .tar.gz but not a PGlite backup (no PG_VERSION in it)`, 2);
  return tar;
}

/** Whether a tar archive (ustar or v7 headers, as PGlite writes them) has an entry named `wanted`. */
function tarHolds(tar: Buffer, wanted: string): boolean {
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    const field = (start: number, length: number) => header.toString("latin1", start, start + length).replace(/\0[\s\S]*$/, "");
    const name = field(0, 100);
    if (!name) return false;
    const prefix = header.toString("latin1", 257, 262) === "ustar" ? field(345, 155) : "";
    if (`${prefix ? `${prefix}/` : ""}${name}`.replace(/^\.?\/+/, "") === wanted) return true;
    const size = Number.parseInt(field(124, 12).trim() || "0", 8);
    if (!Number.isSafeInteger(size) || size < 0) return false;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/**
 * What the client tools get: the URL without its password, which goes in PGPASSWORD instead, so
 * it does not show in the process list. `label` names the database in messages.
 */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv; label: string } {
  const parsed = new URL(url);
  const env = { ...process.env };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = "";
  }
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : "";
  return { dbname: parsed.toString(), env, label: `the PostgreSQL database ${user}${parsed.host}${parsed.pathname}` };
}

async function dumpPostgres(url: string, out: string): Promise<string> {
  const { dbname, env, label } = libpq(url);
  // Every schema: public (the data), drizzle (which migrations ran) and pgboss (the jobs).
  const dump = await runTool("pg_dump", ["--format=custom", "--no-password", `--file=${out}`, `--dbname=${dbname}`], env);
  if (dump.code !== 0) throw new BackupError(failure(dump.stderr, `pg_dump could not back up ${label}`));
  return label;
}

async function loadPostgres(url: string, file: string, force: boolean): Promise<string> {
  const { dbname, env, label } = libpq(url);
  const toc = await runTool("pg_restore", ["--list", file], process.env);
  if (toc.code !== 0) throw new BackupError(failure(toc.stderr, `${file} is not a readable pg_dump archive`), 2);
  const objects = await countObjects(url, label);
  if (objects > 0 && !force) {
    throw new BackupError(`${label} is not empty (${objects} tables or schemas): add --force to replace its contents with the backup, or restore into a new database`);
  }
  const schemas = [...toc.stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((match) => match[1]).filter((name) => name !== "public");
  const preamble = ["SET client_min_messages = warning;"];
  if (force) preamble.push(...schemas.map((name) => `DROP SCHEMA IF EXISTS ${quoteIdent(name)} CASCADE;`), EMPTY_PUBLIC);
  const restored = await restoreThroughPsql(file, preamble.join("\n"), dbname, env);
  if (!restored.ok) throw new BackupError(failure(restored.stderr, `nothing was restored into ${label} (one transaction)`));
  return label;
}

/** Tables, views and sequences in public, and schemas besides it: anything pg_restore would collide with. */
async function countObjects(url: string, label: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ objects: number }>(`
      select (select count(*) from pg_namespace where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%')
           + (select count(*) from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'S', 'f')) as objects`);
    return Number(rows[0].objects);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "3D000") throw new BackupError(`${label} does not exist: create it first (createdb), empty`);
    throw new BackupError(`cannot reach ${label}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `--force`: empties public without dropping the schema itself, which the restoring role may not
 * own (on PostgreSQL 15 it belongs to pg_database_owner). Objects that extensions own stay. Run in
 * the restore's transaction, so a restore that fails keeps them.
 */
const EMPTY_PUBLIC = `DO $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT format('DROP %s IF EXISTS public.%I CASCADE', CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, c.relname) AS statement
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND NOT c.relispartition
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))
  LOOP
    EXECUTE item.statement;
  END LOOP;
  FOR item IN
    SELECT format('DROP TYPE IF EXISTS public.%I CASCADE', t.typname) AS statement
    FROM pg_type t
    WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'r')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE item.statement;
  END LOOP;
  FOR item IN
    SELECT format('DROP ROUTINE IF EXISTS %s CASCADE', p.oid::regprocedure) AS statement
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE item.statement;
  END LOOP;
END $$;`;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * pg_restore writes the archive as SQL and psql runs it, after `preamble`, in one transaction:
 * pg_restore's own `--clean` cannot drop pg-boss's partitioned tables ("cannot drop inherited
 * constraint"), and a restore that fails half-way must leave the database as it was. psql's
 * input is ended only once pg_restore succeeded; otherwise psql is killed before it can commit.
 */
async function restoreThroughPsql(file: string, preamble: string, dbname: string, env: NodeJS.ProcessEnv): Promise<{ ok: boolean; stderr: string }> {
  const restore = spawn("pg_restore", ["--no-owner", "--no-acl", "--file=-", file], { stdio: ["ignore", "pipe", "pipe"] });
  const psql = spawn("psql", ["--no-psqlrc", "--quiet", "--no-password", "--single-transaction", "--set=ON_ERROR_STOP=1", `--dbname=${dbname}`], {
    env,
    stdio: ["pipe", "ignore", "pipe"],
  });
  const restoreDone = finished(restore, "pg_restore");
  const psqlDone = finished(psql, "psql");
  // Awaited below, one after the other: marked handled now so the second cannot end the process first.
  restoreDone.catch(() => {});
  psqlDone.catch(() => {});
  // psql stops reading at its first error; its exit code and message say why, not this pipe's EPIPE.
  psql.stdin!.on("error", () => {});
  let psqlStoppedFirst = false;
  psql.once("close", () => {
    if (restore.exitCode !== null || restore.signalCode !== null) return;
    psqlStoppedFirst = true;
    restore.kill();
  });
  psql.stdin!.write(`${preamble}\n`);
  restore.stdout!.pipe(psql.stdin!, { end: false });
  const restored = await restoreDone;
  if (restored.code === 0) psql.stdin!.end();
  else if (!psqlStoppedFirst) psql.kill("SIGKILL");
  const loaded = await psqlDone;
  if (restored.code === 0 && loaded.code === 0) return { ok: true, stderr: "" };
  return { ok: false, stderr: psqlStoppedFirst || restored.code === 0 ? loaded.stderr : restored.stderr };
}

type Finished = { code: number | null; stderr: string };

function finished(child: ChildProcess, command: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} not found: install the PostgreSQL client tools (the server's major version or newer) or put them on PATH`)
          : error,
      );
    });
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Finished & { stdout: string }> {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  return finished(child, command).then((result) => ({ ...result, stdout }));
}

/** The tool's own error lines, then what it means here. */
function failure(stderr: string, summary: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !/^(DETAIL|HINT|CONTEXT|LINE \d+):|^\^$/.test(line));
  return [...new Set(lines), summary].join("\n");
}
