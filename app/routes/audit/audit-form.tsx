import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { useLazyValidation } from "~/lib/lazy-validation";

/**
 * Audit: the address to audit, the user's website to begin with. Fetched after the page hydrates
 * (app/lib/deferred.tsx): a plain form until then.
 */
export function AuditForm({
  website,
  noneLeft,
  constraint,
  result,
}: {
  website: Route.ComponentProps["loaderData"]["website"];
  noneLeft: boolean;
  constraint: Route.ComponentProps["loaderData"]["constraint"];
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? result : undefined,
    constraint,
    defaultValue: { url: website },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: useLazyValidation(() => import("~/lib/audit-schemas").then((module) => module.AuditFormSchema)),
  });
  const submitting = navigation.state === "submitting" && navigation.formAction === "/audit";
  return (
    <Form method="post" action="/audit" {...getFormProps(form)} className="grid gap-2">
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-4">
        <Field meta={fields.url} label={t("audit:form.url")} description={t("audit:form.urlHint")} placeholder="example.com" autoComplete="url" />
        <Button type="submit" className="sm:mt-6" disabled={submitting || noneLeft}>
          {submitting ? t("audit:form.submitting") : t("audit:form.submit")}
        </Button>
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
    </Form>
  );
}
