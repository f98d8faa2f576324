import { getFieldsetProps, getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { SparklesIcon } from "~/components/ui/icons";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Route } from "./+types/keywords";
import { ONBOARDING_LIMITS } from "#domain/onboarding";
import { ListEnd, RemoveRowButton } from "~/components/form-lists";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { StepCard, StepFooter, useAutoSave, useStepForm } from "~/components/onboarding/step-form";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { titleMeta } from "~/lib/meta";
import { KeywordsFormSchema } from "~/lib/onboarding-schemas";
import { stepPath } from "~/lib/onboarding-steps";
import { getFixedT, getLocale } from "~/middleware/i18next.server";
import { loadStep, stepAction } from "./onboarding.server";
import { STEP_FORMS } from "./step-forms.server";
import { findingsOf } from "./site-audit.server";

export const meta: Route.MetaFunction = titleMeta;

/** Inputs offered when nothing was saved or suggested: blank ones are ignored. */
const BLANK_INPUTS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const progress = await loadStep(context, "keyword_selection");
  const saved = progress.steps.keyword_selection?.keywords;
  const [suggested, t] = await Promise.all([
    saved ? null : findingsOf(context, progress, getLocale(context)).then((findings) => findings?.suggestions?.keywords.slice(0, ONBOARDING_LIMITS.keywordsMax) ?? null),
    getFixedT(context),
  ]);
  return {
    title: t("onboarding:keywords.title"),
    keywords: saved ?? (suggested?.length ? suggested : Array.from({ length: BLANK_INPUTS }, () => "")),
    suggested: !saved && Boolean(suggested?.length),
    constraint: getZodConstraint(KeywordsFormSchema),
  };
}

const loadSchema = () => import("~/lib/onboarding-schemas").then((module) => module.KeywordsFormSchema);

export async function action(args: Route.ActionArgs) {
  return stepAction(args, STEP_FORMS.keyword_selection, stepPath("market_location"));
}

export default function Keywords({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields, check] = useStepForm("onboarding-keywords", loadSchema, loaderData.constraint, { keywords: loaderData.keywords }, actionData?.result);
  const autoSave = useAutoSave("keyword_selection", check);
  const keywords = fields.keywords.getFieldList();

  return (
    <StepCard step="keyword_selection" title={t("onboarding:keywords.title")} description={t("onboarding:keywords.description", { max: ONBOARDING_LIMITS.keywordsMax })}>
      <Form method="post" {...getFormProps(form)} onFocus={autoSave.onFocus} onBlur={autoSave.onBlur} className="grid gap-4">
        {loaderData.suggested ? (
          <Alert variant="info">
            <SparklesIcon aria-hidden />
            <AlertDescription>{t("onboarding:keywords.suggested")}</AlertDescription>
          </Alert>
        ) : null}
        <fieldset {...getFieldsetProps(fields.keywords)} className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("onboarding:keywords.legend")}</legend>
          <ul className="grid gap-x-4 sm:grid-cols-2">
            {keywords.map((keyword, index) => (
              <li key={keyword.key} className="flex items-start gap-1">
                <Field meta={keyword} label={t("onboarding:keywords.keyword", { number: index + 1 })} hideLabel className="flex-1" />
                <RemoveRowButton form={form} list={fields.keywords.name} index={index} label={t("onboarding:keywords.remove", { number: index + 1 })} />
              </li>
            ))}
          </ul>
          <ListEnd form={form} list={fields.keywords} row="" full={keywords.length >= ONBOARDING_LIMITS.keywordsMax}>
            {t("onboarding:keywords.add")}
          </ListEnd>
        </fieldset>
        <FormErrors id={form.errorId} errors={form.errors} />
        <StepFooter step="keyword_selection" autoSave={autoSave} />
      </Form>
    </StepCard>
  );
}
