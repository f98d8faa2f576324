import { describe, expect, test } from "vitest";
import { formatDuration, sourceFor } from "./academy";

describe("formatDuration", () => {
  test("m:ss under an hour, h:mm:ss from an hour on", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(59)).toBe("0:59");
    expect(formatDuration(61)).toBe("1:01");
    expect(formatDuration(3599)).toBe("59:59");
    expect(formatDuration(3600)).toBe("1:00:00");
    expect(formatDuration(3725)).toBe("1:02:05");
    expect(formatDuration(-5)).toBe("0:00");
  });
});

describe("sourceFor", () => {
  const source = (video_id: string) => ({ provider: "youtube" as const, video_id, url: "", embed_url: "", host_thumbnail_url: null });
  test("the user's language, then other, then any", () => {
    const all = { en: source("en"), fr: source("fr"), other: source("other") };
    expect(sourceFor(all, "fr")?.video_id).toBe("fr");
    expect(sourceFor(all, "en-US")?.video_id).toBe("en");
    expect(sourceFor({ en: source("en"), other: source("other") }, "fr")?.video_id).toBe("other");
    expect(sourceFor({ en: source("en") }, "fr")?.video_id).toBe("en");
    expect(sourceFor({ default: source("one") }, "fr")?.video_id).toBe("one");
    expect(sourceFor({}, "fr")).toBeUndefined();
  });
});
