import axe from "axe-core";
import type { Page } from "@playwright/test";

export type AxeViolation = { id: string; impact: string | null | undefined; targets: string[] };

/**
 * axe-core's violations of `tags` on the page as it is now. axe goes into the document once and
 * stays for the next checks of the same document (the sweep checks each page at two widths):
 * AxeBuilder injects it twice per analysis and, by default, merges the frames' results in a blank
 * page it opens each time, which made an analysis of /auth 630 ms instead of 140–240 ms (60 ms
 * for the second width). What that merging adds, the inside of cross-origin frames, is here only
 * the booking widget's and the video host's: not ours to fix. Same-origin frames get no axe of
 * their own, so they are not looked into.
 */
export async function axeViolations(page: Page, options: { tags: string[]; exclude?: string[] }): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
      // Violations only: collecting the passes too doubles axe's time.
      const results = await (window as unknown as { axe: typeof axe }).axe.run(context, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(" ")) }));
    },
    { tags: options.tags, exclude: options.exclude ?? [] },
  );
}
