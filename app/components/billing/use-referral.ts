import { useEffect, useState } from "react";

/** Seed 001 §9: the referral script is polled every 100 ms for up to 10 s. */
const POLL_MS = 100;
const GIVE_UP_MS = 10_000;

/**
 * The visitor's referral id, read from the global the referral-tracking script sets once loaded
 * (e.g. `Rewardful.referral`). null until then, and when no script is configured.
 */
export function useReferralId(referral: { global: string } | null): string | null {
  const [id, setId] = useState<string | null>(null);
  const global = referral?.global;
  useEffect(() => {
    if (!global) return;
    const path = global.split(".");
    const at = (keys: string[]) => {
      let value: unknown = window;
      for (const key of keys) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
      return value;
    };
    const started = Date.now();
    const timer = window.setInterval(() => {
      // Loaded once the script's own object exists; a visitor who came without a referral has no id, and that is fine.
      const loaded = path.length === 1 ? at(path) !== undefined : at(path.slice(0, -1)) !== undefined;
      const value = at(path);
      if (loaded) {
        if (typeof value === "string" && value) setId(value);
        window.clearInterval(timer);
      } else if (Date.now() - started >= GIVE_UP_MS) {
        console.warn(`Referral script not loaded after ${GIVE_UP_MS / 1000} s: checkout continues without a referral id`);
        window.clearInterval(timer);
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [global]);
  return id;
}
