import { createOidcIssuer } from "../../fakes/oidc-issuer";
import { createFakeSearchConsole } from "../../fakes/search-console";
import { createFakeSites } from "../../fakes/sites";
import { E2E_BASE_URL, E2E_OIDC, E2E_OIDC_LINKEDIN, E2E_SEARCH_CONSOLE } from "./env";

/** Where the fixture website of the audit e2e test answers (set by the global setup below, read by the tests). */
export const FIXTURE_SITE_ENV = "E2E_FIXTURE_SITE";

/**
 * The fixture websites (tests/fakes/sites.ts) for the website analysis: one local server, Acme's
 * site at its 127.0.0.1 address, on a port the system picks. The e2e server analyses it with
 * ALLOW_PRIVATE_FETCH (playwright.config.ts); the workers inherit its address through the
 * environment. And the OpenID issuers that play Google and LinkedIn for the sign-in tests, and
 * Google's Search Console API. Returns the teardown.
 */
export default async function globalSetup() {
  const sites = await createFakeSites({ aliases: { "127.0.0.1": "acme.test" } });
  process.env[FIXTURE_SITE_ENV] = `127.0.0.1:${sites.port}`;
  // The OpenID issuer the e2e server takes for Google (its address is fixed: the server is told it).
  // A real OpenID provider (oidc-provider) as each, registered with the e2e server's return addresses.
  const google = await createOidcIssuer({
    port: E2E_OIDC.port,
    clients: [{ clientId: E2E_OIDC.clientId, clientSecret: E2E_OIDC.clientSecret, redirectUris: [`${E2E_BASE_URL}/auth/callback`, `${E2E_BASE_URL}/api/v1/oauth/google/callback`] }],
  });
  const linkedin = await createOidcIssuer({
    port: E2E_OIDC_LINKEDIN.port,
    path: "/oauth",
    clients: [{ clientId: E2E_OIDC_LINKEDIN.clientId, clientSecret: E2E_OIDC_LINKEDIN.clientSecret, redirectUris: [`${E2E_BASE_URL}/auth/callback`] }],
  });
  // Search Console answers for the accounts "Google" signed in, with their tokens.
  const searchConsole = await createFakeSearchConsole({ port: E2E_SEARCH_CONSOLE.port, accessGrant: (token) => google.accessGrant(token), defaultSites: [...E2E_SEARCH_CONSOLE.sites] });
  return async () => {
    await Promise.all([sites.close(), google.close(), linkedin.close(), searchConsole.close()]);
  };
}
