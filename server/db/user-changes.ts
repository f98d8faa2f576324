import { randomUUID } from "node:crypto";
import pg from "pg";
import { logger } from "../logger";
import type { DatabaseHandle } from "./client";

/** Where migration 0020's triggers announce a changed user's id, or EVERYONE. */
export const USER_CHANGED_CHANNEL = "sightline_user_changed";
/** The announcement of a change to what every user reads (plans, the academy, the catalogue). */
export const EVERYONE = "*";

export type UserChangeHandlers = {
  /** A change to one of the user's rows committed, or to what everyone reads (EVERYONE). */
  changed(userId: string): void;
  /** Whether every change is being heard from now on; false when it may not be (connection lost). */
  listening(value: boolean): void;
};

export type UserChangeWatch = {
  /** Resolves once every change committed before the call has been handed to `changed` (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;
/** How long a listener waits for its own test announcement before it counts as deaf. */
const PROBE_TIMEOUT_MS = 5_000;
/** A test announcement's payload begins so: no user id does. */
const PROBE = "probe:";

/**
 * Hears the database's announcements of changed users (migration 0020), so a process can keep
 * what it read of a user until it changes (users/read-cache.ts, auth/session-cache.ts).
 *
 * PGlite hands a notification over before the statement that caused it resolves, in this process.
 * PostgreSQL sends it to a connection of its own, which LISTENs: when that connection is lost,
 * `listening(false)` until it is back (retrying with a growing delay), since changes made meanwhile
 * are not heard. A listener counts as listening only once an announcement it made itself, on
 * another connection, has reached it: behind a pooler that hands one server connection to many
 * clients (PgBouncer in transaction mode) announcements go astray, and nothing is kept.
 */
export async function watchUserChanges(handle: DatabaseHandle, handlers: UserChangeHandlers): Promise<UserChangeWatch> {
  if (handle.driver === "pglite") {
    const unlisten = await handle.pglite.listen(USER_CHANGED_CHANNEL, (userId) => handlers.changed(userId));
    handlers.listening(true);
    return {
      settled: async () => {},
      close: async () => {
        handlers.listening(false);
        await unlisten();
      },
    };
  }
  return listenOnServer(handle.url, handlers);
}

async function listenOnServer(url: string, handlers: UserChangeHandlers): Promise<UserChangeWatch> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryDelay = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const lost = (lostClient: pg.Client, reason: string) => {
    if (client !== lostClient) return;
    client = null;
    handlers.listening(false);
    lostClient.end().catch(() => {});
    if (!closed) logger.warn("db.user_changes_lost", { reason });
    schedule();
  };

  const schedule = () => {
    if (closed) return;
    retry = setTimeout(() => void connect(), retryDelay);
    retry.unref();
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  };

  const connect = async () => {
    const candidate = new pg.Client({ connectionString: url, application_name: "sightline-user-changes" });
    const probe = `${PROBE}${randomUUID()}`;
    let heardProbe!: () => void;
    const probeHeard = new Promise<void>((resolve) => {
      heardProbe = resolve;
    });
    candidate.on("notification", (message) => {
      if (message.channel !== USER_CHANGED_CHANNEL || !message.payload) return;
      if (message.payload === probe) heardProbe();
      else if (!message.payload.startsWith(PROBE)) handlers.changed(message.payload);
    });
    candidate.on("error", (error) => lost(candidate, error.message));
    candidate.on("end", () => lost(candidate, "connection ended"));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${USER_CHANGED_CHANNEL}`);
      await announce(url, probe);
      let timer: NodeJS.Timeout | undefined;
      const deaf = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no announcement arrived within ${PROBE_TIMEOUT_MS} ms (a connection pooler in transaction mode?)`)), PROBE_TIMEOUT_MS);
      });
      await Promise.race([probeHeard, deaf]).finally(() => clearTimeout(timer));
    } catch (error) {
      candidate.removeAllListeners("end");
      candidate.end().catch(() => {});
      logger.warn("db.user_changes_unavailable", { error: error instanceof Error ? error.message : String(error) });
      schedule();
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    client = candidate;
    retryDelay = RETRY_FIRST_MS;
    handlers.listening(true);
  };

  // A listening backend sends the notifications queued before a statement ahead of its answer, so
  // one round trip sent after a caller asked covers it. Callers that ask while one is out share the
  // next, which leaves when it is back (a pg.Client runs one query at a time). A connection lost
  // meanwhile has already set `listening(false)`: nothing is kept to forget.
  let inFlight: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  const settled = () => {
    next ??= inFlight.then(() => {
      next = undefined;
      inFlight = client ? client.query("SELECT 1").then(() => {}, () => {}) : Promise.resolve();
      return inFlight;
    });
    return next;
  };

  await connect();
  return {
    settled,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      handlers.listening(false);
      await current?.end().catch(() => {});
    },
  };
}

/** Sends one announcement from a connection of its own. */
async function announce(url: string, payload: string) {
  const client = new pg.Client({ connectionString: url, application_name: "sightline-user-changes-probe" });
  await client.connect();
  try {
    await client.query("SELECT pg_notify($1, $2)", [USER_CHANGED_CHANNEL, payload]);
  } finally {
    await client.end();
  }
}
