#!/usr/bin/env node
/**
 * Seeds the LOCAL database with the demo (scripts/seed/demo.mjs) when it has no company yet.
 *   node scripts/seed.mjs [--persist-to DIR]      (default: $ZAPDESK_STATE_DIR or .wrangler/state)
 * Always `--local`: this script has no way to touch a deployed database. npm start runs it after migrations.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hashPassword } from "./lib/password.mjs";
import { ROOT, stateDirs } from "./lib/paths.mjs";
import { localQuery, wrangler } from "./lib/run.mjs";
import { buildDemo } from "./seed/demo.mjs";
import { buildSql } from "./seed/sql.mjs";

/** Setting keys and defaults from the worker's catalogue, so the seed never drifts from it. */
export async function settingDefaults() {
  const { tsImport } = await import("tsx/esm/api");
  const url = pathToFileURL(path.join(ROOT, "worker", "domain", "settings", "catalogue.ts")).href;
  const { companySettings, platformSettings } = await tsImport(url, import.meta.url);
  const defaults = (catalogue) => Object.fromEntries(Object.entries(catalogue).map(([key, spec]) => [key, spec.default]));
  return { company: defaults(companySettings), platform: defaults(platformSettings) };
}

export async function companyCount(persistTo) {
  const rows = await localQuery("SELECT count(*) AS n FROM companies", persistTo);
  return Number(rows[0]?.n ?? 0);
}

/** Seeds when the local database has no company. */
export async function seedIfEmpty({ persistTo, log = console.log }) {
  const count = await companyCount(persistTo);
  if (count > 0) {
    log(`database has ${count} compan${count === 1 ? "y" : "ies"}: not seeding`);
    return { seeded: false };
  }
  const tables = buildDemo({ now: new Date(), hashPassword, uuid: randomUUID, settingDefaults: await settingDefaults() });
  const sql = buildSql(tables);
  const dir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-seed-"));
  const file = path.join(dir, "demo-seed.sql");
  try {
    writeFileSync(file, sql);
    await wrangler(["d1", "execute", "zapdesk", "--local", "--persist-to", persistTo, "--yes", "--file", file], { capture: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const counts = tables.map(({ table, rows }) => `${rows.length} ${table}`).join(", ");
  log(`seeded the demo: ${counts}`);
  return { seeded: true };
}

async function main(argv) {
  if (argv.includes("--remote")) {
    console.error("seed.mjs only seeds the local database. A deployment starts with scripts/bootstrap-admin.mjs.");
    process.exit(2);
  }
  const i = argv.indexOf("--persist-to");
  const persistTo = i >= 0 && argv[i + 1] ? path.resolve(argv[i + 1]) : stateDirs().persistTo;
  await seedIfEmpty({ persistTo });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
