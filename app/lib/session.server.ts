import { createCookie } from "./cookies.server";
import { getConfig } from "./config.server";
import { seal, unseal } from "../../server/auth/sealed";

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

/** The session's purpose among sealed values (its key derivation label, kept from before). */
const PURPOSE = "session-cookie";

export async function readSession(request: Request): Promise<WebSession | null> {
  // A cookie sealed with another key, or tampered with, reads as signed out.
  const payload = await unseal(await cookie().parse(request.headers.get("cookie")), PURPOSE);
  const session = payload?.session as WebSession | undefined;
  if (!session?.access_token || !session.refresh_token || !session.user?.id) return null;
  return session;
}

export async function commitSession(session: WebSession): Promise<string> {
  return cookie().serialize(await seal({ session }, PURPOSE));
}

export function destroySession(): Promise<string> {
  return cookie().serialize("", { maxAge: 0 });
}
