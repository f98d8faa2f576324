import { describe, expect, test } from "vitest";
import { ApiRequestError } from "./api.server";
import { withRetries } from "./retry.server";

const timeout = () => new ApiRequestError(504, "Request timeout after 120 seconds.", "timeout");

describe("withRetries", () => {
  test("retries a time-out or a reset, waiting 2 s then 4 s, and gives up after 3 attempts", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls++;
        throw calls === 2 ? new ApiRequestError(502, "Network error", "network") : timeout();
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBeNull();
    expect(calls).toBe(3);
    expect(waits).toEqual([2000, 4000]);
  });

  test("returns the first success", async () => {
    let calls = 0;
    const result = await withRetries(async () => (++calls < 2 ? Promise.reject(timeout()) : "ranking"), { sleep: async () => {} });
    expect(result).toBe("ranking");
    expect(calls).toBe(2);
  });

  test("does not retry other errors", async () => {
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw new ApiRequestError(400, "Invalid option");
      }),
    ).rejects.toThrow("Invalid option");
    expect(calls).toBe(1);
  });
});
