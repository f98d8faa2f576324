import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { E2E_PORT } from "./support/env";
import { expect, test } from "./support/fixtures";
import { type ServerProcess, startServer } from "./support/server-process";

/**
 * The sign-in form once an address has had its links: a server of its own with a limit of one
 * link per address, so the shared e2e server keeps its generous limits. One port per project,
 * as the two projects may run at the same time.
 */
test.describe("sign-in rate limit", () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    const port = E2E_PORT + (testInfo.project.name === "js" ? 3 : 4);
    dataDir = path.join(os.tmpdir(), `sightline-e2e-rate-limit-${port}-${crypto.randomBytes(4).toString("hex")}`);
    server = await startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${port}`,
      RATE_LIMIT_EMAIL: "1",
      RATE_LIMIT_IP: "1000",
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      API_URL: undefined,
      SECRET_KEY: undefined,
      // The jobs are not under test here; the web process alone starts faster.
      JOBS_IN_PROCESS: "false",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("a second link for the same address is refused with a translated message", async ({ page, email, ready, allowConsoleErrors }) => {
    // The refused post is answered 429, which Chromium reports on the console.
    allowConsoleErrors(/Failed to load resource: the server responded with a status of 429 .*\/auth/);
    const ask = async () => {
      await page.goto(`${server!.url}/auth`);
      await ready(page);
      await page.locator("input[name=email]").fill(email);
      await page.locator("form:has(input[name=email]) button[type=submit]").click();
    };
    await ask();
    await expect(page.getByTestId("check-inbox")).toBeVisible();

    await ask();
    await expect(page.getByRole("alert")).toHaveText(/^Too many links were sent to this address\. Please try again in \d+ min\.$/);
    await expect(page.getByTestId("check-inbox")).toHaveCount(0);
    await expect(page.locator("input[name=email]")).toHaveValue(email);
  });
});
