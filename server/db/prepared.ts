import type { Executor } from "./client";

const names = new Set<string>();

/**
 * A read that (nearly) every page makes, built once per database and then run with placeholders
 * (drizzle's prepared queries, `sql.placeholder`): drizzle keeps its SQL text instead of building it
 * again (0.1–0.2 ms of CPU a statement on PGlite, docs/operations.md), and on PostgreSQL
 * node-postgres prepares it once per connection under `name`, so the server parses and plans it
 * once. A transaction is another executor and gets its own. Names are unique across the app.
 *
 *   const byUser = prepared("user_by_id", (db, name) => db.select().from(users).where(eq(users.id, sql.placeholder("userId"))).prepare(name));
 *   const [row] = await byUser(db).execute({ userId });
 */
export function prepared<Query>(name: string, build: (db: Executor, name: string) => Query): (db: Executor) => Query {
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}`);
  names.add(name);
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db, name);
      built.set(db, query);
    }
    return query;
  };
}
