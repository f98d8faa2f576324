import type { Context } from "hono";
import type { ApiEnv } from "./env";

/**
 * Seed §7's `x-lifetime-limit`, `x-lifetime-used` and `x-lifetime-remaining`: how much of a counted
 * resource (questions, website analyses) the plan allows, the user has, and may still add.
 */
export type LifetimeUsage = { limit: number; used: number; remaining: number };

/** The headers as the document lists them, each described for the resource counted. */
export const lifetimeUsageHeaders = (describe: { limit: string; used: string; remaining: string }) => ({
  "x-lifetime-limit": { schema: { type: "integer" as const }, description: describe.limit },
  "x-lifetime-used": { schema: { type: "integer" as const }, description: describe.used },
  "x-lifetime-remaining": { schema: { type: "integer" as const }, description: describe.remaining },
});

/** The headers' values, for an answer built elsewhere (an ApiError's). */
export const lifetimeUsageValues = (usage: LifetimeUsage): Record<string, string> => ({
  "x-lifetime-limit": String(usage.limit),
  "x-lifetime-used": String(usage.used),
  "x-lifetime-remaining": String(usage.remaining),
});

export function setLifetimeUsage(c: Context<ApiEnv>, usage: LifetimeUsage) {
  for (const [name, value] of Object.entries(lifetimeUsageValues(usage))) c.header(name, value);
}
