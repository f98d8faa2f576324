import { afterEach, expect, test } from "vitest";
import type { AuthUser } from "../http/env";
import { cachedSession, clearSessionCache, forgetUser, rememberSession, sessionCacheEpoch } from "./session-cache";

const user = { id: "user-1", email: "ada@example.com", role: "user", sessionId: "session-1", aal: "aal1", hasVerifiedFactor: false } as unknown as AuthUser;

afterEach(() => clearSessionCache());

test("a checked session is remembered for the window, then read again", () => {
  rememberSession(user, sessionCacheEpoch(), 1_000);
  expect(cachedSession("session-1", "user-1", 1_001)).toBe(user);
  expect(cachedSession("session-1", "someone-else", 1_001)).toBeUndefined();
  expect(cachedSession("session-1", "user-1", 1_000 + 5_000)).toBeUndefined();
});

test("a change to the user forgets it at once", () => {
  rememberSession(user, sessionCacheEpoch());
  forgetUser("user-1");
  expect(cachedSession("session-1", "user-1")).toBeUndefined();
});

test("a read that began before a change is not remembered: it may hold the user as it was", () => {
  const readAt = sessionCacheEpoch();
  forgetUser("user-1"); // the change lands while the check reads the database
  rememberSession(user, readAt);
  expect(cachedSession("session-1", "user-1")).toBeUndefined();
});
