import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hashToken } from "../../server/auth/tokens";
import { authSessions, refreshTokens } from "../../server/db/schema";
import { type ErrorBody, type Session, useApi } from "../helpers/api";

const api = useApi();

const refresh = (refreshToken: string) =>
  api.request<Session & Partial<ErrorBody>>("POST", "/auth/token?grant_type=refresh_token", { body: { refresh_token: refreshToken } });

const profileStatus = async (session: Session) => (await api.request("GET", "/user/profile", { token: session.access_token })).status;

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
    const res = await refresh(session.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { id: session.user.id, email: session.user.email } });
    expect(res.body.refresh_token).not.toBe(session.refresh_token);
    expect(await profileStatus(res.body)).toBe(200);

    const next = await refresh(res.body.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(res.body.refresh_token);
  });

  test("the same token twice inside the grace window gives a sibling, not a revocation", async () => {
    const session = await api.signIn();
    const first = await refresh(session.refresh_token);
    const second = await refresh(session.refresh_token);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    expect(await profileStatus(first.body)).toBe(200);
    expect(await profileStatus(second.body)).toBe(200);
  });

  test("more late presentations than the grace allows is theft: the session is revoked", async () => {
    const session = await api.signIn();
    // One rotation and three grace uses: a navigation and the prefetches racing after an idle hour.
    const allowed = await Promise.all([1, 2, 3, 4].map(() => refresh(session.refresh_token)));
    expect(allowed.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const fifth = await refresh(session.refresh_token);
    expect(fifth.status).toBe(401);
    expect(fifth.body.code).toBe("refresh_token_already_used");
    for (const granted of allowed) expect(await profileStatus(granted.body)).toBe(401);
  });

  test("reusing a rotated token after the grace window revokes the whole session", async () => {
    const session = await api.signIn();
    const rotated = await refresh(session.refresh_token);
    expect(rotated.status).toBe(200);
    await rotatedLongAgo(session.refresh_token);

    const reuse = await refresh(session.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: "Refresh token already used", code: "refresh_token_already_used" });

    // Thief and owner alike are signed out: the old and the new access token, and the newest refresh token.
    for (const revoked of [session, rotated.body]) {
      const res = await api.request("GET", "/user/profile", { token: revoked.access_token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Session not found", code: "session_not_found" });
    }
    const newest = await refresh(rotated.body.refresh_token);
    expect(newest.status).toBe(401);
    expect(newest.body.code).toBe("session_not_found");

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
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Invalid refresh token", code: "refresh_token_not_found" });
  });

  test("another grant type is a 400", async () => {
    const session = await api.signIn();
    const res = await api.request("POST", "/auth/token?grant_type=password", { body: { refresh_token: session.refresh_token } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("grant_type");
  });

  test("an expired session cannot be refreshed", async () => {
    const session = await api.signIn();
    const db = await api.db();
    await db.update(authSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authSessions.id, sessionId(session)));
    const res = await refresh(session.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("session_expired");
    expect(await profileStatus(session)).toBe(401);
  });
});

describe("POST /auth/logout", () => {
  test("scope local (the default) ends only this session", async () => {
    const a = await api.signIn();
    const b = await api.signIn(a.user.email);
    const res = await api.request("POST", "/auth/logout", { token: a.access_token });
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect(await profileStatus(a)).toBe(401);
    expect(await profileStatus(b)).toBe(200);
    expect((await refresh(a.refresh_token)).status).toBe(401);
    expect((await refresh(b.refresh_token)).status).toBe(200);
  });

  test("scope global ends every session of the user, and only theirs", async () => {
    const a = await api.signIn();
    const b = await api.signIn(a.user.email);
    const stranger = await api.signIn();
    const res = await api.request("POST", "/auth/logout?scope=global", { token: a.access_token });
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
    const res = await api.request("POST", "/auth/logout?scope=others", { token: a.access_token });
    expect(res.status).toBe(204);
    expect(await profileStatus(a)).toBe(200);
    expect(await profileStatus(b)).toBe(401);
    expect(await profileStatus(c)).toBe(401);
    expect((await refresh(a.refresh_token)).status).toBe(200);
  });

  test("a signed-out access token gets 401, so does signing out twice", async () => {
    const session = await api.signIn();
    expect((await api.request("POST", "/auth/logout", { token: session.access_token })).status).toBe(204);
    const again = await api.request("POST", "/auth/logout", { token: session.access_token });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: "Session not found", code: "session_not_found" });
  });

  test("an unknown scope is a 400; no token is a 401", async () => {
    const session = await api.signIn();
    const bad = await api.request("POST", "/auth/logout?scope=everything", { token: session.access_token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("scope");
    expect(await profileStatus(session)).toBe(200);
    expect((await api.request("POST", "/auth/logout")).status).toBe(401);
  });
});

/** The session id is the `sid` claim of the access token. */
function sessionId(session: Session): string {
  const payload = JSON.parse(Buffer.from(session.access_token.split(".")[1], "base64url").toString("utf8"));
  return payload.sid;
}
