import { describe, expect, it } from "vitest";
import { calibratedCpuMultiplier } from "./cpu-multiplier";

describe("calibratedCpuMultiplier", () => {
  it("gives Lighthouse's own 4× on the host it was set for, and less on weaker ones", () => {
    expect(calibratedCpuMultiplier(1533)).toBeCloseTo(4, 1);
    expect(calibratedCpuMultiplier(2000)).toBeCloseTo(6, 1);
    expect(calibratedCpuMultiplier(1300)).toBe(3);
    expect(calibratedCpuMultiplier(800)).toBe(2);
    expect(calibratedCpuMultiplier(475)).toBe(1.5);
  });

  it("never speeds a host up, and reads a missing index as no slowdown", () => {
    expect(calibratedCpuMultiplier(100)).toBe(1);
    expect(calibratedCpuMultiplier(Number.NaN)).toBe(1);
  });

  it("rises with the index, without a jump where the pieces meet", () => {
    let previous = calibratedCpuMultiplier(100);
    for (let index = 100; index <= 2500; index += 10) {
      const multiplier = calibratedCpuMultiplier(index);
      expect(multiplier).toBeGreaterThanOrEqual(previous);
      expect(multiplier - previous).toBeLessThan(0.1);
      previous = multiplier;
    }
  });
});
