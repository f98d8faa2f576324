import { useHydrated } from "./use-hydrated";

/*
 * A post made by a script (a fetcher, or a form once the page is hydrated) carries a marker, so its
 * action can answer with data and a toast the page shows at once, where a plain post is redirected
 * (toast.server.ts replyWithToast).
 */

const SCRIPT_MARKER = "js";

/** The marker as a hidden input: rendered only after hydration, so a form posted without JavaScript lacks it. */
export function ScriptMarker() {
  return useHydrated() ? <input type="hidden" name={SCRIPT_MARKER} value="1" /> : null;
}

/** For a FormData a script builds itself (fetcher.submit). */
export function markFromScript(body: FormData) {
  body.set(SCRIPT_MARKER, "1");
  return body;
}

export const fromScript = (formData: FormData) => formData.get(SCRIPT_MARKER) === "1";
