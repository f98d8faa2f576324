import { redirect } from "react-router";
import type { Route } from "./+types/oauth";
import { startSignIn } from "~/lib/oauth.server";

/**
 * "Continue with Google / LinkedIn": a plain form post (it works without JavaScript, and a link
 * from another site cannot start a sign-in flow), answered by the provider's authorization page.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = form.get("redirectTo");
  return startSignIn(request, params.provider, typeof redirectTo === "string" ? redirectTo : "");
}

export function loader() {
  return redirect("/auth");
}
