import { EncryptJWT, jwtDecrypt } from "jose";
import { createCookie } from "react-router";
import { deriveKey } from "../../server/auth/tokens";
import { getConfig } from "./config.server";

/** What the browser holds between requests: encrypted, so the tokens are unreadable client-side. */
export type WebSession = {
  access_token: string;
  refresh_token: string;
  /** Unix seconds. */
  expires_at: number;
  user: { id: string; email: string; role: "user" | "admin" };
};

const COOKIE_NAME = "sl_session";

function cookie() {
  const config = getConfig();
  return createCookie(COOKIE_NAME, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.HTTPS,
    maxAge: config.REFRESH_TOKEN_TTL_SECONDS,
  });
}

let key: { secret: string; value: Uint8Array } | undefined;
function encryptionKey() {
  const secret = getConfig().SECRET_KEY;
  if (key?.secret !== secret) key = { secret, value: deriveKey("session-cookie") };
  return key.value;
}

export async function readSession(request: Request): Promise<WebSession | null> {
  const value = await cookie().parse(request.headers.get("cookie"));
  if (typeof value !== "string" || !value) return null;
  try {
    const { payload } = await jwtDecrypt(value, encryptionKey());
    const session = payload.session as WebSession | undefined;
    if (!session?.access_token || !session.refresh_token || !session.user?.id) return null;
    return session;
  } catch {
    // A cookie sealed with another key, or tampered with: treat as signed out.
    return null;
  }
}

export async function commitSession(session: WebSession): Promise<string> {
  const sealed = await new EncryptJWT({ session })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .encrypt(encryptionKey());
  return cookie().serialize(sealed);
}

export function destroySession(): Promise<string> {
  return cookie().serialize("", { maxAge: 0 });
}
