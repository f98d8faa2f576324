import { parse, type Submission } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef } from "react";
import type { z } from "zod";

/** What conform gives `onValidate`. */
export type ValidateContext = { form: HTMLFormElement; submitter: HTMLInputElement | HTMLButtonElement | null; formData: FormData };
/** A form's constraint attributes, as `getZodConstraint` computes them in a loader. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

/** conform's name for the intent of a submission that is not a submit (validate a field, add a row…). */
const INTENT = "__intent__";

/**
 * A form's checks in the browser without zod on the page's first load (issue 16: zod and conform's
 * zod adapter are 26 kB gzip of a form page's 190-206). The schema and the adapter are fetched
 * when the browser is idle after hydrating, or on the first focus in the page, whichever comes
 * first; a submit made before they arrive waits for them (a few milliseconds after a focus) and is
 * then checked and sent as any other. Should the fetch fail, submits go to the action, which checks
 * the same schema: nothing typed is lost, the errors come a round trip later.
 *
 *   onValidate: useLazyValidation(() => import("~/lib/schemas").then((module) => module.ProfileFormSchema)),
 *
 * The constraint attributes (required, maxLength…) come from the loader: `getZodConstraint(schema)`
 * there, passed as `constraint`.
 */
export function useLazyValidation<Schema extends z.ZodType>(load: () => Promise<Schema>) {
  type Result = Submission<z.input<Schema>, string[], z.output<Schema>>;
  const state = useRef<{
    validator?: (formData: FormData) => Result;
    status: "waiting" | "loading" | "ready" | "failed";
    held?: { form: HTMLFormElement; submitter: HTMLInputElement | HTMLButtonElement | null };
    start?: () => void;
  }>({ status: "waiting" });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const current = state.current;
    // A submit held while the schema was on its way is made again, now that it can be checked (or,
    // if the fetch failed, sent to the action unchecked).
    const release = () => {
      const held = current.held;
      current.held = undefined;
      if (held?.form.isConnected) held.form.requestSubmit(held.submitter?.form === held.form ? held.submitter : null);
    };
    const start = () => {
      if (current.status !== "waiting") return;
      current.status = "loading";
      Promise.all([loadRef.current(), import("@conform-to/zod/v4")]).then(
        ([schema, { parseWithZod }]) => {
          // (Not tied to this effect's run: in development StrictMode runs it twice, and the fetch
          // begun by the first run is the one that arrives.)
          current.validator = (formData) => parseWithZod(formData, { schema });
          current.status = "ready";
          release();
        },
        () => {
          current.status = "failed";
          release();
        },
      );
    };
    current.start = start;
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(start, { timeout: 2_000 }) : window.setTimeout(start, 200);
    document.addEventListener("focusin", start, { once: true });
    return () => {
      if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      document.removeEventListener("focusin", start);
    };
  }, []);
  // What the form holds, checked if the schema is here, else passing (the action checks it).
  const check = useCallback((formData: FormData): Result => state.current.validator?.(formData) ?? (parse(formData, { resolve: (payload) => ({ value: payload }) }) as Result), []);
  const onValidate = useCallback(
    ({ form, submitter, formData }: ValidateContext): Result => {
      const current = state.current;
      // A field's check (or a row added) before the schema is here says nothing yet.
      if (current.validator || current.status === "failed" || formData.has(INTENT)) return check(formData);
      // A submit before the schema is here: held (an error-free refusal stops it) until it arrives.
      current.held = { form, submitter };
      current.start?.();
      return parse(formData, { resolve: () => ({ error: {} }) }) as Result;
    },
    [check],
  );
  /** `onValidate` for conform, and `check` for a check that never holds anything (an autosave's). */
  return Object.assign(onValidate, { check });
}
