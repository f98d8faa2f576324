import { signedCookie } from "./cookies.server";
import { z } from "zod";

/** Interface choices that must render right on the server (no flash), kept for a year. */
const PreferencesSchema = z.object({
  sidebarCollapsed: z.boolean().catch(false),
  bannerDismissed: z.boolean().catch(false),
  /** The sidebar collapses by itself the first time the academy is entered, once. */
  academyCollapsed: z.boolean().catch(false),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

const DEFAULTS: Preferences = { sidebarCollapsed: false, bannerDismissed: false, academyCollapsed: false };

const preferencesCookie = signedCookie("sl_prefs", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 31_536_000 });

export async function readPreferences(request: Request): Promise<Preferences> {
  const value = await preferencesCookie().parse(request.headers.get("cookie"));
  const parsed = PreferencesSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : DEFAULTS;
}

export function writePreferences(preferences: Preferences): Promise<string> {
  return preferencesCookie().serialize(preferences);
}
