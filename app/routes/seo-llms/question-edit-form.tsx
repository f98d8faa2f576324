import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/question";
import { CheckboxField, SelectField, TextareaField } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { MARKET_LANGUAGES, QUESTION_CATEGORIES } from "#domain/seo-profile";
import { useLazyValidation } from "~/lib/lazy-validation";
import { ScriptMarker } from "~/lib/script-marker";

type Data = Route.ComponentProps["loaderData"];

/**
 * SEO LLMs › a question: its text, category, language and whether it is asked. Fetched after the
 * page hydrates (app/lib/deferred.tsx): a plain form until then.
 */
export function QuestionEditForm({
  question,
  allowedCategories,
  constraint,
  result,
}: Pick<Data, "question" | "allowedCategories" | "constraint"> & { result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "edit-question",
    lastResult: navigation.state === "idle" ? result : undefined,
    constraint,
    defaultValue: {
      question_text: question.question_text,
      category: question.category,
      language: question.language,
      is_active: question.is_active ? "on" : undefined,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/seo-setup-schemas").then((module) => module.QuestionEditSchema)),
  });
  const saving = navigation.state === "submitting";
  const categoryOptions = QUESTION_CATEGORIES.map((category) => {
    const locked = !allowedCategories.includes(category) && category !== question.category;
    const name = t(`seoSetup:categories.${category}.name`);
    return { value: category, label: locked ? t("seoSetup:question.lockedCategory", { name }) : name, disabled: locked };
  });

  return (
    <Card className="grid gap-6 p-4 sm:p-6">
      <CardHeader className="gap-2">
        <CardTitle>{t("seoSetup:question.title")}</CardTitle>
        <CardDescription>{question.source === "system" ? t("seoSetup:question.systemHint") : t("seoSetup:question.description")}</CardDescription>
      </CardHeader>
      <Form method="post" {...getFormProps(form)} className="grid gap-2">
        <ScriptMarker />
        <TextareaField meta={fields.question_text} label={t("seoSetup:question.text")} rows={3} />
        <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
          <SelectField meta={fields.category} label={t("seoSetup:questions.category")} options={categoryOptions} />
          <SelectField
            meta={fields.language}
            label={t("seoSetup:questions.language")}
            options={MARKET_LANGUAGES.map((language) => ({ value: language, label: t(`seoSetup:languages.${language}`) }))}
          />
        </div>
        <CheckboxField meta={fields.is_active} label={t("seoSetup:question.active")} description={t("seoSetup:question.activeHint")} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Link to="/seo-llms/questions" className={buttonVariants({ variant: "outline" })}>
            {t("seoSetup:question.cancel")}
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? t("common.saving") : t("common.save")}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
