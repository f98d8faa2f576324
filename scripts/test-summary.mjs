// Prints one closing line for the whole suite ("N passed, N failed, N skipped") from the JSON
// reports vitest and Playwright write, so CI logs end with a single count.
import fs from "node:fs";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read("test-results/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
const playwright = read("test-results/playwright.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
if (!vitest || !playwright) {
  console.error(`missing report: ${!vitest ? "vitest " : ""}${!playwright ? "playwright" : ""}`);
  process.exitCode = 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0) process.exitCode = 1;
