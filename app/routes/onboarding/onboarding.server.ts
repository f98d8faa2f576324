import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { isOnboardingStep, type OnboardingStep } from "#domain/onboarding";
import type { StepActionData } from "~/components/onboarding/step-form";
import { type FormErrorsReply, fieldErrorsFrom } from "~/lib/api-errors";
import { ApiRequestError, getApiClient, read, requireSession } from "~/lib/api.server";
import type { ApiFieldErrors, OnboardingProgress, OnboardingStepSave } from "~/lib/api-types";
import { isOpen, onboardingEntry, setupPath, stepPath } from "~/lib/onboarding-steps";
import { atFormRows } from "~/lib/seo-setup-schemas";
import { getFixedT } from "~/middleware/i18next.server";
import type { StepForm } from "./step-forms.server";

/*
 * What every onboarding step's loader and action do: the guard, the saved progress, and saving a
 * step with the API's refusals on the fields (docs/decisions/021-onboarding.md).
 */

type Context = Readonly<RouterContextProvider>;

/** A parsed form, as far as answering it goes. */
type Submission = { reply: (options?: Partial<FormErrorsReply>) => SubmissionResult<string[]> };

/** Where a user who cannot be on this screen goes: their step, the setup, or the product. */
export async function resumePath(context: Context): Promise<string> {
  const { data: status } = await read(getApiClient(context).onboarding.status.$get());
  return onboardingEntry(status);
}

/**
 * The guard of a step's loader: signed in, onboarding not finished (or its setup failed, which a
 * step may have to fix), and the step open, else the step to resume at. Returns the saved progress.
 */
export async function loadStep(context: Context, step: OnboardingStep): Promise<OnboardingProgress> {
  requireSession(context);
  const api = getApiClient(context);
  const { data: progress } = await read(api.onboarding.progress.$get());
  if (progress.complete) {
    const { data: status } = await read(api.onboarding.status.$get());
    if (status.setup_status !== "failed") throw redirect(onboardingEntry(status));
  }
  if (!isOpen(step, progress.current_step)) throw redirect(stepPath(progress.current_step));
  return progress;
}

/** The API's errors of a step's data (`data.first_name`) named as the form names its fields. */
function atStepFields(errors: ApiFieldErrors | undefined, rows: readonly number[]): ApiFieldErrors {
  const named = Object.fromEntries(Object.entries(errors ?? {}).map(([path, list]) => [path.replace(/^data\./, ""), list]));
  return atFormRows(named, rows, "competitors");
}

/**
 * Saves one step: null once saved, else the answer for the form that posted it (`submission`), with
 * the API's refusals on its fields (translated, what was typed kept). A step after the one to resume
 * at (another tab went back) sends the user there.
 */
export async function putStep(context: Context, body: OnboardingStepSave, options: { submission?: Submission; rows?: readonly number[]; form?: string } = {}) {
  try {
    await read(getApiClient(context).onboarding.progress.$put({ json: body }));
    return null;
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    if (error.code === "step_not_open") throw redirect(await resumePath(context));
    const t = await getFixedT(context);
    const reply = error.errors ? fieldErrorsFrom({ errors: atStepFields(error.errors, options.rows ?? []) }, t, "onboarding") : { formErrors: [t("onboarding:saveFailed")] };
    return data<StepActionData>({ result: options.submission?.reply(reply), form: options.form }, { status: error.status === 403 ? 403 : 400 });
  }
}

/**
 * Completes onboarding, then the setup screen follows its job (since now, for its time limit). A
 * required step the API finds missing is where the user goes instead.
 */
export async function finishOnboarding(context: Context): Promise<never> {
  try {
    await read(getApiClient(context).onboarding.complete.$post());
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.code !== "onboarding_incomplete") throw error;
    const missing = Object.keys(error.errors ?? {}).find(isOnboardingStep);
    throw redirect(missing ? stepPath(missing) : await resumePath(context));
  }
  throw redirect(setupPath(Date.now()));
}

/**
 * A step's action: the form's submit saves the step and goes on to `next`. A list's add and remove
 * buttons without JavaScript answer the form with its new rows. Refusals, the browser's checks or
 * the API's, come back on the fields with what was typed.
 */
export async function stepAction<Schema extends z.ZodType>({ request, context }: { request: Request; context: Context }, form: StepForm<Schema>, next: string) {
  requireSession(context);
  const submission = parseWithZod(await request.formData(), { schema: form.schema });
  if (submission.status !== "success") return data<StepActionData>({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const value = submission.value as z.output<Schema>;
  const refused = await putStep(context, form.save(value), { submission, rows: form.rows?.(value) });
  if (refused) return refused;
  throw redirect(next);
}

/**
 * The auto-save of a step's form (app/routes/onboarding/autosave.ts): saved when it parses and the
 * API takes it; anything else is no error, the form's submit will show it on the fields.
 */
export async function autoSave(context: Context, formData: FormData, form: StepForm<z.ZodType>): Promise<boolean> {
  const submission = parseWithZod(formData, { schema: form.schema });
  if (submission.status !== "success") return false;
  try {
    await read(getApiClient(context).onboarding.progress.$put({ json: form.save(submission.value) }));
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError) return false;
    throw error;
  }
}
