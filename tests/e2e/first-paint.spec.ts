import { expect, test } from "./support/fixtures";

/**
 * A page is whole and usable before its scripts run, so the browser paints it first and asks for
 * the scripts after (app/lib/scripts-after-paint.server.ts): the document carries no preloads and
 * no module to start, every module starts after the first contentful paint, then the page hydrates.
 */
test("the document asks for no script itself: its modules wait in an inert block, with the page's nonce", async ({ page, email, signIn }) => {
  await signIn(page, email, { redirectTo: "/leaderboard" });
  const response = await page.request.get("/leaderboard");
  const nonce = (response.headers()["content-security-policy"] ?? "").match(/'nonce-([^']+)'/)?.[1];
  const html = await response.text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).toContain(`<script nonce="${nonce}" type="application/x-sightline-module" id="sl-modules">`);
  expect(html).toMatch(/"\/assets\/entry\.client-[^"]+\.js"/);
});

test("with JavaScript, every module starts after the first contentful paint, then the page hydrates", async ({ page, email, signIn, ready, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript no script is asked for at all");
  await signIn(page, email, { redirectTo: "/leaderboard" });
  await page.reload();
  await ready(page);
  const timings = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({ url: entry.name, start: entry.startTime })),
  }));
  expect(timings.paint).not.toBeNull();
  expect(timings.scripts.length).toBeGreaterThan(5);
  for (const script of timings.scripts) expect(script.start, script.url).toBeGreaterThanOrEqual(timings.paint as number);
  // Hydrated: a client-side navigation works.
  await page.locator("aside#app-sidebar").getByRole("link", { name: "Academy", exact: true }).click();
  await expect(page).toHaveURL(/\/academy$/);
});
