// Inbound on the official WhatsApp Cloud API (ADR 0050): the bench plays Meta, posting signed webhook deliveries
// to /webhooks/whatsapp for the demo's "WhatsApp Oficial" (company 2, the Padaria, a customer company). The edge
// checks X-Hub-Signature-256 over the raw bytes and queues the delivery (INBOUND); the consumer routes it by phone
// number id and hands the events to the company's hub, which writes contact, ticket, message and chatbot turn and
// tells the admin's websocket. Measures the edge's answer to Meta, and the time from Meta's POST to the admin's
// socket seeing the message, one at a time and at a steady 50 and 500 deliveries a second (one message each);
// beside it, the Baileys path's figures from bench/inbound.mjs's last run.
import { createHmac } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { api, freePort, machine, startApp, summarize } from "./lib/app.mjs";
import { adminSocket } from "./lib/arrivals.mjs";
import { RESULTS_FILE, writeResultsSection } from "./lib/results.mjs";

const SEQUENTIAL = Number(process.env.CLOUD_SEQUENTIAL ?? 100);
const RATES = [50, 500];
const STEADY_SECONDS = Number(process.env.CLOUD_STEADY_SECONDS ?? 4);
const CUSTOMERS = 20;
const ADMIN = { email: "admin@padaria.demo", password: "123456" };
const round = (n) => Math.round(n * 10) / 10;

const { tsImport } = await import("tsx/esm/api");
const { DEMO_CLOUD_NUMBER: NUMBER, LOCAL_META_APP } = await tsImport(pathToFileURL(path.resolve("worker/testing/fakes/demoCloudNumber.ts")).href, import.meta.url);

const customer = (i) => `55119${String(80000001 + i).padStart(8, "0")}`;
let seq = 0;

/** Meta's delivery of one text message from `from`, signed with the platform app's secret. */
function delivery(from, text) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: NUMBER.wabaId,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: NUMBER.displayPhoneNumber, phone_number_id: NUMBER.phoneNumberId },
              contacts: [{ profile: { name: `Bench ${from.slice(-4)}` }, wa_id: from }],
              messages: [{ from, id: `wamid.bench${Date.now()}${++seq}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  return { body, signature: `sha256=${createHmac("sha256", LOCAL_META_APP.appSecret).update(body).digest("hex")}` };
}

/** One message: Meta's POST timed to its answer (the edge) and to the admin's socket (the whole path). */
async function timed(baseUrl, socket, from, text) {
  const { body, signature } = delivery(from, text);
  const arrived = socket.arrival(from, text);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/webhooks/whatsapp`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body });
  const answered = performance.now();
  if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
  return { edge: answered - started, total: (await arrived) - started };
}

async function steady(baseUrl, socket, rate, label) {
  const count = rate * STEADY_SECONDS;
  const samples = [];
  const pending = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(timed(baseUrl, socket, customer(i % CUSTOMERS), `${label}-${i}`).then((s) => samples.push(s)));
  }
  const offeredSeconds = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  const allSeconds = (performance.now() - t0) / 1000;
  return { count, offered: count / offeredSeconds, done: count / allSeconds, edge: summarize(samples.map((s) => s.edge)), total: summarize(samples.map((s) => s.total)) };
}

/** The Baileys path's steady-50/s row from the last bench/inbound.mjs run in RESULTS.md, for comparison. */
function baileysRow() {
  try {
    const text = readFileSync(RESULTS_FILE, "utf8");
    return text.split("\n").find((l) => l.startsWith("| 20 contacts talking to an agent, steady")) ?? null;
  } catch {
    return null;
  }
}

async function main() {
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1", env: { FAKES_PORT: String(await freePort()) } });
  const rows = [];
  try {
    const { token } = await api(app.baseUrl, "POST", "/api/auth/login", { body: ADMIN });
    const socket = await adminSocket(app.baseUrl, token);
    // Warm-up, and each customer's contact and ticket made (the chatbot greets them through the fake Graph API).
    for (let c = 0; c < CUSTOMERS; c++) await timed(app.baseUrl, socket, customer(c), `warm-${c}`);

    const one = [];
    for (let i = 0; i < SEQUENTIAL; i++) one.push(await timed(app.baseUrl, socket, customer(0), `seq-${i}`));
    const edge1 = summarize(one.map((s) => s.edge));
    const total1 = summarize(one.map((s) => s.total));
    console.log("one at a time: edge", edge1, "total", total1);
    rows.push(`| one at a time | ${SEQUENTIAL} | ${round(edge1.median)} / ${round(edge1.p99)} | ${round(total1.median)} / ${round(total1.p99)} | ${round(1000 / total1.median)} |`);

    for (const rate of RATES) {
      const r = await steady(app.baseUrl, socket, rate, `steady${rate}`);
      console.log(`steady ${rate}/s`, r);
      rows.push(
        `| steady ${rate}/s for ${STEADY_SECONDS} s, ${CUSTOMERS} customers (offered ${round(r.offered)}/s) | ${r.count} | ${round(r.edge.median)} / ${round(r.edge.p99)} | ${round(r.total.median)} / ${round(r.total.p99)} | ${round(r.done)} |`,
      );
    }
    socket.close();
  } finally {
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true });
  }
  const baileys = baileysRow();
  const markdown = [
    "## Inbound on the WhatsApp Cloud API (bench/cloudInbound.mjs)",
    "",
    `Run ${new Date().toISOString()} on ${machine()}; \`npm start\`'s app (Miniflare: local workerd, D1, Durable Objects,`,
    "Queues) with the demo seeded; the bench plays Meta, posting signed deliveries (one text message each) for the",
    "customer company's Cloud API connection. Edge: Meta's POST to our 200 (signature checked over the raw bytes, the",
    "delivery queued). Total: Meta's POST to the admin's websocket receiving the ticket update that shows the message",
    "(the local queue's batching, the route by phone number id, the hub's ingest and fan-out). The customers' tickets",
    "wait in the chatbot's menu, so each message is also a chatbot turn, whose answer goes out through the Graph API fake.",
    "",
    "| load | messages | edge median / p99 ms | total median / p99 ms | messages/s done |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    baileys ? `The Baileys path at 50/s (bench/inbound.mjs's last run, talking to an agent): ${baileys}` : "No Baileys figures in RESULTS.md to compare with.",
    `Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (the machine is shared).`,
  ].join("\n");
  writeResultsSection("Inbound on the WhatsApp Cloud API", markdown);
  console.log(markdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
