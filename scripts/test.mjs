#!/usr/bin/env node
/**
 * npm test: everything, in order, stopping at the first failure.
 *   typecheck and layers → worker tests (workerd) → session-host tests (Node) → deploy bundle check → e2e journeys (Chromium)
 * Ends with one line `N passed, N failed` (tests counted from vitest's JSON reports; a step that fails without a
 * failing test, such as the typecheck, counts as one failure) and exits non-zero on any failure.
 *   node scripts/test.mjs [step…]    run only some steps: typecheck worker host deploy e2e
 * PostgreSQL (the legacy-import tests): Debian's package (`apt-get install -y postgresql`; .ci/run installs it).
 * The Node tests (host step, importer/**) start throwaway servers themselves through scripts/lib/postgres.mjs;
 * the e2e script starts one and passes LEGACY_PG_URL to the journeys. Missing, those tests fail saying so.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ROOT, bin } from "./lib/paths.mjs";

const RESULTS = path.join(ROOT, "test-results");

const vitestJson = (name) => path.join(RESULTS, `${name}.json`);
const vitestArgs = (name) => ["--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson(name)}`];

const STEPS = [
  {
    id: "typecheck",
    title: "typecheck and layers",
    commands: [
      [bin("tsc"), ["--noEmit", "-p", "."]],
      [process.execPath, [path.join("scripts", "layers.mjs")]],
    ],
  },
  {
    id: "worker",
    title: "worker tests",
    report: "worker",
    commands: [[bin("vitest"), ["run", "--config", "vitest.worker.config.ts", ...vitestArgs("worker")]]],
  },
  {
    id: "host",
    title: "session host tests",
    report: "host",
    commands: [[bin("vitest"), ["run", "--config", "vitest.host.config.ts", ...vitestArgs("host")]]],
  },
  {
    id: "deploy",
    title: "deploy bundle check",
    commands: [
      [bin("remix"), ["vite:build"]],
      [bin("wrangler"), ["deploy", "--dry-run", "--outdir", ".wrangler/dry-run"]],
    ],
  },
  {
    id: "e2e",
    title: "e2e journeys",
    report: "e2e",
    // The deploy check has just built the app; the journeys reuse that build.
    env: { SKIP_BUILD: "1" },
    commands: [[process.execPath, [path.join("scripts", "e2e.mjs"), ...vitestArgs("e2e")]]],
  },
];

function exec(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"), ...env },
    });
    child.on("error", (err) => {
      console.error(`could not run ${command}: ${err.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Counts from a vitest JSON report, or null when there is none (the run crashed before writing it). */
function readCounts(name) {
  try {
    const report = JSON.parse(readFileSync(vitestJson(name), "utf8"));
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  } catch {
    return null;
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

async function main() {
  const only = process.argv.slice(2);
  const unknown = only.filter((id) => !STEPS.some((s) => s.id === id));
  if (unknown.length) {
    console.error(`unknown step(s): ${unknown.join(", ")}; steps are ${STEPS.map((s) => s.id).join(", ")}`);
    process.exit(2);
  }
  const steps = only.length ? STEPS.filter((s) => only.includes(s.id)) : STEPS;
  mkdirSync(RESULTS, { recursive: true });

  const results = [];
  let failedStep = false;
  for (const step of steps) {
    if (failedStep) {
      results.push({ step, status: "not run" });
      continue;
    }
    console.log(`\n━━━ ${step.title} ━━━`);
    if (step.report) rmSync(vitestJson(step.report), { force: true });
    const started = Date.now();
    let code = 0;
    for (const [command, args] of step.commands) {
      code = await exec(command, args, step.env);
      if (code !== 0) break;
    }
    const counts = step.report ? readCounts(step.report) : null;
    const result = { step, status: code === 0 ? "ok" : "FAILED", ms: Date.now() - started, counts };
    // A step that failed without a failing test (crash, type error, build error) still counts as a failure.
    result.extraFailure = code !== 0 && !(counts && counts.failed > 0) ? 1 : 0;
    results.push(result);
    if (code !== 0) failedStep = true;
  }

  let passed = 0;
  let failed = 0;
  console.log("\n━━━ summary ━━━");
  for (const r of results) {
    const c = r.counts;
    passed += c?.passed ?? 0;
    failed += (c?.failed ?? 0) + (r.extraFailure ?? 0);
    const detail = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ""}` : "";
    const time = r.ms === undefined ? "" : seconds(r.ms);
    console.log(`  ${r.status.padEnd(8)}${r.step.title.padEnd(22)}${detail.padEnd(36)}${time}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || failedStep ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log("0 passed, 1 failed");
  process.exit(1);
});
