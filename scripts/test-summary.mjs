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
/** Tests that failed and then passed on their retry (CI retries once: playwright.config.ts). */
const flaky = [];
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests) if (run.status === "flaky") flaky.push(`[${run.projectName}] ${[...titles, spec.title].filter(Boolean).join(" › ")}`);
    }
  };
  for (const suite of playwright.suites) walk(suite, [suite.title]);
}
if (!vitest || !playwright) {
  console.error(`missing report: ${!vitest ? "vitest " : ""}${!playwright ? "playwright" : ""}`);
  process.exitCode = 1;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped${flaky.length ? `, ${flaky.length} of them passed only on a retry:` : ""}`);
for (const name of flaky) console.log(`  flaky: ${name}`);
if (failed > 0) process.exitCode = 1;
