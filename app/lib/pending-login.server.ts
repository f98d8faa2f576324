import { getConfig } from "./config.server";
import { signedCookie } from "./cookies.server";

/**
 * The address this browser asked a sign-in link for. A link for that address opened here signs in
 * at once; any other link asks first (see routes/auth/verify.tsx).
 */
const pendingLoginCookie = signedCookie("sl_login", { path: "/auth", httpOnly: true, sameSite: "lax" });

export function rememberPendingLogin(email: string) {
  return pendingLoginCookie().serialize(email.trim().toLowerCase(), { maxAge: getConfig().MAGIC_LINK_TTL_SECONDS });
}

export async function pendingLogin(request: Request): Promise<string | null> {
  const value = await pendingLoginCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : null;
}

export function forgetPendingLogin() {
  return pendingLoginCookie().serialize("", { maxAge: 0 });
}
