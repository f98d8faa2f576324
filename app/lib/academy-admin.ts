import { z } from "zod";
import { ACADEMY_LIMITS, ACADEMY_LOCALES, formatDuration, MAX_THUMBNAIL_BYTES, SLUG_PATTERN, THUMBNAIL_TYPES } from "#domain/academy";
import { hasControlCharacters } from "#domain/text";
import { parseVideoUrl } from "#domain/video-links";

/*
 * The admin academy's forms and rules, shared by the actions and the browser (issue 6; seed 001
 * §5). Messages are i18n keys of the academyAdmin namespace; the rules mirror the API's
 * (server/academy/routes.ts), so a form refuses what the API would, in the admin's language, before
 * any request. The API's own messages are translated too (apiMessageKey), for what only it checks.
 */

const validation = (key: string) => `academyAdmin:validation.${key}`;
const thumbnailError = (key: string) => `academyAdmin:thumbnail.error.${key}`;

/**
 * A required line of text, trimmed. Checked in a transform rather than a pipe into z.string():
 * conform would read the piped, now empty, value as a missing one and lose the message.
 */
function requiredText(keys: { required: string; tooLong: string }, max: number) {
  return z.string({ error: validation(keys.required) }).transform((value, ctx) => {
    const text = value.trim();
    if (!text) ctx.addIssue({ code: "custom", message: validation(keys.required) });
    else if (text.length > max) ctx.addIssue({ code: "custom", message: validation(keys.tooLong) });
    else if (hasControlCharacters(text)) ctx.addIssue({ code: "custom", message: validation("controlCharacters") });
    return text;
  });
}

/** An optional text of several lines: "" when left empty (which also clears it on an update). */
const descriptionField = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = (value ?? "").trim();
    if (text.length > ACADEMY_LIMITS.description) ctx.addIssue({ code: "custom", message: validation("descriptionTooLong") });
    else if (hasControlCharacters(text.replace(/[\n\r\t]/g, " "))) ctx.addIssue({ code: "custom", message: validation("controlCharacters") });
    return text;
  });

const slugField = z.string({ error: validation("slugRequired") }).transform((value, ctx) => {
  const slug = value.trim();
  if (!slug) ctx.addIssue({ code: "custom", message: validation("slugRequired") });
  else if (slug.length > ACADEMY_LIMITS.slug) ctx.addIssue({ code: "custom", message: validation("slugTooLong") });
  else if (!SLUG_PATTERN.test(slug)) ctx.addIssue({ code: "custom", message: validation("slugFormat") });
  return slug;
});

export const CourseFormSchema = z.object({
  slug: slugField,
  title: requiredText({ required: "titleRequired", tooLong: "titleTooLong" }, ACADEMY_LIMITS.title),
  description: descriptionField,
  // "" (every language) arrives as undefined once conform has read the form.
  locale: z
    .enum(["", ...ACADEMY_LOCALES], validation("localeInvalid"))
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CourseFormValue = z.output<typeof CourseFormSchema>;

export const ChapterFormSchema = z.object({
  title: requiredText({ required: "titleRequired", tooLong: "titleTooLong" }, ACADEMY_LIMITS.title),
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
  if (value.length > ACADEMY_LIMITS.link) return validation("linkTooLong");
  const parsed = parseVideoUrl(value);
  if (parsed.ok) return null;
  return parsed.reason === "no_video_id" ? validation("videoIdRequired") : validation("videoUrl");
}

export type VideoLinkValue = string | { en?: string; fr?: string; other?: string };

/**
 * A video's fields. `link` is the URL for every language; `link_en` and `link_fr`, when given, are
 * the English and French ones (seed 001 §2: a per-language map), `link` then being `other`.
 */
/** The video form's fields before they are read together (conform's constraints come from here). */
export const VideoFieldsSchema = z.object({
  title: requiredText({ required: "titleRequired", tooLong: "titleTooLong" }, ACADEMY_LIMITS.title),
  link: z.string().optional(),
  link_en: z.string().optional(),
  link_fr: z.string().optional(),
  duration: z.string().optional(),
  description: descriptionField,
});

export const VideoFormSchema = VideoFieldsSchema.transform((value, ctx) => {
    const links = { other: value.link?.trim() ?? "", en: value.link_en?.trim() ?? "", fr: value.link_fr?.trim() ?? "" };
    const fieldOf = { other: "link", en: "link_en", fr: "link_fr" } as const;
    if (!links.other && !links.en && !links.fr) ctx.addIssue({ code: "custom", path: ["link"], message: validation("linkRequired") });
    for (const key of ["other", "en", "fr"] as const) {
      const error = links[key] ? videoUrlError(links[key]) : null;
      if (error) ctx.addIssue({ code: "custom", path: [fieldOf[key]], message: error });
    }
    const seconds = parseDuration(value.duration ?? "");
    if (seconds === null) ctx.addIssue({ code: "custom", path: ["duration"], message: validation("durationInvalid") });
    else if (seconds > ACADEMY_LIMITS.duration) ctx.addIssue({ code: "custom", path: ["duration"], message: validation("durationTooLong") });
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
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type.toLowerCase())) return thumbnailError("fileType");
  if (file.size > MAX_THUMBNAIL_BYTES) return thumbnailError("fileSize");
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
  if (!text) return thumbnailError("urlRequired");
  if (text.length > ACADEMY_LIMITS.url) return thumbnailError("urlInvalid");
  try {
    const url = new URL(text);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return thumbnailError("urlInvalid");
  } catch {
    return thumbnailError("urlInvalid");
  }
  return null;
}

export const ThumbnailUrlFormSchema = z.object({
  url: z
    .string({ error: thumbnailError("urlRequired") })
    .transform((value, ctx) => {
      const error = checkImageUrl(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
      return value.trim();
    }),
});

/** The API's upload refusals (400/413 codes) as the widget's messages. */
export const THUMBNAIL_CODES: Record<string, string> = {
  file_type: thumbnailError("fileType"),
  file_size: thumbnailError("fileSize"),
  file_empty: thumbnailError("fileEmpty"),
  file_missing: thumbnailError("fileMissing"),
  storage_error: thumbnailError("upload"),
};

// ---- the API's messages -------------------------------------------------------------------------

const API_MESSAGES: Record<string, string> = {
  "Course slug is required": validation("slugRequired"),
  "Lower-case letters (a-z), digits and single dashes only, e.g. seo-basics": validation("slugFormat"),
  "Another course already uses this slug": validation("slugTaken"),
  "Title is required": validation("titleRequired"),
  "Control characters are not allowed": validation("controlCharacters"),
  "en, fr, or null for every language": validation("localeInvalid"),
  "Video ID is required": validation("videoIdRequired"),
  "Must be a YouTube or Vimeo video URL": validation("videoUrl"),
  "A video link is required": validation("linkRequired"),
  "At least one link is required (en, fr or other)": validation("linkRequired"),
  "Duration must be a number of seconds": validation("durationInvalid"),
  "Duration must be a whole number of seconds": validation("durationInvalid"),
  "Duration cannot be negative": validation("durationInvalid"),
  "At most 99:59:59": validation("durationTooLong"),
  "URL is required": thumbnailError("urlRequired"),
  "Must be an http or https URL": thumbnailError("urlInvalid"),
  "Choose an image file": thumbnailError("fileMissing"),
  "The file is empty": thumbnailError("fileEmpty"),
  "The file must be a JPEG, PNG, WebP or GIF image": thumbnailError("fileType"),
  "The image is larger than 10 MB": thumbnailError("fileSize"),
};

/** The form field an API field error belongs to (`link.en` → `link_en`, `duration_seconds` → `duration`). */
const API_FIELDS: Record<string, string> = {
  "link.en": "link_en",
  "link.fr": "link_fr",
  "link.other": "link",
  duration_seconds: "duration",
};

/**
 * An API message as the i18n key the form shows; "At most N characters" is the field's own
 * too-long message. Unknown messages are shown as they are.
 */
export function apiMessageKey(field: string, message: string): string {
  if (API_MESSAGES[message]) return API_MESSAGES[message];
  if (/^At most \d+ characters$/.test(message) && ["slug", "title", "description", "link", "link_en", "link_fr"].includes(field)) {
    return validation(`${field.replace(/_(en|fr)$/, "")}TooLong`);
  }
  return message;
}

/** The API's field errors on the form's fields, translated; the others (ids…) as form errors. */
export function apiFieldErrors(errors: Record<string, string[]>, formFields: readonly string[]) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const [apiField, messages] of Object.entries(errors)) {
    const field = API_FIELDS[apiField] ?? apiField;
    const keys = messages.map((message) => apiMessageKey(field, message));
    if (formFields.includes(field)) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...keys];
    else formErrors.push(...keys);
  }
  return { fieldErrors, formErrors };
}

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
