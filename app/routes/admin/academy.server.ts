import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { MAX_THUMBNAIL_BYTES } from "#domain/academy";
import type { AcademyFormConstraints } from "~/components/academy-admin/form-constraints";
import type { FormActionData, RowActionData } from "~/lib/academy-admin";
import { ChapterFormSchema, CourseFormSchema, ThumbnailUrlFormSchema, VideoFieldsSchema } from "~/lib/academy-admin-schemas";
import { fieldErrorsFrom } from "~/lib/api-errors";
import { type ApiClient, ApiRequestError, dataOf, getApiClient, read } from "~/lib/api.server";

import type { ThumbnailTarget } from "~/lib/api-types";
import { redirectWithToast, replyWithToast, type ToastInput } from "~/lib/toast.server";

/*
 * What the admin academy's actions share: the admin check, answers that suit both a fetcher (data
 * and a toast the root loader shows on revalidation) and a plain form post (redirect with the toast),
 * the API's refusals on the form's fields, and the thumbnail calls.
 */

/** The admin check (shared with the other admin screens). */
export { requireAdmin } from "~/lib/admin.server";

/** Seed 001 §8: titled 'Erreur' ('Erreur de téléchargement' for uploads), with the message or a fallback. */
export function errorToast(t: TFunction, fallbackKey: string, error: unknown, options: { upload?: boolean } = {}): ToastInput {
  return {
    type: "error",
    title: t(options.upload ? "academyAdmin:toast.uploadError" : "academyAdmin:toast.error"),
    description: errorMessage(t, error) ?? t(fallbackKey),
  };
}

/**
 * What the API said, in the admin's words: its first field error translated, else its message;
 * undefined for a server's own failure (the fallback says it better) or when it said nothing.
 */
function errorMessage(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.code === "timeout" || error.code === "network") return error.message;
  const { fieldErrors, formErrors } = fieldErrorsFrom(error, t, "academyAdmin");
  const [first] = [...Object.values(fieldErrors).flat(), ...formErrors];
  if (first) return first;
  if (error.status >= 500) return undefined;
  const message = typeof error.body?.message === "string" ? error.body.message : typeof error.body?.error === "string" ? error.body.error : undefined;
  return message || undefined;
}

/**
 * One conform form of the admin academy: validated here with the browser's schema, then sent to
 * the API; its refusals land on the fields (translated), anything else is the form's error and a
 * toast. Nothing typed is lost: the reply carries the values back.
 */
export async function submitForm<Schema extends z.ZodType, Result>(options: {
  formData: FormData;
  formId: string;
  schema: Schema;
  fields: readonly string[];
  t: TFunction;
  fallbackKey: string;
  call: (value: z.output<Schema>) => Promise<Result>;
  success: (value: z.output<Schema>, result: Result) => Promise<Response> | Response;
}) {
  const { formData, formId, schema, t } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data<FormActionData>({ formId, result: submission.reply() }, { status: 400 });
  let result: Result;
  try {
    result = await options.call(submission.value);
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
    if (error.errors && Object.keys(error.errors).length) {
      return data<FormActionData>({ formId, result: submission.reply(fieldErrorsFrom(error, t, "academyAdmin", options.fields)) }, { status: 400 });
    }
    const toast = errorToast(t, options.fallbackKey, error);
    const reply = submission.reply({ formErrors: [toast.description ?? options.fallbackKey] });
    return replyWithToast<FormActionData>(formData, toast, { formId, result: reply }, { status: error.status >= 500 ? 502 : 400 });
  }
  return options.success(submission.value, result);
}

/** The course form, new or edited: the same schema and fields wherever it is posted. */
export function submitCourseForm<Result>(options: Omit<Parameters<typeof submitForm<typeof CourseFormSchema, Result>>[0], "schema" | "fields">) {
  return submitForm({ ...options, schema: CourseFormSchema, fields: ["slug", "title", "description", "locale"] });
}

/** The ids a reorder form sends (every id of the list, in the new order). */
export function idsOf(formData: FormData) {
  return formData.getAll("ids").map(String);
}

/** The thumbnail a form names: `target` course|video and `target_id`. */
export function thumbnailTargetOf(formData: FormData): ThumbnailTarget | null {
  const kind = formData.get("target");
  const id = formData.get("target_id");
  if ((kind !== "course" && kind !== "video") || typeof id !== "string" || !id) return null;
  return { kind, id };
}

/** What a failed upload says when the API said nothing of use (a storage failure, a 5xx). */
const UPLOAD_FAILED = "academyAdmin:thumbnail.error.upload";

/**
 * Upload (multipart `file`), link (`url`) or delete a thumbnail. Success: a toast and, for a
 * script, the new URL; failure: the widget's inline error (and a toast for a script).
 */
export async function thumbnailAction(options: { formData: FormData; intent: string; target: ThumbnailTarget; to: string; t: TFunction; context: Readonly<RouterContextProvider> }) {
  const { formData, intent, target, to, t } = options;
  const api = getApiClient(options.context);
  const key = `${target.kind}:${target.id}`;
  const done = (toastKey: string, url: string | null) =>
    replyWithToast<RowActionData>(formData, { type: "success", title: t(toastKey) }, { ok: true, intent, thumbnail: { key, url } }, { redirectTo: to });
  /** The widget's inline error (an i18n key or a translated message), and the toast a script shows. */
  const fail = (inline: string, toast: ToastInput, status: number, value?: string) =>
    replyWithToast<RowActionData>(formData, toast, { ok: false, intent, thumbnail: { key, error: inline, value } }, { status });
  const uploadToast = (description: string): ToastInput => ({ type: "error", title: t("academyAdmin:toast.uploadError"), description });
  const refusedBy = (error: unknown) => {
    if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
    return error;
  };

  if (intent === "thumbnail-delete") {
    try {
      await read(
        target.kind === "course"
          ? // Seed 001 §7 names DELETE /academy/courses/{id}/thumbnail (no /admin) for courses.
            api.academy.courses[":id"].thumbnail.$delete({ param: { id: target.id } })
          : api.academy.admin.videos[":id"].thumbnail.$delete({ param: { id: target.id } }),
      );
    } catch (caught) {
      const error = refusedBy(caught);
      return fail("academyAdmin:thumbnail.error.delete", errorToast(t, "academyAdmin:toast.thumbnailDeleteFailed", error), 400);
    }
    return done("academyAdmin:toast.thumbnailDeleted", null);
  }

  if (intent === "thumbnail-url") {
    const submission = parseWithZod(formData, { schema: ThumbnailUrlFormSchema });
    const value = String(formData.get("url") ?? "");
    if (submission.status !== "success") {
      const error = submission.error?.url?.[0] ?? "academyAdmin:fieldErrors.url.invalid_format";
      return data<RowActionData>({ ok: false, intent, thumbnail: { key, error, value } }, { status: 400 });
    }
    try {
      const { thumbnail_url } = await setThumbnail(api, target, { json: { url: submission.value.url } });
      return done("academyAdmin:toast.thumbnailUploaded", thumbnail_url);
    } catch (caught) {
      const error = refusedBy(caught);
      const inline = fieldErrorsFrom(error, t, "academyAdmin").fieldErrors.url?.[0] ?? "academyAdmin:thumbnail.error.upload";
      return fail(inline, errorToast(t, UPLOAD_FAILED, error, { upload: true }), error.status === 413 ? 413 : 400, value);
    }
  }

  // Upload: the browser checked type and size already; the API checks the bytes.
  const file = formData.get("file");
  const refusedHere = !(file instanceof File) ? "file_missing" : file.size === 0 ? "file_empty" : file.size > MAX_THUMBNAIL_BYTES ? "file_size" : null;
  if (!(file instanceof File) || refusedHere) {
    const inline = `academyAdmin:fieldErrors.file.${refusedHere}`;
    return fail(inline, uploadToast(t(inline)), refusedHere === "file_size" ? 413 : 400);
  }
  try {
    const { thumbnail_url } = await setThumbnail(api, target, { form: { file } });
    return done("academyAdmin:toast.thumbnailUploaded", thumbnail_url);
  } catch (caught) {
    const error = refusedBy(caught);
    const inline = fieldErrorsFrom(error, t, "academyAdmin").fieldErrors.file?.[0] ?? "academyAdmin:thumbnail.error.upload";
    return fail(inline, errorToast(t, UPLOAD_FAILED, error, { upload: true }), error.status === 413 ? 413 : 400);
  }
}

/** The id a row form names, or null when it is not a uuid (then the action refuses). */
export function idOf(formData: FormData, name = "id"): string | null {
  const value = formData.get(name);
  return typeof value === "string" && UUID.test(value) ? value : null;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A row action (publish, reorder, delete): the API call, then the success toast or the error
 * toast with the API's message or the fallback (seed 001 §8). A script gets the answer as data
 * (status 200 for a refusal too, so loaders revalidate and the optimistic UI falls back to the
 * server's state); a plain post goes back to the page with the toast.
 */
export async function rowAction(options: {
  formData: FormData;
  t: TFunction;
  back: string;
  call: () => Promise<unknown>;
  success: string;
  fallbackKey: string;
  /** Where a success goes even from a script (a deleted course's page is gone). */
  redirectTo?: string;
}) {
  const { formData, t, back } = options;
  const intent = String(formData.get("intent") ?? "");
  try {
    await options.call();
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
    return replyWithToast<RowActionData>(formData, errorToast(t, options.fallbackKey, error), { ok: false, intent }, { redirectTo: back });
  }
  const toast: ToastInput = { type: "success", title: t(options.success) };
  if (options.redirectTo) return redirectWithToast(options.redirectTo, toast);
  return replyWithToast<RowActionData>(formData, toast, { ok: true, intent }, { redirectTo: back });
}

/** Publish or unpublish (seed 001 §4), from the list or the course's page. */
export function publishAction(formData: FormData, context: Readonly<RouterContextProvider>, t: TFunction, back: string) {
  const id = idOf(formData);
  const publish = formData.get("is_published") === "true";
  return rowAction({
    formData,
    t,
    back,
    call: () => (id ? read(getApiClient(context).academy.admin.courses[":id"].publish.$post({ param: { id }, json: { is_published: publish } })) : Promise.reject(invalid())),
    success: publish ? "academyAdmin:toast.coursePublished" : "academyAdmin:toast.courseUnpublished",
    fallbackKey: publish ? "academyAdmin:toast.publishFailed" : "academyAdmin:toast.unpublishFailed",
  });
}

/** A malformed row form (a forged or truncated post): refused like the API would. */
export const invalid = () => new ApiRequestError(400, "");

type SetThumbnail = ApiClient["uploads"]["admin"]["courses"][":id"]["thumbnail"]["$post"];

/** A course's or a video's thumbnail, uploaded (multipart `file`) or linked (JSON `{url}`). */
function setThumbnail(api: ApiClient, target: ThumbnailTarget, body: { form: { file: File } } | { json: { url: string } }) {
  // The route takes either media type; hono/client types a body declared in two as if both were sent.
  const input = { param: { id: target.id }, ...body } as unknown as Parameters<SetThumbnail>[0];
  const admin = api.uploads.admin;
  return read(target.kind === "course" ? admin.courses[":id"].thumbnail.$post(input) : admin.videos[":id"].thumbnail.$post(input)).then(dataOf);
}

/** The academy forms' constraint attributes, for the loaders of the pages that show them (zod stays off those pages). */
export function academyFormConstraints(): AcademyFormConstraints {
  return { course: getZodConstraint(CourseFormSchema), chapter: getZodConstraint(ChapterFormSchema), video: getZodConstraint(VideoFieldsSchema) };
}
