import { createHmac, timingSafeEqual } from "node:crypto";
import { parse as parseCookieHeader, serialize as serializeCookie } from "cookie";
import { type Cookie, type CookieOptions, createCookie as createRouterCookie } from "react-router";
import { getConfig } from "./config.server";

/**
 * React Router's cookie, read and written faster. Its `parse` decodes a value character by
 * character with a regular expression each (`myEscape`) and imports the signing key into WebCrypto
 * on every call: for the session cookie alone, about 200 kB of garbage and a good part of a page's
 * work on every request (issue 16). Its `serialize` imports the key too, 0.3 ms of CPU for each
 * cookie written (the academy's sidebar state, a toast after every form). Values are the same:
 * base64 of the UTF-8 of the JSON, and for a signed cookie `value.HMAC-SHA256(value)` in unpadded
 * base64, so cookies written by either read in the other (cookies.server.test.ts holds the two to
 * the same answers and the same Set-Cookie lines).
 */
export function createCookie(name: string, cookieOptions: CookieOptions = {}): Cookie {
  const cookie = createRouterCookie(name, cookieOptions);
  const { secrets = [], ...options } = { path: "/", sameSite: "lax" as const, ...cookieOptions };
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async serialize(value, serializeOptions) {
      const encoded = value === "" ? "" : secrets.length ? sign(encodeData(value), secrets[0] as string) : encodeData(value);
      return serializeCookie(name, encoded, { ...options, ...serializeOptions });
    },
    async parse(header, parseOptions) {
      if (!header) return null;
      const cookies = parseCookieHeader(header, { ...options, ...parseOptions });
      if (!(name in cookies)) return null;
      const value = cookies[name];
      if (typeof value !== "string" || value === "") return "";
      if (secrets.length === 0) return decodeData(value);
      for (const secret of secrets) {
        const unsigned = unsign(value, secret);
        if (unsigned !== false) return decodeData(unsigned);
      }
      return null;
    },
  };
}

/**
 * React Router's `encodeData`: `btoa(myUnescape(encodeURIComponent(json)))` is the base64 of the
 * JSON's UTF-8 (encodeURIComponent writes only `%XX` escapes, one per byte, which myUnescape makes
 * bytes again). What JSON.stringify leaves undefined (a function) is written "undefined", as there.
 */
function encodeData(value: unknown): string {
  return Buffer.from(`${JSON.stringify(value)}`, "utf8").toString("base64");
}

/** React Router's `sign`: the value, a dot, and its HMAC-SHA256 under the secret's UTF-8, in base64 without padding. */
function sign(value: string, secret: string): string {
  return `${value}.${createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "")}`;
}

/** UTF-8 as ECMAScript's decodeURIComponent reads it: invalid bytes are an error, a BOM is kept. */
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** React Router's `decodeData`: anything that does not decode is `{}`. */
function decodeData(value: string): unknown {
  try {
    return JSON.parse(utf8.decode(Buffer.from(atob(value), "latin1")));
  } catch {
    return {};
  }
}

/** React Router's `unsign`, with the same answers for every input (a value without a dot included). */
function unsign(signed: string, secret: string): string | false {
  const index = signed.lastIndexOf(".");
  const value = signed.slice(0, index);
  let given: Buffer;
  try {
    given = Buffer.from(atob(signed.slice(index + 1)), "latin1");
  } catch {
    return false;
  }
  const expected = createHmac("sha256", secret).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : false;
}

/**
 * A cookie signed with a key derived from SECRET_KEY: a sibling subdomain (same site, so it can set
 * our cookies) cannot forge a toast or preferences. Created on first use, after the config is read;
 * Secure when the app is served over https, like the session cookie.
 */
export function signedCookie(name: string, options: CookieOptions) {
  let cookie: { secret: string; value: Cookie } | undefined;
  return () => {
    const { SECRET_KEY: secret, HTTPS: secure } = getConfig();
    if (cookie?.secret !== secret) cookie = { secret, value: createCookie(name, { secure, ...options, secrets: [`${name}:${secret}`] }) };
    return cookie.value;
  };
}
