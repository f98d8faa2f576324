import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { card, EN, openPlans, subscribe } from "./support/billing";
import { E2E_PORT } from "./support/env";
import { expect, test, toast } from "./support/fixtures";
import { type ServerProcess, startServer } from "./support/server-process";
import { startTlsProxy, type TlsProxy } from "./support/tls-proxy";

/**
 * Behind a proxy that terminates TLS, as in production: the browser speaks https to the proxy,
 * the proxy plain http to Node. Every form post carries `Origin: https://…` while Node alone would
 * call the request http: sign-in, a form and a plan change must all go through, over https only.
 * Each project (with and without JavaScript) runs its own server and proxy.
 */
/** Ports of their own for each project, which run side by side. */
const OFFSET: Record<string, number> = { js: 20, "no-js": 22 };
const appPort = (project: string) => E2E_PORT + (OFFSET[project] ?? 24);
const publicUrlOf = (project: string) => `https://localhost:${appPort(project) + 1}`;

test.describe("behind a TLS-terminating proxy", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ baseURL: async ({}, use, testInfo) => use(publicUrlOf(testInfo.project.name)), ignoreHTTPSErrors: true });

  const dataDir = path.join(os.tmpdir(), `sightline-e2e-tls-${crypto.randomBytes(4).toString("hex")}`);
  let server: ServerProcess | undefined;
  let proxy: TlsProxy | undefined;

  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(90_000);
    const port = appPort(testInfo.project.name);
    server = await startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: publicUrlOf(testInfo.project.name),
      TRUST_PROXY: "1",
      SECRET_KEY: crypto.randomBytes(48).toString("base64url"),
      RATE_LIMIT_EMAIL: "1000",
      RATE_LIMIT_IP: "1000",
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      API_URL: undefined,
      BOOKING_URL: undefined,
      ADMIN_EMAILS: "",
    });
    proxy = await startTlsProxy(port + 1, server.url);
  });

  test.afterAll(async () => {
    await proxy?.close();
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  test("sign-in, a form post and a plan change, with Secure cookies and HSTS", async ({ page, context, baseURL, email, signIn, ready, javaScriptEnabled }) => {
    await signIn(page, email, { redirectTo: "/settings/informations", dataDir, api: { url: server!.url, appUrl: baseURL! } });
    expect(page.url()).toBe(`${baseURL}/settings/informations`);

    const cookies = await context.cookies(baseURL!);
    expect(cookies.map((cookie) => cookie.name)).toContain("sl_session");
    expect(cookies.filter((cookie) => !cookie.secure).map((cookie) => cookie.name)).toEqual([]);

    const document = await page.request.get("/settings/informations");
    expect(document.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(document.headers()["content-security-policy"]).toContain("upgrade-insecure-requests");

    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Profile updated", { timeout: 15_000 });
    await page.reload();
    await ready(page);
    await expect(page.getByLabel("First name")).toHaveValue("Grace");

    await subscribe(page, ready, javaScriptEnabled, EN, "pro");
    expect(page.url()).toBe(`${baseURL}/settings/billing`);
    await expect(page.getByTestId("billing-summary")).toContainText("Pro");
    await openPlans(page, javaScriptEnabled, EN.change);
    await card(page, javaScriptEnabled, "business").getByRole(javaScriptEnabled ? "button" : "link", { name: "Upgrade to Business" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page).filter({ hasText: "Plan changed" })).toBeVisible({ timeout: 15_000 });
    await page.goto("/settings/billing");
    await expect(page.getByTestId("billing-summary")).toContainText("Business");
  });

  test("a post from another origin is still refused", async ({ request }) => {
    const refused = await request.post("/preferences", {
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      data: "intent=banner",
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
  });
});
