import { parse, type Submission } from "@conform-to/react";
import { useCallback, useEffect, useRef } from "react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

type Context = { formData: FormData };
/** A form's constraint attributes, as `getZodConstraint` computes them in a loader. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

/**
 * A form's checks in the browser without zod on the page's first load (issue 16: zod and conform's
 * zod adapter are 26 kB gzip of a form page's 190-206). The schema and the adapter are fetched
 * when the browser is idle after hydrating, or on the first focus in the page, whichever comes
 * first. Until they arrive a submit goes to the action, which checks the same schema, so nothing
 * is refused or lost that would not be otherwise: the error only comes a round trip later.
 *
 *   onValidate: useLazyValidation(() => import("~/lib/schemas").then((module) => module.ProfileFormSchema)),
 *
 * The constraint attributes (required, maxLength…) come from the loader: `getZodConstraint(schema)`
 * there, passed as `constraint`.
 */
export function useLazyValidation<Schema extends z.ZodType>(load: () => Promise<Schema>) {
  type Result = Submission<z.input<Schema>, string[], z.output<Schema>>;
  const validator = useRef<((formData: FormData) => Result) | undefined>(undefined);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void Promise.all([loadRef.current(), import("@conform-to/zod/v4")]).then(([schema, { parseWithZod }]) => {
        if (live) validator.current = (formData) => parseWithZod(formData, { schema });
      });
    };
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(start, { timeout: 2_000 }) : window.setTimeout(start, 200);
    document.addEventListener("focusin", start, { once: true });
    return () => {
      live = false;
      if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      document.removeEventListener("focusin", start);
    };
  }, []);
  // Not fetched yet: a submission with no error, which the action checks.
  return useCallback(({ formData }: Context): Result => validator.current?.(formData) ?? (parse(formData, { resolve: (payload) => ({ value: payload }) }) as Result), []);
}
