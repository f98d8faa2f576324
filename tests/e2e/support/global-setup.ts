import { createFakeSites } from "../../fakes/sites";

/** Where the fixture website of the audit e2e test answers (set by the global setup below, read by the tests). */
export const FIXTURE_SITE_ENV = "E2E_FIXTURE_SITE";

/**
 * The fixture websites (tests/fakes/sites.ts) for the website analysis: one local server, Acme's
 * site at its 127.0.0.1 address, on a port the system picks. The e2e server analyses it with
 * ALLOW_PRIVATE_FETCH (playwright.config.ts); the workers inherit its address through the
 * environment. Returns the teardown.
 */
export default async function globalSetup() {
  const sites = await createFakeSites({ aliases: { "127.0.0.1": "acme.test" } });
  process.env[FIXTURE_SITE_ENV] = `127.0.0.1:${sites.port}`;
  return () => sites.close();
}
