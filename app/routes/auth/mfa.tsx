import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheckIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/mfa";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Logo } from "~/components/logo";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/redirect";
import { FactorCodeSchema } from "~/lib/schemas";
import { commitSession } from "~/lib/session.server";
import { landing } from "~/lib/sign-in.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** Forms and links are all this page needs: it is sent without scripts (root.tsx, issue 16). */
export const handle = { hydrate: false };

/**
 * The second step of a sign-in on an account with two-step verification (issue 13): the code from
 * the authenticator app, or a recovery code. Nothing else opens until one is given; a session that
 * needs none goes on at once.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireSession(context);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const { data: assurance } = await read(getApiClient(context).factors.index.$get());
  const factor = assurance.factors.find((candidate) => candidate.status === "verified");
  if (!factor || assurance.current_level === "aal2") return redirect(redirectTo);
  const t = await getFixedT(context);
  return { title: t("twoFactor:challenge.title"), factorId: factor.id, redirectTo, recovery: url.searchParams.get("recovery") === "true" };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: FactorCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const api = getApiClient(context);
  const t = await getFixedT(context);
  const { code, recovery, factor_id } = submission.value;
  try {
    const session = recovery
      ? (await read(api.factors.recovery.$post({ json: { code } }))).data.session
      : (await read(api.factors[":id"].verify.$post({ param: { id: factor_id ?? "" }, json: { code } }))).data.session;
    api.setSession(session);
    const headers = new Headers({ "Set-Cookie": await commitSession(api.session!) });
    return redirect(await landing(api, safeRedirect(url.searchParams.get("redirectTo"))), { headers });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || ![400, 404, 429].includes(error.status)) throw error;
    const message = error.status === 429 ? t("twoFactor:errors.locked") : recovery ? t("twoFactor:errors.recovery") : t("twoFactor:errors.code");
    return data({ result: submission.reply({ fieldErrors: { code: [message] } }) }, { status: error.status });
  }
}

export default function Mfa({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { factorId, recovery, redirectTo } = loaderData;
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FactorCodeSchema }),
    shouldValidate: "onSubmit",
  });
  const other = `/auth/mfa?redirectTo=${encodeURIComponent(redirectTo)}${recovery ? "" : "&recovery=true"}`;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-background p-6">
      <Logo size="lg" />
      <Card className="grid w-full max-w-md gap-5 rounded-xl p-8 shadow-sm" data-testid="mfa-challenge">
        <div className="grid gap-2 text-center">
          <ShieldCheckIcon className="mx-auto size-10 text-primary" aria-hidden />
          <h1 className="text-xl font-semibold">{t("twoFactor:challenge.title")}</h1>
          <p className="text-sm text-muted-foreground">{recovery ? t("twoFactor:challenge.recoveryDescription") : t("twoFactor:challenge.description")}</p>
        </div>
        <Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="factor_id" value={factorId} />
          {recovery ? <input type="hidden" name="recovery" value="true" /> : null}
          <Field
            meta={fields.code}
            label={recovery ? t("twoFactor:recoveryCode") : t("twoFactor:code")}
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            autoFocus
            {...(recovery ? {} : { pattern: "[0-9 ]*" })}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {t("twoFactor:challenge.submit")}
          </Button>
        </Form>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Link to={other} className="text-primary hover:underline">
            {recovery ? t("twoFactor:challenge.useApp") : t("twoFactor:challenge.useRecovery")}
          </Link>
          <Form method="post" action="/auth/logout">
            <button type="submit" className="text-muted-foreground hover:underline">
              {t("auth.logout")}
            </button>
          </Form>
        </div>
      </Card>
    </main>
  );
}
