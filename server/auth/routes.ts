import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "#domain/locales";
import { getDb } from "../runtime";
import { publicRoute, signedInRoute } from "./guarded-route";
import { clientIp } from "../http/middleware";
import { createRouter, errorResponse, jsonBody, jsonResponse, query, z } from "../http/router";
import { OIDC_PROVIDERS } from "./oidc";
import { LOGOUT_SCOPES, logout, previewMagicLink, refreshSession, requestMagicLink, signInWithIdToken, verifyMagicLink } from "./service";

export const IdentitySchema = z
  .object({
    id: z.uuid(),
    provider: z.enum(OIDC_PROVIDERS),
    identity_data: z.object({ sub: z.string(), email: z.string() }),
    created_at: z.string(),
    last_sign_in_at: z.string(),
  })
  .openapi("Identity", { description: "An account at an OpenID provider that signs in as this user" });

export const FactorSchema = z
  .object({
    id: z.uuid(),
    factor_type: z.enum(["totp"]),
    friendly_name: z.string().nullable(),
    status: z.enum(["unverified", "verified"]),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Factor", { description: "A second factor (seed §3); only TOTP is offered" });

export const AalSchema = z.enum(["aal1", "aal2"]).openapi({ description: "aal1: signed in with one factor; aal2: and a code from the authenticator (or a recovery code)" });

export const AuthUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    aud: z.string(),
    role: z.enum(["user", "admin"]),
    created_at: z.string(),
    last_sign_in_at: z.string().nullable(),
    app_metadata: z.record(z.string(), z.unknown()),
    user_metadata: z.record(z.string(), z.unknown()),
    identities: z.array(IdentitySchema),
    factors: z.array(FactorSchema),
  })
  .openapi("User");

export const SessionSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int(),
    expires_at: z.number().int().openapi({ description: "Unix time (seconds) when the access token expires" }),
    token_type: z.literal("bearer"),
    aal: AalSchema,
    user: AuthUserSchema,
  })
  .openapi("Session");

const MessageSchema = z.object({ message: z.string() });

const login = publicRoute("auth", {
  method: "post",
  path: "/login",
  summary: "E-mail a single-use sign-in link",
  request: {
    body: jsonBody(
      z.object({
        // Addresses are often pasted with a stray space around them: trimmed before they are checked.
        email: z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.email().max(254)).openapi({ example: "you@example.com" }),
        redirect_to: z
          .string()
          .max(4096)
          .check(z.url({ error: "Invalid URL" }))
          .optional()
          .openapi({ description: "The app's origin (or an ALLOWED_REDIRECT_ORIGINS one) plus /auth/verify; the link adds ?token=" }),
        locale: z.enum(SUPPORTED_LOCALES).default(DEFAULT_LOCALE),
      }),
    ),
  },
  responses: {
    200: jsonResponse(MessageSchema, "Link sent"),
    400: errorResponse("Invalid e-mail or redirect"),
    429: errorResponse("Too many links asked for this address or network"),
  },
});

const LinkTokenBody = jsonBody(z.object({ token: z.string().min(1).max(200) }));
const LinkRefused = errorResponse("Link invalid (code link_invalid), already used (link_used) or expired (link_expired)");

const verify = publicRoute("auth", {
  method: "post",
  path: "/verify",
  summary: "Exchange a sign-in link token for a session",
  request: { body: LinkTokenBody },
  responses: { 200: jsonResponse(SessionSchema, "Signed in"), 400: LinkRefused },
});

const preview = publicRoute("auth", {
  method: "post",
  path: "/verify/preview",
  summary: "Which address a sign-in link is for, without using it",
  request: { body: LinkTokenBody },
  responses: { 200: jsonResponse(z.object({ email: z.string(), expires_at: z.string() }), "The link is valid"), 400: LinkRefused },
});

const token = publicRoute("auth", {
  method: "post",
  path: "/token",
  summary: "Rotate a refresh token",
  request: {
    query: z.object({ grant_type: z.literal("refresh_token") }),
    body: jsonBody(z.object({ refresh_token: z.string().min(1).max(200) })),
  },
  responses: {
    200: jsonResponse(SessionSchema, "New session"),
    400: errorResponse("Unsupported grant type"),
    401: errorResponse("Refresh token invalid, reused or its session revoked"),
  },
});

const idToken = publicRoute("auth", {
  method: "post",
  path: "/id-token",
  summary: "Sign in with an OpenID provider's ID token (Google, LinkedIn)",
  description:
    "The client ran the provider's authorization-code flow (state, PKCE) with a nonce and sends the ID token it got with that nonce. The token's signature (the provider's JWKS, from its discovery document), issuer, audience (our client id), expiry and nonce are checked, and its e-mail must be verified. The provider's account finds its user again; the first time, it signs into the account that has its e-mail, or makes one.",
  request: {
    body: jsonBody(
      z.object({
        provider: z.enum(OIDC_PROVIDERS),
        id_token: z.string().min(1).max(8192),
        nonce: z.string().min(16).max(200),
        locale: z.enum(SUPPORTED_LOCALES).default(DEFAULT_LOCALE).openapi({ description: "For an account made by this sign-in" }),
      }),
    ),
  },
  responses: {
    200: jsonResponse(SessionSchema, "Signed in"),
    400: errorResponse("invalid_id_token: the token does not prove who this is; provider_not_enabled: no such sign-in here"),
    403: errorResponse("email_not_verified: the provider has not verified the account's e-mail"),
    429: errorResponse("rate_limited_ip: too many sign-in attempts from this network (Retry-After)"),
    503: errorResponse("provider_unavailable: the provider's documents cannot be read now"),
  },
});

const signOut = signedInRoute("auth", {
  method: "post",
  path: "/logout",
  summary: "Sign out this session, every session, or every other session",
  request: { query: z.object({ scope: query.enumOr(LOGOUT_SCOPES, "local") }) },
  responses: { 204: { description: "Signed out" } },
});

export const authRoutes = createRouter()
  .openapi(login, async (c) => {
    const body = c.req.valid("json");
    await requestMagicLink(await getDb(), {
      email: body.email,
      redirectTo: body.redirect_to,
      locale: body.locale,
      ip: clientIp(c),
    });
    return c.json({ message: "Check your e-mail for the sign-in link." }, 200);
  })
  .openapi(verify, async (c) => {
    const session = await verifyMagicLink(await getDb(), c.req.valid("json").token, {
      userAgent: c.req.header("user-agent"),
      ip: clientIp(c),
    });
    return c.json(session, 200);
  })
  .openapi(idToken, async (c) => {
    const session = await signInWithIdToken(await getDb(), c.req.valid("json"), { userAgent: c.req.header("user-agent"), ip: clientIp(c) });
    return c.json(session, 200);
  })
  .openapi(preview, async (c) => c.json(await previewMagicLink(await getDb(), c.req.valid("json").token), 200))
  .openapi(token, async (c) => {
    const session = await refreshSession(await getDb(), c.req.valid("json").refresh_token);
    return c.json(session, 200);
  })
  .openapi(signOut, async (c) => {
    await logout(await getDb(), c.get("user"), c.req.valid("query").scope);
    return c.body(null, 204);
  });

