import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import type { AxeResults, ImpactValue, Result, RunOptions } from "axe-core";

/** axe-core's browser build, read once. */
let source: string | undefined;
const axeSource = () => (source ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));

/** The rules we hold every page to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** What fails a page: a violation of one of these impacts. */
const FAILING: ImpactValue[] = ["serious", "critical"];

export interface AxeCheck {
  /** CSS selectors of the part to check (a dialog); the whole document by default. */
  include?: string[];
}

/**
 * Runs axe-core on the page as it is now and answers the violations of impact serious or critical. The source goes
 * in through the DevTools protocol (page.evaluate), which the page's Content-Security-Policy does not govern: a
 * <script> tag, even from addScriptTag, would be refused for lacking the page's nonce.
 */
export async function axeViolations(page: Page, { include }: AxeCheck = {}): Promise<Result[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axeSource());
  const results = await page.evaluate(
    async ({ include, tags }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } }).axe;
      const options: RunOptions = { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] };
      return axe.run(include ? { include: include.map((s) => [s]) } : document, options);
    },
    { include, tags: WCAG_AA },
  );
  return results.violations.filter((v) => v.impact && FAILING.includes(v.impact));
}

/** The violations as a reader wants them in a failed test: rule, impact, what to do, and each element with why. */
export function describeViolations(where: string, violations: Result[]): string {
  if (violations.length === 0) return `${where}: no serious or critical accessibility violation`;
  const lines = [`${where}: ${violations.length} serious or critical accessibility violation(s)`];
  for (const v of violations) {
    lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl.replace(/\?.*$/, "")})`);
    for (const node of v.nodes.slice(0, 8)) {
      lines.push(`    at ${node.target.join(" ")}`);
      lines.push(`       ${node.html.replace(/\s+/g, " ").slice(0, 160)}`);
      const why = (node.failureSummary ?? "").split("\n").slice(1).map((s) => s.trim()).filter(Boolean).join("; ");
      if (why) lines.push(`       ${why}`);
    }
    if (v.nodes.length > 8) lines.push(`    … and ${v.nodes.length - 8} more`);
  }
  return lines.join("\n");
}
