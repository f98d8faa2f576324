import { type CookieOptions, createCookie } from "react-router";
import { getConfig } from "./config.server";

/**
 * A cookie signed with a key derived from SECRET_KEY: a sibling subdomain (same site, so it can set
 * our cookies) cannot forge a toast or preferences. Created on first use, after the config is read;
 * Secure when the app is served over https, like the session cookie.
 */
export function signedCookie(name: string, options: CookieOptions) {
  let cookie: { secret: string; value: ReturnType<typeof createCookie> } | undefined;
  return () => {
    const { SECRET_KEY: secret, HTTPS: secure } = getConfig();
    if (cookie?.secret !== secret) cookie = { secret, value: createCookie(name, { secure, ...options, secrets: [`${name}:${secret}`] }) };
    return cookie.value;
  };
}
