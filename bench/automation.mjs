// Automation rules (issue 26): the inbound path's latency with 50 enabled rules against none, in the same run. A
// contact writes through the simulator to the demo's customer company (the Padaria, company 2); the time is from the
// simulator accepting the message to the admin's socket receiving the ticket update that carries it (as
// bench/inbound.mjs measures it). The rules run after each message's transaction in the hub's command queue, so the
// next message waits behind them: what they cost shows in the sequence. Blocks alternate (none, 50, none, 50, …: the
// 50 rules switched off and on through the API between blocks) so the machine's drift falls on both sides alike.
import os from "node:os";
import { rmSync } from "node:fs";
import { api, machine, startApp, summarize } from "./lib/app.mjs";
import { adminSocket } from "./lib/arrivals.mjs";
import { simulatorInbound } from "./lib/simulator.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const BLOCK = Number(process.env.AUTOMATION_BLOCK ?? 40);
const BLOCKS = Number(process.env.AUTOMATION_BLOCKS ?? 8);
const CONNECTION_ID = 1_000_000_001;
const ADMIN = { email: "admin@padaria.demo", password: "123456" };
const round = (n) => Math.round(n * 10) / 10;
const contact = (i) => `55119${String(80000001 + i).padStart(8, "0")}`;

/**
 * 50 rules as a busy company might keep them: every trigger, conditions of every kind that mostly do not hold on the
 * bench's messages, and three rules on each contact message that act (priority, a note, a webhook event).
 */
function fiftyRules() {
  const never = [
    { field: "messageText", op: "contains", value: "cancelar assinatura", caseSensitive: false },
    { field: "messageText", op: "matches", value: "pedido\\s*#?\\d{6}", caseSensitive: false },
    { field: "contactField", name: "plano", op: "equals", value: "ouro" },
    { field: "queue", op: "in", queueIds: [], none: false },
    { field: "assigneeProfile", profiles: ["supervisor"], none: false },
  ];
  const rules = [];
  const triggers = [
    ["messageReceived", 22],
    ["ticketCreated", 5],
    ["ticketTransferred", 5],
    ["ticketClosed", 5],
    ["outsideServiceHours", 3],
    ["agentSilent", 5],
    ["contactSilent", 5],
  ];
  for (const [type, count] of triggers) {
    for (let i = 0; i < count; i++) {
      const trigger = type === "agentSilent" || type === "contactSilent" ? { type, minutes: 60 + i } : { type };
      rules.push({
        name: `${type} ${i + 1}`,
        trigger,
        conditions: [{ field: "timeOfDay", from: "00:00", to: "23:59", weekdays: [] }, never[i % never.length]],
        actions: [{ type: "setPriority", priority: "urgent" }],
      });
    }
  }
  const acting = { field: "messageText", op: "contains", value: "bench", caseSensitive: false };
  rules.push({ name: "acts: priority", trigger: { type: "messageReceived" }, conditions: [acting], actions: [{ type: "setPriority", priority: "high" }] });
  rules.push({ name: "acts: note", trigger: { type: "messageReceived" }, conditions: [acting], actions: [{ type: "addNote", body: "bench" }] });
  rules.push({ name: "acts: webhook", trigger: { type: "messageReceived" }, conditions: [acting], actions: [{ type: "sendWebhookEvent", label: "bench" }] });
  return rules;
}

async function main() {
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1" });
  try {
    const { token } = await api(app.baseUrl, "POST", "/api/auth/login", { body: ADMIN });
    const socket = await adminSocket(app.baseUrl, token);
    const timed = async (from, body) => {
      const arrived = socket.arrival(from, body);
      const started = performance.now();
      await simulatorInbound(app.hostUrl, CONNECTION_ID, from, body);
      return (await arrived) - started;
    };
    for (let i = 0; i < 30; i++) await timed(contact(0), `warm-${i} bench`);

    const rules = [];
    for (const rule of fiftyRules()) rules.push(await api(app.baseUrl, "POST", "/api/automation-rules", { token, body: { ...rule, enabled: false } }));
    const switchAll = async (enabled) => {
      for (const rule of rules) await api(app.baseUrl, "PUT", `/api/automation-rules/${rule.id}`, { token, body: { enabled } });
    };

    const samples = { none: [], fifty: [] };
    for (let block = 0; block < BLOCKS; block++) {
      const withRules = block % 2 === 1;
      await switchAll(withRules);
      for (let i = 0; i < BLOCK; i++) samples[withRules ? "fifty" : "none"].push(await timed(contact(0), `seq-${block}-${i}-${Date.now()} bench`));
    }
    socket.close();

    const none = summarize(samples.none);
    const fifty = summarize(samples.fifty);
    const p99Change = ((fifty.p99 - none.p99) / none.p99) * 100;
    const medianChange = ((fifty.median - none.median) / none.median) * 100;
    const runs = await api(app.baseUrl, "GET", "/api/automation-runs?limit=100", { token });
    const acted = runs.items.filter((r) => r.outcome === "acted").length;
    console.log("no rules (ms)", none, "50 rules (ms)", fifty, `p99 ${p99Change.toFixed(1)} %`, `median ${medianChange.toFixed(1)} %`);

    const markdown = [
      "## Automation rules",
      "",
      `Run ${new Date().toISOString()} on ${machine()}; \`npm start\`'s app (Miniflare) with the simulator. One contact of the`,
      `Padaria writes, one message at a time; each is timed from the simulator accepting it to the admin's socket holding`,
      `the ticket update that carries it. ${BLOCKS} blocks of ${BLOCK} messages alternate between no enabled rule and 50`,
      "enabled rules (switched through /api/automation-rules between blocks): 22 on each contact message, 5 each on ticket",
      "created, transferred and closed, 3 out of hours, 5 each on agent and contact silence; conditions of every kind,",
      "most not holding; three rules act on every message (priority, a note, a webhook event with no subscriber).",
      "",
      "| rules enabled | messages | median ms | p99 ms |",
      "|---|---|---|---|",
      `| none | ${samples.none.length} | ${round(none.median)} | ${round(none.p99)} |`,
      `| 50 | ${samples.fifty.length} | ${round(fifty.median)} | ${round(fifty.p99)} |`,
      "",
      `p99 with 50 rules: ${p99Change >= 0 ? "+" : ""}${p99Change.toFixed(1)} % (target: within 20 %); median ${medianChange >= 0 ? "+" : ""}${medianChange.toFixed(1)} %.`,
      `Acted runs among the last 100 logged: ${acted}.`,
      "",
      `Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (the machine is shared).`,
    ].join("\n");
    writeResultsSection("Automation rules", markdown);
    console.log(markdown);
  } finally {
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
