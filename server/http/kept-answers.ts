import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { type Config, getConfig } from "../config";
import { EVERYONE } from "../db/user-changes";
import type { ApiEnv } from "./env";
import { withBody } from "./known-body";

/**
 * The answers of read routes, kept per user between requests (issue 16): the frame of every page,
 * the dashboard, the analyses' overview, the leaderboard and the academy read the same rows on every
 * visit, and on PGlite each of those statements costs more than the rest of the page's server work.
 *
 * A route opts in (`kept: true` on authedRoute/authedRead, server/auth/guarded-route.ts) when its
 * answer (200, or 404 for what the user has not made yet) depends only on the user's own rows, what every user reads (plans, the academy, the
 * catalogue), its URL and the time. A public route may opt in too (`kept: true` on publicRoute)
 * when its answer is the same for everyone (the application's settings): it is kept once, under
 * EVERYONE, and forgotten with what everyone reads. Then:
 * - Changes: every such row announces its user when a change commits, or "*" for what everyone
 *   reads (migration 0020; from any process, job or psql session). server/db/user-changes.ts hears
 *   it and `forgetUser` drops what was kept of that user. This process's own writes are heard
 *   before their answer goes out (server/api/index.ts), so a page after a form never predates it.
 * - Time: an answer lives READ_CACHE_MS at most, and a route whose answer turns with the clock at a
 *   known moment (a period's end, a limit's window) says when: `c.set("keptUntil", epochMs)`.
 * - Without a listener (a CLI, a unit test, the listener's connection lost) nothing is kept.
 */

/** What the rows say: found, or not there (yet); anything else is answered afresh each time. */
const KEPT_STATUSES = new Set([200, 404] as const);
type KeptStatus = typeof KEPT_STATUSES extends Set<infer S> ? S : never;

/** Bound the memory: past either, the users seen least recently are dropped first. */
const MAX_CHARS = 32 * 1024 * 1024;
const MAX_USERS = 20_000;

/** What the API's middleware writes on every answer for that request alone: never replayed. */
const OF_THE_REQUEST = new Set(["x-request-id"]);

type Kept = { status: KeptStatus; body: string; headers: Record<string, string>; until: number };
/** `generation` counts the forgets: a read that began before one must not keep what it read. */
type UserAnswers = { generation: number; kept: Map<string, Kept>; chars: number };

let users = new Map<string, UserAnswers>();
let chars = 0;
let listening = false;

/** Keeps a route's answers under whose they are: a user's id, or EVERYONE's for a public route. */
function keptAnswers(ownerOf: (c: Context<ApiEnv>) => string) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    c.set("readOnly", true);
    if (!keeping()) return next();
    const ttl = getConfig().READ_CACHE_MS;
    const userId = ownerOf(c);
    const key = keyOf(c.req.method, new URL(c.req.url), c.req.header("accept-language"));
    const now = Date.now();
    const kept = freshAnswer(userId, key, now);
    if (kept) return withBody(c.body(kept.body, kept.status, kept.headers), kept.body);
    let answers = users.get(userId);
    if (!answers) {
      answers = { generation: 0, kept: new Map(), chars: 0 };
      users.set(userId, answers);
      trim();
    }
    const generation = answers.generation;
    await next();
    const status = c.res.status as KeptStatus;
    if (!KEPT_STATUSES.has(status)) return;
    const body = await c.res.clone().text();
    withBody(c.res, body);
    // A change heard meanwhile, or the user dropped (memory, the listener lost): what was read may
    // predate the change, so it is answered but not kept.
    if (answers.generation !== generation || users.get(userId) !== answers) return;
    const until = Math.min(now + ttl, c.get("keptUntil") ?? Number.POSITIVE_INFINITY);
    if (until <= Date.now()) return;
    const headers: Record<string, string> = {};
    c.res.headers.forEach((value, name) => {
      if (!OF_THE_REQUEST.has(name)) headers[name] = value;
    });
    const before = answers.kept.get(key);
    answers.kept.set(key, { status, body, headers, until });
    grow(answers, body.length - (before?.body.length ?? 0));
  });
}

/** A signed-in route's answers, kept per user (after requireAuth, which sets the user). */
export const keptAnswer = keptAnswers((c) => c.get("user").id);
/** A public route's answer, the same for everyone: kept once for all, whoever asks. */
export const keptForEveryone = keptAnswers(() => EVERYONE);

/** An answer is found again by its method, its URL as the API sees it, and the language asked for. */
function keyOf(method: string, url: URL, acceptLanguage: string | undefined): string {
  return `${method} ${url.pathname}${url.search} ${acceptLanguage ?? ""}`;
}

/** What is kept of the user under `key` and still fresh; the user then counts as seen now. */
function freshAnswer(userId: string, key: string, now: number): Kept | undefined {
  const answers = users.get(userId);
  const kept = answers?.kept.get(key);
  if (!answers || !kept || kept.until <= now) return undefined;
  // Maps keep insertion order: moved to the end, the user is the last to be dropped.
  users.delete(userId);
  users.set(userId, answers);
  return kept;
}

/**
 * Whether answers are kept at all: changes are heard, and the operator has not turned it off.
 * Answers depend on the settings too (the limits, the providers, the public settings themselves):
 * settings read anew (a test's, server/config.ts `resetConfig`) drop everything kept under the old.
 */
export function keeping(): boolean {
  const config = getConfig();
  if (config !== keptUnder) {
    keptUnder = config;
    forgetEveryone();
  }
  return listening && config.READ_CACHE_MS > 0;
}
let keptUnder: Config | undefined;

/** A kept answer as a caller in this process takes it: the status, the text and the headers it went out with. */
export type KeptAnswer = Pick<Kept, "status" | "body" | "headers">;

/**
 * What is kept for `userId` of `method` `url` (path and query, as the API is asked), for the web
 * app's in-process client (server/api/in-process.ts), which has already made the checks the route's
 * guard makes: the user's own answer, or a public route's, kept for everyone (the only kind a call
 * without a user, `undefined`, finds). Nothing when nothing is kept, or nothing may be (no
 * listener). Only routes whose answers are kept ever keep one, and a user's and a public route's
 * never share a path, so any other method and URL finds nothing.
 */
export function keptFor(userId: string | undefined, method: string, url: string): KeptAnswer | undefined {
  if (!keeping()) return undefined;
  // As Hono makes the URL of an in-process request (`app.request`), with no language asked for.
  const key = keyOf(method, new URL(`http://localhost${url}`), undefined);
  const now = Date.now();
  return (userId === undefined ? undefined : freshAnswer(userId, key, now)) ?? freshAnswer(EVERYONE, key, now);
}

function grow(answers: UserAnswers, by: number) {
  answers.chars += by;
  chars += by;
  trim();
}

function trim() {
  for (const [userId, oldest] of users) {
    if (chars <= MAX_CHARS && users.size <= MAX_USERS) break;
    users.delete(userId);
    chars -= oldest.chars;
  }
}

/** After a change to one of the user's rows (announced by the database). */
export function forgetUser(userId: string) {
  const answers = users.get(userId);
  if (!answers) return;
  answers.generation += 1;
  chars -= answers.chars;
  answers.chars = 0;
  answers.kept.clear();
}

/** After a change to what every user reads. */
export function forgetEveryone() {
  users = new Map();
  chars = 0;
}

/** Whether changes are being heard; either way everything kept so far is dropped. */
export function setListening(value: boolean) {
  listening = value;
  forgetEveryone();
}

/** For the tests and the operator's figures: how much is kept. */
export function keptSize() {
  return { users: users.size, chars };
}
