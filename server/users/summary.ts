import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { prepared } from "../db/prepared";
import { cartItems, subscriptions, userIdentities, users } from "../db/schema";
import type { IdentityRow } from "../auth/service";
import { currentSubscription, renewalOverdue } from "../billing/reads";
import { toSubscription } from "../billing/shapes";
import { notFound } from "../http/errors";
import { toProfile } from "./service";

/*
 * The signed-in user's own rows in one statement each (issue 16): on PGlite every statement costs
 * the one connection's CPU, and every page of the web app shows the profile, the plan and the cart.
 */

/**
 * The outer row's user id, qualified by hand: drizzle leaves columns unqualified in a select from
 * one table, where `id` inside a subquery would be the subquery's own table's.
 */
const outerUserId = sql`${sql.identifier("users")}.${sql.identifier("id")}`;

/** The user's identities as one JSON array, oldest first: a subquery of the statement that reads the user. */
const identitiesJson = sql<IdentityJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ${userIdentities.id}, 'provider', ${userIdentities.provider}, 'subject', ${userIdentities.subject},
    'email', ${userIdentities.email}, 'created_at', ${userIdentities.createdAt}, 'last_sign_in_at', ${userIdentities.lastSignInAt}
  ) order by ${userIdentities.createdAt}), '[]'::json)
  from ${userIdentities} where ${userIdentities.userId} = ${outerUserId}
)`;

type IdentityJson = { id: string; provider: IdentityRow["provider"]; subject: string; email: string; created_at: string; last_sign_in_at: string };

function identityRows(userId: string, rows: IdentityJson[]): IdentityRow[] {
  return rows.map((row) => ({
    id: row.id,
    userId,
    provider: row.provider,
    subject: row.subject,
    email: row.email,
    createdAt: new Date(row.created_at),
    lastSignInAt: new Date(row.last_sign_in_at),
  }));
}

/** GET /user/profile: the user's row and identities, read afresh (never the session check's copy). */
export async function readProfile(db: Database, userId: string) {
  const [row] = await db.select({ user: users, identities: identitiesJson }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  return toProfile(row.user, identityRows(userId, row.identities));
}

const summaryOf = prepared("user_summary", (db, name) =>
  db
    .select({
      user: users,
      identities: identitiesJson,
      subscription: subscriptions,
      cartItems: sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.userId} = ${outerUserId})`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(name),
);

/**
 * GET /user/summary: what an app's frame shows on every screen (the profile, the subscription, how
 * many lines the cart holds), each as its own endpoint answers it, in one statement. A local
 * renewal that fell due goes through /subscription/current's path, which applies it first.
 */
export async function readSummary(db: Database, userId: string, now = new Date()) {
  const [row] = await summaryOf(db).execute({ userId });
  if (!row) throw notFound("User not found");
  const overdue = row.subscription && renewalOverdue(row.subscription, now);
  const subscription = overdue ? await currentSubscription(db, userId, now) : row.subscription && toSubscription(row.subscription);
  return {
    profile: toProfile(row.user, identityRows(userId, row.identities)),
    subscription,
    cart: { total_items: row.cartItems },
  };
}
