import { eq } from "drizzle-orm";
import { describe, expect, onTestFinished, test } from "vitest";
import { hashToken } from "../../server/auth/tokens";
import { magicLinks } from "../../server/db/schema";
import { json, refusal, uniqueEmail, useApi, withEnv } from "../helpers/api";

const api = useApi();
const auth = api.client("auth");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("POST /auth/login", () => {
  test("answers 200 and e-mails a link to /auth/verify?token=", async () => {
    const email = uniqueEmail();
    const { res, mail, link, token } = await api.login(email);
    expect(await json(res, 200)).toEqual({ message: "Check your e-mail for the sign-in link." });
    expect(mail!.to).toBe(email);
    expect(mail!.subject).toBe("Your Sightline sign-in link");
    expect(`${link!.origin}${link!.pathname}`).toBe("http://localhost:3000/auth/verify");
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail!.text).toContain(`http://localhost:3000/auth/verify?token=${token}`);
    expect(mail!.html).toContain(`href="http://localhost:3000/auth/verify?token=${token}"`);
    expect(mail!.text).toContain("15 minutes");
    expect(Date.parse(mail!.created_at)).not.toBeNaN();
  });

  test("writes the mail in French for locale fr", async () => {
    const email = uniqueEmail();
    const { res, mail } = await api.login(email, { locale: "fr" });
    expect(res.status).toBe(200);
    expect(mail!.subject).toBe("Votre lien de connexion Sightline");
    expect(mail!.html).toContain('<html lang="fr">');
    expect(mail!.text).toContain("expire dans 15 minutes");
  });

  test("stores only the hash of the token, and the address lower-cased", async () => {
    const email = uniqueEmail();
    const { token } = await api.login(email.toUpperCase());
    const db = await api.db();
    const rows = await db.select().from(magicLinks).where(eq(magicLinks.tokenHash, hashToken(token!)));
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(email);
    expect(JSON.stringify(rows[0])).not.toContain(token!);
  });

  test("uses redirect_to when it points at the app", async () => {
    const email = uniqueEmail();
    const { res, link } = await api.login(email, { redirect_to: "http://localhost:3000/auth/verify?next=%2Fdashboard" });
    expect(res.status).toBe(200);
    expect(link!.pathname).toBe("/auth/verify");
    expect(link!.searchParams.get("next")).toBe("/dashboard");
    expect(link!.searchParams.get("token")).toBeTruthy();
  });

  test("refuses a redirect_to on another origin, and sends nothing", async () => {
    const email = uniqueEmail();
    for (const redirectTo of ["https://evil.example/auth/verify", "http://localhost:3001/auth/verify", "//evil.example/x"]) {
      const { res } = await api.login(email, { redirect_to: redirectTo });
      const refused = await json(res, 400, redirectTo);
      expect(refused.message, redirectTo).toEqual(expect.any(String));
      expect(refused.errors, redirectTo).toHaveProperty("redirect_to");
    }
    expect(await api.mailsTo(email)).toEqual([]);
  });

  test("refuses a redirect_to on the app's origin but another page: the token only lands on /auth/verify", async () => {
    const email = uniqueEmail();
    const { res } = await api.login(email, { redirect_to: "http://localhost:3000/settings/informations" });
    expect((await json(res, 400)).errors).toEqual({ redirect_to: [{ code: "path_not_allowed", message: "Path not allowed" }] });
    expect(await api.mailsTo(email)).toEqual([]);
  });

  test("accepts an origin listed in ALLOWED_REDIRECT_ORIGINS", async () => {
    onTestFinished(withEnv({ ALLOWED_REDIRECT_ORIGINS: "https://app.example.test" }));
    const { res, link } = await api.login(uniqueEmail(), { redirect_to: "https://app.example.test/auth/verify" });
    expect(res.status).toBe(200);
    expect(link!.origin).toBe("https://app.example.test");
  });

  test("an invalid e-mail is a 400 with errors.email", async () => {
    const cases = [
      ["not-an-email", "invalid_format"],
      ["", "required"],
      ["a@b", "invalid_format"],
      [`${"x".repeat(250)}@example.test`, "too_long"],
    ];
    for (const [email, code] of cases) {
      const refused = await json(await auth.login.$post({ json: { email } }), 400, email);
      expect(refused.message, email).toMatch(/^Invalid request/);
      expect(refused.errors?.email, email).toEqual([{ code, message: expect.any(String) }]);
    }
    // Without the field the types require.
    const missing = await api.raw("POST", "/auth/login", { body: {} });
    expect(refusal(missing, 400).errors).toHaveProperty("email");
  });

  test("an unknown locale is a 400 with errors.locale", async () => {
    // A locale outside the types' enum.
    const res = await api.raw("POST", "/auth/login", { body: { email: uniqueEmail(), locale: "de" } });
    expect(refusal(res, 400).errors?.locale).toEqual([{ code: "invalid_value", message: expect.any(String) }]);
  });

  test("a malformed JSON body is a 400 with a message, not a 500", async () => {
    const res = await api.raw("POST", "/auth/login", { body: '{"email": "a@example.test",' });
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(refusal(res, 400)).toEqual({ message: expect.any(String) });
    expect(refusal(res, 400).message).not.toBe("");
  });
});

describe("POST /auth/verify", () => {
  test("exchanges the link's token for a session", async () => {
    const email = uniqueEmail();
    const { token } = await api.login(email);
    const before = Math.floor(Date.now() / 1000);
    const session = await json(await auth.verify.$post({ json: { token: token! } }), 200);
    expect(session).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 3600,
      expires_at: expect.any(Number),
      token_type: "bearer",
      aal: "aal1",
      user: {
        id: expect.stringMatching(UUID),
        email,
        aud: "authenticated",
        role: "user",
        created_at: expect.any(String),
        last_sign_in_at: expect.any(String),
        app_metadata: { provider: "email", providers: ["email"], role: "user" },
        user_metadata: { first_name: null, last_name: null },
        identities: [],
        factors: [],
      },
    });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);

    const profile = await api.client("user", { token: session.access_token }).profile.$get();
    expect(await json(profile, 200)).toMatchObject({ id: session.user.id, email });
  });

  test("signing in again with a new link finds the same user", async () => {
    const email = uniqueEmail();
    const first = await api.signIn(email);
    const second = await api.signIn(email.toUpperCase());
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe(email);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
  });

  test("the first sign-in keeps the locale the link was asked in", async () => {
    const email = uniqueEmail();
    const { token } = await api.login(email, { locale: "fr" });
    const session = await json(await auth.verify.$post({ json: { token: token! } }), 200);
    const profile = await json(await api.client("user", { token: session.access_token }).profile.$get(), 200);
    expect(profile.locale).toBe("fr");
  });

  test("a link works once: the second use is link_used", async () => {
    const email = uniqueEmail();
    const { token } = await api.login(email);
    const first = await auth.verify.$post({ json: { token: token! } });
    expect(first.status).toBe(200);
    const second = await auth.verify.$post({ json: { token: token! } });
    // The address comes back so a client can offer to send a new link in one click.
    expect(await json(second, 400)).toEqual({ message: "This sign-in link has already been used.", code: "link_used", email });
  });

  test("preview names the address without spending the link; a used link previews as link_used", async () => {
    const email = uniqueEmail();
    const { token } = await api.login(email);
    const preview = await auth.verify.preview.$post({ json: { token: token! } });
    expect(await json(preview, 200)).toEqual({ email, expires_at: expect.any(String) });
    expect((await auth.verify.$post({ json: { token: token! } })).status).toBe(200);
    const after = await auth.verify.preview.$post({ json: { token: token! } });
    expect(await json(after, 400)).toMatchObject({ code: "link_used", email });
    expect(await (await auth.verify.preview.$post({ json: { token: "never-issued" } })).json()).toMatchObject({ code: "link_invalid" });
  });

  test("two verifications racing for one link: exactly one wins", async () => {
    const { token } = await api.login(uniqueEmail());
    const results = await Promise.all([1, 2, 3].map(() => auth.verify.$post({ json: { token: token! } })));
    expect(results.map((res) => res.status).sort()).toEqual([200, 400, 400]);
  });

  test("an expired link is link_expired", async () => {
    const email = uniqueEmail();
    const { token } = await api.login(email);
    const db = await api.db();
    await db
      .update(magicLinks)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(magicLinks.tokenHash, hashToken(token!)));
    const res = await auth.verify.$post({ json: { token: token! } });
    expect(await json(res, 400)).toEqual({ message: "This sign-in link has expired.", code: "link_expired", email });
  });

  test("an unknown token is link_invalid", async () => {
    const res = await auth.verify.$post({ json: { token: "this-token-was-never-issued" } });
    expect(await json(res, 400)).toEqual({ message: "This sign-in link is not valid.", code: "link_invalid" });
  });

  test("a missing token is a 400 with errors.token", async () => {
    const res = await auth.verify.$post({ json: { token: "" } });
    expect((await json(res, 400)).errors).toHaveProperty("token");
  });
});

describe("ADMIN_EMAILS", () => {
  test("gives the admin role at sign-in, and taking the address out takes it back", async () => {
    const email = uniqueEmail("admin");
    const restore = withEnv({ ADMIN_EMAILS: `someone-else@example.test, ${email.toUpperCase()}` });
    onTestFinished(restore);
    const admin = await api.signIn(email);
    expect(admin.user.role).toBe("admin");
    expect(admin.user.app_metadata.role).toBe("admin");
    const profile = await json(await api.client("user", { token: admin.access_token }).profile.$get(), 200);
    expect(profile.role).toBe("admin");

    const other = await api.signIn();
    expect(other.user.role).toBe("user");

    restore();
    const again = await api.signIn(email);
    expect(again.user.id).toBe(admin.user.id);
    expect(again.user.role).toBe("user");
  });
});
