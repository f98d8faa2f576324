import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Adapter, type AdapterPayload } from "oidc-provider";

/**
 * A real OpenID provider on loopback (panva's `oidc-provider`, certified by the OpenID Foundation),
 * configured as Google or LinkedIn: discovery, JWKS, authorization with PKCE, the token endpoint
 * (codes spent once, a replayed code revoking what it gave), refresh tokens for the Search Console
 * scope (Google's `access_type=offline`), userinfo and RFC 7009 revocation. Its sign-in page is a
 * plain form where a test says who it is, whether the e-mail is verified, whether every scope is
 * granted, and Allow or Deny.
 *
 * Google accepts client credentials in the body or as HTTP Basic; oidc-provider takes one method per
 * client, so credentials sent in the body are moved to the header before the provider reads them.
 */
export type OidcIssuer = Awaited<ReturnType<typeof createOidcIssuer>>;
export type IssuedGrant = { clientId: string; sub: string; scope: string };

const SEARCH_CONSOLE_SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";

type Account = { email: string; email_verified: boolean };

export async function createOidcIssuer(options: {
  port?: number;
  /** LinkedIn's issuer has a path (`/oauth`); Google's has none. */
  path?: string;
  clients: Array<{ clientId: string; clientSecret: string; redirectUris: string[] }>;
}) {
  const path = options.path ?? "";
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const accounts = new Map<string, Account>();
  const counts = { refreshes: 0, revocations: 0 };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}${path}`;

  // Its own signing key, as a deployed provider has (oidc-provider's built-in one is for quick starts).
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "issuer-key-1", use: "sig", alg: "RS256" };

  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    adapter: (model: string) => memoryAdapter(model, store),
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    })),
    scopes: ["openid", "email", "profile", "offline_access", SEARCH_CONSOLE_SCOPE],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name", "name"] },
    // As Google and LinkedIn do: the ID token carries the e-mail and the names.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, revocation: { enabled: true }, userinfo: { enabled: true } },
    pkce: { required: () => true },
    // Google gives a refresh token with access_type=offline, which only the Search Console flow asks for.
    issueRefreshToken: async (_ctx, client, code) => client.grantTypeAllowed("refresh_token") && code.scopes.has(SEARCH_CONSOLE_SCOPE),
    interactions: { url: (_ctx, interaction) => `${path}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...account, given_name: "Grace", family_name: "Hopper", name: "Grace Hopper" }) };
    },
    cookies: { keys: [crypto.randomBytes(32).toString("hex")] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, RefreshToken: 30 * 86_400, Interaction: 600, Session: 600, Grant: 30 * 86_400 },
    renderError: async (ctx, out) => {
      ctx.type = "text/plain";
      ctx.body = `${out.error}: ${out.error_description ?? ""}`;
    },
  });
  provider.on("grant.success", (ctx) => {
    if (ctx.oidc.params?.grant_type === "refresh_token") counts.refreshes++;
  });
  const handle = provider.callback();

  server.on("request", async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const interaction = new RegExp(`^${path}/interaction/([\\w-]+)$`).exec(url.pathname);
    try {
      if (interaction?.[1] && req.method === "GET") return await signInPage(req, res);
      if (interaction?.[1] && req.method === "POST") return await decide(req, res);
      if (req.method === "POST" && (url.pathname === `${path}/token` || url.pathname === `${path}/token/revocation`)) {
        await credentialsToHeader(req);
        if (url.pathname.endsWith("/revocation")) res.on("finish", () => res.statusCode === 200 && counts.revocations++);
      }
      if (!url.pathname.startsWith(path)) return notFound(res);
      // The provider routes below its issuer's path, as if mounted there.
      (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url?.slice(path.length) || "/";
      handle(req, res);
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });

  /** The sign-in page: who you are (as a test types it), and Allow or Deny. */
  async function signInPage(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Fake OpenID sign-in</title></head><body><main><h1>Fake OpenID provider</h1>
      <p>Signing in to ${escapeHtml(String(details.params.client_id))} for ${escapeHtml(String(details.params.scope))}</p>
      <form method="post" action="${path}/interaction/${details.uid}">
        <label>E-mail <input name="login_email" type="email" required></label>
        <label><input name="login_verified" type="checkbox" value="true" checked> E-mail verified</label>
        <label><input name="login_all_scopes" type="checkbox" value="true" checked> Grant every scope asked for</label>
        <button name="decision" value="allow">Allow</button> <button name="decision" value="deny" formnovalidate>Deny</button>
      </form></main></body></html>`);
  }

  async function decide(req: http.IncomingMessage, res: http.ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const details = await provider.interactionDetails(req, res);
    if (form.get("decision") !== "allow") {
      return provider.interactionFinished(req, res, { error: "access_denied", error_description: "The user denied access" }, { mergeWithLastSubmission: false });
    }
    const email = (form.get("login_email") ?? "").toLowerCase();
    const sub = subjectOf(email);
    accounts.set(sub, { email, email_verified: form.get("login_verified") === "true" });
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    const asked = String(details.params.scope ?? "").split(" ");
    // Google's granular consent: unticked, only the sign-in scopes are granted.
    const granted = form.get("login_all_scopes") === "true" ? asked : asked.filter((scope) => ["openid", "email", "profile"].includes(scope));
    grant.addOIDCScope(granted.join(" "));
    // Refused scopes are recorded as such: the provider neither asks again nor puts them in tokens.
    const refused = asked.filter((scope) => !granted.includes(scope));
    if (refused.length) grant.rejectOIDCScope(refused.join(" "));
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: false });
  }

  const subjectOf = (email: string) => crypto.createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 21);

  const tokens = (model: string) =>
    [...store.entries()].filter(([key, entry]) => key.startsWith(`${model}:`) && entry.expiresAt > Date.now()).map(([key, entry]) => ({ id: key.slice(model.length + 1), ...entry.payload }));

  return {
    origin,
    issuer,
    get refreshes() {
      return counts.refreshes;
    },
    get revocations() {
      return counts.revocations;
    },
    get issuedRefreshTokens() {
      return tokens("RefreshToken").map((token) => token.id);
    },
    subjectOf,
    /** What a live access token stands for, or null (unknown, expired, revoked). */
    accessGrant(token: string): IssuedGrant | null {
      const found = tokens("AccessToken").find((entry) => entry.id === token);
      return found ? { clientId: String(found.clientId), sub: String(found.accountId), scope: String(found.scope ?? "") } : null;
    },
    /** The user removes the app from their account: every token of `sub` stops working. */
    revoke(sub: string) {
      for (const [key, entry] of store) if (entry.payload.accountId === sub) store.delete(key);
    },
    /** Access tokens expire early, so the next call must refresh. */
    expireAccessTokens() {
      for (const [key, entry] of store) if (key.startsWith("AccessToken:")) entry.expiresAt = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** oidc-provider's storage contract over a Map the test can look into. */
function memoryAdapter(model: string, store: Map<string, { payload: AdapterPayload; expiresAt: number }>): Adapter {
  const key = (id: string) => `${model}:${id}`;
  const live = (id: string) => {
    const entry = store.get(key(id));
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  };
  return {
    async upsert(id, payload, expiresIn) {
      store.set(key(id), { payload, expiresAt: expiresIn === undefined ? Number.POSITIVE_INFINITY : Date.now() + expiresIn * 1000 });
    },
    async find(id) {
      return live(id);
    },
    async findByUid(uid) {
      for (const [entryKey, entry] of store) if (entryKey.startsWith(`${model}:`) && entry.payload.uid === uid && entry.expiresAt > Date.now()) return entry.payload;
      return undefined;
    },
    async findByUserCode() {
      return undefined;
    },
    async consume(id) {
      const entry = store.get(key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(key(id));
    },
    async revokeByGrantId(grantId) {
      for (const [entryKey, entry] of store) if (entry.payload.grantId === grantId) store.delete(entryKey);
    },
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
}

/** Credentials in the body (client_secret_post) become HTTP Basic, which the clients are registered with. */
async function credentialsToHeader(req: http.IncomingMessage & { body?: string }) {
  const body = new URLSearchParams(await readBody(req));
  const [id, secret] = [body.get("client_id"), body.get("client_secret")];
  if (id && secret && !req.headers.authorization) {
    req.headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
    body.delete("client_secret");
    body.delete("client_id");
  }
  // The provider reads an already-read body from here (oidc-provider's selective_body fallback).
  req.body = body.toString();
  // Koa tells a request with a body by its length (or chunked encoding): the new one's.
  delete req.headers["transfer-encoding"];
  req.headers["content-length"] = String(Buffer.byteLength(req.body));
}

function notFound(res: http.ServerResponse) {
  res.writeHead(404, { "content-type": "text/plain" });
  res.end("not found");
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
