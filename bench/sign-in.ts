import crypto from "node:crypto";
import { apiSignIn, requestLinkToken } from "../tests/e2e/support/api";
import type { ServerProcess } from "../tests/e2e/support/server-process";

/**
 * A new account signed in twice, as the benches need it: a web session cookie through the real
 * /auth/verify page, and a bearer token through the API. It gets a profile, so it counts as
 * onboarded and the pages render instead of sending it to the first step.
 */
export async function signInOnboarded(server: ServerProcess, dataDir: string, label: string): Promise<{ cookie: string; accessToken: string }> {
  const email = `${label}-${crypto.randomUUID()}@bench.test`;
  const token = await requestLinkToken(server.url, dataDir, email);
  // The link was asked for through the API, not from this "browser": the page's confirm button posts it.
  const verify = await fetch(`${server.url}/auth/verify`, { method: "POST", body: new URLSearchParams({ token }), redirect: "manual" });
  const cookie = verify.headers
    .getSetCookie()
    .find((value) => value.startsWith("sl_session="))
    ?.split(";")[0];
  if (verify.status !== 302 || !cookie) throw new Error(`POST /auth/verify did not sign in: ${verify.status}`);
  const session = await apiSignIn(server.url, dataDir, email);
  const profile = await fetch(`${server.url}/api/v1/user/seo-profile`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ BrandName: "Acme", MarketLanguage: "en", Keywords: ["crm"] }),
  });
  if (profile.status !== 200) throw new Error(`PATCH /user/seo-profile answered ${profile.status}`);
  return { cookie, accessToken: session.access_token };
}

/**
 * The Cookie header a browser sends after it has been answered `response`: the cookies it set
 * replace those of the same name (one removed by an expiry in the past is dropped). A bench asks
 * for a page again and again as a reader does who stays on it, so what the page's first answer
 * left in the browser (the academy's sidebar state in `sl_prefs`) goes with every later request,
 * instead of each request looking like a first visit that writes the cookie again.
 */
export function cookiesAfter(cookie: string, response: Response): string {
  const jar = new Map(cookie.split(/;\s*/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const));
  for (const set of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = set.split(/;\s*/);
    const name = pair.slice(0, pair.indexOf("="));
    const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute) || (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) <= Date.now()));
    if (expired) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}
