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
