import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { MAX_THUMBNAIL_BYTES } from "#domain/academy";
import { apiFieldErrors, apiMessageKey, THUMBNAIL_CODES, ThumbnailUrlFormSchema } from "./academy-admin";
import { ApiRequestError, getApiClient, requireSession, type ThumbnailTarget } from "./api.server";
import { redirectWithToast, setToast, type ToastInput } from "./toast.server";

/*
 * What the admin academy's actions share: the admin check, answers that suit both a fetcher (data
 * and a toast the root loader shows on revalidation) and a plain form post (redirect with the toast),
 * the API's refusals on the form's fields, and the thumbnail calls.
 */

/** The admin check of every loader and action: a user gets the 403 page (the API would refuse too). */
export async function requireAdmin(context: Readonly<RouterContextProvider>, request: Request) {
  requireSession(context, request);
  const profile = await getApiClient(context).user.profile();
  if (profile.role !== "admin") throw data(null, { status: 403 });
  return profile;
}

/** Whether the post came from a script (a fetcher, or a form that carries the `js` marker). */
export const fromScript = (formData: FormData) => formData.get("js") === "1";

export type RowActionData = { ok: boolean; intent?: string; thumbnail?: ThumbnailActionData };
export type ThumbnailActionData = { key: string; url?: string | null; error?: string; value?: string };
export type FormActionData = { formId: string; result: SubmissionResult<string[]> };

/** Done: the script gets data (its loaders revalidate and show the toast), a plain post a redirect. */
export async function done(formData: FormData, to: string, toast: ToastInput, body: Omit<RowActionData, "ok"> = {}) {
  if (fromScript(formData)) return data<RowActionData>({ ok: true, ...body }, { headers: { "Set-Cookie": await setToast(toast) } });
  return redirectWithToast(to, toast);
}

/**
 * Refused: a script gets data with status 200 (so loaders revalidate and the toast shows, the
 * optimistic UI falling back to the server's state); a plain post, back to the page with the toast.
 */
export async function refused(formData: FormData, to: string, toast: ToastInput, body: Omit<RowActionData, "ok"> = {}) {
  if (fromScript(formData)) return data<RowActionData>({ ok: false, ...body }, { headers: { "Set-Cookie": await setToast(toast) } });
  return redirectWithToast(to, toast);
}

/** Seed 001 §8: titled 'Erreur' ('Erreur de téléchargement' for uploads), with the message or a fallback. */
export function errorToast(t: TFunction, fallbackKey: string, error: unknown, options: { upload?: boolean } = {}): ToastInput {
  return {
    type: "error",
    title: t(options.upload ? "academyAdmin:toast.uploadError" : "academyAdmin:toast.error"),
    description: errorMessage(t, error) ?? t(fallbackKey),
  };
}

/** The API's message, translated when it is one of the known ones; undefined when it gave none. */
function errorMessage(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.code && THUMBNAIL_CODES[error.code]) return t(THUMBNAIL_CODES[error.code]);
  const message = typeof error.body?.message === "string" ? error.body.message : typeof error.body?.error === "string" ? error.body.error : undefined;
  if (!message) return error.code === "timeout" || error.code === "network" ? error.message : undefined;
  const key = apiMessageKey("", message);
  return key === message ? message : t(key);
}

/**
 * One conform form of the admin academy: validated here with the browser's schema, then sent to
 * the API; its refusals land on the fields (translated), anything else is the form's error and a
 * toast. Nothing typed is lost: the reply carries the values back.
 */
export async function submitForm<Schema extends z.ZodType>(options: {
  formData: FormData;
  formId: string;
  schema: Schema;
  fields: readonly string[];
  t: TFunction;
  fallbackKey: string;
  call: (value: z.output<Schema>) => Promise<unknown>;
  success: (value: z.output<Schema>, result: unknown) => Promise<Response> | Response;
}) {
  const { formData, formId, schema, t } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data<FormActionData>({ formId, result: submission.reply() }, { status: 400 });
  let result: unknown;
  try {
    result = await options.call(submission.value);
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
    if ((error.status === 400 || error.status === 409) && error.errors && Object.keys(error.errors).length) {
      const { fieldErrors, formErrors } = apiFieldErrors(error.errors, options.fields);
      return data<FormActionData>({ formId, result: submission.reply({ fieldErrors, formErrors }) }, { status: 400 });
    }
    const toast = errorToast(t, options.fallbackKey, error);
    const reply = submission.reply({ formErrors: [toast.description ?? options.fallbackKey] });
    // A script shows the toast too (status 200, so the root loader runs again and reads it).
    if (fromScript(formData)) return data<FormActionData>({ formId, result: reply }, { headers: { "Set-Cookie": await setToast(toast) } });
    return data<FormActionData>({ formId, result: reply }, { status: error.status >= 500 ? 502 : 400 });
  }
  return options.success(submission.value, result);
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

export const thumbnailKey = (target: ThumbnailTarget) => `${target.kind}:${target.id}`;

/**
 * Upload (multipart `file`), link (`url`) or delete a thumbnail. Success: a toast and, for a
 * script, the new URL; failure: the widget's inline error (and a toast for a script).
 */
export async function thumbnailAction(options: { formData: FormData; intent: string; target: ThumbnailTarget; to: string; t: TFunction; context: Readonly<RouterContextProvider> }) {
  const { formData, intent, target, to, t } = options;
  const api = getApiClient(options.context);
  const key = thumbnailKey(target);
  const fail = async (error: unknown, inline: string, fallbackKey: string, upload: boolean, value?: string) => {
    const toast = errorToast(t, fallbackKey, error, { upload });
    const thumbnail: ThumbnailActionData = { key, error: inline, value };
    if (fromScript(formData)) return data<RowActionData>({ ok: false, intent, thumbnail }, { headers: { "Set-Cookie": await setToast(toast) } });
    return data<RowActionData>({ ok: false, intent, thumbnail }, { status: error instanceof ApiRequestError && error.status === 413 ? 413 : 400 });
  };
  const inlineFor = (error: unknown, fallback: string) =>
    error instanceof ApiRequestError && error.code && THUMBNAIL_CODES[error.code] ? THUMBNAIL_CODES[error.code] : fallback;

  if (intent === "thumbnail-delete") {
    try {
      await api.academyAdmin.deleteThumbnail(target);
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
      return fail(error, "academyAdmin:thumbnail.error.delete", "academyAdmin:toast.thumbnailDeleteFailed", false);
    }
    return done(formData, to, { type: "success", title: t("academyAdmin:toast.thumbnailDeleted") }, { intent, thumbnail: { key, url: null } });
  }

  if (intent === "thumbnail-url") {
    const submission = parseWithZod(formData, { schema: ThumbnailUrlFormSchema });
    const value = String(formData.get("url") ?? "");
    if (submission.status !== "success") {
      const error = submission.error?.url?.[0] ?? "academyAdmin:thumbnail.error.urlInvalid";
      return data<RowActionData>({ ok: false, intent, thumbnail: { key, error, value } }, { status: 400 });
    }
    try {
      const { thumbnail_url } = await api.academyAdmin.setThumbnailUrl(target, submission.value.url);
      return done(formData, to, { type: "success", title: t("academyAdmin:toast.thumbnailUploaded") }, { intent, thumbnail: { key, url: thumbnail_url } });
    } catch (error) {
      if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
      const inline = error.errors?.url?.[0] ? apiMessageKey("url", error.errors.url[0]) : "academyAdmin:thumbnail.error.upload";
      return fail(error, inline, "academyAdmin:toast.thumbnailFailed", true, value);
    }
  }

  // Upload: the browser checked type and size already; the API checks the bytes.
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    const missing = new ApiRequestError(400, "", file instanceof File ? "file_empty" : "file_missing");
    return fail(missing, inlineFor(missing, "academyAdmin:thumbnail.error.fileMissing"), "academyAdmin:toast.thumbnailFailed", true);
  }
  if (file.size > MAX_THUMBNAIL_BYTES) {
    const tooLarge = new ApiRequestError(413, "", "file_size");
    return fail(tooLarge, THUMBNAIL_CODES.file_size!, "academyAdmin:toast.thumbnailFailed", true);
  }
  try {
    const { thumbnail_url } = await api.academyAdmin.uploadThumbnail(target, file, file.name || "thumbnail");
    return done(formData, to, { type: "success", title: t("academyAdmin:toast.thumbnailUploaded") }, { intent, thumbnail: { key, url: thumbnail_url } });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status === 401) throw error;
    return fail(error, inlineFor(error, "academyAdmin:thumbnail.error.upload"), "academyAdmin:toast.thumbnailFailed", true);
  }
}

/** The most a thumbnail form may send (a 10 MB image and the form around it); app/middleware/form-body.server.ts refuses more unread. */
export const MAX_FORM_BYTES = MAX_THUMBNAIL_BYTES + 256 * 1024;

/** The id a row form names, or null when it is not a uuid (then the action refuses). */
export function idOf(formData: FormData, name = "id"): string | null {
  const value = formData.get(name);
  return typeof value === "string" && UUID.test(value) ? value : null;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A row action (publish, reorder, delete): the API call, then the success toast or the error
 * toast with the API's message or the fallback (seed 001 §8).
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
    return refused(formData, back, errorToast(t, options.fallbackKey, error), { intent });
  }
  const toast: ToastInput = { type: "success", title: t(options.success) };
  if (options.redirectTo) return redirectWithToast(options.redirectTo, toast);
  return done(formData, back, toast, { intent });
}

/** Publish or unpublish (seed 001 §4), from the list or the course's page. */
export function publishAction(formData: FormData, context: Readonly<RouterContextProvider>, t: TFunction, back: string) {
  const id = idOf(formData);
  const publish = formData.get("is_published") === "true";
  return rowAction({
    formData,
    t,
    back,
    call: () => (id ? getApiClient(context).academyAdmin.publish(id, publish) : Promise.reject(invalid())),
    success: publish ? "academyAdmin:toast.coursePublished" : "academyAdmin:toast.courseUnpublished",
    fallbackKey: publish ? "academyAdmin:toast.publishFailed" : "academyAdmin:toast.unpublishFailed",
  });
}

/** A malformed row form (a forged or truncated post): refused like the API would. */
export const invalid = () => new ApiRequestError(400, "");
