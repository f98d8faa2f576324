import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { ACADEMY_LIMITS, ACADEMY_LOCALES, formatDuration, MAX_THUMBNAIL_BYTES, SLUG_PATTERN, THUMBNAIL_TYPES } from "#domain/academy";
import { hasControlCharacters } from "#domain/text";
import { parseVideoUrl } from "#domain/video-links";

/*
 * The admin academy's forms and rules, shared by the actions and the browser (issue 6; seed 001
 * §5). The rules mirror the API's (server/academy/schemas.ts), so a form refuses what the API
 * would, in the admin's language, before any request. Fields are named as the API names them, and
 * a message is the key of the API's code for that field (academyAdmin:fieldErrors.<field>.<code>):
 * the browser's refusal and the API's read the same (app/lib/api-errors.ts).
 */

const fieldError = (field: string, code: string) => `academyAdmin:fieldErrors.${field}.${code}`;

/**
 * A required line of text, trimmed. Checked in a transform rather than a pipe into z.string():
 * conform would read the piped, now empty, value as a missing one and lose the message.
 */
function requiredText(field: string, max: number) {
  return z.string({ error: fieldError(field, "required") }).transform((value, ctx) => {
    const text = value.trim();
    if (!text) ctx.addIssue({ code: "custom", message: fieldError(field, "required") });
    else if (text.length > max) ctx.addIssue({ code: "custom", message: fieldError(field, "too_long") });
    else if (hasControlCharacters(text)) ctx.addIssue({ code: "custom", message: fieldError(field, "invalid_format") });
    return text;
  });
}

/** An optional text of several lines: "" when left empty (which also clears it on an update). */
const descriptionField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = (value ?? "").trim();
    if (text.length > ACADEMY_LIMITS.description) ctx.addIssue({ code: "custom", message: fieldError("description", "too_long") });
    else if (hasControlCharacters(text.replace(/[\n\r\t]/g, " "))) ctx.addIssue({ code: "custom", message: fieldError("description", "invalid_format") });
    return text;
  });

const slugField = z.string({ error: fieldError("slug", "required") }).transform((value, ctx) => {
  const slug = value.trim();
  if (!slug) ctx.addIssue({ code: "custom", message: fieldError("slug", "required") });
  else if (slug.length > ACADEMY_LIMITS.slug) ctx.addIssue({ code: "custom", message: fieldError("slug", "too_long") });
  else if (!SLUG_PATTERN.test(slug)) ctx.addIssue({ code: "custom", message: fieldError("slug", "invalid_format") });
  return slug;
});

export const CourseFormSchema = z.object({
  slug: slugField,
  title: requiredText("title", ACADEMY_LIMITS.title),
  description: descriptionField,
  // "" (every language) arrives as undefined once conform has read the form.
  locale: z
    .enum(["", ...ACADEMY_LOCALES], fieldError("locale", "invalid_value"))
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CourseFormValue = z.output<typeof CourseFormSchema>;

export const ChapterFormSchema = z.object({
  title: requiredText("title", ACADEMY_LIMITS.title),
  description: descriptionField,
});

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

/** The message for one video URL, or null when it is a YouTube or Vimeo video. */
function videoUrlError(value: string): string | null {
  if (value.length > ACADEMY_LIMITS.link) return fieldError("link", "too_long");
  const parsed = parseVideoUrl(value);
  if (parsed.ok) return null;
  return parsed.reason === "no_video_id" ? fieldError("link", "no_video_id") : fieldError("link", "invalid_format");
}

export type VideoLinkValue = string | { en?: string; fr?: string; other?: string };

/**
 * The video form's fields before they are read together (conform's constraints come from here).
 * `link` is the URL for every language; `link_en` and `link_fr`, when given, are the English and
 * French ones (seed 001 §2: a per-language map), `link` then being `other`. The API's `link` is a
 * string or that map, more than one form can name: `link_en` and `link_fr` are the only fields not
 * named as the API's (`link.en`, `link.fr`), whose refusals show above the form. `duration_seconds`
 * is typed as seconds, m:ss or h:mm:ss.
 */
export const VideoFieldsSchema = z.object({
  title: requiredText("title", ACADEMY_LIMITS.title),
  link: z.string().optional(),
  link_en: z.string().optional(),
  link_fr: z.string().optional(),
  duration_seconds: z.string().optional(),
  description: descriptionField,
});

export const VideoFormSchema = VideoFieldsSchema.transform((value, ctx) => {
    const links = { other: value.link?.trim() ?? "", en: value.link_en?.trim() ?? "", fr: value.link_fr?.trim() ?? "" };
    const fieldOf = { other: "link", en: "link_en", fr: "link_fr" } as const;
    if (!links.other && !links.en && !links.fr) ctx.addIssue({ code: "custom", path: ["link"], message: fieldError("link", "required") });
    for (const key of ["other", "en", "fr"] as const) {
      const error = links[key] ? videoUrlError(links[key]) : null;
      if (error) ctx.addIssue({ code: "custom", path: [fieldOf[key]], message: error });
    }
    const seconds = parseDuration(value.duration_seconds ?? "");
    if (seconds === null) ctx.addIssue({ code: "custom", path: ["duration_seconds"], message: fieldError("duration_seconds", "invalid_format") });
    else if (seconds > ACADEMY_LIMITS.duration) ctx.addIssue({ code: "custom", path: ["duration_seconds"], message: fieldError("duration_seconds", "too_big") });
    const link: VideoLinkValue =
      links.en || links.fr
        ? Object.fromEntries(Object.entries(links).filter(([, url]) => url))
        : links.other;
    return { title: value.title, description: value.description, link, duration_seconds: seconds ?? 0 };
  });
export type VideoFormValue = z.output<typeof VideoFormSchema>;

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

export const ThumbnailUrlFormSchema = z.object({
  url: z
    .string({ error: fieldError("url", "required") })
    .transform((value, ctx) => {
      const error = checkImageUrl(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
      return value.trim();
    }),
});

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
  if (!kind || !id || !(CONFIRM_KINDS as readonly string[]).includes(kind) || !z.uuid().safeParse(id).success) return null;
  return { kind: kind as ConfirmKind, id };
}
