import { describe, expect, test } from "vitest";
import { isUpcomingFeature, PLANNED_WINDOWS, UPCOMING_FEATURES, windowPassed } from "./upcoming-features";

describe("upcoming features", () => {
  test("every feature has a planned window and only their names are upcoming", () => {
    expect(Object.keys(PLANNED_WINDOWS).sort()).toEqual([...UPCOMING_FEATURES].sort());
    expect(UPCOMING_FEATURES.every(isUpcomingFeature)).toBe(true);
    expect(["audit", "Recherche", "", "recherche/"].some(isUpcomingFeature)).toBe(false);
  });

  test("a window has passed only once its quarter has ended (UTC)", () => {
    const q1 = { year: 2027, quarter: 1 } as const;
    expect(windowPassed(q1, new Date("2027-03-31T23:59:59Z"))).toBe(false);
    expect(windowPassed(q1, new Date("2027-04-01T00:00:00Z"))).toBe(true);
    expect(windowPassed({ year: 2027, quarter: 4 }, new Date("2027-12-31T12:00:00Z"))).toBe(false);
    expect(windowPassed({ year: 2027, quarter: 4 }, new Date("2028-01-01T00:00:00Z"))).toBe(true);
  });
});
