import { describe, expect, test } from "vitest";
import { ordinal } from "./ordinal";

describe("ordinal", () => {
  test("English: st, nd, rd, th, with the teens as exceptions", () => {
    const cases: Array<[number, string]> = [
      [1, "1st"],
      [2, "2nd"],
      [3, "3rd"],
      [4, "4th"],
      [10, "10th"],
      [11, "11th"],
      [12, "12th"],
      [13, "13th"],
      [21, "21st"],
      [22, "22nd"],
      [23, "23rd"],
      [101, "101st"],
      [111, "111th"],
      [112, "112th"],
      [1002, "1,002nd"],
    ];
    expect(cases.map(([n]) => ordinal(n, "en"))).toEqual(cases.map(([, text]) => text));
  });

  test("French: 1er, then e", () => {
    expect([1, 2, 3, 11, 21, 101].map((n) => ordinal(n, "fr"))).toEqual(["1er", "2e", "3e", "11e", "21e", "101e"]);
  });

  test("a regional tag counts as its language; an unknown language reads as English", () => {
    expect(ordinal(2, "fr-FR")).toBe("2e");
    expect(ordinal(2, "en-GB")).toBe("2nd");
    expect(ordinal(3, "de")).toBe("3rd");
  });
});
