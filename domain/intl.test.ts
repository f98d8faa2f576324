import { describe, expect, it } from "vitest";
import { collator, dateTimeFormat, displayNames, numberFormat, pluralRules, relativeTimeFormat } from "./intl";

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

  it("throws for a bad locale or option as the constructor does, and works on after it", () => {
    expect(() => numberFormat("not a locale!")).toThrow(RangeError);
    expect(() => numberFormat("not a locale!")).toThrow(RangeError);
    expect(() => displayNames(["en"], { type: "nonsense" as "region" })).toThrow(RangeError);
    expect(displayNames(["en"], { type: "region" }).of("FR")).toBe("France");
  });

  it("keeps a bounded number, however many locales it is asked for", () => {
    const first = numberFormat("en-x-0000");
    expect(numberFormat("en-x-0000")).toBe(first);
    for (let n = 1; n < 1000; n++) numberFormat(`en-x-${n.toString(36).padStart(4, "0")}`);
    // Dropped to stay within the bound, and made again when asked for.
    expect(numberFormat("en-x-0000")).not.toBe(first);
    expect(numberFormat("en-x-0000").format(1234)).toBe("1,234");
  });
});
