import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { getConfig } from "../config";
import type { Database, Executor } from "../db/client";
import { authSessions, idTokenUses, magicLinks, refreshTokens, type UserRow, userIdentities, users } from "../db/schema";
import { badRequest, tooManyRequests, unauthorized } from "../http/errors";
import { fieldError } from "../http/field-errors";
import { getMailer } from "../integrations/mail";
import { logger } from "../logger";
import { type MailLocale, magicLinkMail } from "./magic-link-mail";
import { type FactorRow, factorsOf, toFactor } from "./factors";
import { type OidcProviderId, oidcProviders, verifyIdToken } from "./oidc";
import { hit } from "./rate-limit";
import { hashToken, randomToken, signAccessToken } from "./tokens";
import { forgetUser } from "./session-cache";

/**
 * Refreshes with the same token inside this window are the same client racing itself (a
 * navigation and the prefetches of hovered links, each a request), not a stolen token: they get
 * sibling tokens. At most REFRESH_GRACE_USES of them; one more is treated as theft.
 */
const REFRESH_REUSE_GRACE_MS = 10_000;
const REFRESH_GRACE_USES = 3;

export const LOGOUT_SCOPES = ["global", "local", "others"] as const;
export type LogoutScope = (typeof LOGOUT_SCOPES)[number];

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

/** redirect_to must point back at this app, or a link in our mail could hand a token to anyone. */
export function allowedRedirect(redirectTo: string | undefined): string {
  const config = getConfig();
  const fallback = `${config.APP_URL}/auth/verify`;
  if (!redirectTo) return fallback;
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    throw badRequest("redirect_to must be an absolute URL", { errors: fieldError("redirect_to", "invalid_format", "Invalid URL") });
  }
  const origins = [config.APP_URL, ...config.ALLOWED_REDIRECT_ORIGINS].map((origin) => new URL(origin).origin);
  if (!origins.includes(url.origin)) {
    throw badRequest("redirect_to is not an allowed origin", { errors: fieldError("redirect_to", "origin_not_allowed", "Origin not allowed") });
  }
  // The token may only land on the page that spends it, never in another page's logs or referrers.
  if (url.pathname !== "/auth/verify") {
    throw badRequest("redirect_to must be the /auth/verify page", { errors: fieldError("redirect_to", "path_not_allowed", "Path not allowed") });
  }
  return url.toString();
}

export async function requestMagicLink(
  db: Database,
  input: { email: string; redirectTo?: string; locale: MailLocale; ip: string },
) {
  const config = getConfig();
  const email = normaliseEmail(input.email);
  const redirectTo = allowedRedirect(input.redirectTo);

  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const byIp = await hit(db, `magic-link:ip:${input.ip}`, config.RATE_LIMIT_IP, window);
  if (!byIp.allowed) {
    throw tooManyRequests("Too many sign-in requests from this network. Please wait before trying again.", byIp.retryAfterSeconds, "rate_limited_ip");
  }
  const byEmail = await hit(db, `magic-link:email:${email}`, config.RATE_LIMIT_EMAIL, window);
  if (!byEmail.allowed) {
    throw tooManyRequests("Too many sign-in links were sent to this address. Please wait before asking for another.", byEmail.retryAfterSeconds, "rate_limited_email");
  }

  const token = randomToken();
  const ttl = config.MAGIC_LINK_TTL_SECONDS;
  await db.insert(magicLinks).values({
    tokenHash: hashToken(token),
    email,
    redirectTo,
    locale: input.locale,
    expiresAt: new Date(Date.now() + ttl * 1000),
  });
  const link = new URL(redirectTo);
  link.searchParams.set("token", token);
  await getMailer().send(magicLinkMail(email, link.toString(), input.locale, Math.round(ttl / 60)));
  if (!config.SMTP_URL) logger.info("auth.magic_link", { email, link: link.toString() });
}

export type SessionContext = { userAgent?: string; ip?: string };

/**
 * What a link is for, without spending it: the web app asks before signing in, so that a link
 * opened in a browser that did not ask for it (an attacker's link sent to a victim, a mail scanner)
 * needs a click to confirm instead of silently switching accounts.
 */
export async function previewMagicLink(db: Database, token: string) {
  const [link] = await db.select().from(magicLinks).where(eq(magicLinks.tokenHash, hashToken(token)));
  const refusal = linkRefusal(link);
  if (refusal) throw refusal;
  return { email: link.email, expires_at: link.expiresAt.toISOString() };
}

/**
 * Why a link cannot sign in, or null when it can. Whoever holds the token read it in that inbox,
 * so naming the address in the refusal reveals nothing new.
 */
function linkRefusal(link: typeof magicLinks.$inferSelect | undefined) {
  if (!link) return badRequest("This sign-in link is not valid.", { code: "link_invalid" });
  if (link.usedAt) return badRequest("This sign-in link has already been used.", { code: "link_used", email: link.email });
  if (link.expiresAt <= new Date()) return badRequest("This sign-in link has expired.", { code: "link_expired", email: link.email });
  return null;
}

/** Exchanges a link's token for a session; a link works once, and only before it expires. */
export async function verifyMagicLink(db: Database, token: string, context: SessionContext) {
  const tokenHash = hashToken(token);
  const [link] = await db
    .update(magicLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(magicLinks.tokenHash, tokenHash), isNull(magicLinks.usedAt), gt(magicLinks.expiresAt, new Date())))
    .returning();
  if (!link) {
    const [known] = await db.select().from(magicLinks).where(eq(magicLinks.tokenHash, tokenHash));
    // The update refused it: unknown, spent or expired. A row that still looks usable was spent
    // by a concurrent verify between the two statements.
    throw linkRefusal(known) ?? linkRefusal({ ...known!, usedAt: new Date() });
  }
  const user = await signInUser(db, link.email, link.locale);
  return createSession(db, user, context);
}

/**
 * Signs in with an OpenID provider's ID token (issue 13). The provider's subject finds the user
 * again; the first time, a verified e-mail signs into the account that has it (one person, one
 * account, whichever way they came in), or makes one; the identity is then recorded.
 */
export async function signInWithIdToken(db: Database, input: { provider: OidcProviderId; id_token: string; nonce: string; locale: string }, context: SessionContext) {
  const provider = oidcProviders().find((candidate) => candidate.id === input.provider);
  if (!provider) throw badRequest("This sign-in method is not offered here", { code: "provider_not_enabled" });
  // Only the provider can mint a token that passes, so this bounds the cost of a flood (each try
  // verifies a signature), not guessing: five times what a network may ask for in links.
  const config = getConfig();
  const byIp = await hit(db, `id-token:ip:${context.ip}`, config.RATE_LIMIT_IP * 5, config.RATE_LIMIT_WINDOW_SECONDS);
  if (!byIp.allowed) throw tooManyRequests("Too many sign-in attempts from this network. Please wait before trying again.", byIp.retryAfterSeconds, "rate_limited_ip");
  const identity = await verifyIdToken(provider, input.id_token, input.nonce);
  const [first] = await db
    .insert(idTokenUses)
    .values({ tokenHash: hashToken(input.id_token), expiresAt: identity.expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: idTokenUses.tokenHash });
  if (!first) throw badRequest("This sign-in was already used, please sign in again", { code: "invalid_id_token" });
  const [known] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)));
  const user = known ? await touchSignIn(db, known.user) : await signInUser(db, identity.email, input.locale);
  await db
    .insert(userIdentities)
    .values({ userId: user.id, provider: identity.provider, subject: identity.subject, email: identity.email })
    .onConflictDoUpdate({ target: [userIdentities.provider, userIdentities.subject], set: { email: identity.email, lastSignInAt: new Date() } });
  // A new account takes its name from the provider; one that has a name keeps it.
  if (!user.firstName && !user.lastName && (identity.given_name || identity.family_name)) {
    const [named] = await db
      .update(users)
      .set({ firstName: identity.given_name, lastName: identity.family_name })
      .where(and(eq(users.id, user.id), isNull(users.firstName), isNull(users.lastName)))
      .returning();
    forgetUser(user.id);
    return createSession(db, named ?? user, context);
  }
  return createSession(db, user, context);
}

async function touchSignIn(db: Database, user: UserRow): Promise<UserRow> {
  const role = getConfig().ADMIN_EMAILS.includes(user.email.toLowerCase()) ? "admin" : "user";
  const [updated] = await db.update(users).set({ role, lastSignInAt: new Date() }).where(eq(users.id, user.id)).returning();
  // The role follows ADMIN_EMAILS: the user's other sessions see a change on their next request.
  forgetUser(user.id);
  return updated ?? user;
}

async function signInUser(db: Database, email: string, locale: string): Promise<UserRow> {
  // The role follows ADMIN_EMAILS at every sign-in: the environment is the one place admins are named.
  const role = getConfig().ADMIN_EMAILS.includes(email) ? "admin" : "user";
  const now = new Date();
  await db
    .insert(users)
    .values({ email, role, locale, lastSignInAt: now })
    .onConflictDoNothing();
  const [user] = await db
    .update(users)
    .set({ role, lastSignInAt: now })
    .where(eq(sql`lower(${users.email})`, email))
    .returning();
  if (user) forgetUser(user.id);
  return user;
}

async function createSession(db: Database, user: UserRow, context: SessionContext) {
  const config = getConfig();
  const [session] = await db
    .insert(authSessions)
    .values({
      userId: user.id,
      userAgent: context.userAgent?.slice(0, 500),
      ip: context.ip,
      expiresAt: new Date(Date.now() + config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning();
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashToken(refreshToken) });
  return issueSession(db, user, session.id, refreshToken);
}

export async function issueSession(db: Executor, user: UserRow, sessionId: string, refreshToken: string) {
  const ttl = getConfig().ACCESS_TOKEN_TTL_SECONDS;
  const [identities, factors, [session]] = await Promise.all([
    identitiesOf(db, user.id),
    factorsOf(db, user.id),
    db.select({ aal: authSessions.aal }).from(authSessions).where(eq(authSessions.id, sessionId)),
  ]);
  const aal = session?.aal ?? "aal1";
  const { token, expiresAt } = await signAccessToken({ sub: user.id, sid: sessionId, email: user.email, role: user.role, aal }, ttl);
  return {
    access_token: token,
    refresh_token: refreshToken,
    expires_in: ttl,
    expires_at: expiresAt,
    token_type: "bearer" as const,
    /** Seed §3: aal1 after one factor; aal2 after a code. With a verified factor, aal1 can do nothing but give the code. */
    aal,
    user: toAuthUser(user, identities, factors),
  };
}

export type IdentityRow = typeof userIdentities.$inferSelect;

/** The user's provider accounts, oldest first. */
export function identitiesOf(db: Executor, userId: string): Promise<IdentityRow[]> {
  return db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.createdAt);
}

/** An identity as the Session's `user.identities` and GET /user/profile show it (seed §3). */
export function toIdentity(identity: IdentityRow) {
  return {
    id: identity.id,
    provider: identity.provider,
    identity_data: { sub: identity.subject, email: identity.email },
    created_at: identity.createdAt.toISOString(),
    last_sign_in_at: identity.lastSignInAt.toISOString(),
  };
}

export function toAuthUser(user: UserRow, identities: IdentityRow[] = [], factors: FactorRow[] = []) {
  const providers = ["email", ...new Set(identities.map((identity) => identity.provider))];
  return {
    id: user.id,
    email: user.email,
    aud: "authenticated",
    role: user.role,
    created_at: user.createdAt.toISOString(),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    app_metadata: { provider: "email", providers, role: user.role },
    user_metadata: { first_name: user.firstName, last_name: user.lastName },
    identities: identities.map(toIdentity),
    factors: factors.map(toFactor),
  };
}

/**
 * Rotates a refresh token. Presenting a token that was already rotated (after the grace window)
 * means it was copied: the whole session is revoked, for the thief and the owner alike.
 */
export async function refreshSession(db: Database, refreshToken: string) {
  const tokenHash = hashToken(refreshToken);
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions, user: users })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row) throw unauthorized("Invalid refresh token", "refresh_token_not_found");
  if (row.session.revokedAt) throw unauthorized("Session has been revoked", "session_not_found");
  if (row.session.expiresAt <= new Date()) throw unauthorized("Session has expired", "session_expired");

  if (!row.token.rotatedAt) {
    const rotated = await db
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    // Lost a race with a concurrent refresh of the same token: one of its grace uses.
    if (rotated.length === 0) await spendGrace(db, row.token.id, row.session.id, row.user.id);
  } else {
    if (Date.now() - row.token.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await rejectReuse(db, row.session.id, row.user.id);
    }
    await spendGrace(db, row.token.id, row.session.id, row.user.id);
  }
  const next = randomToken();
  await db.insert(refreshTokens).values({ sessionId: row.session.id, tokenHash: hashToken(next) });
  return issueSession(db, row.user, row.session.id, next);
}

/** A rotated token may be presented a few more times inside the grace window, then never. */
async function spendGrace(db: Database, tokenId: string, sessionId: string, userId: string) {
  const granted = await db
    .update(refreshTokens)
    .set({ graceUses: sql`${refreshTokens.graceUses} + 1` })
    .where(and(eq(refreshTokens.id, tokenId), lt(refreshTokens.graceUses, REFRESH_GRACE_USES)))
    .returning({ id: refreshTokens.id });
  if (granted.length === 0) await rejectReuse(db, sessionId, userId);
}

async function rejectReuse(db: Database, sessionId: string, userId: string): Promise<never> {
  await revokeSessions(db, userId, eq(authSessions.id, sessionId), "refresh_token_reuse");
  logger.warn("auth.refresh_token_reuse", { sessionId, userId });
  throw unauthorized("Refresh token already used", "refresh_token_already_used");
}

async function revokeSessions(db: Database, userId: string, where: ReturnType<typeof eq>, reason: string) {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(where, isNull(authSessions.revokedAt)));
  forgetUser(userId);
}

export async function logout(db: Database, user: { id: string; sessionId: string }, scope: LogoutScope) {
  const mine = eq(authSessions.userId, user.id);
  if (scope === "local") await revokeSessions(db, user.id, and(mine, eq(authSessions.id, user.sessionId))!, "logout");
  if (scope === "global") await revokeSessions(db, user.id, mine, "logout_global");
  if (scope === "others") await revokeSessions(db, user.id, and(mine, ne(authSessions.id, user.sessionId))!, "logout_others");
}
