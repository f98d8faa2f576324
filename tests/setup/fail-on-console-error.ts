import { afterEach, beforeEach, expect } from "vitest";

/**
 * STYLE.md: a test fails loudly. An unexpected console.error fails the test that caused it; a test
 * that expects one mocks console.error itself (vi.spyOn(console, "error").mockImplementation(…)).
 */
let calls: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  calls = [];
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  const seen = calls;
  console.error = original;
  calls = [];
  expect(seen, "unexpected console.error").toEqual([]);
});
