import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hashToken } from "../../server/auth/tokens";
import { authSessions, refreshTokens, users } from "../../server/db/schema";
import { json, refusal, type Session, useApi } from "../helpers/api";

const api = useApi();

const refresh = (refreshToken: string) => api.client("auth").token.$post({ query: { grant_type: "refresh_token" }, json: { refresh_token: refreshToken } });

const profileStatus = async (session: Pick<Session, "access_token">) => (await api.client("user", { token: session.access_token }).profile.$get()).status;

const logout = (session: Session, scope?: "local" | "global" | "others") => api.client("auth", { token: session.access_token }).logout.$post({ query: { scope } });

/** Pretends the refresh token was exchanged long enough ago to be past the reuse grace window. */
async function rotatedLongAgo(refreshToken: string, secondsAgo = 60) {
  const db = await api.db();
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - secondsAgo * 1000) })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .returning({ id: refreshTokens.id });
  expect(rows).toHaveLength(1);
}

describe("POST /auth/token?grant_type=refresh_token", () => {
  test("rotates the refresh token and issues a new access token for the same session", async () => {
    const session = await api.signIn();
    const rotated = await json(await refresh(session.refresh_token), 200);
    expect(rotated).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { id: session.user.id, email: session.user.email } });
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect(await profileStatus(rotated)).toBe(200);

    const next = await json(await refresh(rotated.refresh_token), 200);
    expect(next.refresh_token).not.toBe(rotated.refresh_token);
  });

  test("the same token twice inside the grace window gives a sibling, not a revocation", async () => {
    const session = await api.signIn();
    const first = await json(await refresh(session.refresh_token), 200);
    const second = await json(await refresh(session.refresh_token), 200);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await profileStatus(first)).toBe(200);
    expect(await profileStatus(second)).toBe(200);
  });

  test("more late presentations than the grace allows is theft: the session is revoked", async () => {
    const session = await api.signIn();
    // One rotation and three grace uses: a navigation and the prefetches racing after an idle hour.
    const allowed = await Promise.all([1, 2, 3, 4].map(async () => json(await refresh(session.refresh_token), 200)));
    const fifth = await refresh(session.refresh_token);
    expect((await json(fifth, 401)).code).toBe("refresh_token_already_used");
    for (const granted of allowed) expect(await profileStatus(granted)).toBe(401);
  });

  test("reusing a rotated token after the grace window revokes the whole session", async () => {
    const session = await api.signIn();
    const rotated = await json(await refresh(session.refresh_token), 200);
    await rotatedLongAgo(session.refresh_token);

    const reuse = await refresh(session.refresh_token);
    expect(await json(reuse, 401)).toEqual({ message: "Refresh token already used", code: "refresh_token_already_used" });

    // Thief and owner alike are signed out: the old and the new access token, and the newest refresh token.
    for (const revoked of [session, rotated]) {
      const res = await api.client("user", { token: revoked.access_token }).profile.$get();
      expect(await json(res, 401)).toEqual({ message: "Session not found", code: "session_not_found" });
    }
    const newest = await refresh(rotated.refresh_token);
    expect((await json(newest, 401)).code).toBe("session_not_found");

    const db = await api.db();
    const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId(session)));
    expect(row.revokedReason).toBe("refresh_token_reuse");
  });

  test("another session of the same user survives a reuse revocation", async () => {
    const mine = await api.signIn();
    const other = await api.signIn(mine.user.email);
    await refresh(mine.refresh_token);
    await rotatedLongAgo(mine.refresh_token);
    expect((await refresh(mine.refresh_token)).status).toBe(401);
    expect(await profileStatus(mine)).toBe(401);
    expect(await profileStatus(other)).toBe(200);
  });

  test("an unknown refresh token is a 401", async () => {
    const res = await refresh("no-such-refresh-token");
    expect(await json(res, 401)).toEqual({ message: "Invalid refresh token", code: "refresh_token_not_found" });
  });

  test("another grant type is a 400", async () => {
    const session = await api.signIn();
    // A grant type outside the types' literal.
    const res = await api.raw("POST", "/auth/token?grant_type=password", { body: { refresh_token: session.refresh_token } });
    expect(refusal(res, 400).errors).toHaveProperty("grant_type");
  });

  test("an expired session cannot be refreshed", async () => {
    const session = await api.signIn();
    const db = await api.db();
    await db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.id, sessionId(session)));
    const res = await refresh(session.refresh_token);
    expect((await json(res, 401)).code).toBe("session_expired");
    expect(await profileStatus(session)).toBe(401);
  });
});

describe("POST /auth/logout", () => {
  test("scope local (the default) ends only this session", async () => {
    const a = await api.signIn();
    const b = await api.signIn(a.user.email);
    const res = await logout(a);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await profileStatus(a)).toBe(401);
    expect(await profileStatus(b)).toBe(200);
    expect((await refresh(a.refresh_token)).status).toBe(401);
    expect((await refresh(b.refresh_token)).status).toBe(200);
  });

  test("scope global ends every session of the user, and only theirs", async () => {
    const a = await api.signIn();
    const b = await api.signIn(a.user.email);
    const stranger = await api.signIn();
    const res = await logout(a, "global");
    expect(res.status).toBe(204);
    expect(await profileStatus(a)).toBe(401);
    expect(await profileStatus(b)).toBe(401);
    expect((await refresh(b.refresh_token)).status).toBe(401);
    expect(await profileStatus(stranger)).toBe(200);
  });

  test("scope others keeps this session and ends the rest", async () => {
    const a = await api.signIn();
    const b = await api.signIn(a.user.email);
    const c = await api.signIn(a.user.email);
    const res = await logout(a, "others");
    expect(res.status).toBe(204);
    expect(await profileStatus(a)).toBe(200);
    expect(await profileStatus(b)).toBe(401);
    expect(await profileStatus(c)).toBe(401);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });

  test("a signed-out access token gets 401, so does signing out twice", async () => {
    const session = await api.signIn();
    expect((await logout(session)).status).toBe(204);
    const again = await logout(session);
    expect(await json(again, 401)).toEqual({ message: "Session not found", code: "session_not_found" });
  });

  test("an unknown scope is a 400; no token is a 401", async () => {
    const session = await api.signIn();
    // A scope outside the types' enum.
    const bad = await api.raw("POST", "/auth/logout?scope=everything", { token: session.access_token });
    expect(refusal(bad, 400).errors).toHaveProperty("scope");
    expect(await profileStatus(session)).toBe(200);
    expect((await api.client("auth").logout.$post({ query: {} })).status).toBe(401);
  });
});

/** The session id is the `sid` claim of the access token. */
function sessionId(session: Session): string {
  const payload = JSON.parse(Buffer.from(session.access_token.split(".")[1], "base64url").toString("utf8"));
  return payload.sid;
}

describe("the session check's short memory (server/auth/session-cache.ts)", () => {
  test("a sign-out in this process takes effect on the very next request", async () => {
    const session = await api.signIn();
    expect(await profileStatus(session)).toBe(200); // now remembered
    expect((await logout(session, "local")).status).toBe(204);
    expect(await profileStatus(session)).toBe(401);
  });

  test("a revocation written by another process is seen as soon as the database announces it", async () => {
    const session = await api.signIn();
    expect(await profileStatus(session)).toBe(200);
    const db = await api.db();
    // What another instance's sign-out leaves in the database; its commit announces the user.
    await db.update(authSessions).set({ revokedAt: new Date(), revokedReason: "logout" }).where(eq(authSessions.userId, session.user.id));
    expect(await profileStatus(session)).toBe(401);
  });

  test("a profile change is read back at once, not from the remembered user", async () => {
    const session = await api.signIn();
    const user = api.client("user", { token: session.access_token });
    expect((await user.profile.$get()).status).toBe(200);
    expect((await user.profile.$patch({ json: { first_name: "Ada" } })).status).toBe(200);
    expect((await json(await user.profile.$get(), 200)).profile).toMatchObject({ first_name: "Ada" });
  });

  test("a profile written by another process (a job worker) is read back at once", async () => {
    const session = await api.signIn();
    const user = api.client("user", { token: session.access_token });
    expect((await user.profile.$get()).status).toBe(200); // the session check is now remembered
    const db = await api.db();
    await db.update(users).set({ firstName: "Grace", websiteUrl: "https://grace.example" }).where(eq(users.id, session.user.id));
    const read = await json(await user.profile.$get(), 200);
    expect(read.profile).toMatchObject({ first_name: "Grace" });
    expect(read.WebsiteURL).toBe("https://grace.example");
  });
});
