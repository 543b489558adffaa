#!/usr/bin/env node
/**
 * Seeds the LOCAL database with the demo (scripts/seed/demo.mjs) when it has no company yet.
 *   node scripts/seed.mjs [--persist-to DIR]      (default: $ZAPDESK_STATE_DIR or .wrangler/state)
 * Always `--local`: this script has no way to touch a deployed database. npm start runs it after migrations.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { hashPassword } from "./lib/password.mjs";
import { ROOT, stateDirs } from "./lib/paths.mjs";
import { withBulkServer } from "./lib/bulk.mjs";
import { localQuery } from "./lib/run.mjs";
import { readFile } from "node:fs/promises";
import { buildDemo, DEMO_COMPANIES, SEED_MEDIA_TYPES } from "./seed/demo.mjs";
import { insert } from "./seed/sql.mjs";

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

/** The id contract (worker/contracts/ids.ts): each company's rows take ids from idRangeStart(companyId) + 1. */
export async function idContract() {
  const { tsImport } = await import("tsx/esm/api");
  const url = pathToFileURL(path.join(ROOT, "worker", "contracts", "ids.ts")).href;
  const { idRangeStart } = await tsImport(url, import.meta.url);
  return { idRangeStart };
}

/**
 * The demo as SQL for each database (ADR 0016): the control rows (plans, the companies, and the indexes each hub
 * keeps there: login e-mails and connection routes), and each company's own rows for its hub.
 * @param {ReturnType<typeof buildDemo>} demo
 */
export function demoStatements({ control, tenants }) {
  const statements = (list) => list.flatMap(({ table, rows }) => rows.map((row) => insert(table, row)));
  const rowsOf = (tables, name) => tables.find((t) => t.table === name)?.rows ?? [];
  const users = tenants.flatMap(({ tables }) => rowsOf(tables, "users"));
  const whatsapps = tenants.flatMap(({ tables }) => rowsOf(tables, "whatsapps"));
  return {
    control: statements([
      ...control,
      { table: "login_emails", rows: users.map((u) => ({ email: u.email, companyId: u.companyId, userId: u.id })) },
      {
        table: "connection_routes",
        rows: whatsapps.map((w) => ({ whatsappId: w.id, companyId: w.companyId, name: w.name, status: w.status, tokenHash: w.tokenHash ?? null })),
      },
    ]),
    tenants: tenants.map(({ companyId, tables }) => ({ companyId, statements: statements(tables) })),
  };
}

/**
 * The customer company's second connection: "WhatsApp Oficial", a Cloud API number (ADR 0050) on the fake Graph API
 * that `npm start` runs (worker/testing/fakes/demoCloudNumber.ts), its token sealed with the local DATA_SECRET as the
 * worker seals it, routed in the control index. Beside the simulator's connection, with the same queues.
 * @param {ReturnType<typeof buildDemo>} demo
 */
export async function addCloudConnection(demo, { dataSecret, idRangeStart }) {
  const { tsImport } = await import("tsx/esm/api");
  const load = (file) => tsImport(pathToFileURL(path.join(ROOT, ...file.split("/"))).href, import.meta.url);
  const [{ sealSecret }, { DEMO_CLOUD_NUMBER: number }] = await Promise.all([load("worker/lib/secretBox.ts"), load("worker/testing/fakes/demoCloudNumber.ts")]);
  const companyId = DEMO_COMPANIES.find((c) => !c.platform).id;
  const tables = demo.tenants.find((t) => t.companyId === companyId).tables;
  const rowsOf = (name) => tables.find((t) => t.table === name).rows;
  const [web] = rowsOf("whatsapps");
  const id = idRangeStart(companyId) + 2;
  rowsOf("whatsapps").push({
    ...web,
    id,
    name: "WhatsApp Oficial",
    number: number.displayPhoneNumber.replace(/\D/g, ""),
    isDefault: false,
    session: "",
    provider: "beta",
    channel: "cloud",
    cloudPhoneNumberId: number.phoneNumberId,
    cloudWabaId: number.wabaId,
    cloudAccessToken: await sealSecret(dataSecret, number.accessToken, `cloud-token:${number.phoneNumberId}`),
  });
  rowsOf("whatsapp_queues").push(...rowsOf("whatsapp_queues").filter((l) => l.whatsappId === web.id).map((l) => ({ ...l, whatsappId: id })));
  demo.control.push({ table: "cloud_numbers", rows: [{ phoneNumberId: number.phoneNumberId, companyId, whatsappId: id, wabaId: number.wabaId }] });
}

/** Seeds when the local database has no company: through a local server's bulk path (scripts/worker-server.mjs). */
export async function seedIfEmpty({ persistTo, log = console.log, dataSecret }) {
  const count = await companyCount(persistTo);
  if (count > 0) {
    log(`database has ${count} compan${count === 1 ? "y" : "ies"}: not seeding`);
    return { seeded: false };
  }
  const demo = buildDemo({
    now: new Date(),
    hashPassword,
    uuid: randomUUID,
    settingDefaults: await settingDefaults(),
    idRangeStart: (await idContract()).idRangeStart,
  });
  if (dataSecret) await addCloudConnection(demo, { dataSecret, idRangeStart: (await idContract()).idRangeStart });
  const { control, tenants } = demoStatements(demo);
  await withBulkServer(persistTo, async (bulk) => {
    await bulk("/control", control);
    for (const { companyId, statements } of tenants) await bulk(`/tenant/${companyId}`, statements);
    // The demo's media files, into the local R2 where the messages point.
    for (const { media } of demo.tenants) {
      for (const { key, file } of media) {
        const contentType = SEED_MEDIA_TYPES[file.split(".").at(-1)] ?? "application/octet-stream";
        await bulk.putMedia(key, await readFile(path.join(ROOT, "scripts", "seed", "media", file)), contentType);
      }
    }
  });
  for (const { companyId, tables } of demo.tenants) {
    const name = demo.control.find((t) => t.table === "companies").rows.find((c) => c.id === companyId).name;
    log(`seeded company ${companyId} "${name}": ${tables.map(({ table, rows }) => `${rows.length} ${table}`).join(", ")}`);
  }
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
