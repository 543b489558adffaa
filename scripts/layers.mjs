#!/usr/bin/env node
/**
 * npm run layers (and npm test's first step): the worker's and the web app's dependency rules (.dependency-cruiser.cjs) checked with
 * dependency-cruiser. Errors (a layer importing above itself, an import cycle, even one of type imports only) are
 * listed and fail.
 */
import { spawnSync } from "node:child_process";
import { ROOT, bin } from "./lib/paths.mjs";

const run = spawnSync(bin("depcruise"), ["worker", "web/app", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
  cwd: ROOT,
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
});
if (run.error || !run.stdout) {
  console.error(run.error?.message ?? run.stderr);
  process.exit(1);
}
const { summary } = JSON.parse(run.stdout);
const bySeverity = (severity) => summary.violations.filter((v) => v.rule.severity === severity);
const errors = bySeverity("error");
for (const v of errors) {
  const path = v.cycle ? [v.from, ...v.cycle.map((step) => step.name ?? step)].join(" → ") : `${v.from} → ${v.to}`;
  console.error(`✗ ${v.rule.name}: ${path}`);
}
const cycleModules = new Set(errors.filter((v) => v.cycle).map((v) => v.from));
console.log(
  `layers: ${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports; ${errors.length} rule violations; ` +
    `${cycleModules.size} modules in a cycle`,
);
process.exit(errors.length > 0 ? 1 : 0);
