import { describe, expect, test } from "vitest";
import { normaliseWebsite } from "./website";

describe("normaliseWebsite", () => {
  test.each([
    ["example.com", "https://example.com"],
    ["  example.com  ", "https://example.com"],
    ["www.example.com/", "https://www.example.com"],
    ["http://x.fr/a", "https://x.fr/a"],
    ["HTTP://Example.COM", "https://example.com"],
    ["https://example.com", "https://example.com"],
    ["https://shop.example.co.uk/path?q=1#top", "https://shop.example.co.uk/path?q=1#top"],
    ["example.com:8443/a", "https://example.com:8443/a"],
    ["https://example.com/?ref=x", "https://example.com/?ref=x"],
  ])("%s → %s", (input, expected) => {
    expect(normaliseWebsite(input)).toBe(expected);
  });

  test.each([
    [""],
    ["   "],
    ["localhost"],
    ["not a website"],
    ["ftp://files.example.com"],
    ["mailto:someone@example.com"],
    ["javascript:alert(1)"],
    ["https://user:secret@example.com"],
    ["https://"],
    ["https://.com"],
  ])("%j is not a website", (input) => {
    expect(normaliseWebsite(input)).toBeNull();
  });
});
