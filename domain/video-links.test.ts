import { describe, expect, it } from "vitest";
import { linkForLocale, parseVideoUrl, videoSources } from "./video-links";

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
