import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { ApiRequestError, getApiClient, read } from "~/lib/api.server";

import { destroySession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export function loader() {
  return redirect("/");
}

export async function action({ context }: Route.ActionArgs) {
  const api = getApiClient(context);
  const t = await getFixedT(context);
  if (api.session) {
    try {
      await read(api.sessions.logout.$post({ query: { scope: "local" } }));
    } catch (error) {
      // An already-dead session (thrown as a redirect Response) still ends in a signed-out browser.
      if (!(error instanceof ApiRequestError) && !(error instanceof Response)) throw error;
    }
    // The logout call may have refreshed the tokens first; the browser must not get them back.
    api.clearSession();
  }
  return redirectWithToast("/auth", { type: "success", title: t("auth:loggedOut") }, { headers: { "Set-Cookie": await destroySession() } });
}
