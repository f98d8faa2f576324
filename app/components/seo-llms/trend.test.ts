import { describe, expect, it } from "vitest";
import { firstMeasurements } from "./trend";

const day = (date: string, answers = 5) => ({ date, answers });

describe("firstMeasurements", () => {
  it("gives the figures, newest first, while fewer than three days were measured", () => {
    expect(firstMeasurements([])).toEqual([]);
    expect(firstMeasurements([day("2025-03-01")])).toEqual([day("2025-03-01")]);
    expect(firstMeasurements([day("2025-03-01"), day("2025-03-04")])).toEqual([day("2025-03-04"), day("2025-03-01")]);
  });

  it("leaves a chart from the third measured day", () => {
    expect(firstMeasurements([day("2025-03-01"), day("2025-03-02"), day("2025-03-03")])).toBeNull();
  });

  it("does not count a day without answers as a measurement", () => {
    expect(firstMeasurements([day("2025-03-01"), day("2025-03-02", 0), day("2025-03-03")])).toHaveLength(2);
  });
});
