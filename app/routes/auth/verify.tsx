import { LinkIcon, LogInIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/verify";
import { Logo } from "~/components/logo";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { type ApiClient, ApiRequestError, getApiClient, read } from "~/lib/api.server";

import { titleMeta } from "~/lib/meta";
import { forgetPendingLogin, pendingLogin } from "~/lib/pending-login.server";
import { safeRedirect } from "~/lib/redirect";
import { completeSignIn } from "~/lib/sign-in.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** Forms and links are all this page needs: it is sent without scripts (root.tsx, issue 16). */
export const handle = { hydrate: false };

const REASONS = ["link_used", "link_expired", "link_invalid"] as const;
type Reason = (typeof REASONS)[number];

type Failure = { state: "failed"; reason: Reason; email: string | null };

const INVALID: Failure = { state: "failed", reason: "link_invalid", email: null };

/** The API's refusal of a link, as the page shows it; anything else is not ours to explain. */
function failure(error: unknown): Failure {
  if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
  return {
    state: "failed",
    reason: REASONS.find((known) => known === error.code) ?? "link_invalid",
    email: typeof error.body?.email === "string" ? error.body.email : null,
  };
}

async function signIn(api: ApiClient, token: string, redirectTo: string) {
  const { data: session } = await read(api.auth.verify.$post({ json: { token } }));
  return completeSignIn(api, session, redirectTo, [await forgetPendingLogin()]);
}

/**
 * A link opened in the browser that asked for it signs in at once. Any other (another device, a
 * mail scanner, or an attacker's own link sent to a victim) first shows whose account it opens,
 * and signs in only on a click: a POST, which scanners do not make.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const api = getApiClient(context);
  const t = await getFixedT(context);
  let outcome: Failure | { state: "confirm"; email: string } = INVALID;
  if (token) {
    try {
      const { data: link } = await read(api.auth.verify.preview.$post({ json: { token } }));
      if (link.email === (await pendingLogin(request))) return await signIn(api, token, redirectTo);
      outcome = { state: "confirm", email: link.email };
    } catch (error) {
      outcome = failure(error);
    }
  }
  const title = outcome.state === "confirm" ? t("auth:verify.confirm.title") : t(`auth:verify.${outcome.reason}.title`);
  return { ...outcome, token: outcome.state === "confirm" ? token : null, redirectTo, title };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get("token");
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const t = await getFixedT(context);
  if (typeof token !== "string" || !token) return { ...INVALID, redirectTo, title: t("auth:verify.link_invalid.title") };
  try {
    return await signIn(getApiClient(context), token, redirectTo);
  } catch (error) {
    const failed = failure(error);
    return { ...failed, redirectTo, title: t(`auth:verify.${failed.reason}.title`) };
  }
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const page = actionData ?? loaderData;
  const again = `/auth?mode=login&redirectTo=${encodeURIComponent(page.redirectTo)}`;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-background p-6">
      <Logo size="lg" />
      {page.state === "confirm" && "token" in page ? (
        <Card className="grid w-full max-w-md gap-4 rounded-xl p-8 text-center shadow-sm" data-testid="verify-confirm">
          <LogInIcon className="mx-auto size-10 text-primary" aria-hidden />
          <h1 className="text-xl font-semibold">{t("auth:verify.confirm.title")}</h1>
          <p className="text-muted-foreground">{t("auth:verify.confirm.description", { email: page.email })}</p>
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="token" value={page.token ?? ""} />
            <input type="hidden" name="redirectTo" value={page.redirectTo} />
            <Button type="submit">{t("auth:verify.confirm.button", { email: page.email })}</Button>
          </Form>
          <p className="text-xs text-muted-foreground">{t("auth:verify.confirm.notYou")}</p>
        </Card>
      ) : (
        <Card className="grid w-full max-w-md gap-4 rounded-xl p-8 text-center shadow-sm" data-testid="verify-failed" data-reason={page.state === "failed" ? page.reason : undefined}>
          <LinkIcon className="mx-auto size-10 text-warning" aria-hidden />
          {page.state === "failed" ? (
            <>
              <h1 className="text-xl font-semibold">{t(`auth:verify.${page.reason}.title`)}</h1>
              <p className="text-muted-foreground">{t(`auth:verify.${page.reason}.description`)}</p>
            </>
          ) : null}
          {page.state === "failed" && page.email ? (
            // One click: the sign-in action sends a fresh link to the address this one was for.
            <Form method="post" action="/auth" className="grid gap-2">
              <input type="hidden" name="email" value={page.email} />
              <input type="hidden" name="redirectTo" value={page.redirectTo} />
              <Button type="submit">{t("auth:verify.sendNew", { email: page.email })}</Button>
              <Link to={again} className="text-sm text-primary hover:underline">
                {t("auth:verify.otherAddress")}
              </Link>
            </Form>
          ) : (
            <Link to={again} className={buttonVariants()}>
              {t("auth:verify.requestNew")}
            </Link>
          )}
        </Card>
      )}
    </main>
  );
}
