import type { OidcProviderId } from "#domain/oidc-providers";
import { createRemoteJWKSet, errors as joseErrors, type JWTPayload, jwtVerify } from "jose";
import { z } from "zod";
import { NO_CONTROL_CHARACTERS } from "#domain/text";
import { type Config, getConfig } from "../config";
import { ApiError, badRequest } from "../http/errors";
import { logger } from "../logger";

/**
 * Sign-in with an OpenID provider (issue 13): what an ID token proves, checked as the OpenID Connect
 * Core spec asks (§3.1.3.7): the issuer's signature, found in the JWKS its discovery document names,
 * the issuer, the audience (our client id), the expiry and the nonce the browser's flow made. The
 * browser's side of the flow (state, PKCE, the nonce's cookie) is the web app's; this module trusts
 * only the token.
 */

export { OIDC_PROVIDERS, type OidcProviderId } from "#domain/oidc-providers";

export type OidcProvider = { id: OidcProviderId; issuer: string; clientId: string; clientSecret: string | null };

/** The providers this installation offers: each one whose client id is set. */
export function oidcProviders(config: Config = getConfig()): OidcProvider[] {
  const providers: OidcProvider[] = [];
  if (config.GOOGLE_CLIENT_ID) {
    providers.push({ id: "google", issuer: config.GOOGLE_ISSUER, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET ?? null });
  }
  if (config.LINKEDIN_CLIENT_ID) {
    providers.push({ id: "linkedin", issuer: config.LINKEDIN_ISSUER, clientId: config.LINKEDIN_CLIENT_ID, clientSecret: config.LINKEDIN_CLIENT_SECRET ?? null });
  }
  return providers;
}

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
});
export type Discovery = z.infer<typeof DiscoverySchema>;

const DISCOVERY_TTL_MS = 60 * 60_000;
const DISCOVERY_TIMEOUT_MS = 10_000;
type Cached = { at: number; discovery: Promise<Discovery>; jwks: Promise<ReturnType<typeof createRemoteJWKSet>> };
const cache = new Map<string, Cached>();

/** The issuer's discovery document (cached an hour; a failure is not cached). */
export function discover(issuer: string): Promise<Discovery> {
  return cached(issuer).discovery;
}

function cached(issuer: string): Cached {
  const hit = cache.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit;
  const discovery = fetchDiscovery(issuer);
  const entry: Cached = { at: Date.now(), discovery, jwks: discovery.then((doc) => createRemoteJWKSet(new URL(doc.jwks_uri))) };
  cache.set(issuer, entry);
  // Both promises are observed here: a caller may await only one, and an unobserved rejection
  // would end the process. A failure is forgotten, so the next sign-in asks again.
  const forget = () => {
    if (cache.get(issuer) === entry) cache.delete(issuer);
  };
  discovery.catch(forget);
  entry.jwks.catch(forget);
  return entry;
}

async function fetchDiscovery(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = DiscoverySchema.parse(await response.json());
  // §4.3 of OpenID Connect Discovery: a document for another issuer is refused.
  if (document.issuer.replace(/\/$/, "") !== issuer) throw new Error(`discovery names the issuer ${document.issuer}`);
  return document;
}

/** Google writes its issuer with and without the scheme (its own documentation says both occur). */
function acceptedIssuers(provider: OidcProvider): string[] {
  if (provider.id === "google" && provider.issuer === "https://accounts.google.com") return [provider.issuer, "accounts.google.com"];
  return [provider.issuer];
}

export type VerifiedIdentity = {
  provider: OidcProviderId;
  /** When the token stops being valid (its `exp`). */
  expiresAt: Date;
  subject: string;
  email: string;
  given_name: string | null;
  family_name: string | null;
  picture: string | null;
};

/** A name as the profile takes it (2 to 50 characters, no control characters), or nothing. */
const optionalName = z
  .string()
  .transform((name) => name.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(2).max(50).regex(NO_CONTROL_CHARACTERS))
  .optional()
  .catch(undefined);

const ClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().max(254).optional(),
  // Google sends a boolean; some providers the string "true".
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).optional(),
  // What only names the user is kept if it fits, dropped if not: it never refuses a sign-in.
  given_name: optionalName,
  family_name: optionalName,
  picture: z.string().max(2000).optional().catch(undefined),
  nonce: z.string().optional(),
});

/**
 * The identity an ID token proves, or an ApiError saying why not: 400 `invalid_id_token` (signature,
 * issuer, audience, expiry, nonce, shape), 403 `email_not_verified`, 503 `provider_unavailable`
 * when the issuer's documents cannot be read. Never a 500 for a token a client sent.
 */
export async function verifyIdToken(provider: OidcProvider, idToken: string, nonce: string): Promise<VerifiedIdentity> {
  let jwks: Awaited<Cached["jwks"]>;
  try {
    jwks = await cached(provider.issuer).jwks;
  } catch (error) {
    logger.warn("auth.oidc_discovery_failed", { provider: provider.id, error: String(error) });
    throw new ApiError(503, "The sign-in provider cannot be reached right now, try again in a moment", { code: "provider_unavailable" });
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, { issuer: acceptedIssuers(provider), audience: provider.clientId, clockTolerance: 60, requiredClaims: ["sub", "exp", "iat"] }));
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || (error instanceof Error && /fetch failed|ECONNREFUSED/.test(error.message))) {
      throw new ApiError(503, "The sign-in provider cannot be reached right now, try again in a moment", { code: "provider_unavailable" });
    }
    throw invalidToken(error instanceof Error ? error.message : "unreadable");
  }
  const claims = ClaimsSchema.safeParse(payload);
  if (!claims.success) throw invalidToken("claims of the wrong shape");
  if (!claims.data.nonce || claims.data.nonce !== nonce) throw invalidToken("nonce mismatch");
  if (!claims.data.email) throw invalidToken("no e-mail in the token (the email scope is needed)");
  if (claims.data.email_verified !== true) {
    throw new ApiError(403, "This account's e-mail address is not verified by the provider: verify it there, or sign in with a link by e-mail", {
      code: "email_not_verified",
    });
  }
  return {
    provider: provider.id,
    expiresAt: new Date((payload.exp ?? 0) * 1000),
    subject: claims.data.sub,
    email: claims.data.email.toLowerCase(),
    given_name: claims.data.given_name ?? null,
    family_name: claims.data.family_name ?? null,
    picture: claims.data.picture ?? null,
  };
}

function invalidToken(reason: string) {
  logger.info("auth.id_token_refused", { reason });
  return badRequest("The sign-in could not be verified, please try again", { code: "invalid_id_token" });
}
