import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/forms";
import { FormErrors } from "~/components/form-errors";
import { Button } from "~/components/ui/button";
import { useLazyValidation } from "~/lib/lazy-validation";

/** What turning the factor on showed, posted again with the code so a wrong one shows it again. */
export type Enrolment = { id: string; secret: string; uri: string; qr_code: string };

/**
 * A six-digit code (or a recovery code) that confirms turning two-step verification on or off.
 * Fetched after the page hydrates (app/lib/deferred.tsx): it works as a plain form until then.
 */
export function CodeForm({
  intent,
  factorId,
  enrolment,
  lastResult,
  submit,
}: {
  intent: "verify" | "unenroll";
  factorId: string;
  enrolment?: Enrolment;
  lastResult: SubmissionResult<string[]> | undefined;
  submit: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    onValidate: useLazyValidation(() => import("~/lib/schemas").then((module) => module.FactorCodeSchema)),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-sm gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="factor_id" value={factorId} />
      {enrolment ? (
        <>
          <input type="hidden" name="secret" value={enrolment.secret} />
          <input type="hidden" name="uri" value={enrolment.uri} />
          <input type="hidden" name="qr_code" value={enrolment.qr_code} />
        </>
      ) : null}
      <Field meta={fields.code} label={t("twoFactor:code")} autoComplete="one-time-code" inputMode="numeric" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div>
        <Button type="submit" variant={intent === "unenroll" ? "destructive" : "default"} disabled={navigation.state === "submitting"}>
          {submit}
        </Button>
      </div>
    </Form>
  );
}
