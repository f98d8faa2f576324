import { describe, expect, it } from "vitest";
import { collator, dateTimeFormat, displayNames, keptFormatters, numberFormat, pluralRules, relativeTimeFormat } from "./intl";

describe("the kept Intl formatters", () => {
  it("format as a new one would, and are made once per locale and options", () => {
    const euros = { style: "currency", currency: "EUR" } as const;
    expect(numberFormat("fr-FR", euros).format(1234.5)).toBe(new Intl.NumberFormat("fr-FR", euros).format(1234.5));
    expect(numberFormat("fr-FR", euros)).toBe(numberFormat("fr-FR", { style: "currency", currency: "EUR" }));
    expect(numberFormat("fr-FR", euros)).not.toBe(numberFormat("en-US", euros));
    expect(numberFormat("fr-FR", euros)).not.toBe(numberFormat("fr-FR", { style: "currency", currency: "USD" }));
    expect(numberFormat("en")).not.toBe(numberFormat("en", {}));
    expect(numberFormat(["fr-FR"], euros)).toBe(numberFormat("fr-FR", euros));

    const day = { dateStyle: "long", timeZone: "UTC" } as const;
    expect(dateTimeFormat("fr", day).format(new Date("2026-11-29T12:00:00Z"))).toBe("29 novembre 2026");
    expect(dateTimeFormat("fr", { dateStyle: "long", timeZone: "Pacific/Kiritimati" }).format(new Date("2026-11-29T12:00:00Z"))).toBe("30 novembre 2026");
    expect(displayNames(["fr-FR"], { type: "region" }).of("DE")).toBe("Allemagne");
    expect(relativeTimeFormat("en", { numeric: "auto" }).format(-1, "day")).toBe("yesterday");
    expect(pluralRules("en", { type: "ordinal" }).select(2)).toBe("two");
    expect(pluralRules("en").select(2)).toBe("other");
    expect(["é", "f", "e"].sort(collator("fr").compare)).toEqual(["e", "é", "f"]);
  });

  it("throws for a bad locale as the constructor does, and keeps nothing for it", () => {
    const before = keptFormatters();
    expect(() => numberFormat("not a locale!")).toThrow(RangeError);
    expect(() => displayNames(["en"], { type: "nonsense" as "region" })).toThrow(RangeError);
    expect(keptFormatters()).toBe(before);
  });

  it("keeps one per kind, locale and options", () => {
    const before = keptFormatters();
    for (let round = 0; round < 3; round++) for (const locale of ["en-US", "fr-FR"]) numberFormat(locale, { style: "currency", currency: "SEK", maximumFractionDigits: 1 });
    expect(keptFormatters() - before).toBe(2);
  });
});
