import { describe, expect, it } from "vitest";
import { ProfileFormSchema } from "./schemas";

describe("ProfileFormSchema", () => {
  it("refuses control characters in names with a translatable message", () => {
    const result = ProfileFormSchema.safeParse({ firstName: "Ad\u0000a", lastName: "Lovelace" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["firstName"], message: "validation.invalidCharacters" });
  });
});
