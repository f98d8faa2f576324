import { expect, test } from "vitest";
import { relativeTime } from "./updated-ago";

test("updated N minutes ago, in the reader's language", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");
  expect(relativeTime("2026-11-24T09:59:40Z", now, "en")).toBe("this minute");
  expect(relativeTime("2026-11-24T09:55:00Z", now, "en")).toBe("5 minutes ago");
  expect(relativeTime("2026-11-24T09:55:00Z", now, "fr")).toBe("il y a 5 minutes");
  expect(relativeTime("2026-11-24T07:00:00Z", now, "fr")).toBe("il y a 3 heures");
  expect(relativeTime("2026-11-22T10:00:00Z", now, "en")).toBe("2 days ago");
});
