import { EncryptJWT, type JWTPayload, jwtDecrypt } from "jose";
import { deriveKey } from "./tokens";
import { getConfig } from "../config";

/**
 * Values the browser keeps but cannot read or forge (the session, a sign-in flow): a JWE with a key
 * derived from SECRET_KEY for `purpose`, so one kind of value is never accepted as another.
 */
const keys = new Map<string, { secret: string; value: Uint8Array }>();

function keyFor(purpose: string): Uint8Array {
  const secret = getConfig().SECRET_KEY;
  const cached = keys.get(purpose);
  if (cached?.secret === secret) return cached.value;
  const value = deriveKey(purpose);
  keys.set(purpose, { secret, value });
  return value;
}

/** Sealed for `purpose`; with `ttlSeconds`, refused by `unseal` once that time has passed. */
export function seal(claims: JWTPayload, purpose: string, ttlSeconds?: number): Promise<string> {
  const jwe = new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setIssuedAt();
  if (ttlSeconds !== undefined) jwe.setExpirationTime(`${ttlSeconds}s`);
  return jwe.encrypt(keyFor(purpose));
}

/** The claims of a value sealed for `purpose`; null for anything else (another key, tampered, expired). */
export async function unseal(value: unknown, purpose: string): Promise<JWTPayload | null> {
  if (typeof value !== "string" || !value) return null;
  try {
    return (await jwtDecrypt(value, keyFor(purpose))).payload;
  } catch {
    return null;
  }
}
