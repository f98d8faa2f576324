import { describe, expect, test } from "vitest";
import { MAX_THUMBNAIL_BYTES } from "#domain/academy";
import { checkImageUrl, checkThumbnailFile, durationInput, firstImageFile, inOrder, linkFields, moveBy, moveTo, parseDuration, readConfirm } from "./academy-admin";
import { CourseFormSchema, VideoFormSchema } from "./academy-admin-schemas";

const YOUTUBE = "https://www.youtube.com/watch?v=0eKVizvYSUQ";
const VIMEO = "https://vimeo.com/76979871";

describe("the thumbnail rules (seed 001 §5)", () => {
  test("JPEG, JPG, PNG, WebP and GIF up to 10485760 bytes", () => {
    for (const type of ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/gif"]) {
      expect(checkThumbnailFile({ type, size: 1 })).toBeNull();
    }
    expect(checkThumbnailFile({ type: "image/png", size: MAX_THUMBNAIL_BYTES })).toBeNull();
    expect(checkThumbnailFile({ type: "image/png", size: MAX_THUMBNAIL_BYTES + 1 })).toBe("academyAdmin:fieldErrors.file.file_size");
    expect(checkThumbnailFile({ type: "image/svg+xml", size: 1 })).toBe("academyAdmin:fieldErrors.file.file_type");
    expect(checkThumbnailFile({ type: "application/pdf", size: 1 })).toBe("academyAdmin:fieldErrors.file.file_type");
    expect(checkThumbnailFile({ type: "", size: 1 })).toBe("academyAdmin:fieldErrors.file.file_type");
  });

  test("of dropped files, the first image", () => {
    const files = [{ type: "text/plain", name: "a" }, { type: "image/png", name: "b" }, { type: "image/gif", name: "c" }];
    expect(firstImageFile(files)?.name).toBe("b");
    expect(firstImageFile([{ type: "text/plain" }])).toBeNull();
    expect(firstImageFile([])).toBeNull();
  });

  test("URL mode: 'URL requise' when empty, 'URL invalide' when unreadable", () => {
    expect(checkImageUrl("  ")).toBe("academyAdmin:fieldErrors.url.required");
    expect(checkImageUrl("not a url")).toBe("academyAdmin:fieldErrors.url.invalid_format");
    expect(checkImageUrl("ftp://example.com/a.png")).toBe("academyAdmin:fieldErrors.url.invalid_format");
    expect(checkImageUrl("javascript:alert(1)")).toBe("academyAdmin:fieldErrors.url.invalid_format");
    expect(checkImageUrl(" https://images.example.com/a.png ")).toBeNull();
  });
});

describe("the course form", () => {
  test("a slug is required, lower-case with single dashes", () => {
    const parse = (slug?: string) => CourseFormSchema.safeParse({ slug, title: "T" });
    expect(parse(undefined).error?.issues[0]?.message).toBe("academyAdmin:fieldErrors.slug.required");
    expect(parse("   ").error?.issues[0]?.message).toBe("academyAdmin:fieldErrors.slug.required");
    expect(parse("Bad Slug").error?.issues[0]?.message).toBe("academyAdmin:fieldErrors.slug.invalid_format");
    expect(parse("a--b").error?.issues[0]?.message).toBe("academyAdmin:fieldErrors.slug.invalid_format");
    expect(parse("a".repeat(101)).error?.issues[0]?.message).toBe("academyAdmin:fieldErrors.slug.too_long");
    expect(parse(" seo-basics-2 ").data).toEqual({ slug: "seo-basics-2", title: "T", description: "", locale: null });
  });

  test("every language is null; en and fr are kept", () => {
    expect(CourseFormSchema.parse({ slug: "a", title: "T", locale: "fr" }).locale).toBe("fr");
    expect(CourseFormSchema.safeParse({ slug: "a", title: "T", locale: "de" }).success).toBe(false);
  });
});

describe("the video form", () => {
  const parse = (fields: Record<string, string>) => VideoFormSchema.safeParse({ title: "A video", ...fields });
  const messages = (fields: Record<string, string>) =>
    Object.fromEntries((parse(fields).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

  test("one link for every language, or links per language with the first as `other`", () => {
    expect(parse({ link: YOUTUBE }).data?.link).toBe(YOUTUBE);
    expect(parse({ link: YOUTUBE, link_fr: VIMEO }).data?.link).toEqual({ other: YOUTUBE, fr: VIMEO });
    expect(parse({ link_en: YOUTUBE }).data?.link).toEqual({ en: YOUTUBE });
  });

  test("a link is required, a YouTube or Vimeo video with its id", () => {
    expect(messages({})).toEqual({ link: "academyAdmin:fieldErrors.link.required" });
    expect(messages({ link: "https://example.com/video" })).toEqual({ link: "academyAdmin:fieldErrors.link.invalid_format" });
    expect(messages({ link: "https://www.youtube.com/watch" })).toEqual({ link: "academyAdmin:fieldErrors.link.no_video_id" });
    expect(messages({ link: YOUTUBE, link_en: "nope" })).toEqual({ link_en: "academyAdmin:fieldErrors.link.invalid_format" });
  });

  test("durations in seconds, m:ss or h:mm:ss", () => {
    expect(parse({ link: YOUTUBE, duration_seconds: "90" }).data?.duration_seconds).toBe(90);
    expect(parse({ link: YOUTUBE, duration_seconds: "4:05" }).data?.duration_seconds).toBe(245);
    expect(parse({ link: YOUTUBE }).data?.duration_seconds).toBe(0);
    expect(messages({ link: YOUTUBE, duration_seconds: "4:75" })).toEqual({ duration_seconds: "academyAdmin:fieldErrors.duration_seconds.invalid_format" });
    expect(messages({ link: YOUTUBE, duration_seconds: "100:00:00" })).toEqual({ duration_seconds: "academyAdmin:fieldErrors.duration_seconds.too_big" });
  });

  test("a stored link fills the fields back", () => {
    expect(linkFields(YOUTUBE)).toEqual({ link: YOUTUBE, link_en: "", link_fr: "" });
    expect(linkFields({ other: YOUTUBE, fr: VIMEO })).toEqual({ link: YOUTUBE, link_en: "", link_fr: VIMEO });
  });
});

test("parseDuration and durationInput", () => {
  expect(parseDuration("")).toBe(0);
  expect(parseDuration("1:02:03")).toBe(3723);
  expect(parseDuration("1:75:00")).toBeNull();
  expect(parseDuration("-5")).toBeNull();
  expect(parseDuration("1.5")).toBeNull();
  expect(durationInput(0)).toBe("");
  expect(durationInput(3723)).toBe("1:02:03");
  expect(parseDuration(durationInput(245))).toBe(245);
});

describe("ordering", () => {
  const ids = ["a", "b", "c"];
  test("move up and down, refused at the ends", () => {
    expect(moveBy(ids, "b", -1)).toEqual(["b", "a", "c"]);
    expect(moveBy(ids, "b", 1)).toEqual(["a", "c", "b"]);
    expect(moveBy(ids, "a", -1)).toBeNull();
    expect(moveBy(ids, "c", 1)).toBeNull();
    expect(moveBy(ids, "x", 1)).toBeNull();
  });

  test("drag and drop takes the target's place", () => {
    expect(moveTo(ids, "c", "a")).toEqual(["c", "a", "b"]);
    expect(moveTo(ids, "a", "c")).toEqual(["b", "c", "a"]);
    expect(moveTo(ids, "a", "a")).toEqual(ids);
  });

  test("a pending order applies only to the same items", () => {
    const items = ids.map((id) => ({ id }));
    expect(inOrder(items, ["c", "a", "b"]).map((item) => item.id)).toEqual(["c", "a", "b"]);
    expect(inOrder(items, ["c", "a"]).map((item) => item.id)).toEqual(ids);
    expect(inOrder(items, ["c", "a", "x"]).map((item) => item.id)).toEqual(ids);
    expect(inOrder(items, null).map((item) => item.id)).toEqual(ids);
  });
});

test("the no-JavaScript confirmation reads a known kind and a uuid", () => {
  const id = "7d9f8a4e-4c1b-4a59-9a53-2f1f0f1c2b3a";
  expect(readConfirm(new URLSearchParams({ confirm: "video", id }))).toEqual({ kind: "video", id });
  expect(readConfirm(new URLSearchParams({ confirm: "user", id }))).toBeNull();
  expect(readConfirm(new URLSearchParams({ confirm: "video", id: "1" }))).toBeNull();
});
