/**
 * The CPU slowdown that makes this host a mid-tier phone, from the `benchmarkIndex` Lighthouse
 * measures at the start of every run. Lighthouse's default 4× assumes a high-end desktop (an index
 * of about 1,500); on a weaker host the same 4× emulates a slower phone than the preset means, and
 * Lighthouse says so itself ("The tested device appears to have a slower CPU than Lighthouse
 * expects"). Its documentation (docs/throttling.md, "Calibrating the CPU slowdown") points to the
 * calculator a Lighthouse maintainer published; this is that calculator's piecewise-linear mapping:
 * 2,000 → 6×, 1,533 → 4×, 1,300 → 3×, 800 → 2×, 150 → 1×.
 */
export function calibratedCpuMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 150) return 1;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}
