import { data, redirect } from "react-router";
import type { Route } from "./+types/preferences";
import { getApiClient, read } from "~/lib/api.server";

import { safeRedirect } from "~/lib/redirect";
import { isLocale } from "#domain/locales";
import { readPreferences, writePreferences } from "~/lib/preferences.server";
import { sidebarOnToggle } from "~/lib/sidebar-state";
import { getConfig } from "~/lib/config.server";
import { localeCookie } from "~/middleware/i18next.server";

/**
 * Interface preferences (sidebar, banner, language). Without JavaScript the form carries
 * `redirectTo` and the browser goes back there; a fetcher gets JSON and revalidates in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const headers = new Headers();
  const preferences = await readPreferences(request);

  switch (form.get("intent")) {
    case "sidebar": {
      const sidebar = sidebarOnToggle({ collapsed: preferences.sidebarCollapsed, academyVisit: preferences.academyVisit }, form.get("collapsed") === "1");
      headers.append("Set-Cookie", await writePreferences({ ...preferences, sidebarCollapsed: sidebar.collapsed, academyVisit: sidebar.academyVisit }));
      break;
    }
    case "banner":
      headers.append("Set-Cookie", await writePreferences({ ...preferences, bannerDismissed: true }));
      break;
    case "locale": {
      const lng = form.get("lng");
      // Only configured locales are accepted (seed 000 §5).
      if (!isLocale(lng)) return data({ ok: false, error: "unsupported_locale" }, { status: 400 });
      headers.append("Set-Cookie", await localeCookie.serialize(lng, { secure: getConfig().HTTPS }));
      const api = getApiClient(context);
      // Signed-in users also get their e-mails in the new language.
      if (api.session) await read(api.user.profile.$patch({ json: { locale: lng } })).catch(() => undefined);
      break;
    }
    default:
      return data({ ok: false, error: "unknown_intent" }, { status: 400 });
  }

  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string") return redirect(safeRedirect(redirectTo, "/"), { headers });
  return data({ ok: true }, { headers });
}

export function loader() {
  return redirect("/");
}
