import { type DefaultValue, getFormProps, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Field, SelectField, TextareaField } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { ACADEMY_LOCALES } from "#domain/academy";
import type { ChapterFormSchema, CourseFormSchema, VideoFieldsSchema } from "~/lib/academy-admin-schemas";
import { useLazyValidation, type ValidateContext } from "~/lib/lazy-validation";
import { AcademyFormConstraintsContext } from "./form-constraints";
import { cn } from "~/lib/utils";
import { ScriptMarker } from "~/lib/script-marker";

/*
 * The admin academy's conform forms (course, chapter, video), validated in the browser with the
 * same schema the action uses, and on the server, whose refusals (the API's included) come back
 * on the fields with everything typed kept.
 */

type Result = SubmissionResult<string[]> | undefined;
type Hidden = Record<string, string>;

/** Whether this form (by its intent and hidden ids) is the one being submitted. */
function useSubmitting(intent: string, hidden: Hidden) {
  const navigation = useNavigation();
  const data = navigation.formData;
  return (
    navigation.state === "submitting" &&
    data?.get("intent") === intent &&
    Object.entries(hidden).every(([name, value]) => data.get(name) === value)
  );
}

function HiddenFields({ intent, hidden }: { intent: string; hidden: Hidden }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ScriptMarker />
    </>
  );
}

type FormProps<Defaults> = {
  id: string;
  intent: string;
  hidden?: Hidden;
  defaultValue?: Defaults;
  lastResult: Result;
  submitLabel: string;
  className?: string;
};

/** Each form's schema, fetched when the page is up (app/lib/lazy-validation.ts). */
const SCHEMAS = {
  course: () => import("~/lib/academy-admin-schemas").then((module) => module.CourseFormSchema),
  chapter: () => import("~/lib/academy-admin-schemas").then((module) => module.ChapterFormSchema),
  // The per-language links are checked together with the main one: the whole schema validates, the
  // constraints come from the plain fields (VideoFieldsSchema).
  video: () => import("~/lib/academy-admin-schemas").then((module) => module.VideoFormSchema),
};
type Fields = { course: typeof CourseFormSchema; chapter: typeof ChapterFormSchema; video: typeof VideoFieldsSchema };

/** The conform set-up the three forms share: browser checks on blur, re-checked as the user types. */
function useAdminForm<Kind extends keyof Fields>(
  { id, lastResult, defaultValue }: { id: string; lastResult: Result; defaultValue?: Record<string, string> },
  kind: Kind,
) {
  const constraints = useContext(AcademyFormConstraintsContext);
  // (The video form validates with VideoFormSchema, whose output is not its fields': the old cast, kept.)
  const validate = useLazyValidation(SCHEMAS[kind] as () => Promise<z.ZodType>) as (context: ValidateContext) => Submission<z.input<Fields[Kind]>, string[], z.output<Fields[Kind]>>;
  const [form, fields] = useForm<z.input<Fields[Kind]>, z.output<Fields[Kind]>, string[]>({
    id,
    lastResult,
    constraint: constraints?.[kind],
    defaultValue: defaultValue as DefaultValue<z.input<Fields[Kind]>> | undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return [fields, { formProps: getFormProps(form), errorId: form.errorId, errors: form.errors }] as const;
}

/** The frame around a form's fields: its intent and ids, the form-level errors and the submit button. */
function AdminForm({
  formProps,
  errorId,
  errors,
  intent,
  hidden = {},
  submitLabel,
  submitSize,
  className,
  children,
}: Pick<FormProps<unknown>, "intent" | "hidden" | "submitLabel" | "className"> & {
  formProps: ReturnType<typeof getFormProps>;
  errorId: string;
  errors?: string[];
  submitSize?: "sm";
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const submitting = useSubmitting(intent, hidden);
  return (
    <Form method="post" {...formProps} preventScrollReset className={cn("grid gap-1", className)}>
      <HiddenFields intent={intent} hidden={hidden} />
      {children}
      <FormErrors id={errorId} errors={errors} />
      <div className={cn("flex justify-end", !submitSize && "pt-1")}>
        <Button type="submit" size={submitSize} disabled={submitting}>
          {submitting ? t("common.saving") : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

export function CourseForm({ defaultValue, ...props }: FormProps<{ slug: string; title: string; description: string; locale: string }>) {
  const { t } = useTranslation();
  const [fields, frame] = useAdminForm({ ...props, defaultValue }, "course");
  return (
    <AdminForm {...frame} {...props}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field meta={fields.title} label={t("academyAdmin:course.title")} autoComplete="off" />
        <Field
          meta={fields.slug}
          label={t("academyAdmin:course.slug")}
          description={t("academyAdmin:course.slugHint")}
          placeholder="seo-basics"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <TextareaField meta={fields.description} label={t("academyAdmin:course.description")} rows={3} />
      <SelectField
        meta={fields.locale}
        label={t("academyAdmin:course.locale")}
        className="sm:max-w-xs"
        options={[
          { value: "", label: t("academyAdmin:course.allLanguages") },
          ...ACADEMY_LOCALES.map((locale) => ({ value: locale, label: t(`academy:language.${locale}`) })),
        ]}
      />
    </AdminForm>
  );
}

export function ChapterForm({ defaultValue, ...props }: FormProps<{ title: string; description: string }>) {
  const { t } = useTranslation();
  const [fields, frame] = useAdminForm({ ...props, defaultValue }, "chapter");
  return (
    <AdminForm {...frame} submitSize="sm" {...props}>
      <Field meta={fields.title} label={t("academyAdmin:chapter.title")} autoComplete="off" />
      <TextareaField meta={fields.description} label={t("academyAdmin:chapter.description")} rows={2} />
    </AdminForm>
  );
}

export type VideoDefaults = { title: string; link: string; link_en: string; link_fr: string; duration_seconds: string; description: string };

export function VideoForm({ defaultValue, ...props }: FormProps<VideoDefaults>) {
  const { t } = useTranslation();
  const [fields, frame] = useAdminForm({ ...props, defaultValue }, "video");
  const perLanguage = Boolean(
    fields.link_en.initialValue || fields.link_fr.initialValue || fields.link_en.errors?.length || fields.link_fr.errors?.length,
  );
  return (
    <AdminForm {...frame} submitSize="sm" {...props}>
      <div className="grid gap-x-4 sm:grid-cols-[1fr_9rem]">
        <Field meta={fields.title} label={t("academyAdmin:video.title")} autoComplete="off" />
        <Field
          meta={fields.duration_seconds}
          label={t("academyAdmin:video.duration")}
          description={t("academyAdmin:video.durationHint")}
          placeholder="4:30"
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <Field
        meta={fields.link}
        label={t("academyAdmin:video.link")}
        description={t("academyAdmin:video.linkHint")}
        placeholder="https://www.youtube.com/watch?v=…"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
      />
      <details open={perLanguage} className="group rounded-md border border-slate-200 px-3 py-2 [&[open]]:pb-0">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">{t("academyAdmin:video.perLanguage")}</summary>
        <p className="pt-1 text-xs text-slate-500">{t("academyAdmin:video.perLanguageHint")}</p>
        <div className="grid gap-x-4 pt-2 sm:grid-cols-2">
          <Field meta={fields.link_en} label={t("academyAdmin:video.linkEn")} inputMode="url" autoComplete="off" spellCheck={false} />
          <Field meta={fields.link_fr} label={t("academyAdmin:video.linkFr")} inputMode="url" autoComplete="off" spellCheck={false} />
        </div>
      </details>
      <TextareaField meta={fields.description} label={t("academyAdmin:video.description")} rows={2} className="pt-2" />
    </AdminForm>
  );
}
