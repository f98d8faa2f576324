import { describe, expect, it } from "vitest";
import { countryOptions, isCountryCode } from "./seo-profile";

describe("countries", () => {
  it("offers each country once, in either language", () => {
    for (const locale of ["en", "fr"]) {
      const names = countryOptions(locale).map((country) => country.name);
      expect(new Set(names).size, locale).toBe(names.length);
      expect(names.length, locale).toBeGreaterThan(240);
    }
  });

  it("takes current codes and refuses retired ones, unions and pseudo-regions", () => {
    for (const code of ["GB", "FR", "DE", "RU", "RS", "XK", "CW"]) expect(isCountryCode(code), code).toBe(true);
    for (const code of ["UK", "FX", "DD", "SU", "YU", "EU", "UN", "XA", "ZZ", "gb", "GBR"]) expect(isCountryCode(code), code).toBe(false);
  });
});
