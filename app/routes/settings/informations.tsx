import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/informations";
import { titleMeta } from "~/lib/meta";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { ApiRequestError, getApiClient, requireSession } from "~/lib/api.server";
import { ProfileFormSchema } from "~/lib/schemas";
import { redirectWithToast } from "~/lib/toast.server";
import { getFixedT } from "~/middleware/i18next.server";

export const meta: Route.MetaFunction = titleMeta;

/** API field names → form field names, so server-side errors land on the right input. */
const API_FIELDS: Record<string, string> = { first_name: "firstName", last_name: "lastName", website_url: "website" };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSession(context, request);
  const profile = await getApiClient(context).user.profile();
  const t = await getFixedT(context);
  return { profile, title: t("nav.settingsInformations") };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSession(context, request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ProfileFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const t = await getFixedT(context);
  try {
    await getApiClient(context).user.update({
      first_name: submission.value.firstName,
      last_name: submission.value.lastName,
      website_url: submission.value.website,
    });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 400) throw error;
    const fieldErrors = Object.fromEntries(
      Object.entries(error.errors ?? {}).map(([field, messages]) => [API_FIELDS[field] ?? field, messages]),
    );
    return data({ result: submission.reply({ fieldErrors, formErrors: error.errors ? [] : [error.message] }) }, { status: 400 });
  }
  return redirectWithToast("/settings/informations", { type: "success", title: t("settings.informations.saved") });
}

export default function Informations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { profile } = loaderData;
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint: getZodConstraint(ProfileFormSchema),
    defaultValue: {
      firstName: profile.profile.first_name ?? "",
      lastName: profile.profile.last_name ?? "",
      website: profile.WebsiteURL ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileFormSchema }),
  });

  return (
    <div className="grid gap-6 rounded-lg border border-slate-200 bg-white p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t("settings.informations.title")}</h2>
        <p className="text-sm text-slate-600">{t("settings.informations.description")}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="grid gap-2">
        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <Field meta={fields.firstName} label={t("settings.informations.firstName")} autoComplete="given-name" />
          <Field meta={fields.lastName} label={t("settings.informations.lastName")} autoComplete="family-name" />
        </div>
        <Field meta={fields.website} label={t("settings.informations.website")} hint={t("settings.informations.websiteHint")} placeholder="example.com" autoComplete="url" />
        <div className="grid gap-1">
          <span className="text-sm font-medium text-slate-800">{t("settings.informations.email")}</span>
          <p className="text-sm text-slate-600">{profile.email}</p>
        </div>
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div className="flex justify-end pt-2">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("common.saving") : t("common.save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
