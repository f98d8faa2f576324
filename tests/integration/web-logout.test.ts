import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { apiMiddleware } from "../../app/lib/api.server";
import { commitSession, readSession } from "../../app/lib/session.server";
import { i18nextMiddleware } from "../../app/middleware/i18next.server";
import { action as logout } from "../../app/routes/auth/logout";
import { uniqueEmail, useApi } from "../helpers/api";

const { client, signIn } = useApi();

/** Runs a route action behind the app's root middleware, as React Router does for a form post. */
async function post(path: string, cookie: string, action: typeof logout) {
  const req = new Request(`http://localhost:3000${path}`, { method: "POST", headers: { cookie } });
  const context = new RouterContextProvider();
  const args = { request: req, context, params: {} } as never;
  const response = await i18nextMiddleware(args, async () => (await apiMiddleware(args, async () => (await action(args)) as Response)) as Response);
  return response as Response;
}

describe("logout from the web app", () => {
  it("leaves no live session cookie, even when the token had to be refreshed first", async () => {
    const session = await signIn(uniqueEmail("logout"));
    // An access token at the end of its life: the logout call refreshes it before signing out.
    const cookie = (
      await commitSession({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
        expires_at: Math.floor(Date.now() / 1000) - 1,
        user: { id: session.user.id, email: session.user.email, role: session.user.role },
      })
    ).split(";")[0];

    const response = await post("/auth/logout", cookie, logout);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth");
    const sessionCookies = response.headers.getSetCookie().filter((line) => line.startsWith("sl_session="));
    expect(sessionCookies).toHaveLength(1);
    expect(sessionCookies[0]).toMatch(/Max-Age=0/);

    // And the session is revoked on the server: its refresh token no longer works.
    const refreshed = await client("auth").token.$post({ query: { grant_type: "refresh_token" }, json: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(401);
    expect(await readSession(new Request("http://localhost/", { headers: { cookie: sessionCookies[0].split(";")[0] } }))).toBeNull();
  });
});
