import { describe, expect, test } from "vitest";
import { wilsonInterval } from "./metrics";

describe("wilsonInterval", () => {
  test.each([
    // Values from the closed form, checked against R's binom::binom.wilson.
    [4, 5, { low: 37.6, high: 96.4 }],
    [5, 5, { low: 56.6, high: 100 }],
    [0, 5, { low: 0, high: 43.4 }],
    [50, 100, { low: 40.4, high: 59.6 }],
    [1, 1000, { low: 0, high: 0.6 }],
  ])("%i of %i", (successes, trials, expected) => {
    expect(wilsonInterval(successes, trials)).toEqual(expected);
  });

  test("no sample, or impossible counts, have no interval", () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(3, 2)).toBeNull();
    expect(wilsonInterval(-1, 2)).toBeNull();
  });

  test("the interval always holds the observed share", () => {
    for (let trials = 1; trials <= 60; trials++) {
      for (let successes = 0; successes <= trials; successes++) {
        const interval = wilsonInterval(successes, trials)!;
        const share = (successes / trials) * 100;
        expect(interval.low).toBeLessThanOrEqual(share + 0.05);
        expect(interval.high).toBeGreaterThanOrEqual(share - 0.05);
      }
    }
  });
});
