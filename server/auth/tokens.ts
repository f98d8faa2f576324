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

/** Null for any token that is malformed, forged, expired or not ours. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await accessTokenKey(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return {
      sub: payload.sub,
      sid: payload.sid,
      email: String(payload.email ?? ""),
      role: payload.role === "admin" ? "admin" : "user",
    };
  } catch {
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
