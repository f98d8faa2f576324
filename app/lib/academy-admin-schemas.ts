import { z } from "zod";
import { ACADEMY_LIMITS, ACADEMY_LOCALES, SLUG_PATTERN } from "#domain/academy";
import { hasControlCharacters } from "#domain/text";
import { parseVideoUrl } from "#domain/video-links";
import { checkImageUrl, fieldError, parseDuration, type VideoLinkValue } from "./academy-admin";

/*
 * The admin academy's forms (issue 6; seed 001 §5), the same zod schemas in the actions and, fetched
 * when a form is used (app/lib/lazy-validation.ts), in the browser. The rules mirror the API's
 * (server/academy/schemas.ts); messages are the keys of the API's codes (./academy-admin.ts).
 */

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

/** The message for one video URL, or null when it is a YouTube or Vimeo video. */
function videoUrlError(value: string): string | null {
  if (value.length > ACADEMY_LIMITS.link) return fieldError("link", "too_long");
  const parsed = parseVideoUrl(value);
  if (parsed.ok) return null;
  return parsed.reason === "no_video_id" ? fieldError("link", "no_video_id") : fieldError("link", "invalid_format");
}

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

export const ThumbnailUrlFormSchema = z.object({
  url: z
    .string({ error: fieldError("url", "required") })
    .transform((value, ctx) => {
      const error = checkImageUrl(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
      return value.trim();
    }),
});
