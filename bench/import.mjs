// Switching in and out (issue 27, "Speed"): a ticketz installation of IMPORT_TICKETS tickets and IMPORT_MESSAGES
// messages (default 100,000 and 1,000,000; media excluded) in a throwaway PostgreSQL (bench/lib/legacyData.mjs),
// imported by `npm run import` into the app started as `npm start` starts it; then the same company exported whole
// (POST /api/company-exports, as its super admin would) until its archive is ready.
// Prints the import's wall time, its rows per second per table (the CLI's own lines), the importer's peak memory
// (the Node process's VmHWM, polled), and the export's time, rows and archive size.
// Targets: import under 10 minutes in under 512 MiB; export under 5 minutes.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { api, intEnv, machine, startApp } from "./lib/app.mjs";
import { startLegacyBenchDatabase } from "./lib/legacyData.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const TICKETS = intEnv("IMPORT_TICKETS", 100_000);
const MESSAGES = intEnv("IMPORT_MESSAGES", 1_000_000);
const SUPER = { email: "admin@admin.com", password: "123456" };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mib = (kib) => Math.round((kib / 1024) * 10) / 10;

/** Peak resident memory (KiB) of a process tree's Node processes: tsx runs the CLI in a child node process. */
function treePeakKiB(rootPid) {
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
      pids.push(...children.map(Number));
    } catch {}
  }
  let peak = 0;
  for (const pid of pids) {
    try {
      const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (hwm) peak = Math.max(peak, Number(hwm[1]));
    } catch {}
  }
  return peak;
}

function runImport(baseUrl, db) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn("node_modules/.bin/tsx", ["importer/src/cli.ts", "--from", db.url, "--company", String(db.companyId), "--to", baseUrl, "--report", "/tmp/zapdesk-bench-import-report.jsonl"], {
      env: { ...process.env, ZAPDESK_EMAIL: SUPER.email, ZAPDESK_PASSWORD: SUPER.password },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let peakKiB = 0;
    const poll = setInterval(() => (peakKiB = Math.max(peakKiB, treePeakKiB(child.pid))), 250);
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => {
      err += d;
      process.stderr.write(d);
    });
    child.on("exit", (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`import exited ${code}:\n${err.slice(-3000)}`));
      resolve({ seconds: (Date.now() - started) / 1000, out, err, peakKiB });
    });
  });
}

async function exportCompany(baseUrl, token, companyId) {
  const started = Date.now();
  const { id } = await api(baseUrl, "POST", "/api/company-exports", { token, body: { companyId } });
  for (;;) {
    await sleep(1000);
    const list = await api(baseUrl, "GET", `/api/company-exports?companyId=${companyId}`, { token });
    const found = (list.exports ?? list).find((e) => e.id === id);
    if (found?.state === "failed") throw new Error(`export failed: ${found.error}`);
    if (found?.state === "done") return { seconds: (Date.now() - started) / 1000, rows: found.rowsDone, bytes: found.bytes };
    if (Date.now() - started > 30 * 60_000) throw new Error("export not done in 30 minutes");
  }
}

console.log(`import bench: ticketz with ${TICKETS} tickets and ${MESSAGES} messages (media excluded); ${machine()}`);
const db = await startLegacyBenchDatabase({ tickets: TICKETS, messages: MESSAGES, log: (m) => console.log(m) });
const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1", env: { ZAPDESK_LOCAL_CRON: "off" } });
try {
  const imported = await runImport(app.baseUrl, db);
  const perTable = [...imported.err.matchAll(/^(\S+): (\d+) rows, (\d+) rows\/s$/gm)].map(([, table, rows, rate]) => ({ table, rows: Number(rows), rate: Number(rate) }));
  const company = /company \d+ → (\d+)/.exec(imported.out);
  if (!company) throw new Error(`the import did not say which company it made:\n${imported.out}`);
  const companyId = Number(company[1]);
  const totalRows = perTable.reduce((s, t) => s + t.rows, 0);
  console.log(`import: ${imported.seconds.toFixed(1)} s for ${totalRows} rows (${Math.round(totalRows / imported.seconds)} rows/s overall); importer peak ${mib(imported.peakKiB)} MiB`);
  for (const t of perTable) console.log(`  ${t.table.padEnd(28)} ${String(t.rows).padStart(9)} rows  ${String(t.rate).padStart(7)} rows/s`);

  const login = await api(app.baseUrl, "POST", "/api/auth/login", { body: SUPER });
  const exported = await exportCompany(app.baseUrl, login.token, companyId);
  console.log(`export: ${exported.seconds.toFixed(1)} s for ${exported.rows} rows, archive ${mib(exported.bytes / 1024)} MiB`);

  const verdict = (ok) => (ok ? "met" : "NOT met");
  writeResultsSection(
    "Import and export (bench/import.mjs)",
    [
      `Conditions: ticketz's schema (importer/fixtures/ticketz) filled with ${db.counts.Tickets} tickets, ${db.counts.Messages} messages, ${db.counts.Contacts} contacts, ${db.counts.Users} users (media excluded); the app as \`npm start\` runs it; ${machine()}.`,
      "",
      `- Import (\`npm run import\`, one company): **${imported.seconds.toFixed(1)} s** for ${totalRows} rows, ${Math.round(totalRows / imported.seconds)} rows/s overall; importer peak memory **${mib(imported.peakKiB)} MiB** (target < 10 min, < 512 MiB: ${verdict(imported.seconds < 600 && imported.peakKiB < 512 * 1024)}).`,
      `- Export of the imported company: **${exported.seconds.toFixed(1)} s** for ${exported.rows} rows, archive ${mib(exported.bytes / 1024)} MiB (target < 5 min: ${verdict(exported.seconds < 300)}).`,
      "",
      "| table | rows | rows/s |",
      "|---|---:|---:|",
      ...perTable.map((t) => `| ${t.table} | ${t.rows} | ${t.rate} |`),
    ].join("\n"),
  );
} catch (err) {
  console.error(`the app's log, last lines:\n${app.log().slice(-4000)}`);
  throw err;
} finally {
  await app.stop();
  await db.stop();
}
