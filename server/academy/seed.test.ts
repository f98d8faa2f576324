import { describe, expect, it } from "vitest";
import { parseVideoUrl } from "#domain/video-links";
import { SLUG_PATTERN } from "#domain/academy";
import { DEMO_COURSES } from "./seed";

describe("the demo academy", () => {
  it("links only videos the player can read, with durations", () => {
    for (const course of DEMO_COURSES) {
      expect(course.slug).toMatch(SLUG_PATTERN);
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
