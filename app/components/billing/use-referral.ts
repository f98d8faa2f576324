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
    const read = () => {
      let value: unknown = window;
      for (const key of global.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
      return typeof value === "string" && value ? value : null;
    };
    const started = Date.now();
    const timer = window.setInterval(() => {
      const value = read();
      if (value) {
        setId(value);
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
