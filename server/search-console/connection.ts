import crypto from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import type PgBoss from "pg-boss";
import type { ConnectError, ConnectOrigin } from "#domain/search-console";
import { seal, unseal } from "../auth/sealed";
import { getConfig } from "../config";
import type { Database } from "../db/client";
import { prepared } from "../db/prepared";
import { type SearchConsoleSite, searchConsoleConnections, searchConsoleConnectStates, searchConsoleDays, searchConsoleTopRows } from "../db/schema";
import { ApiError, badRequest } from "../http/errors";
import { demoSearchConsole } from "../integrations/google/demo-search-console";
import { googleConfigured, googleOAuthClient, googleSearchConsole, revokeGrant, CONNECT_SCOPES, SEARCH_CONSOLE_SCOPE, type SearchConsoleApi, SearchConsoleError } from "../integrations/google/search-console";
import { logger } from "../logger";
import { findSeoProfile } from "../seo-llm/profile";
import { requestSync } from "./sync-requests";

/**
 * Connecting a Search Console account (issue 13, seed 000 §4): the OAuth round trip with Google
 * (or the demo when this installation has no Google client), the sites it can see, the one chosen,
 * and leaving. Decision 024 says why the callback belongs to the API.
 */

const STATE_TTL_MS = 15 * 60_000;
/** How long the list of sites is trusted before Google is asked again. */
const SITES_TTL_MS = 10 * 60_000;
const TOKEN_PURPOSE = "search-console-refresh-token";
export const CALLBACK_PATH = "/api/v1/oauth/google/callback";

type Connection = typeof searchConsoleConnections.$inferSelect;

export type ConnectionStatus = {
  is_connected: boolean;
  connected_site: string | null;
  sites: SearchConsoleSite[];
  needs_selection: boolean;
  needs_reconnect: boolean;
  source: "google" | "demo" | null;
  account_email: string | null;
  sync_status: Connection["syncStatus"];
  sync_error: Connection["syncError"];
  last_synced_at: string | null;
  data_end_date: string | null;
  /** What connecting would connect now: Google's, or the demo when this installation has no Google client. */
  available_source: "google" | "demo";
};

export function toStatus(connection: Connection | undefined): ConnectionStatus {
  return {
    is_connected: Boolean(connection),
    connected_site: connection?.connectedSite ?? null,
    sites: connection?.sites ?? [],
    needs_selection: Boolean(connection && !connection.connectedSite),
    needs_reconnect: connection?.needsReconnect ?? false,
    source: connection?.source ?? null,
    account_email: connection?.accountEmail ?? null,
    sync_status: connection?.syncStatus ?? "idle",
    sync_error: connection?.syncError ?? null,
    last_synced_at: connection?.lastSyncedAt?.toISOString() ?? null,
    data_end_date: connection?.dataEndDate ?? null,
    available_source: googleConfigured() ? "google" : "demo",
  };
}

/** Read by the dashboard on every visit. */
const connectionOf = prepared("search_console_connection", (db, name) =>
  db.select().from(searchConsoleConnections).where(eq(searchConsoleConnections.userId, sql.placeholder("userId"))).prepare(name),
);

export async function findConnection(db: Database, userId: string): Promise<Connection | undefined> {
  const [row] = await connectionOf(db).execute({ userId });
  return row;
}

export async function getStatus(db: Database, userId: string): Promise<ConnectionStatus> {
  return toStatus(await findConnection(db, userId));
}

/** The page a connection returns to, with what happened in its query string (seed §4 step 2). */
export function returnUrl(appOrigin: string, origin: ConnectOrigin, outcome: { connected: true; needsSelection: boolean } | { error: ConnectError }): string {
  const url = new URL(origin === "onboarding" ? "/onboarding" : origin === "settings" ? "/settings/integrations" : "/dashboard", appOrigin);
  if (origin === "onboarding") url.searchParams.set("step", "google_search_console");
  if ("error" in outcome) {
    url.searchParams.set("error", outcome.error);
  } else {
    url.searchParams.set("connected", "true");
    if (outcome.needsSelection) url.searchParams.set("needs_selection", "true");
  }
  return url.toString();
}

/**
 * Where the browser goes to connect: Google's consent screen (offline access, consent prompt,
 * webmasters.readonly, PKCE, a state naming this user), or, without a Google client, straight back
 * with the demo connected.
 */
export async function startConnection(db: Database, userId: string, request: { origin: ConnectOrigin; appOrigin: string }): Promise<{ auth_url: string }> {
  if (!googleConfigured()) {
    const api = await demoFor(db, userId);
    const sites = await api.listSites();
    const values = { source: "demo" as const, refreshTokenSealed: null, scope: null, accountEmail: null, needsReconnect: false, connectedSite: null, sites, sitesFetchedAt: new Date() };
    await db.transaction(async (tx) => {
      await clearData(tx, userId);
      await tx
        .insert(searchConsoleConnections)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: searchConsoleConnections.userId, set: { ...values, syncStatus: "idle", syncError: null, lastSyncedAt: null, dataEndDate: null, connectedAt: new Date() } });
    });
    return { auth_url: returnUrl(request.appOrigin, request.origin, { connected: true, needsSelection: true }) };
  }
  const redirectUri = new URL(CALLBACK_PATH, getConfig().PUBLIC_ORIGIN ?? request.appOrigin).toString();
  const client = await googleOAuthClient(redirectUri).catch(() => {
    throw new ApiError(503, "The search provider cannot be reached; try again in a moment", { code: "provider_unavailable" });
  });
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const state = crypto.randomBytes(32).toString("base64url");
  await db.delete(searchConsoleConnectStates).where(lt(searchConsoleConnectStates.expiresAt, new Date()));
  await db.insert(searchConsoleConnectStates).values({
    stateHash: hashState(state),
    userId,
    codeVerifier,
    redirectUri,
    appOrigin: request.appOrigin,
    origin: request.origin,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const authUrl = client.generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    scope: CONNECT_SCOPES,
    include_granted_scopes: true,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: "S256" as ChallengeMethod,
  });
  return { auth_url: authUrl };
}

/** The library's enum, not exported through googleapis; "S256" is its value. */
type ChallengeMethod = NonNullable<NonNullable<Parameters<Awaited<ReturnType<typeof googleOAuthClient>>["generateAuthUrl"]>[0]>["code_challenge_method"]>;

const hashState = (state: string) => crypto.createHash("sha256").update(state).digest("base64url");

export type CallbackQuery = { code?: string; state?: string; error?: string; scope?: string };

/**
 * Google's return: the URL to send the browser to. The state is spent whatever happens; the
 * refresh token is sealed before it is stored. Never throws: every failure is a seed §8 code.
 */
export async function finishConnection(db: Database, boss: PgBoss, query: CallbackQuery, fallbackOrigin: string): Promise<string> {
  const [pending] = query.state
    ? await db
        .delete(searchConsoleConnectStates)
        .where(eq(searchConsoleConnectStates.stateHash, hashState(query.state)))
        .returning()
    : [];
  const fail = (error: ConnectError) => returnUrl(pending?.appOrigin ?? fallbackOrigin, pending?.origin ?? "dashboard", { error });
  if (!query.state || (!query.code && !query.error)) return fail("invalid_callback");
  if (!pending || pending.expiresAt < new Date()) return fail("session_expired");
  if (query.error) return fail(query.error === "access_denied" ? "oauth_failed" : "callback_failed");

  let tokens: { refresh_token?: string | null; scope?: string | null; id_token?: string | null };
  try {
    const client = await googleOAuthClient(pending.redirectUri);
    ({ tokens } = await client.getToken({ code: query.code as string, codeVerifier: pending.codeVerifier }));
  } catch (error) {
    const answer = (error as { response?: { status?: number; data?: unknown } }).response;
    logger.warn("search-console.token_exchange_failed", { error: String(error).slice(0, 200), status: answer?.status, answer: JSON.stringify(answer?.data ?? null).slice(0, 300) });
    return fail("callback_failed");
  }
  // Google's consent screen lets the user untick a scope: without this one there is nothing to read.
  const granted = (tokens.scope ?? query.scope ?? "").split(/\s+/);
  if (!granted.includes(SEARCH_CONSOLE_SCOPE)) return fail("permissions_denied");
  if (!tokens.refresh_token) return fail("callback_failed");

  const refreshTokenSealed = await seal({ rt: tokens.refresh_token }, TOKEN_PURPOSE);
  const accountEmail = emailOf(tokens.id_token);
  let sites: SearchConsoleSite[] = [];
  try {
    sites = await (await googleSearchConsole(tokens.refresh_token)).listSites();
  } catch (error) {
    logger.warn("search-console.sites_failed", { error: String(error).slice(0, 200) });
  }
  const previous = await findConnection(db, pending.userId);
  // A reconnection keeps the chosen site when the account still sees it.
  const keptSite = previous?.source === "google" && previous.connectedSite && sites.some((site) => site.site_url === previous.connectedSite) ? previous.connectedSite : null;
  const values = { source: "google" as const, refreshTokenSealed, scope: granted.join(" "), accountEmail, needsReconnect: false, connectedSite: keptSite, sites, sitesFetchedAt: new Date() };
  await db.transaction(async (tx) => {
    if (!keptSite) await clearData(tx, pending.userId);
    await tx
      .insert(searchConsoleConnections)
      .values({ userId: pending.userId, ...values })
      .onConflictDoUpdate({
        target: searchConsoleConnections.userId,
        set: { ...values, syncStatus: "idle", syncError: null, ...(keptSite ? {} : { lastSyncedAt: null, dataEndDate: null }), connectedAt: new Date() },
      });
  });
  if (keptSite) await requestSync(db, boss, pending.userId);
  return returnUrl(pending.appOrigin, pending.origin, { connected: true, needsSelection: !keptSite });
}

/**
 * The e-mail of the ID token that came with the grant. It came straight from the token endpoint over
 * the connection we opened, which OpenID Connect Core §3.1.3.7 accepts in place of checking its
 * signature; it is only shown, never trusted for access.
 */
function emailOf(idToken: string | null | undefined): string | null {
  if (!idToken) return null;
  try {
    const email = decodeJwt(idToken).email;
    return typeof email === "string" && email.length <= 254 ? email : null;
  } catch {
    return null;
  }
}

/** The API of a connection: the demo's, or Google's through its sealed refresh token. */
export async function apiFor(db: Database, connection: Connection): Promise<SearchConsoleApi> {
  if (connection.source === "demo") return demoFor(db, connection.userId);
  const claims = await unseal(connection.refreshTokenSealed, TOKEN_PURPOSE);
  if (typeof claims?.rt !== "string") throw new SearchConsoleError("revoked", "the stored grant cannot be read (SECRET_KEY changed?)");
  return googleSearchConsole(claims.rt);
}

async function demoFor(db: Database, userId: string): Promise<SearchConsoleApi> {
  const found = await findSeoProfile(db, userId);
  return demoSearchConsole({
    brandName: found?.profile?.brandName ?? null,
    websiteUrl: found?.websiteUrl ?? null,
    keywords: found?.profile?.keywords ?? [],
    language: found?.profile?.marketLanguage === "fr" ? "fr" : "en",
  });
}

/** The connection, or a 409 saying what is missing (`not_connected`). */
async function requireConnection(db: Database, userId: string): Promise<Connection> {
  const connection = await findConnection(db, userId);
  if (!connection) throw new ApiError(409, "No Search Console account is connected", { code: "not_connected" });
  return connection;
}

/** The sites the account can see: asked of Google again when older than ten minutes, or when `refresh`. */
export async function listSites(db: Database, userId: string, options: { refresh?: boolean } = {}): Promise<SearchConsoleSite[]> {
  const connection = await requireConnection(db, userId);
  const fresh = connection.sitesFetchedAt && Date.now() - connection.sitesFetchedAt.getTime() < SITES_TTL_MS;
  if (fresh && !options.refresh) return connection.sites;
  try {
    const sites = await (await apiFor(db, connection)).listSites();
    await db.update(searchConsoleConnections).set({ sites, sitesFetchedAt: new Date() }).where(eq(searchConsoleConnections.userId, userId));
    return sites;
  } catch (error) {
    if (error instanceof SearchConsoleError && error.code === "revoked") {
      await markRevoked(db, userId);
      throw new ApiError(409, "Access to Search Console was revoked: connect again", { code: "needs_reconnect" });
    }
    // The last list known is better than none when Google is briefly unavailable.
    logger.warn("search-console.sites_failed", { error: String(error).slice(0, 200) });
    return connection.sites;
  }
}

export async function markRevoked(db: Database, userId: string) {
  await db.update(searchConsoleConnections).set({ needsReconnect: true, syncStatus: "failed", syncError: "needs_reconnect" }).where(eq(searchConsoleConnections.userId, userId));
}

/** Chooses the site the dashboard shows: only one the account can see; its data is then synced. */
export async function selectSite(db: Database, boss: PgBoss, userId: string, siteUrl: string): Promise<ConnectionStatus> {
  const connection = await requireConnection(db, userId);
  let sites = connection.sites;
  if (!sites.some((site) => site.site_url === siteUrl)) sites = await listSites(db, userId, { refresh: true });
  if (!sites.some((site) => site.site_url === siteUrl)) {
    throw badRequest("This site is not one your Search Console account can see", { code: "unknown_site", errors: { site_url: [{ code: "unknown_site", message: "Not a site of this account" }] } });
  }
  if (connection.connectedSite !== siteUrl) {
    await db.transaction(async (tx) => {
      await clearData(tx, userId);
      await tx
        .update(searchConsoleConnections)
        .set({ connectedSite: siteUrl, syncStatus: "idle", syncError: null, lastSyncedAt: null, dataEndDate: null })
        .where(eq(searchConsoleConnections.userId, userId));
    });
  }
  await requestSync(db, boss, userId, { force: connection.connectedSite !== siteUrl });
  return getStatus(db, userId);
}

/** Leaves: the grant is revoked at Google, then the connection and its data are deleted. */
export async function disconnect(db: Database, userId: string): Promise<ConnectionStatus> {
  const connection = await findConnection(db, userId);
  if (connection?.source === "google") {
    const claims = await unseal(connection.refreshTokenSealed, TOKEN_PURPOSE);
    if (typeof claims?.rt === "string") await revokeGrant(claims.rt);
  }
  await db.transaction(async (tx) => {
    await clearData(tx, userId);
    await tx.delete(searchConsoleConnections).where(eq(searchConsoleConnections.userId, userId));
    await tx.delete(searchConsoleConnectStates).where(eq(searchConsoleConnectStates.userId, userId));
  });
  return toStatus(undefined);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function clearData(tx: Tx | Database, userId: string) {
  await tx.delete(searchConsoleDays).where(eq(searchConsoleDays.userId, userId));
  await tx.delete(searchConsoleTopRows).where(eq(searchConsoleTopRows.userId, userId));
}
