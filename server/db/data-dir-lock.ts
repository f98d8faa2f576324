import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Beside the directory, not in it: a backup of the directory must not carry it along. */
export function lockFileOf(dir: string): string {
  return `${dir}.lock`;
}

/** The directory is held by another process (or by another holder in this one). */
export class DataDirInUse extends Error {
  override name = "DataDirInUse";
}

type Holder = { pid: number; host: string; since: string };

/**
 * Claims a PGlite data directory for this process; the returned function gives it back.
 *
 * PGlite lets a second process open a directory another one has open (its postmaster.pid names a
 * fixed pid, -42, and is not checked), and two processes writing one directory corrupt it. So the
 * server, the worker and the backup commands take this lock first. A lock whose process is gone
 * (killed, crashed) on this host is taken over; one held from another host cannot be checked and
 * is respected.
 */
export function lockDataDir(dir: string): () => void {
  const file = lockFileOf(dir);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() } satisfies Holder);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      return () => {
        if (readText(file) === mine) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const text = readText(file);
    if (text === null) continue;
    const holder = parseHolder(text);
    if (!holder || alive(holder)) throw new DataDirInUse(inUseMessage(dir, file, holder));
    fs.rmSync(file, { force: true });
  }
  throw new DataDirInUse(inUseMessage(dir, file, null));
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(value.pid) && typeof value.host === "string") return { pid: value.pid!, host: value.host, since: String(value.since ?? "") };
  } catch {
    // An empty or torn file: someone is writing it right now, or crashed doing so.
  }
  return null;
}

function alive(holder: Holder): boolean {
  if (holder.host !== os.hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function inUseMessage(dir: string, file: string, holder: Holder | null): string {
  const who = holder
    ? `process ${holder.pid}${holder.host === os.hostname() ? "" : ` on ${holder.host}`}${holder.since ? ` (since ${holder.since})` : ""}`
    : `another process (${file} is unreadable)`;
  return `the PGlite database ${dir} is in use by ${who}: stop Sightline first; if no such process is running, delete ${file}`;
}
