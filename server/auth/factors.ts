import crypto from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { getConfig } from "../config";
import type { Database, Executor } from "../db/client";
import { authFactors, authSessions, recoveryCodes, refreshTokens, type UserRow } from "../db/schema";
import { ApiError, badRequest, notFound } from "../http/errors";
import { seal, unseal } from "./sealed";
import { hashToken, randomToken } from "./tokens";
import { forgetUser } from "./session-cache";

/**
 * The optional second factor (issue 13): TOTP (RFC 6238: SHA-1, six digits, 30 seconds, as every
 * authenticator app reads an `otpauth://` URI), ten single-use recovery codes, and the session's
 * assurance level: `aal1` after a link or a provider, `aal2` after a code. An account with a
 * verified factor is asked for a code before anything else (server/auth/middleware.ts).
 * Decision 023 says why there is no password.
 */

const SECRET_PURPOSE = "totp-secret";
const PERIOD = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;
const MAX_FAILURES = 5;
const LOCK_MS = 5 * 60_000;
const RECOVERY_CODES = 10;

export type FactorRow = typeof authFactors.$inferSelect;
export type Aal = "aal1" | "aal2";

/** A factor as the Session's `user.factors` shows it (seed §3). */
export function toFactor(factor: FactorRow) {
  return {
    id: factor.id,
    factor_type: factor.factorType,
    friendly_name: factor.friendlyName,
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
  };
}

export function factorsOf(db: Executor, userId: string): Promise<FactorRow[]> {
  return db.select().from(authFactors).where(eq(authFactors.userId, userId)).orderBy(authFactors.createdAt);
}

/** Where the session stands and where it could go: `next_level` is aal2 when the account has a verified factor. */
export async function assurance(db: Executor, userId: string, sessionId: string) {
  const [session] = await db.select({ aal: authSessions.aal }).from(authSessions).where(eq(authSessions.id, sessionId));
  const factors = await factorsOf(db, userId);
  const verified = factors.some((factor) => factor.status === "verified");
  return {
    current_level: (session?.aal ?? "aal1") as Aal,
    next_level: (verified ? "aal2" : (session?.aal ?? "aal1")) as Aal,
    factors: factors.map(toFactor),
    recovery_codes_left: verified ? await recoveryCodesLeft(db, userId) : 0,
  };
}

async function recoveryCodesLeft(db: Executor, userId: string) {
  const [row] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

function totpFor(user: Pick<UserRow, "email">, secret: string) {
  return new OTPAuth.TOTP({ issuer: getConfig().APP_NAME, label: user.email, algorithm: "SHA1", digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

/**
 * Starts turning TOTP on: a new secret, as an `otpauth://` URI and its QR code (SVG), for the app
 * to scan. An unverified factor left from an earlier try is replaced; a verified one must be
 * turned off first (one authenticator per account).
 */
export async function enrollTotp(db: Database, user: UserRow, friendlyName: string | undefined) {
  const existing = await factorsOf(db, user.id);
  if (existing.some((factor) => factor.status === "verified")) {
    throw new ApiError(409, "Two-step verification is already on: turn it off first to use another app", { code: "factor_exists" });
  }
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const uri = totpFor(user, secret).toString();
  const [factor] = await db.transaction(async (tx) => {
    await tx.delete(authFactors).where(eq(authFactors.userId, user.id));
    return tx
      .insert(authFactors)
      .values({ userId: user.id, friendlyName: friendlyName ?? null, secretSealed: await seal({ secret }, SECRET_PURPOSE) })
      .returning();
  });
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return {
    id: factor.id,
    type: "totp" as const,
    friendly_name: factor.friendlyName,
    totp: { qr_code: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`, secret, uri },
  };
}

/**
 * Checks a code against the factor: a code of a step at or before the last one accepted is refused
 * (no replay), and five failures lock the factor for five minutes. True when accepted.
 */
async function checkCode(db: Executor, factor: FactorRow, user: UserRow, code: string): Promise<boolean> {
  if (factor.lockedUntil && factor.lockedUntil > new Date()) {
    const seconds = Math.ceil((factor.lockedUntil.getTime() - Date.now()) / 1000);
    throw new ApiError(429, "Too many wrong codes: wait a few minutes", { code: "mfa_locked", headers: { "retry-after": String(seconds) } });
  }
  const claims = await unseal(factor.secretSealed, SECRET_PURPOSE);
  if (typeof claims?.secret !== "string") throw new ApiError(409, "This authenticator can no longer be read; use a recovery code", { code: "factor_unreadable" });
  const delta = totpFor(user, claims.secret).validate({ token: code, window: WINDOW });
  const step = OTPAuth.TOTP.counter({ period: PERIOD }) + (delta ?? 0);
  if (delta !== null && (factor.lastStep === null || step > factor.lastStep)) {
    // The condition repeats the check in the database: two requests with the same code, one wins.
    const accepted = await db
      .update(authFactors)
      .set({ lastStep: step, failedAttempts: 0, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(authFactors.id, factor.id), sql`coalesce(${authFactors.lastStep}, -1) < ${step}`))
      .returning({ id: authFactors.id });
    if (accepted.length) return true;
  }
  const failures = factor.failedAttempts + 1;
  await db
    .update(authFactors)
    .set({ failedAttempts: failures >= MAX_FAILURES ? 0 : failures, lockedUntil: failures >= MAX_FAILURES ? new Date(Date.now() + LOCK_MS) : null })
    .where(eq(authFactors.id, factor.id));
  return false;
}

async function factorOf(db: Executor, userId: string, factorId: string): Promise<FactorRow> {
  const [factor] = await db
    .select()
    .from(authFactors)
    .where(and(eq(authFactors.id, factorId), eq(authFactors.userId, userId)));
  if (!factor) throw notFound("No such factor of this user");
  return factor;
}

const wrongCode = () => badRequest("This code is not valid. Check your app's current code.", { code: "invalid_code", errors: { code: [{ code: "invalid_code", message: "Not the current code" }] } });

/**
 * A code from the app: the first one verifies the factor (and gives the recovery codes, shown
 * once); any later one is the sign-in's second step. Either way this session reaches aal2.
 */
export async function verifyFactor(db: Database, user: UserRow, sessionId: string, factorId: string, code: string) {
  const factor = await factorOf(db, user.id, factorId);
  if (!(await checkCode(db, factor, user, code))) throw wrongCode();
  let codes: string[] | null = null;
  if (factor.status === "unverified") {
    codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await db.transaction(async (tx) => {
      await tx.update(authFactors).set({ status: "verified", updatedAt: new Date() }).where(eq(authFactors.id, factor.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await tx.insert(recoveryCodes).values((codes as string[]).map((value) => ({ userId: user.id, codeHash: hashRecovery(value) })));
      // Every other session of the account now needs the code too.
      await tx.update(authSessions).set({ aal: "aal1" }).where(and(eq(authSessions.userId, user.id), ne(authSessions.id, sessionId)));
    });
  }
  const refreshToken = await raiseTo(db, sessionId, "aal2");
  forgetUser(user.id);
  return { refreshToken, recovery_codes: codes };
}

/** A recovery code instead of the app's: spent once, and this session reaches aal2. */
export async function useRecoveryCode(db: Database, user: UserRow, sessionId: string, code: string) {
  if (!(await spendRecovery(db, user.id, code))) throw badRequest("This recovery code is not valid or was already used", { code: "invalid_recovery_code", errors: { code: [{ code: "invalid_recovery_code", message: "Not a recovery code of this account" }] } });
  const refreshToken = await raiseTo(db, sessionId, "aal2");
  forgetUser(user.id);
  return { refreshToken, recovery_codes_left: await recoveryCodesLeft(db, user.id) };
}

/** Turning TOTP off asks for a fresh code from the app (or a recovery code), not only a session. */
export async function unenroll(db: Database, user: UserRow, sessionId: string, factorId: string, code: string) {
  const factor = await factorOf(db, user.id, factorId);
  const fresh = factor.status === "verified" ? (await checkCode(db, factor, user, code)) || (await spendRecovery(db, user.id, code)) : true;
  if (!fresh) throw wrongCode();
  await db.transaction(async (tx) => {
    await tx.delete(authFactors).where(eq(authFactors.id, factor.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
  const refreshToken = await raiseTo(db, sessionId, "aal1");
  forgetUser(user.id);
  return { refreshToken };
}

async function spendRecovery(db: Executor, userId: string, code: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecovery(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

/**
 * Sets the session's level and gives it a new refresh token (the ones before it rotated, usable only
 * within the reuse grace, like a refresh): the caller issues the new tokens that say so.
 */
async function raiseTo(db: Database, sessionId: string, aal: Aal): Promise<string> {
  const next = randomToken();
  await db.transaction(async (tx) => {
    await tx.update(authSessions).set({ aal }).where(eq(authSessions.id, sessionId));
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.rotatedAt)));
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(next) });
  });
  return next;
}

/** Ten characters without look-alikes (no i, l, o, u, 0, 1), in two groups: easy to copy from paper. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstvwxyz23456789";
  const chars = Array.from({ length: 10 }, () => alphabet[crypto.randomInt(alphabet.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Spaces, dashes and case do not matter when a code is typed back. */
function hashRecovery(code: string): string {
  return hashToken(code.toLowerCase().replace(/[^a-z0-9]/g, ""));
}
