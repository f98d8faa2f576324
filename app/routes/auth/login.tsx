import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CircleAlertIcon, MailCheckIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/login";
import { titleMeta } from "~/lib/meta";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { LanguageSwitcher } from "~/components/language-switcher";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { ApiRequestError, getApiClient, read } from "~/lib/api.server";

import { signInProviders } from "~/lib/oauth.server";
import { rememberPendingLogin } from "~/lib/pending-login.server";
import { safeRedirect } from "~/lib/redirect";
import { LoginSchema } from "~/lib/schemas";
import { getConfig } from "~/lib/config.server";
import { getFixedT, getLocale } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** Forms and links are all this page needs: it is sent without scripts (root.tsx, issue 16). */
export const handle = { hydrate: false };

export async function loader({ context, url }: Route.LoaderArgs) {
  if (getApiClient(context).session) throw redirect("/dashboard");
  const t = await getFixedT(context);
  const error = url.searchParams.get("error");
  return {
    title: t("auth:login.title"),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    providers: signInProviders(),
    // A sign-in with Google or LinkedIn that came back refused (seed 000 §8).
    error: SIGN_IN_ERRORS.find((known) => known === error) ?? null,
  };
}

const SIGN_IN_ERRORS = ["oauth_failed", "invalid_callback", "callback_failed", "session_expired", "email_not_verified", "provider_unavailable"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sentTo: null }, { status: 400 });
  }
  const t = await getFixedT(context);
  const redirectTo = safeRedirect(submission.value.redirectTo, "");
  const verifyUrl = new URL("/auth/verify", getConfig().APP_URL);
  if (redirectTo) verifyUrl.searchParams.set("redirectTo", redirectTo);
  try {
    await read(getApiClient(context).auth.login.$post({ json: { email: submission.value.email, redirect_to: verifyUrl.toString(), locale: getLocale(context) } }));
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const minutes = Math.max(1, Math.ceil(Number(error.headers?.get("retry-after") ?? 60) / 60));
    const message =
      error.code === "rate_limited_email"
        ? t("auth:login.rateLimitedEmail", { minutes })
        : error.code === "rate_limited_ip"
          ? t("auth:login.rateLimitedIp", { minutes })
          : error.status === 400 && error.errors?.email
            ? t("validation.email")
            : t("auth:login.failed");
    // The API's own words are English and for developers; the form says it in the user's language.
    const status = error.status === 429 ? 429 : error.status >= 500 ? 502 : 400;
    return data({ result: submission.reply({ formErrors: [message] }), sentTo: null }, { status });
  }
  return data(
    { result: submission.reply({ resetForm: true }), sentTo: submission.value.email },
    { headers: { "Set-Cookie": await rememberPendingLogin(submission.value.email) } },
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });
  const submitting = navigation.state === "submitting";

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-gradient-to-b from-info-subtle to-background p-6">
      <Logo size="lg" />
      <Card className="w-full max-w-md rounded-xl p-8 shadow-sm">
        {actionData?.sentTo ? (
          <div className="grid gap-4 text-center" data-testid="check-inbox">
            <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden />
            <h1 className="text-xl font-semibold">{t("auth:sent.title")}</h1>
            <p className="text-muted-foreground">{t("auth:sent.description", { email: actionData.sentTo })}</p>
            <p className="text-sm text-muted-foreground">{t("auth:sent.expiry")}</p>
            <Link to={`/auth?mode=login${loaderData.redirectTo ? `&redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : ""}`} className="text-sm font-medium text-primary hover:underline">
              {t("auth:sent.again")}
            </Link>
          </div>
        ) : (
          <div className="grid gap-6">
            <div className="grid gap-2 text-center">
              <h1 className="text-2xl font-semibold">{t("auth:login.title")}</h1>
              <p className="text-muted-foreground">{t("auth:login.description")}</p>
            </div>
            {loaderData.error ? (
              <Alert variant="destructive" role="alert" data-testid="sign-in-error">
                <CircleAlertIcon aria-hidden />
                <AlertDescription>{t(`auth:oauth.errors.${loaderData.error}`)}</AlertDescription>
              </Alert>
            ) : null}
            {loaderData.providers.length > 0 ? (
              <div className="grid gap-2">
                {loaderData.providers.map((provider) => (
                  // A plain post that leaves the app for the provider: no fetch, with or without JavaScript.
                  <Form key={provider} method="post" action={`/auth/oauth/${provider}`} reloadDocument>
                    <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
                    <Button type="submit" variant="outline" className="w-full">
                      {t(`auth:oauth.continueWith.${provider}`)}
                    </Button>
                  </Form>
                ))}
                <p className="text-center text-xs uppercase tracking-wide text-muted-foreground">{t("auth:oauth.or")}</p>
              </div>
            ) : null}
            <Form method="post" {...getFormProps(form)} className="grid gap-4">
              <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              <Field meta={fields.email} label={t("auth:login.email")} type="email" autoComplete="email" placeholder="you@company.com" autoFocus />
              <FormErrors id={form.errorId} errors={form.errors} />
              <Button type="submit" disabled={submitting}>
                {submitting ? t("auth:login.sending") : t("auth:login.submit")}
              </Button>
            </Form>
          </div>
        )}
      </Card>
      <LanguageSwitcher />
    </main>
  );
}
