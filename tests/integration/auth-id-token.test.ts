import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "../../server/db/schema";
import { createIdTokenIssuer, type IdTokenIssuer } from "../fakes/id-token-issuer";
import { json, useApi, withEnv } from "../helpers/api";

/**
 * Sign-in with an ID token (issue 13) against two issuers on loopback that speak OpenID discovery
 * and JWKS: one as Google (an issuer at the root), one as LinkedIn (an issuer with a path).
 */
let google: IdTokenIssuer;
let linkedin: IdTokenIssuer;
let undoEnv: () => void;
const GOOGLE_CLIENT = "google-client-id.apps.example";
const LINKEDIN_CLIENT = "linkedin-client-id";

beforeAll(async () => {
  google = await createIdTokenIssuer();
  linkedin = await createIdTokenIssuer({ path: "/oauth" });
  undoEnv = withEnv({
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_ISSUER: google.issuer,
    LINKEDIN_CLIENT_ID: LINKEDIN_CLIENT,
    LINKEDIN_CLIENT_SECRET: "linkedin-secret",
    LINKEDIN_ISSUER: linkedin.issuer,
  });
});
const api = useApi();
afterAll(async () => {
  undoEnv?.();
  await Promise.all([google?.close(), linkedin?.close()]);
});

const auth = () => api.client("auth");
const nonce = () => crypto.randomBytes(16).toString("base64url");
const email = () => `oidc-${crypto.randomUUID()}@example.com`;
const subject = () => String(crypto.randomInt(1e9, 1e10));

async function googleToken(claims: Record<string, unknown>, settings: Partial<Parameters<IdTokenIssuer["token"]>[1]> = {}) {
  return google.token({ email_verified: true, ...claims }, { audience: GOOGLE_CLIENT, ...settings });
}

describe("POST /auth/id-token", () => {
  test("a first Google sign-in makes the account, named from the token, with its identity", async () => {
    const [address, sub, once] = [email(), subject(), nonce()];
    const id_token = await googleToken({ sub, email: address, nonce: once, given_name: "Ada", family_name: "Lovelace" });
    const session = await json(await auth()["id-token"].$post({ json: { provider: "google", id_token, nonce: once } }), 200);
    expect(session.user).toMatchObject({ email: address, app_metadata: { providers: ["email", "google"] } });
    expect(session.user.identities).toEqual([
      { id: expect.any(String), provider: "google", identity_data: { sub, email: address }, created_at: expect.any(String), last_sign_in_at: expect.any(String) },
    ]);
    const profile = await json(await api.client("user", { token: session.access_token }).profile.$get(), 200);
    expect(profile).toMatchObject({ email: address, profile: { first_name: "Ada", last_name: "Lovelace" }, identities: [{ provider: "google" }] });
  });

  test("the provider's subject finds the user again, even after the e-mail changed there", async () => {
    const [sub, first, second] = [subject(), email(), email()];
    const once = nonce();
    const a = await json(await auth()["id-token"].$post({ json: { provider: "google", id_token: await googleToken({ sub, email: first, nonce: once }), nonce: once } }), 200);
    const again = nonce();
    const b = await json(await auth()["id-token"].$post({ json: { provider: "google", id_token: await googleToken({ sub, email: second, nonce: again }), nonce: again } }), 200);
    expect(b.user.id).toBe(a.user.id);
    expect(b.user.identities).toHaveLength(1);
    expect(b.user.identities[0]?.identity_data.email).toBe(second);
  });

  test("a verified e-mail signs into the account that has it: a magic-link user links LinkedIn, then Google", async () => {
    const existing = await api.signIn();
    const once = nonce();
    const viaLinkedIn = await linkedin.token({ sub: subject(), email: existing.user.email.toUpperCase(), email_verified: "true", nonce: once }, { audience: LINKEDIN_CLIENT });
    const linked = await json(await auth()["id-token"].$post({ json: { provider: "linkedin", id_token: viaLinkedIn, nonce: once } }), 200);
    expect(linked.user.id).toBe(existing.user.id);
    const next = nonce();
    const viaGoogle = await json(
      await auth()["id-token"].$post({ json: { provider: "google", id_token: await googleToken({ sub: subject(), email: existing.user.email, nonce: next }), nonce: next } }),
      200,
    );
    expect(viaGoogle.user.id).toBe(existing.user.id);
    expect(viaGoogle.user.identities.map((identity) => identity.provider)).toEqual(["linkedin", "google"]);
    expect(viaGoogle.user.app_metadata).toMatchObject({ providers: ["email", "linkedin", "google"] });
  });

  test("a token signs in once: the same one again (leaked, replayed) is refused", async () => {
    const once = nonce();
    const id_token = await googleToken({ sub: subject(), email: email(), nonce: once });
    expect((await auth()["id-token"].$post({ json: { provider: "google", id_token, nonce: once } })).status).toBe(200);
    const replay = await auth()["id-token"].$post({ json: { provider: "google", id_token, nonce: once } });
    expect(await json(replay, 400)).toMatchObject({ code: "invalid_id_token" });
  });

  test("an e-mail the provider has not verified is refused (403), and makes no account", async () => {
    const [address, once] = [email(), nonce()];
    for (const email_verified of [false, "false", undefined]) {
      const id_token = await googleToken({ sub: subject(), email: address, nonce: once, email_verified });
      const res = await auth()["id-token"].$post({ json: { provider: "google", id_token, nonce: once } });
      expect(await json(res, 403)).toMatchObject({ code: "email_not_verified" });
    }
    const db = await api.db();
    expect(await db.select().from(users).where(eq(users.email, address))).toEqual([]);
  });

  test("a token that does not prove who this is: 400 invalid_id_token, whatever is wrong with it", async () => {
    const once = nonce();
    const claims = { sub: subject(), email: email(), nonce: once };
    const cases: Array<[string, string]> = [
      ["signed by another key", await googleToken(claims, { signedBy: "stranger" })],
      ["for another client", await googleToken(claims, { audience: "someone-else" })],
      ["from another issuer", await googleToken(claims, { issuer: linkedin.issuer })],
      ["expired", await googleToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 600 })],
      ["for another flow (nonce)", await googleToken({ ...claims, nonce: nonce() })],
      ["without a nonce", await googleToken({ sub: claims.sub, email: claims.email })],
      ["without an e-mail", await googleToken({ sub: claims.sub, nonce: once })],
      ["with an unknown key id", await googleToken(claims, { kid: "rotated-away" })],
      ["not a JWT", "not.a.token"],
      ["unsigned", `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ ...claims, aud: GOOGLE_CLIENT, iss: google.issuer })).toString("base64url")}.`],
    ];
    for (const [name, id_token] of cases) {
      const res = await auth()["id-token"].$post({ json: { provider: "google", id_token, nonce: once } });
      expect(await json(res, 400, name)).toMatchObject({ code: "invalid_id_token" });
    }
  });

  test("bad input is a 400 naming the field, never a 500", async () => {
    const res = await auth()["id-token"].$post({ json: { provider: "github" as "google", id_token: "", nonce: "short" } });
    const body = await json(res, 400);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(["id_token", "nonce", "provider"]);
  });

  test("a provider without its client id is not offered (400), and one that cannot be reached is a 503", async () => {
    const undo = withEnv({ LINKEDIN_CLIENT_ID: undefined, GOOGLE_ISSUER: "http://127.0.0.1:9/nowhere" });
    try {
      const once = nonce();
      const token = await linkedin.token({ sub: subject(), email: email(), email_verified: true, nonce: once }, { audience: LINKEDIN_CLIENT });
      expect(await json(await auth()["id-token"].$post({ json: { provider: "linkedin", id_token: token, nonce: once } }), 400)).toMatchObject({ code: "provider_not_enabled" });
      const unreachable = await auth()["id-token"].$post({ json: { provider: "google", id_token: await googleToken({ sub: subject(), email: email(), nonce: once }), nonce: once } });
      expect(await json(unreachable, 503)).toMatchObject({ code: "provider_unavailable" });
    } finally {
      undo();
    }
  });

  test("a flood from one network is refused with 429 before any token is checked", async () => {
    const undo = withEnv({ RATE_LIMIT_IP: "1" });
    try {
      // One client, one network: five tries pass (RATE_LIMIT_IP × 5), the sixth is refused.
      const network = api.client("auth", { ip: "203.0.113.77" });
      const attempt = async () => {
        const once = nonce();
        return network["id-token"].$post({ json: { provider: "google", id_token: await googleToken({ sub: subject(), email: email(), nonce: once }), nonce: once } });
      };
      for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(200);
      const res = await attempt();
      expect(await json(res, 429)).toMatchObject({ code: "rate_limited_ip" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      undo();
    }
  });
});
