import { expect, test } from "./support/fixtures";

/**
 * Pages go out with a strict Content-Security-Policy: scripts run only with this response's nonce
 * (or when loaded by one that has it). The whole suite runs under it, and the page fixture fails a
 * test on any violation; here, the policy itself, and a violation seen to be blocked and reported.
 */
test.describe("Content-Security-Policy", () => {
  test("each page has its own nonce, and every script the server wrote carries it", async ({ page, email, signIn }) => {
    await signIn(page, email, { redirectTo: "/seo-llms" });
    const nonces: string[] = [];
    for (const path of ["/seo-llms", "/settings/informations", "/leaderboard"]) {
      const response = await page.request.get(path);
      const policy = response.headers()["content-security-policy"] ?? "";
      expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "report-uri /csp-reports"]) expect(policy).toContain(directive);
      expect(policy).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com");
      const nonce = policy.match(/'nonce-([^']+)'/)![1]!;
      nonces.push(nonce);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script, script).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test("markup injected into a page cannot run script, and the attempt is reported", async ({ page, email, signIn, allowConsoleErrors, javaScriptEnabled }) => {
    // Without JavaScript there is no page script to inject through; the policy is the same.
    if (!javaScriptEnabled) return;
    allowConsoleErrors(/Content Security Policy|CSP violation|status of 404/);
    await signIn(page, email, { redirectTo: "/seo-llms" });
    const reported = page.waitForRequest((request) => request.url().endsWith("/csp-reports") && request.method() === "POST");
    // What a stored XSS would put in the page: markup with an inline handler.
    const violation = await page.evaluate(
      () =>
        new Promise<{ directive: string; blocked: string }>((resolve) => {
          document.addEventListener("securitypolicyviolation", (event) => resolve({ directive: event.effectiveDirective, blocked: event.blockedURI }));
          const box = document.createElement("div");
          box.innerHTML = '<img src="/no-such-image.png" onerror="window.__injected = true">';
          document.body.append(box);
        }),
    );
    expect(violation).toEqual({ directive: "script-src-attr", blocked: "inline" });
    expect(await page.evaluate(() => "__injected" in window)).toBe(false);
    expect(JSON.parse((await reported).postData() ?? "{}")).toMatchObject({ "csp-report": { "effective-directive": "script-src-attr" } });
  });
});
