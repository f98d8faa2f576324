import type { SubmissionResult } from "@conform-to/react";
import { validate as isUuid } from "uuid";
import { ACADEMY_LIMITS, formatDuration, MAX_THUMBNAIL_BYTES, THUMBNAIL_TYPES } from "#domain/academy";

/*
 * The admin academy's rules, shared by the actions and the browser (issue 6; seed 001 §5); the
 * forms' schemas are in ./academy-admin-schemas.ts, which the browser fetches when a form is used. The rules mirror the API's (server/academy/schemas.ts), so a form refuses what the API
 * would, in the admin's language, before any request. Fields are named as the API names them, and
 * a message is the key of the API's code for that field (academyAdmin:fieldErrors.<field>.<code>):
 * the browser's refusal and the API's read the same (app/lib/api-errors.ts).
 */

/** The key of an API refusal of a field (academyAdmin:fieldErrors.<field>.<code>). */
export const fieldError = (field: string, code: string) => `academyAdmin:fieldErrors.${field}.${code}`;

/** Seconds, m:ss or h:mm:ss (seed 001 §2 shows durations that way); null when unreadable. */
export function parseDuration(input: string): number | null {
  const text = input.trim();
  if (!text) return 0;
  if (/^\d+$/.test(text)) return Number(text);
  const match = text.match(/^(?:(\d+):)?(\d{1,2}):(\d{2})$/);
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** What the duration field shows for a stored duration: m:ss (h:mm:ss from an hour), empty for none. */
export function durationInput(seconds: number): string {
  return seconds > 0 ? formatDuration(seconds) : "";
}

export type VideoLinkValue = string | { en?: string; fr?: string; other?: string };

/** The form's link fields for a stored link (the inverse of VideoFormSchema's). */
export function linkFields(link: VideoLinkValue): { link: string; link_en: string; link_fr: string } {
  if (typeof link === "string") return { link, link_en: "", link_fr: "" };
  return { link: link.other ?? "", link_en: link.en ?? "", link_fr: link.fr ?? "" };
}

// ---- thumbnails (seed 001 §5) -------------------------------------------------------------------

/** The file's error key, or null when the widget may send it. */
export function checkThumbnailFile(file: { type: string; size: number }): string | null {
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type.toLowerCase())) return fieldError("file", "file_type");
  if (file.size > MAX_THUMBNAIL_BYTES) return fieldError("file", "file_size");
  return null;
}

/** Seed 001 §5: of dropped files the first image is used (null: none, the file-type error). */
export function firstImageFile<T extends { type: string }>(files: Iterable<T> | ArrayLike<T>): T | null {
  for (const file of Array.from(files)) if (file.type.toLowerCase().startsWith("image/")) return file;
  return null;
}

/** URL mode: 'URL requise' when empty, 'URL invalide' when it does not read as an http(s) address. */
export function checkImageUrl(value: string): string | null {
  const text = value.trim();
  if (!text) return fieldError("url", "required");
  if (text.length > ACADEMY_LIMITS.url) return fieldError("url", "invalid_format");
  try {
    const url = new URL(text);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return fieldError("url", "invalid_format");
  } catch {
    return fieldError("url", "invalid_format");
  }
  return null;
}

// ---- what the actions answer -------------------------------------------------------------------

/** A conform form's answer: which form (several on a page) and its submission. */
export type FormActionData = { formId: string; result: SubmissionResult<string[]> };
/** A thumbnail's answer, for its widget (`key`: course:<id> or video:<id>); `error` is a key or a translated message. */
export type ThumbnailActionData = { key: string; url?: string | null; error?: string; value?: string };
/** A row action's answer to a script (publish, reorder, delete, thumbnails). */
export type RowActionData = { ok: boolean; intent?: string; thumbnail?: ThumbnailActionData };

// ---- ordering -----------------------------------------------------------------------------------

/** The ids with `id` moved by `delta` places; null at either end. */
export function moveBy(ids: readonly string[], id: string, delta: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Drag and drop: `dragged` takes `target`'s place, the others shift. */
export function moveTo(ids: readonly string[], dragged: string, target: string): string[] {
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, dragged);
  return next;
}

export function sameOrder(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** The items in a pending order (optimistic UI); as they are when the order names other items. */
export function inOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[] | null | undefined): T[] {
  if (!ids || ids.length !== items.length) return [...items];
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = ids.map((id) => byId.get(id));
  return ordered.every(Boolean) ? (ordered as T[]) : [...items];
}

/** The delete confirmations a page shows without JavaScript (`?confirm=<kind>&id=<id>`). */
export const CONFIRM_KINDS = ["course", "chapter", "video", "course-thumbnail", "video-thumbnail"] as const;
export type ConfirmKind = (typeof CONFIRM_KINDS)[number];
export function readConfirm(search: URLSearchParams): { kind: ConfirmKind; id: string } | null {
  const kind = search.get("confirm");
  const id = search.get("id");
  if (!kind || !id || !(CONFIRM_KINDS as readonly string[]).includes(kind) || !isUuid(id)) return null;
  return { kind: kind as ConfirmKind, id };
}
