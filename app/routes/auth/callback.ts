import type { Route } from "./+types/callback";
import { ApiRequestError, getApiClient, read } from "~/lib/api.server";
import { endFlowCookies, failedSignIn, finishSignIn, type SignInError } from "~/lib/oauth.server";
import { safeRedirect } from "~/lib/redirect";
import { completeSignIn } from "~/lib/sign-in.server";
import { getLocale } from "~/middleware/i18next.server";

/** The API's refusals of an ID token, in the words /auth shows. */
function refusal(error: ApiRequestError): SignInError {
  if (error.code === "email_not_verified") return "email_not_verified";
  if (error.code === "provider_unavailable") return "provider_unavailable";
  return "callback_failed";
}

/** Where Google and LinkedIn send the browser back (seed 000 §1): the session, or /auth with why not. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ended = await endFlowCookies(request);
  const withCookies = (response: Response) => {
    for (const cookie of ended) response.headers.append("Set-Cookie", cookie);
    return response;
  };
  const outcome = await finishSignIn(request);
  if (!outcome.ok) return withCookies(failedSignIn(outcome.error, outcome.redirectTo));
  const api = getApiClient(context);
  try {
    const { data: session } = await read(
      api.auth["id-token"].$post({ json: { provider: outcome.provider, id_token: outcome.idToken, nonce: outcome.nonce, locale: getLocale(context) } }),
    );
    return completeSignIn(api, session, safeRedirect(outcome.redirectTo), ended);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return withCookies(failedSignIn(refusal(error), outcome.redirectTo));
  }
}
