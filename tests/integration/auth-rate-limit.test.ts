import { describe, expect, onTestFinished, test } from "vitest";
import { json, uniqueEmail, uniqueIp, useApi, withEnv } from "../helpers/api";

const api = useApi();

/**
 * The counters use fixed windows aligned on multiples of the window length, so a test that
 * straddles a boundary would see its count reset. Rather than waiting, pick a window length
 * (15–30 minutes, like the default) for which now sits in the middle half of its window.
 */
function midWindowSeconds(now = Date.now() / 1000) {
  for (let seconds = 900; seconds <= 1800; seconds++) {
    const elapsed = now % seconds;
    if (elapsed > seconds / 4 && elapsed < (3 * seconds) / 4) return seconds;
  }
  throw new Error("no window length puts now mid-window");
}

describe("magic link rate limits", () => {
  test("a sixth link for one address within the window is a 429 with retry-after", async () => {
    const window = midWindowSeconds();
    onTestFinished(withEnv({ RATE_LIMIT_WINDOW_SECONDS: String(window) }));
    const email = uniqueEmail();
    for (let i = 1; i <= 5; i++) {
      const { res } = await api.login(email);
      expect(res.status, `link ${i}`).toBe(200);
    }
    // A different network and a different spelling of the same address: still the same address.
    const { res } = await api.login(email.toUpperCase());
    expect(await json(res, 429)).toEqual({
      message: "Too many sign-in links were sent to this address. Please wait before asking for another.",
      code: "rate_limited_email",
    });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);
    expect(await api.mailsTo(email)).toHaveLength(5);

    // Someone else is not affected.
    expect((await api.login(uniqueEmail())).res.status).toBe(200);
  });

  test("RATE_LIMIT_EMAIL changes the limit", async () => {
    onTestFinished(withEnv({ RATE_LIMIT_WINDOW_SECONDS: String(midWindowSeconds()), RATE_LIMIT_EMAIL: "2" }));
    const email = uniqueEmail();
    expect((await api.login(email)).res.status).toBe(200);
    expect((await api.login(email)).res.status).toBe(200);
    expect((await api.login(email)).res.status).toBe(429);
  });

  test("more than RATE_LIMIT_IP links from one address is a 429, other networks are unaffected", async () => {
    const window = midWindowSeconds();
    onTestFinished(withEnv({ RATE_LIMIT_WINDOW_SECONDS: String(window) }));
    const ip = uniqueIp();
    for (let i = 1; i <= 20; i++) {
      const { res } = await api.login(uniqueEmail(), {}, { ip });
      expect(res.status, `request ${i}`).toBe(200);
    }
    const refusedEmail = uniqueEmail();
    const { res } = await api.login(refusedEmail, {}, { ip });
    expect(await json(res, 429)).toEqual({
      message: "Too many sign-in requests from this network. Please wait before trying again.",
      code: "rate_limited_ip",
    });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(window);
    expect(await api.mailsTo(refusedEmail)).toEqual([]);

    // The same address from another network still gets its link.
    expect((await api.login(refusedEmail, {}, { ip: uniqueIp() })).res.status).toBe(200);
  });

  test("a refused redirect_to does not use up the caller's allowance", async () => {
    onTestFinished(withEnv({ RATE_LIMIT_WINDOW_SECONDS: String(midWindowSeconds()), RATE_LIMIT_IP: "2" }));
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) {
      const { res } = await api.login(uniqueEmail(), { redirect_to: "https://evil.example/" }, { ip });
      expect(res.status).toBe(400);
    }
    expect((await api.login(uniqueEmail(), {}, { ip })).res.status).toBe(200);
  });
});
