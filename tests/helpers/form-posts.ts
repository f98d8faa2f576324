import { expect } from "vitest";

/** What the browser posts: conform turns empty inputs into missing values, as in the app. */
export function post(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.append(name, value);
  return formData;
}

/** A refused submission's errors by field (a successful one has none). */
export const errorsOf = (submission: object) => ("error" in submission ? submission.error : undefined);

/** The value of a submission that must have parsed; fails the test with its errors otherwise. */
export function parsedValue<Value>(submission: { status?: string; value?: Value; error?: unknown }): Value {
  expect(submission.error ?? null).toBeNull();
  expect(submission.status).toBe("success");
  return submission.value as Value;
}
