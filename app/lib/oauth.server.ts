import crypto from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import { createCookie, redirect } from "react-router";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { isOidcProvider, type OidcProviderId } from "#domain/oidc-providers";
import { discover, type OidcProvider, oidcProviders } from "../../server/auth/oidc";
import { deriveKey } from "../../server/auth/tokens";
import { logger } from "../../server/logger";
import { getConfig } from "./config.server";
import { safeRedirect } from "./redirect";

/**
 * The browser's side of signing in with Google or LinkedIn (ADR 023): remix-auth-oauth2 keeps the
 * state and the PKCE verifier in its cookie; this module adds the nonce (in a sealed cookie of its
 * own, with the provider and where to go after), exchanges the code, and hands the ID token to the
 * API with that nonce. Every failure becomes one of the seed §8 codes shown on /auth.
 */

export type SignInError = "oauth_failed" | "invalid_callback" | "callback_failed" | "session_expired" | "email_not_verified" | "provider_unavailable";

const SCOPES: Record<OidcProviderId, string[]> = { google: ["openid", "email", "profile"], linkedin: ["openid", "profile", "email"] };
const FLOW_TTL_SECONDS = 600;

/** The providers this installation offers, for the sign-in buttons. */
export function signInProviders(): OidcProviderId[] {
  return oidcProviders().map((provider) => provider.id);
}

/** remix-auth-oauth2's strategy with the nonce OpenID Connect binds the ID token to. */
class OpenIdStrategy extends OAuth2Strategy<string> {
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    private readonly nonce: string | null,
  ) {
    super(options, async ({ tokens }) => tokens.idToken());
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    if (this.nonce) next.set("nonce", this.nonce);
    return next;
  }
}

async function strategyFor(provider: OidcProvider, request: Request, nonce: string | null) {
  const discovery = await discover(provider.issuer);
  return new OpenIdStrategy(
    {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      redirectURI: new URL("/auth/callback", new URL(request.url).origin),
      scopes: SCOPES[provider.id],
      cookie: { name: "sl_oauth_state", path: "/auth", httpOnly: true, sameSite: "Lax", maxAge: FLOW_TTL_SECONDS, ...(getConfig().HTTPS ? { secure: true as const } : {}) },
    },
    nonce,
  );
}

type Flow = { provider: OidcProviderId; nonce: string; redirectTo: string };

const flowCookie = () => createCookie("sl_oauth", { path: "/auth", httpOnly: true, sameSite: "lax", secure: getConfig().HTTPS, maxAge: FLOW_TTL_SECONDS });
const flowKey = () => deriveKey("oauth-flow");

async function sealFlow(flow: Flow) {
  const sealed = await new EncryptJWT({ flow }).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setIssuedAt().setExpirationTime(`${FLOW_TTL_SECONDS}s`).encrypt(flowKey());
  return flowCookie().serialize(sealed);
}

async function openFlow(request: Request): Promise<Flow | null> {
  const value = await flowCookie().parse(request.headers.get("cookie"));
  if (typeof value !== "string" || !value) return null;
  try {
    const { payload } = await jwtDecrypt(value, flowKey());
    const flow = payload.flow as Flow | undefined;
    return flow && isOidcProvider(flow.provider) && typeof flow.nonce === "string" ? flow : null;
  } catch {
    return null;
  }
}

/** Where a failed sign-in lands: /auth with the code, and what the user asked for kept. */
export function failedSignIn(error: SignInError, redirectTo = "") {
  const target = new URLSearchParams({ error });
  if (redirectTo) target.set("redirectTo", redirectTo);
  return redirect(`/auth?${target}`);
}

/** Starts the flow: the provider's authorization page, with state, PKCE and a nonce. */
export async function startSignIn(request: Request, providerId: string, redirectTo: string): Promise<Response> {
  const provider = oidcProviders().find((candidate) => candidate.id === providerId);
  if (!provider) throw new Response(null, { status: 404 });
  const nonce = crypto.randomBytes(24).toString("base64url");
  let strategy: OpenIdStrategy;
  try {
    strategy = await strategyFor(provider, request, nonce);
  } catch (error) {
    logger.warn("auth.oidc_discovery_failed", { provider: provider.id, error: String(error) });
    return failedSignIn("provider_unavailable", redirectTo);
  }
  try {
    await strategy.authenticate(request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const headers = new Headers(thrown.headers);
    headers.append("Set-Cookie", await sealFlow({ provider: provider.id, nonce, redirectTo: safeRedirect(redirectTo, "") }));
    return new Response(null, { status: thrown.status, headers });
  }
  throw new Error("the strategy neither redirected nor failed");
}

export type CallbackOutcome = { ok: true; provider: OidcProviderId; idToken: string; nonce: string; redirectTo: string } | { ok: false; error: SignInError; redirectTo: string };

/** The provider's return: the state checked, the code exchanged, the ID token and this flow's nonce. */
export async function finishSignIn(request: Request): Promise<CallbackOutcome> {
  const flow = await openFlow(request);
  if (!flow) return { ok: false, error: "session_expired", redirectTo: "" };
  const provider = oidcProviders().find((candidate) => candidate.id === flow.provider);
  if (!provider) return { ok: false, error: "invalid_callback", redirectTo: flow.redirectTo };
  const url = new URL(request.url);
  if (!url.searchParams.get("state")) {
    // Back without a state: a denial some providers send bare, or a hand-made address.
    return { ok: false, error: url.searchParams.get("error") ? "oauth_failed" : "invalid_callback", redirectTo: flow.redirectTo };
  }
  try {
    const strategy = await strategyFor(provider, request, null);
    const idToken = await strategy.authenticate(request);
    return { ok: true, provider: provider.id, idToken, nonce: flow.nonce, redirectTo: flow.redirectTo };
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      logger.info("auth.oauth_refused", { provider: provider.id, code: error.code });
      return { ok: false, error: error.code === "access_denied" ? "oauth_failed" : "callback_failed", redirectTo: flow.redirectTo };
    }
    // State missing or not this browser's (a replayed or forged return), or a code the provider refused.
    const stateProblem = error instanceof ReferenceError || error instanceof RangeError;
    logger.warn("auth.oauth_callback_failed", { provider: provider.id, error: String(error) });
    return { ok: false, error: stateProblem ? "invalid_callback" : "callback_failed", redirectTo: flow.redirectTo };
  }
}

/** Cookies that end the flow, whatever its outcome. */
export async function endFlowCookies(): Promise<string[]> {
  const expired = { maxAge: 0, expires: new Date(0) };
  const state = createCookie("sl_oauth_state", { path: "/auth" });
  return [await flowCookie().serialize("", expired), await state.serialize("", expired)];
}
