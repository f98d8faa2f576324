import { linkToken, magicLink, waitForMail } from "./outbox";

/** The API's Session (server/auth/routes.ts), as much of it as the tests read. */
export type ApiSession = {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string; email: string; role: "user" | "admin" };
};

async function json<T>(response: Response, what: string): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${body}`);
  return (body ? JSON.parse(body) : null) as T;
}

/** POST /auth/login on `baseUrl`, then the link's token from the outbox in `dataDir`. */
export async function requestLinkToken(baseUrl: string, dataDir: string, email: string, appUrl = baseUrl): Promise<string> {
  const since = Date.now();
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, redirect_to: `${appUrl}/auth/verify` }),
  });
  await json(response, `POST ${baseUrl}/api/v1/auth/login`);
  return linkToken(magicLink(await waitForMail(dataDir, email, since)));
}

export async function verifyToken(baseUrl: string, token: string): Promise<ApiSession> {
  const response = await fetch(`${baseUrl}/api/v1/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  return json<ApiSession>(response, `POST ${baseUrl}/api/v1/auth/verify`);
}

/** A bearer session for `email` through the API alone: login → outbox → verify. */
export async function apiSignIn(baseUrl: string, dataDir: string, email: string, appUrl = baseUrl): Promise<ApiSession> {
  return verifyToken(baseUrl, await requestLinkToken(baseUrl, dataDir, email, appUrl));
}

/**
 * Calls /api/v1 of `baseUrl` as `email`, signed in through the API once: `send(method, path, body)`
 * answers the raw Response.
 */
export async function apiAs(email: string, server: { baseUrl: string; dataDir: string; appUrl?: string }) {
  const session = await apiSignIn(server.baseUrl, server.dataDir, email, server.appUrl);
  return (method: string, path: string, body?: unknown) =>
    fetch(`${server.baseUrl}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), authorization: `Bearer ${session.access_token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** Revokes every session of the token's user, the browser's included. */
export async function logoutEverywhere(baseUrl: string, accessToken: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/auth/logout?scope=global`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (response.status !== 204) throw new Error(`POST /auth/logout?scope=global: ${response.status} ${await response.text()}`);
}
