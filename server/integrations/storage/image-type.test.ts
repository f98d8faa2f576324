import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type";

describe("detectImageType", () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((value) => (typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value])));

  it("reads the type from the first bytes", () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toEqual({ extension: "jpg", contentType: "image/jpeg" });
    expect(detectImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({ extension: "png", contentType: "image/png" });
    expect(detectImageType(bytes("GIF89a", 1, 0))).toEqual({ extension: "gif", contentType: "image/gif" });
    expect(detectImageType(bytes("GIF87a", 1, 0))).toEqual({ extension: "gif", contentType: "image/gif" });
    expect(detectImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toEqual({ extension: "webp", contentType: "image/webp" });
  });

  it("refuses everything else, and truncated signatures", () => {
    for (const sample of [bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"), bytes("hello"), bytes(0xff, 0xd8), bytes("RIFF", 0, 0, 0, 0, "WAVE"), bytes("GIF8"), bytes()]) {
      expect(detectImageType(sample)).toBeUndefined();
    }
  });
});
