import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { CheckIcon, LoaderCircleIcon } from "~/components/ui/icons";
import type * as React from "react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { ONBOARDING_STEPS, type OnboardingStep, stepIndex } from "#domain/onboarding";
import { BackLink } from "~/components/back-link";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { type FormConstraint, useLazyValidation } from "~/lib/lazy-validation";
import { previousStep, stepPath } from "~/lib/onboarding-steps";

/** The answer of a step's action: the form's submission (with its errors), and on a screen of two forms which one posted. */
export type StepActionData = { result: SubmissionResult<string[]> | undefined; form?: string };

/**
 * A step's form, as every form of the product: the shared schema checks on blur, then on input; the
 * action's answer (its errors, what was typed) shows once the navigation is over.
 */
export function useStepForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  /** The schema, fetched after the page is up (app/lib/lazy-validation.ts); the action checks it too. */
  loadSchema: () => Promise<Schema>,
  /** `getZodConstraint(schema)`, from the loader. */
  constraint: FormConstraint,
  defaultValue: DefaultValue<z.input<Schema>>,
  result: SubmissionResult<string[]> | undefined,
) {
  const navigation = useNavigation();
  const validate = useLazyValidation(loadSchema);
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? result : undefined,
    constraint,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  // The same check, for useAutoSave: one fetch of the schema per form.
  return [form, fields, validate.check] as const;
}

/** A step's screen: which step of five, its title and what it is for, then its form. */
export function StepCard({ step, title, description, children }: { step: OnboardingStep; title: string; description: React.ReactNode; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card className="grid gap-6 p-5 shadow-sm sm:p-8">
      <header className="grid gap-1">
        <p className="text-sm font-medium text-primary">{t("onboarding:progress.stepOf", { number: stepIndex(step) + 1, total: ONBOARDING_STEPS.length })}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      {children}
    </Card>
  );
}

type StepFooterProps = {
  step: OnboardingStep;
  /** The submit button's text; "Continue" by default. */
  label?: string;
  /** The value of the form's `intent` input, when it has one: how its post is told from the page's others. */
  intent?: string;
  autoSave?: AutoSave;
};

/** Back to the step before (none on the first), what the auto-save did, and the button that goes on. */
export function StepFooter({ step, label, intent, autoSave }: StepFooterProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // A list's add and remove buttons post too (without JavaScript): only the form's own submit is "saving".
  const posted = navigation.formData;
  const submitting = navigation.state === "submitting" && posted?.get("__intent__") == null && posted?.get("intent") === (intent ?? null);
  const back = previousStep(step);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
      {back ? <BackLink to={stepPath(back)}>{t("onboarding:back")}</BackLink> : <span />}
      <div className="flex items-center gap-3">
        {autoSave ? <SaveStatus state={autoSave.state} /> : null}
        <Button type="submit" disabled={submitting}>
          {submitting ? t("common.saving") : (label ?? t("onboarding:continue"))}
        </Button>
      </div>
    </div>
  );
}

export type AutoSave = { onFocus: React.FocusEventHandler<HTMLFormElement>; onBlur: React.FocusEventHandler<HTMLFormElement>; state: "idle" | "saving" | "saved" };

/** Where a step's form is saved as it is typed (app/routes/onboarding/autosave.ts). */
const AUTOSAVE_PATH = "/onboarding/autosave";

/** A form's fields as one string, to tell whether anything changed since the last save. */
function snapshot(form: HTMLFormElement) {
  const entries = [...new FormData(form).entries()].filter(([name]) => name !== "__intent__");
  return new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString();
}

/**
 * Seed 000 §4's auto-save, with JavaScript: when a field loses focus and the form changed and
 * passes `check` (useStepForm's third value), it is saved without leaving the step, so a reload or another device finds what
 * was typed. Saves go one after the other, with a plain fetch that leaves the router alone (see the
 * autosave route). Leaving a field for one of the form's buttons saves nothing: their post does.
 * Spread `onFocus` and `onBlur` on the form.
 */
export function useAutoSave(step: OnboardingStep, check: (formData: FormData) => { status?: string }): AutoSave {
  const [state, setState] = useState<AutoSave["state"]>("idle");
  const sent = useRef<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return {
    state,
    onFocus: (event) => {
      sent.current ??= snapshot(event.currentTarget);
    },
    onBlur: (event) => {
      const form = event.currentTarget;
      const next = event.relatedTarget;
      // A field's blur only: a button loses focus too when the post it made disables it.
      if (event.target instanceof HTMLButtonElement || (next instanceof HTMLButtonElement && form.contains(next))) return;
      const now = snapshot(form);
      if (now === sent.current) return;
      const body = new FormData(form);
      // (Before the schema is fetched the autosave route's own check decides.)
      if (check(body).status !== "success") return;
      sent.current = now;
      body.set("step", step);
      setState("saving");
      queue.current = queue.current
        .then(() => fetch(AUTOSAVE_PATH, { method: "POST", body, headers: { accept: "application/json" } }))
        .then((response) => (response.ok ? (response.json() as Promise<{ saved: boolean }>) : { saved: false }))
        .then(
          ({ saved }) => setState(saved ? "saved" : "idle"),
          () => setState("idle"),
        );
    },
  };
}

function SaveStatus({ state }: { state: AutoSave["state"] }) {
  const { t } = useTranslation();
  return (
    <p aria-live="polite" className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="autosave-status">
      {state === "saving" ? <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden /> : null}
      {state === "saved" ? <CheckIcon className="size-3.5 text-success" aria-hidden /> : null}
      {state === "idle" ? null : t(`onboarding:autosave.${state}`)}
    </p>
  );
}
