import { describe, expect, it } from "vitest";
import { detectImageType } from "../integrations/storage/image-type";
import { linkForLocale, parseVideoUrl, videoSources } from "./links";
import { DEMO_COURSES } from "./seed";

describe("parseVideoUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=0eKVizvYSUQ", "0eKVizvYSUQ"],
    ["https://youtube.com/watch?feature=share&v=0eKVizvYSUQ", "0eKVizvYSUQ"],
    ["http://m.youtube.com/watch?v=0eKVizvYSUQ", "0eKVizvYSUQ"],
    ["https://youtu.be/0eKVizvYSUQ?si=abc", "0eKVizvYSUQ"],
    ["https://www.youtube.com/embed/0eKVizvYSUQ", "0eKVizvYSUQ"],
    ["https://www.youtube-nocookie.com/embed/0eKVizvYSUQ", "0eKVizvYSUQ"],
    ["https://www.youtube.com/shorts/0eKVizvYSUQ", "0eKVizvYSUQ"],
    ["https://www.youtube.com/live/0eKVizvYSUQ", "0eKVizvYSUQ"],
  ])("reads YouTube's %s", (url, id) => {
    expect(parseVideoUrl(url)).toMatchObject({ ok: true, source: { provider: "youtube", video_id: id, embed_url: `https://www.youtube-nocookie.com/embed/${id}` } });
  });

  it.each([
    ["https://vimeo.com/76979871", "76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/76979871/abc123def0", "76979871", "https://player.vimeo.com/video/76979871?h=abc123def0"],
    ["https://player.vimeo.com/video/76979871?h=abc123def0", "76979871", "https://player.vimeo.com/video/76979871?h=abc123def0"],
    ["https://vimeo.com/channels/staffpicks/22439234", "22439234", "https://player.vimeo.com/video/22439234"],
    ["https://vimeo.com/showcase/1234567/video/22439234", "22439234", "https://player.vimeo.com/video/22439234"],
    ["https://vimeo.com/groups/shortfilms/videos/22439234", "22439234", "https://player.vimeo.com/video/22439234"],
  ])("reads Vimeo's %s", (url, id, embed) => {
    expect(parseVideoUrl(url)).toMatchObject({ ok: true, source: { provider: "vimeo", video_id: id, embed_url: embed, host_thumbnail_url: null } });
  });

  it("keeps a start time and caption options for the embed", () => {
    const parsed = parseVideoUrl("https://www.youtube.com/watch?v=0eKVizvYSUQ&t=1m30s&cc_lang_pref=fr&cc_load_policy=1&autoplay=1");
    expect(parsed.ok && parsed.source.embed_url).toBe("https://www.youtube-nocookie.com/embed/0eKVizvYSUQ?start=90&cc_lang_pref=fr&cc_load_policy=1");
    expect(parsed.ok && parsed.source.host_thumbnail_url).toBe("https://i.ytimg.com/vi/0eKVizvYSUQ/hqdefault.jpg");
  });

  it.each(["https://www.youtube.com/", "https://www.youtube.com/watch", "https://www.youtube.com/watch?v=short", "https://youtu.be/", "https://vimeo.com/", "https://vimeo.com/about"])(
    "asks for the video id in %s",
    (url) => {
      expect(parseVideoUrl(url)).toEqual({ ok: false, reason: "no_video_id" });
    },
  );

  it.each(["", "not a url", "https://example.com/watch?v=0eKVizvYSUQ", "ftp://youtube.com/watch?v=0eKVizvYSUQ", "javascript:alert(1)", "https://youtube.com.evil.example/watch?v=0eKVizvYSUQ"])(
    "refuses %s",
    (url) => {
      expect(parseVideoUrl(url)).toEqual({ ok: false, reason: "not_video_host" });
    },
  );
});

describe("links by language", () => {
  const map = { en: "https://youtu.be/0eKVizvYSUQ", fr: "https://vimeo.com/76979871", other: "https://youtu.be/BNHR6IQJGZs" };

  it("gives the language's own link, else other, else English", () => {
    expect(linkForLocale(map, "fr-FR")).toBe(map.fr);
    expect(linkForLocale(map, "en")).toBe(map.en);
    expect(linkForLocale(map, "de")).toBe(map.other);
    expect(linkForLocale({ en: map.en }, "fr")).toBe(map.en);
    expect(linkForLocale({ fr: map.fr }, "en")).toBe(map.fr);
    expect(linkForLocale("https://youtu.be/0eKVizvYSUQ", "fr")).toBe("https://youtu.be/0eKVizvYSUQ");
  });

  it("reads each link of a map", () => {
    expect(Object.keys(videoSources(map))).toEqual(["en", "fr", "other"]);
    expect(Object.keys(videoSources(map.en))).toEqual(["default"]);
  });
});

describe("detectImageType", () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((value) => (typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value])));

  it("reads the type from the first bytes", () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toEqual({ extension: "jpg", contentType: "image/jpeg" });
    expect(detectImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({ extension: "png", contentType: "image/png" });
    expect(detectImageType(bytes("GIF89a", 1, 0))).toEqual({ extension: "gif", contentType: "image/gif" });
    expect(detectImageType(bytes("GIF87a", 1, 0))).toEqual({ extension: "gif", contentType: "image/gif" });
    expect(detectImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toEqual({ extension: "webp", contentType: "image/webp" });
  });

  it("refuses everything else, and truncated signatures", () => {
    for (const sample of [bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"), bytes("hello"), bytes(0xff, 0xd8), bytes("RIFF", 0, 0, 0, 0, "WAVE"), bytes("GIF8"), bytes()]) {
      expect(detectImageType(sample)).toBeUndefined();
    }
  });
});

describe("the demo academy", () => {
  it("links only videos the player can read, with durations", () => {
    for (const course of DEMO_COURSES) {
      expect(course.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      for (const chapter of course.chapters) {
        for (const video of chapter.videos) {
          const links = typeof video.link === "string" ? [video.link] : Object.values(video.link);
          for (const link of links) expect(parseVideoUrl(link!).ok, link).toBe(true);
          expect(video.duration).toBeGreaterThan(0);
        }
      }
    }
    expect(new Set(DEMO_COURSES.map((course) => course.locale))).toEqual(new Set(["en", "fr"]));
  });
});
