import type { z } from "zod";
import type { OnboardingStepSave } from "~/lib/api-types";
import { KeywordsFormSchema, marketData, marketFormSchema, PersonalInfoFormSchema } from "~/lib/onboarding-schemas";

/**
 * The steps whose form is saved as it is typed (the website step's one field is its submit; Search
 * Console has none), each with its form's schema and the step data it sends: what the step's own
 * action and the auto-save route both use, so the two save the same thing.
 */

/** Methods rather than function properties, so any step's form is a `StepForm<z.ZodType>` too. */
export type StepForm<Schema extends z.ZodType> = {
  schema: Schema;
  /** The step's name and data, from what the form parsed. */
  save(value: z.output<Schema>): OnboardingStepSave;
  /** For a form of rows (competitors): the form row of each item sent, so its errors land there. */
  rows?(value: z.output<Schema>): number[];
};

const stepForm = <Schema extends z.ZodType>(form: StepForm<Schema>) => form;

export const STEP_FORMS = {
  personal_info: stepForm({ schema: PersonalInfoFormSchema, save: (value) => ({ step: "personal_info", data: value }) }),
  keyword_selection: stepForm({ schema: KeywordsFormSchema, save: (value) => ({ step: "keyword_selection", data: value }) }),
  market_location: stepForm({
    // The plan's limit is the API's to apply (competitor_limit, on the list).
    schema: marketFormSchema(),
    save: (value) => ({ step: "market_location", data: marketData(value) }),
    rows: (value) => value.competitors.map((competitor) => competitor.row),
  }),
};

export type AutoSavedStep = keyof typeof STEP_FORMS;

export const isAutoSaved = (step: unknown): step is AutoSavedStep => typeof step === "string" && Object.hasOwn(STEP_FORMS, step);
