import crypto from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { getConfig } from "../config";

const ISSUER = "sightline";
const AUDIENCE = "authenticated";

/** `aal` is informative for clients (as Supabase's tokens carry it); the API reads the session's own. */
export type AccessClaims = { sub: string; sid: string; email: string; role: "user" | "admin"; aal?: "aal1" | "aal2" };

/** Separate keys per purpose, all derived from SECRET_KEY, so one leak cannot forge the other. */
export function deriveKey(purpose: string): Uint8Array {
  const secret = getConfig().SECRET_KEY;
  return new Uint8Array(crypto.hkdfSync("sha256", secret, "sightline", purpose, 32));
}

/**
 * The HMAC key, imported into WebCrypto once per secret: jose re-imports a raw key on every call,
 * which doubled the cost of checking a token.
 */
let accessKey: { secret: string; key: Promise<CryptoKey> } | undefined;
function accessTokenKey() {
  const secret = getConfig().SECRET_KEY;
  if (accessKey?.secret !== secret) {
    accessKey = {
      secret,
      key: crypto.webcrypto.subtle.importKey("raw", deriveKey("access-token"), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    };
  }
  return accessKey.key;
}

export async function signAccessToken(claims: AccessClaims, ttlSeconds: number) {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({ sid: claims.sid, email: claims.email, role: claims.role, aal: claims.aal ?? "aal1" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await accessTokenKey());
  return { token, expiresAt };
}

/**
 * Tokens already checked, with their claims, until they expire: a page's API calls and the pages
 * after it carry the same token, and checking its signature through WebCrypto was a tenth of a page's
 * in-process API work (issue 16). A token is a signed constant, so what was true of it stays true
 * until its expiry; revocation is the session's business (auth/middleware.ts). Forgotten with the
 * secret that checked it.
 */
const MAX_VERIFIED = 10_000;
let verified: { secret: string; tokens: Map<string, { claims: AccessClaims; expiresAt: number }> } | undefined;

/** Null for any token that is malformed, forged, expired or not ours. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  const secret = getConfig().SECRET_KEY;
  if (verified?.secret !== secret) verified = { secret, tokens: new Map() };
  const { tokens } = verified;
  const known = tokens.get(token);
  if (known && known.expiresAt > Date.now()) return known.claims;
  try {
    const { payload } = await jwtVerify(token, await accessTokenKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
    const claims: AccessClaims = {
      sub: payload.sub,
      sid: payload.sid,
      email: String(payload.email ?? ""),
      role: payload.role === "admin" ? "admin" : "user",
    };
    // Maps keep insertion order: the first key is the oldest token.
    if (tokens.size >= MAX_VERIFIED) tokens.delete(tokens.keys().next().value as string);
    tokens.set(token, { claims: Object.freeze(claims), expiresAt: payload.exp * 1000 });
    return claims;
  } catch {
    tokens.delete(token);
    return null;
  }
}

/** An unguessable opaque token (magic links, refresh tokens): 256 bits, URL-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Only hashes are stored, so a database leak yields no usable link or refresh token. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
