import crypto from "node:crypto";
import { redirect } from "react-router";
import { createCookie } from "./cookies.server";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { isOidcProvider, type OidcProviderId } from "#domain/oidc-providers";
import { discover, type OidcProvider, oidcProviders } from "../../server/auth/oidc";
import { deriveKey } from "../../server/auth/tokens";
import { logger } from "../../server/logger";
import { getConfig } from "./config.server";
import { safeRedirect } from "./redirect";
import { seal, unseal } from "../../server/auth/sealed";

/**
 * The browser's side of signing in with Google or LinkedIn (ADR 023): remix-auth-oauth2 keeps the
 * state and the PKCE verifier in its cookie; this module derives the nonce from the state (an HMAC,
 * so each flow, in each tab, has its own), keeps the provider and where to go after in a sealed
 * cookie named by the state, exchanges the code, and hands the ID token to the API with its nonce.
 * Every failure becomes one of the seed §8 codes shown on /auth.
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
  /** The state of the authorization request this strategy made, once it made one. */
  state: string | null = null;

  constructor(options: OAuth2Strategy.ConstructorOptions) {
    super(options, async ({ tokens }) => tokens.idToken());
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    this.state = next.get("state");
    if (this.state) next.set("nonce", nonceFor(this.state));
    return next;
  }
}

/** The nonce of the flow whose state this is: only this server can make it, and each flow has its own. */
function nonceFor(state: string): string {
  return crypto.createHmac("sha256", deriveKey("oauth-nonce")).update(state).digest("base64url");
}

/** A state as arctic makes them (base64url); anything else in a return is not ours. */
const STATE = /^[A-Za-z0-9_-]{16,128}$/;
const STATE_COOKIE = "sl_oauth_state";

async function strategyFor(provider: OidcProvider, request: Request) {
  const discovery = await discover(provider.issuer);
  return new OpenIdStrategy({
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      redirectURI: new URL("/auth/callback", new URL(request.url).origin),
      scopes: SCOPES[provider.id],
      cookie: { name: STATE_COOKIE, path: "/auth", httpOnly: true, sameSite: "Lax", maxAge: FLOW_TTL_SECONDS, ...(getConfig().HTTPS ? { secure: true as const } : {}) },
  });
}

type Flow = { provider: OidcProviderId; redirectTo: string };

const flowCookie = (state: string) => createCookie(`sl_flow_${state}`, { path: "/auth", httpOnly: true, sameSite: "lax", secure: getConfig().HTTPS, maxAge: FLOW_TTL_SECONDS });
const FLOW_PURPOSE = "oauth-flow";

async function sealFlow(state: string, flow: Flow) {
  return flowCookie(state).serialize(await seal({ flow, state }, FLOW_PURPOSE, FLOW_TTL_SECONDS));
}

async function openFlow(request: Request, state: string): Promise<Flow | null> {
  const payload = await unseal(await flowCookie(state).parse(request.headers.get("cookie")), FLOW_PURPOSE);
  const flow = payload?.flow as Flow | undefined;
  return payload?.state === state && flow && isOidcProvider(flow.provider) ? flow : null;
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
  let strategy: OpenIdStrategy;
  try {
    strategy = await strategyFor(provider, request);
  } catch (error) {
    logger.warn("auth.oidc_discovery_failed", { provider: provider.id, error: String(error) });
    return failedSignIn("provider_unavailable", redirectTo);
  }
  try {
    await strategy.authenticate(request);
  } catch (thrown) {
    if (!(thrown instanceof Response) || !strategy.state) throw thrown;
    const headers = new Headers(thrown.headers);
    headers.append("Set-Cookie", await sealFlow(strategy.state, { provider: provider.id, redirectTo: safeRedirect(redirectTo, "") }));
    return new Response(null, { status: thrown.status, headers });
  }
  throw new Error("the strategy neither redirected nor failed");
}

export type CallbackOutcome = { ok: true; provider: OidcProviderId; idToken: string; nonce: string; redirectTo: string } | { ok: false; error: SignInError; redirectTo: string };

/** The provider's return: the state checked, the code exchanged, the ID token and this flow's nonce. */
export async function finishSignIn(request: Request): Promise<CallbackOutcome> {
  const url = new URL(request.url);
  const state = url.searchParams.get("state");
  if (!state || !STATE.test(state)) {
    // Back without a state of ours: a denial some providers send bare, or a hand-made address.
    return { ok: false, error: url.searchParams.get("error") ? "oauth_failed" : "invalid_callback", redirectTo: "" };
  }
  const flow = await openFlow(request, state);
  if (!flow) return { ok: false, error: "session_expired", redirectTo: "" };
  const provider = oidcProviders().find((candidate) => candidate.id === flow.provider);
  if (!provider) return { ok: false, error: "invalid_callback", redirectTo: flow.redirectTo };
  try {
    const strategy = await strategyFor(provider, request);
    const idToken = await strategy.authenticate(request);
    return { ok: true, provider: provider.id, idToken, nonce: nonceFor(state), redirectTo: flow.redirectTo };
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

/**
 * Cookies that end the flow of the return's state, whatever its outcome: its sealed cookie, and the
 * strategy's cookie that holds its verifier (one per flow, `sl_oauth_state:<id>`). Other tabs'
 * flows keep theirs.
 */
export async function endFlowCookies(request: Request): Promise<string[]> {
  const state = new URL(request.url).searchParams.get("state");
  if (!state || !STATE.test(state)) return [];
  const expired = { maxAge: 0, expires: new Date(0) };
  const cookies = [await flowCookie(state).serialize("", expired)];
  for (const part of (request.headers.get("cookie") ?? "").split(/;\s*/)) {
    const at = part.indexOf("=");
    const name = part.slice(0, at);
    if (at < 0 || !name.startsWith(`${STATE_COOKIE}:`) || !/^[\w:-]+$/.test(name)) continue;
    // The value is URL-encoded form data (state=…&<state>=<verifier>): URLSearchParams decodes it.
    if (new URLSearchParams(part.slice(at + 1)).get("state") === state) cookies.push(`${name}=; Path=/auth; Max-Age=0; Expires=${new Date(0).toUTCString()}; HttpOnly; SameSite=Lax`);
  }
  return cookies;
}
