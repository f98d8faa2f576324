import { describe, expect, it } from "vitest";
import { cookiesAfter } from "./sign-in";

const answered = (...cookies: string[]) => {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { headers });
};

describe("cookiesAfter: the Cookie header a browser sends after an answer", () => {
  it("adds a new cookie and replaces one of the same name, attributes left out", () => {
    const cookie = cookiesAfter("sl_session=a; sl_prefs=old", answered("sl_prefs=new; Path=/; HttpOnly; SameSite=Lax", "lng=fr; Path=/"));
    expect(cookie).toBe("sl_session=a; sl_prefs=new; lng=fr");
  });

  it("drops a cookie the answer removes, by Max-Age=0 or an expiry in the past", () => {
    expect(cookiesAfter("a=1; b=2; c=3", answered("a=; Max-Age=0; Path=/", "b=; Expires=Thu, 01 Jan 1970 00:00:00 GMT"))).toBe("c=3");
  });

  it("keeps the header as it was when nothing is set", () => {
    expect(cookiesAfter("sl_session=a", answered())).toBe("sl_session=a");
  });
});
