import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

/**
 * An OpenID issuer on loopback: its discovery document (at `<issuer>/.well-known/openid-configuration`,
 * the issuer may have a path as LinkedIn's does), its JWKS, an authorization page where the browser
 * says who it is and allows or denies, and a token endpoint that checks the client's secret, the
 * redirect URI and PKCE (S256) and spends each code once. `token()` signs what the real issuer
 * would, with its key or, to test refusals, another one. As Google's does, it gives a refresh token
 * when asked for offline access, refreshes, and revokes (RFC 7009); the tokens it gave can be looked
 * up, which is how the fake Search Console checks its bearer.
 */
export type FakeOidc = Awaited<ReturnType<typeof createFakeOidc>>;

type Grant = {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string | undefined;
  sub: string;
  email: string;
  verified: boolean;
  scope: string;
  offline: boolean;
};
/** What an access or refresh token stands for; `revoked` as when the user removes the app from their account. */
export type TokenGrant = { clientId: string; sub: string; scope: string; expiresAt: number; revoked: boolean };

export async function createFakeOidc(options: { path?: string; port?: number; clients?: Record<string, string> } = {}) {
  const path = options.path ?? "";
  const key = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(key.publicKey)), kid: "fake-key-1", alg: "RS256", use: "sig" };
  let requests = 0;
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, TokenGrant>();
  const refreshTokens = new Map<string, TokenGrant>();
  const clients = options.clients ?? {};

  const server = http.createServer(async (req, res) => {
    requests++;
    const url = req.url ?? "/";
    const { pathname, searchParams } = new URL(url, "http://fake");
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url === `${path}/.well-known/openid-configuration`) {
      return json(200, {
        issuer: fake.issuer,
        authorization_endpoint: `${fake.issuer}/authorize`,
        token_endpoint: `${fake.issuer}/token`,
        jwks_uri: `${fake.origin}/jwks`,
        userinfo_endpoint: `${fake.issuer}/userinfo`,
        revocation_endpoint: `${fake.issuer}/revoke`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (url === "/jwks") return json(200, { keys: [jwk] });
    if (pathname === `${path}/authorize`) return authorize(searchParams, res);
    if (pathname === `${path}/authorize/decide`) return decide(searchParams, res);
    if (pathname === `${path}/token` && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      return exchange(new URLSearchParams(body), req.headers.authorization, json);
    }
    if (pathname === `${path}/revoke` && req.method === "POST") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const token = searchParams.get("token") ?? new URLSearchParams(body).get("token") ?? "";
      const grant = refreshTokens.get(token) ?? accessTokens.get(token);
      if (!grant) return json(400, { error: "invalid_token" });
      fake.revoke(grant.sub);
      revocations++;
      return json(200, {});
    }
    json(404, { error: "not_found" });
  });
  /** The sign-in page: who you are (as a test types it), and Allow or Deny. */
  function authorize(params: URLSearchParams, res: http.ServerResponse) {
    const known = clients[params.get("client_id") ?? ""] !== undefined;
    if (!known || params.get("response_type") !== "code" || params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) {
      res.writeHead(400, { "content-type": "text/plain" });
      return res.end("invalid authorization request");
    }
    const hidden = [...params].map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`).join("");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Fake OpenID sign-in</title></head><body><main><h1>Fake OpenID provider</h1>
      <form method="get" action="${path}/authorize/decide">${hidden}
        <label>E-mail <input name="login_email" type="email" required></label>
        <label><input name="login_verified" type="checkbox" value="true" checked> E-mail verified</label>
        <label><input name="login_all_scopes" type="checkbox" value="true" checked> Grant every scope asked for</label>
        <button name="decision" value="allow">Allow</button> <button name="decision" value="deny" formnovalidate>Deny</button>
      </form></main></body></html>`);
  }

  function decide(params: URLSearchParams, res: http.ServerResponse) {
    const back = new URL(params.get("redirect_uri") ?? "");
    const state = params.get("state");
    if (state) back.searchParams.set("state", state);
    if (params.get("decision") !== "allow") {
      back.searchParams.set("error", "access_denied");
    } else {
      const email = (params.get("login_email") ?? "").toLowerCase();
      const code = crypto.randomBytes(16).toString("base64url");
      grants.set(code, {
        clientId: params.get("client_id") ?? "",
        redirectUri: params.get("redirect_uri") ?? "",
        challenge: params.get("code_challenge") ?? "",
        nonce: params.get("nonce") ?? undefined,
        sub: fake.subjectOf(email),
        email,
        verified: params.get("login_verified") === "true",
        // Google's granular consent lets the user untick a scope: then only the sign-in scopes are granted.
        scope: params.get("login_all_scopes") === "true" ? (params.get("scope") ?? "") : "openid email",
        offline: params.get("access_type") === "offline",
      });
      back.searchParams.set("code", code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function exchange(body: URLSearchParams, authorization: string | undefined, json: (status: number, body: unknown) => void) {
    let [clientId, secret] = [body.get("client_id") ?? "", body.get("client_secret") ?? ""];
    if (authorization?.startsWith("Basic ")) {
      [clientId = "", secret = ""] = Buffer.from(authorization.slice(6), "base64").toString().split(":").map(decodeURIComponent);
    }
    if (clients[clientId] === undefined || clients[clientId] !== secret) return json(401, { error: "invalid_client" });
    if (body.get("grant_type") === "refresh_token") {
      const held = refreshTokens.get(body.get("refresh_token") ?? "");
      if (!held || held.revoked || held.clientId !== clientId) return json(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      refreshes++;
      return json(200, { access_token: issueAccess(held), token_type: "Bearer", expires_in: 3600, scope: held.scope });
    }
    const code = body.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code);
    if (!grant || body.get("grant_type") !== "authorization_code" || grant.clientId !== clientId || grant.redirectUri !== body.get("redirect_uri")) {
      return json(400, { error: "invalid_grant" });
    }
    const challenge = crypto.createHash("sha256").update(body.get("code_verifier") ?? "").digest("base64url");
    if (challenge !== grant.challenge) return json(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
    const id_token = await fake.token({ sub: grant.sub, email: grant.email, email_verified: grant.verified, nonce: grant.nonce, given_name: "Grace", family_name: "Hopper" }, { audience: clientId });
    const held: TokenGrant = { clientId, sub: grant.sub, scope: grant.scope, expiresAt: Date.now() + 3_600_000, revoked: false };
    let refresh_token: string | undefined;
    if (grant.offline) {
      refresh_token = crypto.randomBytes(24).toString("base64url");
      refreshTokens.set(refresh_token, held);
    }
    json(200, { access_token: issueAccess(held), token_type: "Bearer", expires_in: 3600, scope: grant.scope, id_token, refresh_token });
  }

  function issueAccess(held: TokenGrant): string {
    const token = crypto.randomBytes(16).toString("hex");
    accessTokens.set(token, { ...held, expiresAt: Date.now() + 3_600_000 });
    return token;
  }
  let refreshes = 0;
  let revocations = 0;

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake = {
    origin,
    issuer: `${origin}${path}`,
    get requests() {
      return requests;
    },
    /** Access tokens issued from refresh tokens, and revocations asked for by clients. */
    get refreshes() {
      return refreshes;
    },
    get revocations() {
      return revocations;
    },
    get issuedRefreshTokens() {
      return [...refreshTokens.keys()];
    },
    /** What a live access token stands for, or null (unknown, expired, revoked). */
    accessGrant(token: string): TokenGrant | null {
      const grant = accessTokens.get(token);
      return grant && !grant.revoked && grant.expiresAt > Date.now() ? grant : null;
    },
    /** The user removes the app from their account: every token of `sub` stops working. */
    revoke(sub: string) {
      for (const grant of [...accessTokens.values(), ...refreshTokens.values()]) if (grant.sub === sub) grant.revoked = true;
    },
    /** Access tokens expire early, so the next call must refresh. */
    expireAccessTokens() {
      for (const grant of accessTokens.values()) grant.expiresAt = 0;
    },
    /** The subject the fake gives an e-mail (what `sub` a test's user will have). */
    subjectOf: (email: string) => crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 21),
    /** An ID token for `audience`, valid for an hour unless `expiresIn` says otherwise. */
    async token(claims: JWTPayload, settings: { audience: string; issuer?: string; expiresIn?: string | number; signedBy?: "issuer" | "stranger"; kid?: string }) {
      const signer = settings.signedBy === "stranger" ? stranger.privateKey : key.privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: settings.kid ?? jwk.kid })
        .setIssuer(settings.issuer ?? fake.issuer)
        .setAudience(settings.audience)
        .setIssuedAt()
        .setExpirationTime(settings.expiresIn ?? "1h")
        .sign(signer);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
