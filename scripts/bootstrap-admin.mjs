#!/usr/bin/env node
/**
 * Creates the first platform company and its super admin in an EMPTY database — how a deployment gets its
 * first login (a deployed database is never seeded with the demo). It writes the control database (D1) only: the
 * admin and the settings wait in pending_tenant_rows until the company's hub creates its database, on the first
 * login (ADR 0016).
 *
 *   BOOTSTRAP_ADMIN_PASSWORD='…' node scripts/bootstrap-admin.mjs --email you@example.com --remote
 *   node scripts/bootstrap-admin.mjs --email you@example.com --remote          (asks for the password)
 *   node scripts/bootstrap-admin.mjs --email you@example.com --print > first-admin.sql   (only prints the SQL)
 *
 * Options: --name "Your name" (default "Administrador"), --company "Name" (default "Plataforma"),
 *          --local [--persist-to DIR] to try it on a local database.
 * The password comes from BOOTSTRAP_ADMIN_PASSWORD or stdin, never from the command line; only its PBKDF2 hash
 * is written. Refuses when the database already has a company.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { hashPassword } from "./lib/password.mjs";
import { stateDirs } from "./lib/paths.mjs";
import { parseD1Json, wrangler } from "./lib/run.mjs";
import { settingDefaults } from "./seed.mjs";
import { buildSql, columnName } from "./seed/sql.mjs";

function usage(message) {
  if (message) console.error(`bootstrap-admin: ${message}`);
  console.error("usage: node scripts/bootstrap-admin.mjs --email EMAIL (--remote | --local [--persist-to DIR] | --print) [--name NAME] [--company NAME]");
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { name: "Administrador", company: "Plataforma" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? usage(`${arg} needs a value`);
    if (arg === "--email") opts.email = value();
    else if (arg === "--name") opts.name = value();
    else if (arg === "--company") opts.company = value();
    else if (arg === "--persist-to") opts.persistTo = path.resolve(value());
    else if (arg === "--remote" || arg === "--local" || arg === "--print") opts.target = opts.target ? usage("choose one of --remote, --local, --print") : arg.slice(2);
    else if (arg === "--password") usage("the password is read from BOOTSTRAP_ADMIN_PASSWORD or stdin, not from the command line");
    else usage(`unknown option ${arg}`);
  }
  if (!opts.target) usage("choose --remote, --local or --print");
  opts.email = opts.email?.trim().toLowerCase();
  if (!opts.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(opts.email)) usage("--email must be an email address");
  if (!opts.name.trim() || !opts.company.trim()) usage("--name and --company cannot be empty");
  return opts;
}

async function readPassword() {
  if (process.env.BOOTSTRAP_ADMIN_PASSWORD) return process.env.BOOTSTRAP_ADMIN_PASSWORD;
  if (process.stdin.isTTY) return readHidden("Password for the super admin (not shown): ");
  // Piped: the first line of stdin.
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  const line = await new Promise((resolve) => {
    rl.once("line", resolve);
    rl.once("close", () => resolve(""));
  });
  rl.close();
  return line;
}

function readHidden(prompt) {
  process.stderr.write(prompt);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let value = "";
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stderr.write("\n");
          return resolve(value);
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          process.stderr.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

export function bootstrapTables({ email, name, company, passwordHash, settings, now = new Date() }) {
  const stamp = { createdAt: now, updatedAt: now };
  const settingRows = Object.entries({ ...settings.company, ...settings.platform }).map(([key, value], i) => ({
    id: i + 1, companyId: 1, key, value, ...stamp,
  }));
  return [
    {
      table: "plans",
      rows: [{
        id: 1, name: "Plano 1", users: 10, connections: 5, queues: 10, value: 0, useCampaigns: true, useSchedules: true,
        useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true, useInternal: false, ...stamp,
      }],
    },
    // No due date: the platform company never expires.
    { table: "companies", rows: [{ id: 1, name: company, email, planId: 1, status: true, dueDate: null, recurrence: "MENSAL", ...stamp }] },
    { table: "settings", rows: settingRows },
    {
      table: "users",
      rows: [{ id: 1, companyId: 1, name, email, passwordHash, profile: "admin", super: true, allTicket: "enabled", ...stamp }],
    },
  ];
}

/** Tables of the control database; the company's own rows wait in pending_tenant_rows for its hub (ADR 0016). */
const CONTROL_TABLES = new Set(["plans", "companies"]);

/**
 * The bootstrap as SQL for the control database, the only one a script can reach on a deployment: the plan, the
 * company and the admin's login e-mail, and the company's settings and admin as rows its hub inserts when it
 * creates its database (on the first login).
 */
export function bootstrapSql(tables) {
  const rowsOf = (name) => tables.find((t) => t.table === name)?.rows ?? [];
  const control = [
    ...tables.filter((t) => CONTROL_TABLES.has(t.table)),
    { table: "login_emails", rows: rowsOf("users").map((u) => ({ email: u.email, companyId: u.companyId, userId: u.id })) },
    {
      table: "pending_tenant_rows",
      rows: tables
        .filter((t) => !CONTROL_TABLES.has(t.table))
        .flatMap(({ table, rows }) => rows.map((row) => ({ companyId: row.companyId, tableName: table, row: columnsOf(row) }))),
    },
  ];
  return buildSql(control);
}

/** A row with the tenant table's column names and SQLite's values (dates as epoch ms, booleans as 0/1). */
function columnsOf(row) {
  const out = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columnName(key).slice(1, -1);
    out[column] = value instanceof Date ? value.getTime() : typeof value === "boolean" ? Number(value) : value;
  }
  return out;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const password = await readPassword();
  // The one password rule (worker/contracts/passwordRule.ts), restated: this script runs on Node without TypeScript.
  const meetsRule = password.length >= 8 && password.length <= 128 && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password);
  if (!meetsRule) usage("the password needs 8 to 128 characters with an uppercase letter, a lowercase letter and a digit");

  const where = opts.target === "remote" ? ["--remote"] : ["--local", "--persist-to", opts.persistTo ?? stateDirs().persistTo];
  if (opts.target !== "print") {
    const { stdout } = await wrangler(["d1", "execute", "zapdesk", ...where, "--json", "--command", "SELECT count(*) AS n FROM companies"], { capture: true });
    const n = Number(parseD1Json(stdout)[0]?.results?.[0]?.n ?? 0);
    if (n > 0) {
      console.error(`bootstrap-admin: the database already has ${n} compan${n === 1 ? "y" : "ies"}; nothing done. Log in with an existing super admin instead.`);
      process.exit(1);
    }
  }

  const sql = bootstrapSql(
    bootstrapTables({ email: opts.email, name: opts.name.trim(), company: opts.company.trim(), passwordHash: hashPassword(password), settings: await settingDefaults() }),
  );
  if (opts.target === "print") {
    process.stdout.write(sql);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-bootstrap-"));
  try {
    const file = path.join(dir, "bootstrap.sql");
    writeFileSync(file, sql, { mode: 0o600 });
    await wrangler(["d1", "execute", "zapdesk", ...where, "--yes", "--file", file], { capture: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`created company "${opts.company}" (id 1, the platform company) and super admin ${opts.email} on the ${opts.target} database`);
}

main().catch((err) => {
  console.error(`bootstrap-admin: ${err.message ?? err}`);
  process.exit(1);
});
