import { describe, expect, it } from "vitest";
import { ProfileFormSchema } from "./schemas";

describe("ProfileFormSchema", () => {
  it("refuses control characters in names with a translatable message", () => {
    const result = ProfileFormSchema.safeParse({ first_name: "Ad\u0000a", last_name: "Lovelace" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["first_name"], message: "validation.invalidCharacters" });
  });
});

describe("ProfileFormSchema website", () => {
  it("measures the stored https form, not what was typed", () => {
    const typed = `${"a".repeat(245)}.com`; // 249 typed, 257 once https:// is added
    const result = ProfileFormSchema.safeParse({ first_name: "Ada", last_name: "Lovelace", website_url: typed });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["website_url"], message: "validation.websiteTooLong" });
  });

  it("normalises a bare domain", () => {
    const result = ProfileFormSchema.safeParse({ first_name: "Ada", last_name: "Lovelace", website_url: "example.com" });
    expect(result.data?.website_url).toBe("https://example.com");
  });
});
