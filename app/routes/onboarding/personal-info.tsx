import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Route } from "./+types/personal-info";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { StepCard, StepFooter, useAutoSave, useStepForm } from "~/components/onboarding/step-form";
import { getApiClient, read } from "~/lib/api.server";
import { titleMeta } from "~/lib/meta";
import { PersonalInfoFormSchema } from "~/lib/onboarding-schemas";
import { stepPath } from "~/lib/onboarding-steps";
import { getFixedT } from "~/middleware/i18next.server";
import { loadStep, stepAction } from "./onboarding.server";
import { STEP_FORMS } from "./step-forms.server";

export const meta: Route.MetaFunction = titleMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const progress = await loadStep(context, "personal_info");
  const saved = progress.steps.personal_info;
  // Not saved yet: what the account already knows (a name given in the settings).
  const { data: user } = saved ? { data: null } : await read(getApiClient(context).user.profile.$get());
  const t = await getFixedT(context);
  return {
    title: t("onboarding:personal.title"),
    values: saved ?? { first_name: user?.profile.first_name ?? "", last_name: user?.profile.last_name ?? "", company: user?.profile.company ?? "" },
    constraint: getZodConstraint(PersonalInfoFormSchema),
  };
}

const loadSchema = () => import("~/lib/onboarding-schemas").then((module) => module.PersonalInfoFormSchema);

export async function action(args: Route.ActionArgs) {
  return stepAction(args, STEP_FORMS.personal_info, stepPath("website_analysis"));
}

export default function PersonalInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields, check] = useStepForm("onboarding-personal-info", loadSchema, loaderData.constraint, loaderData.values, actionData?.result);
  const autoSave = useAutoSave("personal_info", check);

  return (
    <StepCard step="personal_info" title={t("onboarding:personal.title")} description={t("onboarding:personal.description")}>
      <Form method="post" {...getFormProps(form)} onFocus={autoSave.onFocus} onBlur={autoSave.onBlur} className="grid gap-2">
        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <Field meta={fields.first_name} label={t("onboarding:personal.firstName")} autoComplete="given-name" />
          <Field meta={fields.last_name} label={t("onboarding:personal.lastName")} autoComplete="family-name" />
        </div>
        <Field meta={fields.company} label={t("onboarding:personal.company")} description={t("onboarding:personal.companyHint")} autoComplete="organization" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <StepFooter step="personal_info" autoSave={autoSave} />
      </Form>
    </StepCard>
  );
}
