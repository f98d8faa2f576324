import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { verifyAccessToken } from "../auth/tokens";
import { getConfig } from "../config";
import { authSessions, users } from "../db/schema";
import { getDb } from "../runtime";
import type { ApiEnv, AuthUser } from "./env";
import { ApiError, unauthorized } from "./errors";

/** Node itself refuses headers over 64 KiB (server.js); past this we answer 431 with a readable body. */
export const MAX_HEADER_BYTES = 16 * 1024;

export const HEADERS_TOO_LARGE = "Request headers too large. Please clear your browser cookies and try again.";

export const headerLimit: MiddlewareHandler<ApiEnv> = async (c, next) => {
  let size = 0;
  c.req.raw.headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  if (size > MAX_HEADER_BYTES) return c.json({ message: HEADERS_TOO_LARGE }, 431);
  await next();
};

/** The end user's address: given by the in-process caller, else the socket (or the proxy, if trusted). */
export function clientIp(c: Context<ApiEnv>): string {
  if (c.env?.clientIp) return c.env.clientIp;
  const hops = getConfig().TRUST_PROXY;
  if (hops > 0) {
    const chain = (c.req.header("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
    const forwarded = chain[chain.length - hops];
    if (forwarded && isIP(forwarded)) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * Bearer access token → the signed-in user. One query checks that the session is still open and
 * reads the user, so signing out takes effect at once and a role change is seen on the next request.
 */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const [scheme, token] = header.split(" ");
  if (scheme?.toLowerCase() !== "bearer" || !token) throw unauthorized();
  const memo = c.env?.authMemo;
  let user = memo?.get(token);
  if (!user) {
    user = authenticate(token);
    memo?.set(token, user);
    // A failed check is not worth remembering: the caller refreshes and tries another token.
    user.catch(() => memo?.delete(token));
  }
  c.set("user", await user);
  await next();
});

/** After requireAuth: the admin role (given at sign-in by ADMIN_EMAILS, read from the user's row on every request). */
export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.get("user")?.role !== "admin") throw new ApiError(403, "Only administrators can do this", { code: "forbidden" });
  await next();
});

async function authenticate(token: string): Promise<AuthUser> {
  const claims = await verifyAccessToken(token);
  if (!claims) throw unauthorized("Invalid or expired access token", "bad_jwt");
  const db = await getDb();
  const [row] = await db
    .select({ user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, claims.sid), eq(users.id, claims.sub), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())));
  if (!row) throw unauthorized("Session not found", "session_not_found");
  const { user } = row;
  return { id: user.id, email: user.email, role: user.role, sessionId: claims.sid, record: user };
}
