import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/informations";
import { titleMeta } from "~/lib/meta";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { useLazyValidation } from "~/lib/lazy-validation";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";

import { ProfileFormSchema } from "~/lib/schemas";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const api = getApiClient(context);
  const [{ data: profile }, { data: assurance }, t] = await Promise.all([read(api.user.profile.$get()), read(api.factors.index.$get()), getFixedT(context)]);
  const twoFactor = assurance.factors.some((factor) => factor.status === "verified");
  return { profile, twoFactor, title: t("nav.settingsInformations"), constraint: getZodConstraint(ProfileFormSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ProfileFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const t = await getFixedT(context);
  try {
    await read(getApiClient(context).user.profile.$patch({ json: submission.value }));
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 400) throw error;
    return data({ result: submission.reply(error.errors ? fieldErrorsFrom(error, t) : { formErrors: [error.message] }) }, { status: 400 });
  }
  return redirectWithToast("/settings/informations", { type: "success", title: t("settings.informations.saved") });
}

export default function Informations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { profile } = loaderData;
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint: loaderData.constraint,
    defaultValue: {
      first_name: profile.profile.first_name ?? "",
      last_name: profile.profile.last_name ?? "",
      website_url: profile.WebsiteURL ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/schemas").then((module) => module.ProfileFormSchema)),
  });

  return (
    <div className="grid gap-6">
    <Card className="grid gap-6 p-6">
      <CardHeader>
        <CardTitle>{t("settings.informations.title")}</CardTitle>
        <CardDescription>{t("settings.informations.description")}</CardDescription>
      </CardHeader>
      <Form method="post" {...getFormProps(form)} className="grid gap-2">
        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <Field meta={fields.first_name} label={t("settings.informations.firstName")} autoComplete="given-name" />
          <Field meta={fields.last_name} label={t("settings.informations.lastName")} autoComplete="family-name" />
        </div>
        <Field meta={fields.website_url} label={t("settings.informations.website")} description={t("settings.informations.websiteHint")} placeholder="example.com" autoComplete="url" />
        <div className="grid gap-1">
          <span className="text-sm font-medium">{t("settings.informations.email")}</span>
          <p className="text-sm text-muted-foreground">{profile.email}</p>
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex justify-end pt-2">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("common.saving") : t("common.save")}
          </Button>
        </div>
      </Form>
    </Card>
    <Card className="flex flex-wrap items-center justify-between gap-4 p-6" data-testid="two-factor-summary">
      <div className="grid gap-1">
        <h2 className="flex items-center gap-2 font-semibold">
          {t("twoFactor:title")}
          {loaderData.twoFactor ? <Badge variant="success">{t("twoFactor:on")}</Badge> : <Badge variant="secondary">{t("twoFactor:off")}</Badge>}
        </h2>
        <p className="text-sm text-muted-foreground">{t("twoFactor:description")}</p>
      </div>
      <Link to="/settings/two-factor" className={buttonVariants({ variant: "outline" })}>
        {loaderData.twoFactor ? t("twoFactor:manage") : t("twoFactor:turnOn")}
      </Link>
    </Card>
    </div>
  );
}
