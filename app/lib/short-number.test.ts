import { describe, expect, test } from "vitest";
import { exactNumber, shortNumber } from "./short-number";

describe("shortNumber", () => {
  test("English: K, M and B with one decimal at most", () => {
    expect(shortNumber(0, "en")).toBe("0");
    expect(shortNumber(999, "en")).toBe("999");
    expect(shortNumber(1000, "en")).toBe("1K");
    expect(shortNumber(1234, "en")).toBe("1.2K");
    expect(shortNumber(12_345, "en")).toBe("12.3K");
    expect(shortNumber(4_500_000, "en")).toBe("4.5M");
    expect(shortNumber(1_200_000_000, "en")).toBe("1.2B");
    expect(shortNumber(1_500_000_000_000, "en")).toBe("1,500B");
  });

  test("a rounding that carries moves to the next unit", () => {
    expect(shortNumber(999_950, "en")).toBe("1M");
    expect(shortNumber(999_940, "en")).toBe("999.9K");
    expect(shortNumber(999_999_999, "en")).toBe("1B");
  });

  test("French: a decimal comma and French units after a non-breaking space", () => {
    expect(shortNumber(1234, "fr")).toBe("1,2\u00a0k");
    expect(shortNumber(4_500_000, "fr")).toBe("4,5\u00a0M");
    expect(shortNumber(2_000_000_000, "fr")).toBe("2\u00a0Md");
    expect(shortNumber(850, "fr")).toBe("850");
  });

  test("negative figures keep their sign; nothing measurable is a dash", () => {
    expect(shortNumber(-1234, "en")).toBe("-1.2K");
    expect(shortNumber(Number.NaN, "en")).toBe("—");
  });

  test("the exact figure for the title", () => {
    expect(exactNumber(4_500_000, "en")).toBe("4,500,000");
    expect(exactNumber(4_500_000, "fr")).toBe("4\u202f500\u202f000");
  });
});
