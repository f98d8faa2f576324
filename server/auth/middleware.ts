import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { authFactors, authSessions, users } from "../db/schema";
import type { ApiEnv, AuthUser } from "../http/env";
import { ApiError, unauthorized } from "../http/errors";
import { getDb } from "../runtime";
import { cachedSession, rememberSession, sessionCacheEpoch } from "./session-cache";
import { verifyAccessToken } from "./tokens";

/**
 * Bearer access token → the signed-in user. One query checks that the session is still open and
 * reads the user; its answer is kept a few seconds (session-cache.ts), and forgotten at once when
 * this process signs the user out or changes the user, its sessions or its factors.
 * An account with a verified second factor whose session has not given a code yet (aal1) is refused
 * with 403 `mfa_required`, except on the routes that exist to give it (requireSignIn).
 */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const user = await signedInUser(c);
  if (!passedSecondFactor(user)) {
    throw new ApiError(403, "Enter the code from your authenticator app to continue", { code: "mfa_required" });
  }
  c.set("user", user);
  await next();
});

/** requireAuth without the second-factor gate: for giving the code, reading the factors, signing out. */
export const requireSignIn = createMiddleware<ApiEnv>(async (c, next) => {
  c.set("user", await signedInUser(c));
  await next();
});

/** requireAuth's gate: no verified second factor, or a session that has given its code. */
export function passedSecondFactor(user: AuthUser): boolean {
  return !user.hasVerifiedFactor || user.aal === "aal2";
}

async function signedInUser(c: Parameters<Parameters<typeof createMiddleware<ApiEnv>>[0]>[0]): Promise<AuthUser> {
  const header = c.req.header("authorization") ?? "";
  const [scheme, token] = header.split(" ");
  if (scheme?.toLowerCase() !== "bearer" || !token) throw unauthorized();
  return userOfToken(token, c.env?.authMemo);
}

/**
 * The user an access token is for, checked as every guard checks it (signature, expiry, the session
 * still open); `memo` holds the check for the other calls of the same web request. Throws 401.
 */
export function userOfToken(token: string, memo: Map<string, Promise<AuthUser>> | undefined): Promise<AuthUser> {
  let user = memo?.get(token);
  if (!user) {
    user = authenticate(token);
    memo?.set(token, user);
    // A failed check is not worth remembering: the caller refreshes and tries another token.
    user.catch(() => memo?.delete(token));
  }
  return user;
}

/** After requireAuth: the admin role (given at sign-in by ADMIN_EMAILS, read from the user's row on every request). */
export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.get("user")?.role !== "admin") throw new ApiError(403, "Only administrators can do this", { code: "forbidden" });
  await next();
});

async function authenticate(token: string): Promise<AuthUser> {
  const claims = await verifyAccessToken(token);
  if (!claims) throw unauthorized("Invalid or expired access token", "bad_jwt");
  const cached = cachedSession(claims.sid, claims.sub);
  if (cached) return cached;
  const readAt = sessionCacheEpoch();
  const db = await getDb();
  const [row] = await db
    .select({
      user: users,
      aal: authSessions.aal,
      hasVerifiedFactor: sql<boolean>`exists (select 1 from ${authFactors} where ${authFactors.userId} = ${users.id} and ${authFactors.status} = 'verified')`,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, claims.sid), eq(users.id, claims.sub), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())));
  if (!row) throw unauthorized("Session not found", "session_not_found");
  const { user } = row;
  const signedIn: AuthUser = { id: user.id, email: user.email, role: user.role, sessionId: claims.sid, aal: row.aal, hasVerifiedFactor: Boolean(row.hasVerifiedFactor), record: user };
  rememberSession(signedIn, readAt);
  return signedIn;
}
