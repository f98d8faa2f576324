import type { TFunction } from "i18next";
import type { ApiFieldErrors } from "./api-types";

/** What conform's `submission.reply()` takes to show errors at the fields and above the form. */
export type FormErrorsReply = { fieldErrors: Record<string, string[]>; formErrors: string[] };

/**
 * The API's field errors in the user's language, at the form's fields: forms name their fields as
 * the API does, so `Competitors.1.Name` is conform's `Competitors[1].Name`, and an item of a list
 * the form edits as one field (`Keywords.3`) is the list's. Each code is translated by the most
 * particular of `<namespace>:fieldErrors.<field>.<code>` (the field, then the field it is part of),
 * `<namespace>:fieldErrors.<code>` and `common:fieldErrors.<code>`; an untranslated code keeps the
 * API's own message. Given the form's `fields`, an error on anything else is the form's.
 */
export function fieldErrorsFrom(
  error: { errors?: ApiFieldErrors },
  t: TFunction,
  namespace = "common",
  fields?: readonly string[],
): FormErrorsReply {
  const reply: FormErrorsReply = { fieldErrors: {}, formErrors: [] };
  for (const [path, errors] of Object.entries(error.errors ?? {})) {
    const segments = path.split(".");
    while (segments.length > 1 && /^\d+$/.test(segments.at(-1)!)) segments.pop();
    const name = segments.map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index ? `.${segment}` : segment)).join("");
    const messages = errors.map(({ code, message }) => t(keysFor(segments, code, namespace), { defaultValue: message }));
    if (path === "_" || (fields && !fields.includes(name))) reply.formErrors.push(...messages);
    else reply.fieldErrors[name] = [...(reply.fieldErrors[name] ?? []), ...messages];
  }
  return reply;
}

/** The translation keys of a code at a field, most particular first. */
function keysFor(segments: readonly string[], code: string, namespace: string): string[] {
  const field = segments.filter((segment) => !/^\d+$/.test(segment));
  const particular = field.map((_, index) => `${namespace}:fieldErrors.${field.slice(0, field.length - index).join(".")}.${code}`);
  return [...particular, `${namespace}:fieldErrors.${code}`, `common:fieldErrors.${code}`];
}
