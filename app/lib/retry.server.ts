import { ApiRequestError } from "./api.server";

/** A time-out or a dropped connection may pass; a 4xx or a 500 will not. */
export function isTransient(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.code === "timeout" || error.code === "network");
}

/**
 * Seed 001 §7/§9: up to `attempts` calls in all, only after a time-out or a connection reset,
 * waiting 2 s, then 4 s (doubling). Resolves with `null` when every attempt failed that way, so
 * the screen can say so; any other error is the caller's.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  options: { attempts?: number; firstDelayMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T | null> {
  const attempts = options.attempts ?? 3;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let delay = options.firstDelayMs ?? 2000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isTransient(error)) throw error;
      if (attempt >= attempts) return null;
      await sleep(delay);
      delay *= 2;
    }
  }
}
