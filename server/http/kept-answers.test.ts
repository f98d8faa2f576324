import { type Context, Hono } from "hono";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { resetConfig } from "../config";
import type { ApiEnv, AuthUser } from "./env";
import { forgetEveryone, forgetUser, keptAnswer, keptFor, keptForEveryone, keptSize, setListening } from "./kept-answers";
import { textOf } from "./known-body";

/**
 * A route behind keptAnswer that counts how often it really ran: `state` decides what it answers
 * (and whether it says when its answer turns), and `gate` holds it mid-read when a test needs one.
 */
function harness() {
  const state = {
    ...{ version: 1, status: 200, body: "" },
    ...{ keptUntil: undefined as number | undefined, gate: undefined as Promise<void> | undefined, readOnly: undefined as boolean | undefined },
  };
  const ran = vi.fn();
  const app = new Hono<ApiEnv>();
  app.use("*", async (c, next) => {
    c.set("user", { id: c.req.header("x-user") ?? "u1" } as AuthUser);
    // As hono/request-id does, before the route answers.
    c.header("x-request-id", c.req.header("x-request-id") ?? "generated");
    await next();
    // What server/api/index.ts reads to skip waiting for announcements.
    state.readOnly = c.get("readOnly");
  });
  const handler = async (c: Context<ApiEnv>) => {
    ran();
    const version = state.version;
    await state.gate;
    c.set("keptUntil", state.keptUntil);
    c.header("x-lifetime-remaining", String(10 - version));
    return c.json({ version, path: c.req.path, body: state.body }, state.status as 200);
  };
  app.get("/read/*", keptAnswer, handler);
  app.post("/check", keptAnswer, handler);
  app.get("/public/*", keptForEveryone, handler);
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app.request(path, { headers });
    return { status: res.status, body: (await res.json()) as { version: number }, remaining: res.headers.get("x-lifetime-remaining"), requestId: res.headers.get("x-request-id") };
  };
  return { state, ran, get, app };
}

beforeEach(() => setListening(true));

afterEach(() => {
  vi.useRealTimers();
  delete process.env.READ_CACHE_MS;
  resetConfig();
  setListening(false);
});

describe("kept answers", () => {
  test("are kept per user, URL and language until that user changes", async () => {
    const { state, ran, get } = harness();
    expect((await get("/read/a")).body.version).toBe(1);
    state.version = 2;
    const again = await get("/read/a", { "x-request-id": "trace-2" });
    // The route's own headers with it, and this request's id, not the first one's.
    expect(again).toMatchObject({ status: 200, body: { version: 1 }, remaining: "9", requestId: "trace-2" });
    expect(ran).toHaveBeenCalledTimes(1);

    expect((await get("/read/a?x=1")).body.version).toBe(2);
    expect((await get("/read/a", { "accept-language": "fr" })).body.version).toBe(2);
    expect((await get("/read/a", { "x-user": "u2" })).body.version).toBe(2);
    expect(ran).toHaveBeenCalledTimes(4);

    forgetUser("u2");
    expect((await get("/read/a")).body.version).toBe(1);
    forgetUser("u1");
    expect((await get("/read/a")).body.version).toBe(2);
    expect((await get("/read/a", { "x-user": "u2" })).body.version).toBe(2);
    expect(ran).toHaveBeenCalledTimes(6);
  });

  test("what the rows say is kept (found, or not there yet); anything else is answered afresh", async () => {
    const { state, ran, get } = harness();
    state.status = 404;
    expect((await get("/read/missing")).status).toBe(404);
    expect((await get("/read/missing")).status).toBe(404);
    expect(ran).toHaveBeenCalledTimes(1);
    for (const status of [202, 400, 409, 500]) {
      ran.mockClear();
      state.status = status;
      await get(`/read/${status}`);
      await get(`/read/${status}`);
      expect(ran, String(status)).toHaveBeenCalledTimes(2);
    }
  });

  test("a route that changes nothing may be a POST, and says it changes nothing", async () => {
    const { state, ran, app } = harness();
    await app.request("/check", { method: "POST" });
    expect(state.readOnly).toBe(true);
    state.readOnly = undefined;
    await app.request("/check", { method: "POST" });
    expect(ran).toHaveBeenCalledTimes(1);
    expect(state.readOnly).toBe(true);
  });

  test("nothing is kept while changes are not heard, and everything is dropped when they stop being", async () => {
    const { ran, get } = harness();
    await get("/read/a");
    setListening(false);
    await get("/read/a");
    await get("/read/a");
    expect(ran).toHaveBeenCalledTimes(3);
    setListening(true);
    await get("/read/a");
    await get("/read/a");
    expect(ran).toHaveBeenCalledTimes(4);
  });

  test("a change to what everyone reads forgets every user", async () => {
    const { state, get } = harness();
    await get("/read/a");
    await get("/read/a", { "x-user": "u2" });
    state.version = 2;
    forgetEveryone();
    expect((await get("/read/a")).body.version).toBe(2);
    expect((await get("/read/a", { "x-user": "u2" })).body.version).toBe(2);
  });

  test("a public route's answer is kept once for everyone, and forgotten with what everyone reads", async () => {
    const { state, ran, get } = harness();
    expect((await get("/public/settings")).body.version).toBe(1);
    state.version = 2;
    expect((await get("/public/settings", { "x-user": "u2" })).body.version).toBe(1);
    expect(ran).toHaveBeenCalledTimes(1);
    // Any user's caller in the process finds it, as it finds that user's own.
    expect(JSON.parse(keptFor("u3", "GET", "/public/settings")?.body ?? "null")).toMatchObject({ version: 1 });
    expect(keptFor("u3", "GET", "/public/other")).toBeUndefined();
    forgetUser("u1");
    forgetUser("u2");
    expect((await get("/public/settings")).body.version).toBe(1);
    forgetEveryone();
    expect((await get("/public/settings")).body.version).toBe(2);
    expect(ran).toHaveBeenCalledTimes(2);
  });

  test("settings read anew drop what was kept under the old ones", async () => {
    const { state, get } = harness();
    await get("/public/settings");
    await get("/read/a");
    state.version = 2;
    resetConfig();
    expect((await get("/public/settings")).body.version).toBe(2);
    expect((await get("/read/a")).body.version).toBe(2);
  });

  test("an answer read while its user changed is sent but not kept", async () => {
    const { state, get } = harness();
    let release!: () => void;
    state.gate = new Promise((resolve) => {
      release = resolve;
    });
    const reading = get("/read/a");
    await vi.waitFor(() => expect(keptSize().users).toBe(1));
    forgetUser("u1");
    state.version = 2;
    release();
    expect((await reading).body.version).toBe(1);
    state.gate = undefined;
    expect((await get("/read/a")).body.version).toBe(2);
  });

  test("an answer read while everyone was forgotten, or the listener lost, is not kept", async () => {
    const listenerLost = () => {
      setListening(false);
      setListening(true);
    };
    for (const lose of [forgetEveryone, listenerLost]) {
      const { state, get } = harness();
      let release!: () => void;
      state.gate = new Promise((resolve) => {
        release = resolve;
      });
      const reading = get("/read/a");
      await vi.waitFor(() => expect(keptSize().users).toBe(1));
      lose();
      state.version = 2;
      release();
      expect((await reading).body.version).toBe(1);
      state.gate = undefined;
      expect((await get("/read/a")).body.version).toBe(2);
      forgetEveryone();
    }
  });

  test("an answer lives READ_CACHE_MS at most, or until the moment its route names, if sooner", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T12:00:00Z"), toFake: ["Date"] });
    process.env.READ_CACHE_MS = "10000";
    resetConfig();
    const { state, get } = harness();
    await get("/read/a");
    state.version = 2;
    vi.setSystemTime(Date.now() + 9_999);
    expect((await get("/read/a")).body.version).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    expect((await get("/read/a")).body.version).toBe(2);

    state.keptUntil = Date.now() + 3_000;
    await get("/read/b");
    state.version = 3;
    vi.setSystemTime(Date.now() + 2_999);
    expect((await get("/read/b")).body.version).toBe(2);
    vi.setSystemTime(Date.now() + 1);
    expect((await get("/read/b")).body.version).toBe(3);

    // An answer that has already turned by the time it is read is not kept at all.
    state.keptUntil = Date.now() - 1;
    await get("/read/c");
    state.version = 4;
    expect((await get("/read/c")).body.version).toBe(4);
  });

  test("READ_CACHE_MS=0 answers every request afresh", async () => {
    process.env.READ_CACHE_MS = "0";
    resetConfig();
    const { ran, get } = harness();
    await get("/read/a");
    await get("/read/a");
    expect(ran).toHaveBeenCalledTimes(2);
  });

  test("memory is bounded: past it, the users seen least recently are dropped", async () => {
    const { state, ran, get } = harness();
    state.body = "x".repeat(1024 * 1024);
    for (let user = 0; user < 40; user++) await get("/read/a", { "x-user": `u${user}` });
    expect(keptSize().chars).toBeLessThanOrEqual(32 * 1024 * 1024);
    const users = keptSize().users;
    expect(users).toBeLessThan(40);
    ran.mockClear();
    await get("/read/a", { "x-user": "u39" });
    expect(ran).not.toHaveBeenCalled();
    await get("/read/a", { "x-user": "u0" });
    expect(ran).toHaveBeenCalledTimes(1);
  });

  test("hand their text to a caller in the process without reading it back from the body", async () => {
    const { state, app } = harness();
    state.body = "é".repeat(3);
    for (const round of ["kept now", "kept already"]) {
      const response = await app.request("/read/text");
      const read = vi.spyOn(response, "text");
      const text = await textOf(response);
      expect(JSON.parse(text), round).toEqual({ version: 1, path: "/read/text", body: "ééé" });
      expect(read, round).not.toHaveBeenCalled();
      // The body is still there for whoever reads it the usual way.
      expect(await response.text()).toBe(text);
    }
    // An answer that was not kept is read as usual.
    const refused = await app.request("/read/text", { headers: { "x-user": "u2" } });
    state.status = 500;
    const failed = await app.request("/read/other");
    expect(failed.status).toBe(500);
    expect(JSON.parse(await textOf(failed))).toMatchObject({ version: 1 });
    expect(JSON.parse(await textOf(refused))).toMatchObject({ body: "ééé" });
  });
});
