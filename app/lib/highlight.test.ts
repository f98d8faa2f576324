import { describe, expect, test } from "vitest";
import { highlightRanges } from "./highlight";

describe("highlightRanges", () => {
  test("finds names whatever their case, accents and apostrophes, as whole words only", () => {
    const text = "L’Oréal et L'ORÉAL devancent Acme’s offer; AcmeCorp n'est pas Acme.";
    const ranges = highlightRanges(text, [
      { text: "l'oreal", kind: "competitor" },
      { text: "Acme", kind: "brand" },
    ]);
    expect(ranges.map((range) => text.slice(range.start, range.end))).toEqual(["L’Oréal", "L'ORÉAL", "Acme", "Acme"]);
    expect(ranges.map((range) => range.kind)).toEqual(["competitor", "competitor", "brand", "brand"]);
  });

  test("prefers the longest name where two overlap", () => {
    const text = "Try Acme Analytics today.";
    const ranges = highlightRanges(text, [
      { text: "Acme", kind: "brand" },
      { text: "Acme Analytics", kind: "brand" },
    ]);
    expect(ranges).toEqual([{ start: 4, end: 18, kind: "brand" }]);
  });

  test("keeps offsets right after characters that fold to several", () => {
    const text = "ﬁne Acme";
    expect(highlightRanges(text, [{ text: "acme", kind: "brand" }])).toEqual([{ start: 4, end: 8, kind: "brand" }]);
  });
});
