import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/settings/informations")).toBe("/settings/informations");
    expect(safeRedirect("/seo-llms?period=30days#top")).toBe("/seo-llms?period=30days#top");
  });

  it.each([
    ["an absolute URL", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a tab browsers strip", "/\t/evil.example"],
    ["a newline that would split the Location header", "/dashboard\r\nSet-Cookie: x=1"],
    ["a relative path", "dashboard"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["an overlong value", `/${"a".repeat(1001)}`],
  ])("refuses %s", (_, target) => {
    expect(safeRedirect(target)).toBe("/dashboard");
  });

  it("uses the fallback for anything that is not a string", () => {
    expect(safeRedirect(null, "/")).toBe("/");
    expect(safeRedirect(undefined, "")).toBe("");
  });
});
