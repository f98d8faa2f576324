import { redirect } from "react-router";
import { type ApiClient, ApiRequestError, read } from "./api.server";
import { stepPath } from "./onboarding-steps";
import { commitSession } from "./session.server";

type Session = Parameters<ApiClient["setSession"]>[0];

/**
 * The end of every sign-in (a link, Google, LinkedIn): the session sealed in its cookie, and the
 * page it lands on. `extraCookies` end whatever the way in kept (a pending link, an OAuth flow).
 */
export async function completeSignIn(api: ApiClient, session: Session, redirectTo: string, extraCookies: string[] = []) {
  api.setSession(session);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(api.session!));
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  // An account with two-step verification gives its code before anything else.
  const needsCode = session.aal === "aal1" && session.user.factors.some((factor) => factor.status === "verified");
  if (needsCode) return redirect(`/auth/mfa?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
  return redirect(await landing(api, redirectTo), { headers });
}

/**
 * Where a sign-in lands: a user who has not finished onboarding starts it, or resumes at their step,
 * whatever page they asked for (seed 000 §5); the others go where they asked, or the dashboard.
 */
export async function landing(api: ApiClient, redirectTo: string): Promise<string> {
  try {
    const { data: status } = await read(api.onboarding.status.$get());
    return status.complete ? redirectTo : stepPath(status.current_step);
  } catch (error) {
    if (error instanceof ApiRequestError) return redirectTo;
    throw error;
  }
}
