import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";
import { stepPath } from "~/lib/onboarding-steps";
import { handleConnectionReturn } from "~/lib/search-console.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";
import { resumePath } from "./onboarding.server";

/**
 * /onboarding: where the user resumes (the step to do, the setup, or the product). Also where
 * Search Console's connection returns (seed 000 §2: `?step=google_search_console&connected=true`):
 * that step is saved as connected, then shown without the query (seed 000 §4).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const query = url.searchParams;
  if (query.get("step") === "google_search_console" && query.get("error") !== null) {
    // Seed §8: the failure's toast, on the step it started from.
    return (await handleConnectionReturn(context, new URL(`${stepPath("google_search_console")}?${query}`, url))) ?? redirect(stepPath("google_search_console"));
  }
  if (query.get("step") === "google_search_console" && query.get("connected") === "true") {
    try {
      await read(getApiClient(context).onboarding.progress.$put({ json: { step: "google_search_console", data: { connected: true } } }));
      const t = await getFixedT(context);
      return redirectWithToast(stepPath("google_search_console"), { type: "success", title: t("searchConsole:toast.connected") });
    } catch (error) {
      // The steps before it are not done yet (step_not_open): the user resumes there.
      if (!(error instanceof ApiRequestError) || error.status !== 409) throw error;
    }
  }
  return redirect(await resumePath(context));
}
