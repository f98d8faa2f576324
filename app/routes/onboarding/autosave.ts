import { data, redirect } from "react-router";
import type { Route } from "./+types/autosave";
import { requireSession } from "~/lib/api.server";
import { autoSave } from "./onboarding.server";
import { isAutoSaved, STEP_FORMS } from "./step-forms.server";

/*
 * Seed 000 §4's auto-save: a step's form as typed so far, posted by a script when a field loses
 * focus (`useAutoSave`), saved when it parses. A resource route answering `{saved}`, called with a
 * plain fetch: a router fetcher's action finishing during the form's own post would take that
 * navigation over (React Router completes a pending navigation with the fetcher's revalidation).
 */

/** Nothing to show: a visit goes to the onboarding. */
export function loader() {
  return redirect("/onboarding");
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const step = formData.get("step");
  if (!isAutoSaved(step)) return data({ saved: false }, { status: 400 });
  return { saved: await autoSave(context, formData, STEP_FORMS[step]) };
}
