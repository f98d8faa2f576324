import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/questions";
import { Field, SelectField } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { MARKET_LANGUAGES } from "#domain/seo-profile";
import { useLazyValidation } from "~/lib/lazy-validation";
import { ScriptMarker } from "~/lib/script-marker";

type Data = Route.ComponentProps["loaderData"];

/**
 * SEO LLMs › Questions: the form that adds one, with the room left in all and per category shown
 * before a submit rather than refused after it. Fetched after the page hydrates
 * (app/lib/deferred.tsx): a plain form until then.
 */
export function QuestionAddForm({
  usage,
  allowedCategories,
  quotas,
  marketLanguage,
  constraint,
  result,
}: Pick<Data, "usage" | "allowedCategories" | "quotas" | "marketLanguage" | "constraint"> & { result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const openCategories = allowedCategories.filter((category) => (quotas[category]?.remaining ?? 0) > 0);
  // Room in all but none in any category the plan has is as full as no room at all.
  const full = usage.remaining <= 0 || openCategories.length === 0;

  const [form, fields] = useForm({
    id: "add-question",
    lastResult: navigation.state === "idle" ? result : undefined,
    constraint,
    defaultValue: { question_text: "", category: openCategories[0] ?? allowedCategories[0] ?? "", language: marketLanguage },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/seo-setup-schemas").then((module) => module.QuestionCreateSchema)),
  });
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  // An added question empties the form; a refused one keeps it (the action answered with data).
  const created = useRef(false);
  useEffect(() => {
    if (navigation.formData?.get("intent") === "create") created.current = true;
    else if (navigation.state === "idle" && created.current) {
      created.current = false;
      if (!result) form.reset();
    }
  }, [navigation.state, navigation.formData, result, form]);

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid grid-cols-2 gap-x-3 rounded-md border border-slate-200 bg-slate-50/60 p-3 pb-1 sm:grid-cols-[1fr_12rem_9rem_auto] sm:gap-x-4 sm:p-4 sm:pb-2"
    >
      <input type="hidden" name="intent" value="create" />
      <ScriptMarker />
      <Field
        meta={fields.question_text}
        label={t("seoSetup:questions.newQuestion")}
        placeholder={t("seoSetup:questions.newQuestionPlaceholder")}
        className="col-span-2 sm:col-span-1"
      />
      <SelectField
        meta={fields.category}
        label={t("seoSetup:questions.category")}
        options={allowedCategories.map((category) => {
          const name = t(`seoSetup:categories.${category}.name`);
          // With the whole quota used, the message below says so; a disabled choice would not even be posted.
          if (full) return { value: category, label: name };
          const room = quotas[category]?.remaining ?? 0;
          return { value: category, label: room > 0 ? t("seoSetup:questions.categoryRoom", { name, count: room }) : t("seoSetup:questions.categoryFull", { name }), disabled: room <= 0 };
        })}
      />
      <SelectField
        meta={fields.language}
        label={t("seoSetup:questions.language")}
        options={MARKET_LANGUAGES.map((language) => ({ value: language, label: t(`seoSetup:languages.${language}`) }))}
      />
      <div className="col-span-2 sm:col-span-1 sm:pt-[1.625rem]">
        <Button type="submit" className="w-full" disabled={adding}>
          {adding ? t("seoSetup:questions.adding") : t("seoSetup:questions.add")}
        </Button>
      </div>
      <div className="col-span-2 pt-2 sm:col-span-4 sm:pt-0">
        <FormErrors id={form.errorId} errors={form.errors} />
        <p className="pb-2 text-xs text-muted-foreground" data-testid="question-room">
          {usage.remaining <= 0
            ? t("seoSetup:questions.quotaFull")
            : full
              ? t("seoSetup:questions.categoriesFull")
              : t("seoSetup:questions.room", { count: Math.min(usage.remaining, openCategories.reduce((sum, category) => sum + (quotas[category]?.remaining ?? 0), 0)) })}
        </p>
      </div>
    </Form>
  );
}
