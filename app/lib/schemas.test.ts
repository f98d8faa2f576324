import { describe, expect, it } from "vitest";
import { ProfileFormSchema } from "./schemas";

describe("ProfileFormSchema", () => {
  it("refuses control characters in names with a translatable message", () => {
    const result = ProfileFormSchema.safeParse({ firstName: "Ad\u0000a", lastName: "Lovelace" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["firstName"], message: "validation.invalidCharacters" });
  });
});

describe("ProfileFormSchema website", () => {
  it("measures the stored https form, not what was typed", () => {
    const typed = `${"a".repeat(245)}.com`; // 249 typed, 257 once https:// is added
    const result = ProfileFormSchema.safeParse({ firstName: "Ada", lastName: "Lovelace", website: typed });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["website"], message: "validation.websiteTooLong" });
  });

  it("normalises a bare domain", () => {
    const result = ProfileFormSchema.safeParse({ firstName: "Ada", lastName: "Lovelace", website: "example.com" });
    expect(result.data?.website).toBe("https://example.com");
  });
});
