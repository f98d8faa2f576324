import { LinkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/verify";
import { titleMeta } from "~/lib/meta";
import { Logo } from "~/components/logo";
import { Button, buttonVariants } from "~/components/ui/button";
import { ApiRequestError, getApiClient } from "~/lib/api.server";
import { safeRedirect } from "~/lib/redirect";
import { commitSession } from "~/lib/session.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

const REASONS = ["link_used", "link_expired", "link_invalid"] as const;
type Reason = (typeof REASONS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const api = getApiClient(context);
  const t = await getFixedT(context);
  let reason: Reason = "link_invalid";
  let email: string | null = null;
  if (token) {
    try {
      const session = await api.auth.verify(token);
      api.setSession(session.data);
      return redirect(redirectTo, { headers: { "Set-Cookie": await commitSession(api.session!) } });
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
      reason = REASONS.find((known) => known === error.code) ?? "link_invalid";
      email = typeof error.body?.email === "string" ? error.body.email : null;
    }
  }
  return { reason, email, redirectTo, title: t(`auth.verify.${reason}.title`) };
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const again = `/auth?mode=login&redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-slate-50 p-6">
      <Logo size="lg" />
      <div className="grid w-full max-w-md gap-4 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm" data-testid="verify-failed" data-reason={loaderData.reason}>
        <LinkIcon className="mx-auto size-10 text-amber-500" aria-hidden />
        <h1 className="text-xl font-semibold">{t(`auth.verify.${loaderData.reason}.title`)}</h1>
        <p className="text-slate-600">{t(`auth.verify.${loaderData.reason}.description`)}</p>
        {loaderData.email ? (
          // One click: the sign-in action sends a fresh link to the address this one was for.
          <Form method="post" action="/auth" className="grid gap-2">
            <input type="hidden" name="email" value={loaderData.email} />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <Button type="submit">{t("auth.verify.sendNew", { email: loaderData.email })}</Button>
            <Link to={again} className="text-sm text-indigo-600 hover:underline">
              {t("auth.verify.otherAddress")}
            </Link>
          </Form>
        ) : (
          <Link to={again} className={buttonVariants()}>
            {t("auth.verify.requestNew")}
          </Link>
        )}
      </div>
    </main>
  );
}
