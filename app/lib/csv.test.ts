import { describe, expect, test } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  test("starts with a BOM, quotes every field, doubles quotes, ends lines with CRLF", () => {
    const csv = toCsv(["Marque", "Visibilité"], [["L'Oréal \"Paris\"", 42.5], ["Acme, Inc.", null]]);
    expect(csv).toBe('\uFEFF"Marque","Visibilité"\r\n"L\'Oréal ""Paris""","42.5"\r\n"Acme, Inc.",""\r\n');
  });

  test("keeps untrusted text from running as a formula", () => {
    const csv = toCsv(["q"], [["=HYPERLINK(\"http://evil\")"], ["+1"], ["-2"], ["@SUM(A1)"], [-3]]);
    expect(csv.split("\r\n").slice(1, 6)).toEqual(['"\'=HYPERLINK(""http://evil"")"', '"\'+1"', '"\'-2"', '"\'@SUM(A1)"', '"-3"']);
  });
});
