import * as OTPAuth from "otpauth";
import { describe, expect, test } from "vitest";
import { json, type Session, uniqueEmail, useApi } from "../helpers/api";

/**
 * The optional second factor (issue 13): TOTP through the API, as an authenticator app computes
 * its codes (otpauth, RFC 6238), recovery codes, and the assurance level a session has.
 */
const api = useApi();

const factorsOf = (session: Session) => api.client("factors", { token: session.access_token });

/** The app's code for `offsetSteps` steps from now (one either side is accepted). */
function codeFor(secret: string, offsetSteps = 0) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** An account with TOTP on, from the session that turned it on. */
async function withTotp(email = uniqueEmail("mfa")) {
  const session = await api.signIn(email);
  const enrolled = await json(await factorsOf(session).index.$post({ json: { factor_type: "totp", friendly_name: "Phone" } }), 200);
  const firstCode = codeFor(enrolled.totp.secret);
  const verified = await json(await factorsOf(session)[":id"].verify.$post({ param: { id: enrolled.id }, json: { code: firstCode } }), 200);
  return { email, session: verified.session, factorId: enrolled.id, secret: enrolled.totp.secret, firstCode, recoveryCodes: verified.recovery_codes ?? [] };
}

describe("turning TOTP on", () => {
  test("an otpauth:// URI and its QR code; a first code verifies it, gives ten recovery codes, and the session reaches aal2", async () => {
    const email = uniqueEmail("mfa");
    const session = await api.signIn(email);
    expect(session).toMatchObject({ aal: "aal1", user: { factors: [] } });
    const enrolled = await json(await factorsOf(session).index.$post({ json: { factor_type: "totp" } }), 200);
    expect(enrolled.totp.uri).toMatch(new RegExp(`^otpauth://totp/Sightline:${encodeURIComponent(email)}\\?`));
    expect(new URL(enrolled.totp.uri).searchParams.get("secret")).toBe(enrolled.totp.secret);
    expect(enrolled.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);

    // Not verified yet: nothing asks for it, and a wrong code does not verify it.
    expect((await json(await api.client("user", { token: session.access_token }).profile.$get(), 200)).email).toBe(email);
    const wrong = await factorsOf(session)[":id"].verify.$post({ param: { id: enrolled.id }, json: { code: "000000" } });
    expect((await json(wrong, 400)).errors?.code?.[0]?.code).toBe("invalid_code");

    const verified = await json(await factorsOf(session)[":id"].verify.$post({ param: { id: enrolled.id }, json: { code: codeFor(enrolled.totp.secret) } }), 200);
    expect(verified.session.aal).toBe("aal2");
    expect(verified.session.user.factors).toEqual([expect.objectContaining({ id: enrolled.id, factor_type: "totp", status: "verified" })]);
    expect(verified.recovery_codes).toHaveLength(10);
    expect(new Set(verified.recovery_codes).size).toBe(10);
    for (const code of verified.recovery_codes ?? []) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const state = await json(await factorsOf(verified.session).index.$get(), 200);
    expect(state).toMatchObject({ current_level: "aal2", next_level: "aal2", recovery_codes_left: 10 });
    // One authenticator per account.
    expect((await json(await factorsOf(verified.session).index.$post({ json: { factor_type: "totp" } }), 409)).code).toBe("factor_exists");
  });
});

describe("signing in on an account with TOTP", () => {
  test("a new session can do nothing but give the code; a used code is refused; the next one lets it in", async () => {
    const { email, secret, factorId, firstCode } = await withTotp();
    const fresh = await api.signIn(email);
    expect(fresh.aal).toBe("aal1");
    expect(fresh.user.factors).toEqual([expect.objectContaining({ status: "verified" })]);
    const refused = await api.client("user", { token: fresh.access_token }).profile.$get();
    expect((await json(refused, 403)).code).toBe("mfa_required");
    expect(await json(await factorsOf(fresh).index.$get(), 200)).toMatchObject({ current_level: "aal1", next_level: "aal2" });

    // The code that turned it on was spent: the same step is refused, the next is accepted.
    const replay = await factorsOf(fresh)[":id"].verify.$post({ param: { id: factorId }, json: { code: firstCode } });
    expect((await json(replay, 400)).code).toBe("invalid_code");
    const passed = await json(await factorsOf(fresh)[":id"].verify.$post({ param: { id: factorId }, json: { code: codeFor(secret, 1) } }), 200);
    expect(passed.session.aal).toBe("aal2");
    expect(passed.recovery_codes).toBeNull();
    expect((await json(await api.client("user", { token: passed.session.access_token }).profile.$get(), 200)).email).toBe(email);
    // The access token given before still works, now that its session gave the code.
    expect((await api.client("user", { token: fresh.access_token }).profile.$get()).status).toBe(200);
  });

  test("a recovery code works once, instead of the app's", async () => {
    const { email, recoveryCodes } = await withTotp();
    const fresh = await api.signIn(email);
    const code = recoveryCodes[3] ?? "";
    const used = await json(await factorsOf(fresh).recovery.$post({ json: { code: code.toUpperCase().replace("-", " ") } }), 200);
    expect(used).toMatchObject({ session: { aal: "aal2" }, recovery_codes_left: 9 });
    const again = await api.signIn(email);
    expect((await json(await factorsOf(again).recovery.$post({ json: { code } }), 400)).code).toBe("invalid_recovery_code");
  });

  test("five wrong codes lock the factor for a while", async () => {
    const { email, factorId, secret } = await withTotp();
    const fresh = await api.signIn(email);
    for (let attempt = 0; attempt < 5; attempt++) {
      await json(await factorsOf(fresh)[":id"].verify.$post({ param: { id: factorId }, json: { code: "123123" } }), 400);
    }
    const locked = await factorsOf(fresh)[":id"].verify.$post({ param: { id: factorId }, json: { code: codeFor(secret, 1) } });
    expect((await json(locked, 429)).code).toBe("mfa_locked");
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(200);
  });

  test("signing out needs no code; another user's factor is not found", async () => {
    const { email, factorId, secret } = await withTotp();
    const fresh = await api.signIn(email);
    expect((await api.client("auth", { token: fresh.access_token }).logout.$post({ query: {} })).status).toBe(204);
    const stranger = await api.signIn();
    const res = await factorsOf(stranger)[":id"].verify.$post({ param: { id: factorId }, json: { code: codeFor(secret, 1) } });
    await json(res, 404);
  });
});

describe("turning TOTP off", () => {
  test("needs a fresh code; then sessions are not asked any more", async () => {
    const { email, session, factorId, secret } = await withTotp();
    const wrong = await factorsOf(session)[":id"].unenroll.$post({ param: { id: factorId }, json: { code: "999999" } });
    expect((await json(wrong, 400)).code).toBe("invalid_code");
    const off = await json(await factorsOf(session)[":id"].unenroll.$post({ param: { id: factorId }, json: { code: codeFor(secret, 1) } }), 200);
    expect(off).toMatchObject({ aal: "aal1", user: { factors: [] } });
    const fresh = await api.signIn(email);
    expect((await api.client("user", { token: fresh.access_token }).profile.$get()).status).toBe(200);
  });

  test("an aal1 session cannot turn it off", async () => {
    const { email, factorId, secret } = await withTotp();
    const fresh = await api.signIn(email);
    const res = await factorsOf(fresh)[":id"].unenroll.$post({ param: { id: factorId }, json: { code: codeFor(secret, 1) } });
    expect((await json(res, 403)).code).toBe("mfa_required");
  });
});
