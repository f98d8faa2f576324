import { describe, expect, it, vi } from "vitest";
import { ApiClient, ApiRequestError, read } from "../../app/lib/api.server";
import { readSession, type WebSession } from "../../app/lib/session.server";
import { instanceFor } from "../../app/middleware/i18next.server";
import { getApi } from "../../server/api";
import { eq } from "drizzle-orm";
import { authFactors, authSessions } from "../../server/db/schema";
import { forgetUser } from "../../server/http/kept-answers";
import { changesHeard } from "../../server/runtime";
import { uniqueEmail, useApi, withEnv } from "../helpers/api";

const api = useApi();
const { signIn } = api;

function toWebSession(session: Awaited<ReturnType<typeof signIn>>): WebSession {
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: session.expires_at,
    user: { id: session.user.id, email: session.user.email, role: session.user.role },
  };
}

async function clientFor(session: WebSession | null, locale: "en" | "fr" = "en") {
  const { t } = await instanceFor(locale);
  return new ApiClient({ request: new Request("http://localhost:3000/dashboard"), url: new URL("http://localhost:3000/dashboard"), session, clientIp: "203.0.113.9", t });
}

/** Counts the API calls the client makes, by path. */
function countCalls() {
  const spy = vi.spyOn(getApi(), "request");
  return {
    to: (path: string) => spy.mock.calls.filter(([input]) => String(input).startsWith(`/api/v1${path}`)).length,
    restore: () => spy.mockRestore(),
  };
}

describe("the web app's API client", () => {
  it("reads with the session's token and makes identical GETs of one request once", async () => {
    const session = toWebSession(await signIn(uniqueEmail("client")));
    const client = await clientFor(session);
    const calls = countCalls();
    try {
      const [{ data: first }, { data: second, status, headers }] = await Promise.all([read(client.user.profile.$get()), read(client.user.profile.$get())]);
      expect(first.email).toBe(session.user.email);
      // Each asker gets its own copy of the one answer, with its status and headers.
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
      expect(status).toBe(200);
      expect(headers.get("content-type")).toMatch(/^application\/json/);
      expect(calls.to("/user/profile")).toBe(1);
      expect(client.sessionChanged).toBe(false);
    } finally {
      calls.restore();
    }
  });

  it("takes a kept answer without the way through Hono, and an answer on its way to being kept as text", async () => {
    const session = toWebSession(await signIn(uniqueEmail("client")));
    // Two pages' clients read it: whatever the sign-in announced has been heard, and the answer kept.
    const { data: first } = await read((await clientFor(session)).user.summary.$get());
    await read((await clientFor(session)).user.summary.$get());
    // A read the API takes as a POST, without a body, is kept too.
    const { data: availability } = await read((await clientFor(session)).quota.check.$post());
    await read((await clientFor(session)).quota.check.$post());
    // The public settings are kept once for everyone: another user's read keeps them for this one.
    const other = toWebSession(await signIn(uniqueEmail("client")));
    const { data: settings } = await read((await clientFor(other)).config.index.$get());
    await read((await clientFor(other)).config.index.$get());
    const request = vi.spyOn(getApi(), "request");
    try {
      const { data: kept, headers } = await read((await clientFor(session)).user.summary.$get());
      expect(kept).toEqual(first);
      expect(headers.get("content-type")).toMatch(/^application\/json/);
      expect((await read((await clientFor(session)).quota.check.$post())).data).toEqual(availability);
      expect((await read((await clientFor(session)).config.index.$get())).data).toEqual(settings);
      expect(request).not.toHaveBeenCalled();

      // Forgotten, the answer is read afresh and kept again; the client takes its text from the API.
      forgetUser(session.user.id);
      const { data: again } = await read((await clientFor(session)).user.summary.$get());
      expect(again).toEqual(first);
      expect(request).toHaveBeenCalledTimes(1);
      const answer = (await request.mock.results[0]?.value) as Response;
      expect(answer.status).toBe(200);
      expect(answer.bodyUsed).toBe(false);
    } finally {
      request.mockRestore();
    }
  });

  it("gives a kept answer only to its own user, with a token the API would take, past the second-factor gate", async () => {
    const mine = toWebSession(await signIn(uniqueEmail("client")));
    const theirs = toWebSession(await signIn(uniqueEmail("client")));
    const summaryOf = async (session: WebSession) => (await read((await clientFor(session)).user.summary.$get())).data;
    for (let i = 0; i < 2; i++) {
      expect((await summaryOf(mine)).profile.email).toBe(mine.user.email);
      expect((await summaryOf(theirs)).profile.email).toBe(theirs.user.email);
    }
    // Not there yet is kept too (404), and still refused as the API refuses it.
    const missing = async () => read((await clientFor(mine)).seoProfile.index.$get()).catch((error: unknown) => error);
    await missing();
    const request = vi.spyOn(getApi(), "request");
    try {
      const refused = await missing();
      expect(refused).toBeInstanceOf(ApiRequestError);
      expect((refused as ApiRequestError).status).toBe(404);
      expect(request).not.toHaveBeenCalled();

      // A forged token is not the user's, kept answers or not: refused, refreshed, read again.
      const forged = await clientFor({ ...mine, access_token: `${mine.access_token.slice(0, -6)}AAAAAA` });
      expect((await read(forged.user.summary.$get())).data.profile.email).toBe(mine.user.email);
      expect(forged.sessionChanged).toBe(true);
      request.mockClear();

      // Answers are kept per user, not per session: one session that gave its second factor's code
      // has them kept, another of the same account that has not is asked for the code first.
      const withCode = toWebSession(await signIn(theirs.user.email));
      const db = await api.db();
      await db.insert(authFactors).values({ userId: theirs.user.id, secretSealed: "sealed", status: "verified" });
      const sessionId = JSON.parse(Buffer.from(withCode.access_token.split(".")[1], "base64url").toString()).sid as string;
      await db.update(authSessions).set({ aal: "aal2" }).where(eq(authSessions.id, sessionId));
      await changesHeard();
      for (let i = 0; i < 2; i++) expect((await summaryOf(withCode)).profile.email).toBe(theirs.user.email);
      request.mockClear();
      const gated = await read((await clientFor(theirs)).user.summary.$get()).catch((error: unknown) => error);
      expect(gated).toBeInstanceOf(Response);
      expect((gated as Response).headers.get("location")).toMatch(/^\/auth\/mfa\?/);
    } finally {
      request.mockRestore();
    }
  });

  it("checks the session once per request, and never serves a read from before a write", async () => {
    const session = toWebSession(await signIn(uniqueEmail("client")));
    const client = await clientFor(session);
    const { data: before } = await read(client.user.profile.$get());
    expect(before.profile.first_name).toBeNull();
    await read(client.user.profile.$patch({ json: { first_name: "Ada" } }));
    // Same request, same token: the profile comes from the session check, which the write invalidated.
    const { data: after } = await read(client.user.profile.$get());
    expect(after.profile.first_name).toBe("Ada");
  });

  it("refreshes the token 10 s before it expires, once for concurrent calls", async () => {
    const session = toWebSession(await signIn(uniqueEmail("client")));
    const client = await clientFor({ ...session, expires_at: Math.floor(Date.now() / 1000) + 5 });
    const calls = countCalls();
    try {
      await Promise.all([read(client.user.profile.$get()), read(client.subscription.current.$get()), read(client.subscription.plans.$get())]);
      expect(calls.to("/auth/token")).toBe(1);
      expect(client.sessionChanged).toBe(true);
      expect(client.session?.refresh_token).not.toBe(session.refresh_token);
      expect(client.session!.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 60);
    } finally {
      calls.restore();
    }
  });

  it("refreshes and retries once after a 401", async () => {
    const session = toWebSession(await signIn(uniqueEmail("client")));
    const client = await clientFor({ ...session, access_token: "not-a-valid-token" });
    const calls = countCalls();
    try {
      const { data: profile } = await read(client.user.profile.$get());
      expect(profile.id).toBe(session.user.id);
      expect(calls.to("/user/profile")).toBe(2);
      expect(calls.to("/auth/token")).toBe(1);
      expect(client.sessionChanged).toBe(true);
    } finally {
      calls.restore();
    }
  });

  it("sends an unrefreshable session to the sign-in page with the 'Session expirée' toast", async () => {
    const signedIn = await signIn(uniqueEmail("client"));
    const revoked = await api.client("auth", { token: signedIn.access_token }).logout.$post({ query: { scope: "global" } });
    expect(revoked.status).toBe(204);
    const client = await clientFor(toWebSession(signedIn), "fr");

    const thrown = await read(client.user.profile.$get()).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?mode=login");
    const cookies = response.headers.getSetCookie();
    const cleared = cookies.find((cookie) => cookie.startsWith("sl_session="));
    expect(cleared).toMatch(/Max-Age=0/);
    const toast = cookies.find((cookie) => cookie.startsWith("sl_toast="))!;
    // A signed cookie: base64 JSON, a dot, then the signature.
    const signed = decodeURIComponent(toast.split(";")[0].split("=")[1]);
    const value = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8"));
    expect(value).toMatchObject({ type: "error", title: "Session expirée", description: "Veuillez vous reconnecter." });
  });

  it("turns a missing session into the same redirect, and API errors into ApiRequestError", async () => {
    const anonymous = await clientFor(null);
    const thrown = await read(anonymous.user.profile.$get()).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);

    const client = await clientFor(toWebSession(await signIn(uniqueEmail("client"))));
    const error = await read(client.user.profile.$patch({ json: { website_url: "not a website" } })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
    expect((error as ApiRequestError).errors?.website_url?.length).toBeGreaterThan(0);
  });

  it("round-trips the session through the encrypted cookie, and ignores a tampered one", async () => {
    const { commitSession } = await import("../../app/lib/session.server");
    const session = toWebSession(await signIn(uniqueEmail("client")));
    const cookie = (await commitSession(session)).split(";")[0];
    expect(cookie).not.toContain(session.access_token);
    const read = await readSession(new Request("http://localhost/", { headers: { cookie } }));
    expect(read).toEqual(session);
    const tampered = `${cookie.slice(0, -4)}AAAA`;
    expect(await readSession(new Request("http://localhost/", { headers: { cookie: tampered } }))).toBeNull();
  });
  it("sends a file as multipart (an admin's thumbnail upload), JSON otherwise", async () => {
    const email = uniqueEmail("client-admin");
    const restore = withEnv({ ADMIN_EMAILS: email });
    let session: WebSession;
    try {
      session = toWebSession(await signIn(email));
    } finally {
      restore();
    }
    const client = await clientFor(session);
    const admin = client.academy.admin.courses;
    const { data: course } = await read(admin.$post({ json: { slug: `client-${Date.now().toString(36)}`, title: "Uploaded through the client" } }));
    const param = { id: course.id };
    // The route takes multipart or JSON; hono/client types a body declared in two media types as both.
    type Upload = Parameters<typeof client.uploads.admin.courses[":id"]["thumbnail"]["$post"]>[0];
    const upload = (body: { form: { file: File } } | { json: { url: string } }) => read(client.uploads.admin.courses[":id"].thumbnail.$post({ param, ...body } as unknown as Upload));
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    try {
      const { data: uploaded } = await upload({ form: { file: new File([png], "cover.png", { type: "image/png" }) } });
      expect(uploaded.thumbnail_url).toMatch(/\/uploads\/academy\/courses\/[0-9a-f-]{36}\.png$/);
      await expect(upload({ form: { file: new File(["not an image"], "x.png", { type: "image/png" }) } })).rejects.toMatchObject({ status: 400, code: "file_type" });
      expect((await upload({ json: { url: "https://images.example.com/a.png" } })).data.thumbnail_url).toBe("https://images.example.com/a.png");
      expect((await read(client.academy.courses[":id"].thumbnail.$delete({ param }))).data.thumbnail_url).toBeNull();
      expect((await read(admin[":id"].$get({ param }))).data.thumbnail_url).toBeNull();
    } finally {
      await read(admin[":id"].$delete({ param }));
    }
    await expect(read(admin[":id"].$get({ param }))).rejects.toMatchObject({ status: 404 });
  });
});
