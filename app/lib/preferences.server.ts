import { signedCookie } from "./cookies.server";
import { z } from "zod";

/** Interface choices that must render right on the server (no flash), kept for a year. */
const PreferencesSchema = z.object({
  sidebarCollapsed: z.boolean().catch(false),
  bannerDismissed: z.boolean().catch(false),
  /** The sidebar's state during a visit to the academy, null outside it (app/lib/sidebar-state.ts). */
  academyVisit: z.enum(["collapsed", "expanded"]).nullable().catch(null),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

const DEFAULTS: Preferences = { sidebarCollapsed: false, bannerDismissed: false, academyVisit: null };

const preferencesCookie = signedCookie("sl_prefs", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 31_536_000 });

export async function readPreferences(request: Request): Promise<Preferences> {
  const value = await preferencesCookie().parse(request.headers.get("cookie"));
  // Most readers never chose anything: no cookie, and no three caught issues built to say so.
  if (value == null) return DEFAULTS;
  const parsed = PreferencesSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULTS;
}

export function writePreferences(preferences: Preferences): Promise<string> {
  return preferencesCookie().serialize(preferences);
}
