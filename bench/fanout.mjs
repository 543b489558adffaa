// Realtime fan-out through CompanyHub: one event to N connected sockets of one company.
// Measures, per event, the time from the request that causes it (PUT /api/settings/:key by an admin, which
// writes the company's hub's SQLite and publishes from that hub, ADR 0016) until every socket has received it; and
// the workerd memory the sockets add. Everything runs on this machine through `npm start`'s app (Miniflare: local
// workerd). The section prints beside each figure the same one with the company's data in D1 (bench/lib/d1Baseline.mjs).
import { rmSync } from "node:fs";
import WebSocket from "ws";
import os from "node:os";
import { api, machine, startApp, summarize, workerdRssKiB } from "./lib/app.mjs";
import { fanoutD1 } from "./lib/d1Baseline.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const SIZES = (process.env.FANOUT_SIZES ?? "100,1000").split(",").map(Number);
const EVENTS = Number(process.env.FANOUT_EVENTS ?? 50);
const WARMUP = 5;
const USERS = 100; // sockets are spread over this many users (several tabs each), as in a real office

async function main() {
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1" });
  try {
    const results = [];
    const { baseUrl } = app;
    const sup = await api(baseUrl, "POST", "/api/auth/login", { body: { email: "admin@admin.com", password: "123456" } });
    const plan = await api(baseUrl, "POST", "/api/plans", {
      token: sup.token,
      body: { name: `Bench ${Date.now()}`, users: USERS + 10, connections: 1, queues: 1, value: 0 },
    });
    const email = `bench-${Date.now()}@bench.dev`;
    await api(baseUrl, "POST", "/api/companies", {
      token: sup.token,
      body: { name: `Bench ${Date.now()}`, email, planId: plan.id, password: "bench-pass-1", dueDate: "2099-12-31" },
    });
    const admin = await api(baseUrl, "POST", "/api/auth/login", { body: { email, password: "bench-pass-1" } });
    const tokens = [];
    for (let i = 0; i < USERS; i++) {
      const userEmail = `agent${i}-${Date.now()}@bench.dev`;
      await api(baseUrl, "POST", "/api/users", {
        token: admin.token,
        body: { name: `Agent ${i}`, email: userEmail, password: "bench-pass-1", profile: "user" },
      });
      tokens.push((await api(baseUrl, "POST", "/api/auth/login", { body: { email: userEmail, password: "bench-pass-1" } })).token);
    }

    for (const size of SIZES) {
      const rssBefore = workerdRssKiB(app.pid);
      const sockets = await openSockets(baseUrl, tokens, size);
      await new Promise((r) => setTimeout(r, 1000)); // let "online" announcements settle
      const rssAfter = workerdRssKiB(app.pid);
      const samples = [];
      for (let i = 0; i < WARMUP + EVENTS; i++) {
        const value = i % 2 === 0 ? "enabled" : "disabled";
        const started = performance.now();
        const all = Promise.all(sockets.map((s) => s.waitFor((e) => e.type === "settings" && e.key === "viewclosed" && e.value === value)));
        await api(baseUrl, "PUT", "/api/settings/viewclosed", { token: admin.token, body: { value } });
        await all;
        if (i >= WARMUP) samples.push(performance.now() - started);
      }
      const s = summarize(samples);
      results.push({ size, ...s, rssDeltaMiB: (rssAfter - rssBefore) / 1024, perSocketKiB: (rssAfter - rssBefore) / size });
      for (const s of sockets) s.ws.terminate();
      await new Promise((r) => setTimeout(r, 1000));
    }

    const lines = [
      `## CompanyHub fan-out, each company in its hub (bench/fanout.mjs) — ${new Date().toISOString()}`,
      "",
      "| sockets | median ms | p95 ms | p99 ms | max ms | workerd RSS added (MiB) | per socket (KiB) | on D1: median / p99 ms |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.size} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.rssDeltaMiB.toFixed(1)} | ${r.perSocketKiB.toFixed(1)} | ${fanoutD1[r.size] ? `${fanoutD1[r.size].median} / ${fanoutD1[r.size].p99}` : "–"} |`,
      ),
      "",
      "**Conditions**",
      `- machine: ${machine()}; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}.`,
      `- app: started as \`npm start\` starts it (Miniflare: local workerd, local D1 and Durable Objects), on 127.0.0.1; ${USERS} agents of one company, the sockets spread over them (several tabs each); clients are the \`ws\` package in one Node process.`,
      `- per size: ${WARMUP} warm-up + ${EVENTS} timed events, each caused by an admin's PUT /api/settings/viewclosed (forwarded by the worker to the company's hub, written in the hub's SQLite, then published by that hub to its sockets), timed from sending the request until every socket has received the event.`,
      `- on D1: the run of ${fanoutD1.run} (the setting written in D1, then one publish through the hub); its section is kept below, "CompanyHub fan-out on D1".`,
      "- memory: resident size of the workerd processes before opening the sockets and after (a proxy for the hub's memory; the runtime also hosts the worker).",
    ];
    const md = lines.join("\n");
    console.log(`\n${md}`);
    writeResultsSection("fanout", md);
  } finally {
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true }); // its fresh local state (D1, hubs) is not needed after
  }
}

async function openSockets(baseUrl, tokens, count) {
  const wsUrl = baseUrl.replace("http", "ws") + "/api/ws?token=";
  const sockets = [];
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) batch.push(openSocket(wsUrl + encodeURIComponent(tokens[j % tokens.length])));
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const waiters = new Set();
    ws.on("message", (data) => {
      const text = data.toString();
      if (!text.startsWith("[")) return;
      for (const event of JSON.parse(text)) for (const w of [...waiters]) if (w.match(event)) (waiters.delete(w), w.resolve());
    });
    ws.on("error", reject);
    ws.on("open", () =>
      resolve({
        ws,
        waitFor: (match) => new Promise((res) => waiters.add({ match, resolve: res })),
      }),
    );
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
