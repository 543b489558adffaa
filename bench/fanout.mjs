// Realtime fan-out through CompanyHub: one event to N connected sockets of one company.
// Measures, per event, the time from the request that causes it (PUT /api/settings/:key by an admin, which
// writes the company's hub's SQLite and publishes from that hub, ADR 0016) until every socket has received it; the
// CPU time workerd spends per event; and the workerd memory the sockets add. Everything runs on this machine through
// `npm start`'s app (Miniflare: local workerd). Each size is measured twice: with clients that offer
// permessage-deflate (as browsers always do; workerd then compresses every frame for every socket) and with clients
// that do not. A bare websocket server (Node and `ws`, bench/lib/bareWsServer.mjs) sending the same frame to the
// same clients is the reference. The section prints beside each figure the same one with the company's data in D1
// (bench/lib/d1Baseline.mjs).
import { rmSync } from "node:fs";
import { execSync, spawn } from "node:child_process";
import os from "node:os";
import { api, freePort, machine, startApp, summarize, workerdCpuMs, workerdRssKiB } from "./lib/app.mjs";
import { openProfiler, printProfile, summarizeProfile } from "./lib/cpuProfile.mjs";
import { fanoutD1 } from "./lib/d1Baseline.mjs";
import { writeResultsSection } from "./lib/results.mjs";
import { openSockets } from "./lib/sockets.mjs";

const SIZES = (process.env.FANOUT_SIZES ?? "100,1000").split(",").map(Number);
const EVENTS = Number(process.env.FANOUT_EVENTS ?? 50);
const WARMUP = 5;
const USERS = 100; // sockets are spread over this many users (several tabs each), as in a real office
// Clients offering permessage-deflate or not; FANOUT_DEFLATE=1 or =0 measures only one kind.
const MODES = (process.env.FANOUT_DEFLATE ? [process.env.FANOUT_DEFLATE === "1"] : [true, false]);
// FANOUT_PROFILE=1: a CPU profile of workerd (the worker and the hubs) over each size's timed events, printed as the
// heaviest functions; the figures of such a run are not recorded (the profiler slows what it measures).
const PROFILE = process.env.FANOUT_PROFILE === "1";
const TARGET_MS = 50; // issue 10: 1,000 sockets under 50 ms median

const mode = (deflate) => (deflate ? "offered (as browsers)" : "not offered");

async function main() {
  const inspectorPort = PROFILE ? await freePort() : null;
  const app = await startApp({
    skipBuild: process.env.SKIP_BUILD === "1",
    env: inspectorPort ? { ZAPDESK_INSPECTOR_PORT: String(inspectorPort) } : {},
  });
  const profiler = inspectorPort ? await openProfiler(inspectorPort) : null;
  const loadAtStart = os.loadavg();
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
      body: { name: `Bench ${Date.now()}`, email, planId: plan.id, password: "Bench-pass-1", dueDate: "2099-12-31" },
    });
    const admin = await api(baseUrl, "POST", "/api/auth/login", { body: { email, password: "Bench-pass-1" } });
    const tokens = [];
    for (let i = 0; i < USERS; i++) {
      const userEmail = `agent${i}-${Date.now()}@bench.dev`;
      await api(baseUrl, "POST", "/api/users", {
        token: admin.token,
        body: { name: `Agent ${i}`, email: userEmail, password: "Bench-pass-1", profile: "user" },
      });
      tokens.push((await api(baseUrl, "POST", "/api/auth/login", { body: { email: userEmail, password: "Bench-pass-1" } })).token);
    }

    for (const size of SIZES) {
      for (const deflate of MODES) {
        const rssBefore = workerdRssKiB(app.pid);
        const sockets = await openSockets(baseUrl.replace("http", "ws") + "/api/ws?token=", (j) => encodeURIComponent(tokens[j % tokens.length]), size, deflate);
        await new Promise((r) => setTimeout(r, 1000)); // let "online" announcements settle
        const rssAfter = workerdRssKiB(app.pid);
        const timed = await timeEvents(sockets, {
          publish: (value) => api(baseUrl, "PUT", "/api/settings/viewclosed", { token: admin.token, body: { value } }),
          cpuMs: () => workerdCpuMs(app.pid),
          profiler,
          label: `${size} sockets, deflate ${mode(deflate)}`,
        });
        results.push({ size, deflate, ...timed, rssDeltaMiB: (rssAfter - rssBefore) / 1024, perSocketKiB: (rssAfter - rssBefore) / size });
        for (const s of sockets) s.ws.terminate();
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    const bare = PROFILE ? [] : await bareReference();

    const cell = (r) => `${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)}`;
    const lines = [
      `## CompanyHub fan-out, each company in its hub (bench/fanout.mjs) — ${new Date().toISOString()}`,
      "",
      "| sockets | permessage-deflate | median ms | p95 ms | p99 ms | max ms | workerd CPU per event (ms) | bench client CPU per event (ms) | workerd RSS added (MiB) | per socket (KiB) | bare `ws` server: median / p99 ms | on D1: median / p99 ms |",
      "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map((r) => {
        const ref = bare.find((b) => b.size === r.size && b.deflate === r.deflate);
        const d1 = r.deflate && fanoutD1[r.size] ? `${fanoutD1[r.size].median} / ${fanoutD1[r.size].p99}` : "–";
        return `| ${r.size} | ${mode(r.deflate)} | ${cell(r)} | ${r.cpuPerEvent.toFixed(1)} | ${r.clientCpuPerEvent.toFixed(1)} | ${r.rssDeltaMiB.toFixed(1)} | ${r.perSocketKiB.toFixed(1)} | ${ref ? `${ref.median.toFixed(1)} / ${ref.p99.toFixed(1)}` : "–"} | ${d1} |`;
      }),
      "",
      ...results
        .filter((r) => r.size === 1000)
        .map((r) => `Target (issue 10): 1,000 sockets under ${TARGET_MS} ms median — deflate ${mode(r.deflate)}: ${r.median.toFixed(1)} ms, ${r.median < TARGET_MS ? "PASS" : "**MISS**"}.`),
      "",
      "**Conditions**",
      `- machine: ${machine()}; load average (1/5/15 min) at the start ${loadAtStart.map((l) => l.toFixed(2)).join(" / ")}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")}; ${otherWork()}`,
      `- app: started as \`npm start\` starts it (Miniflare: local workerd, local D1 and Durable Objects), on 127.0.0.1; ${USERS} agents of one company, the sockets spread over them (several tabs each); clients are the \`ws\` package in one Node process (the bench's), offering permessage-deflate or not. When offered, workerd accepts it: every frame is compressed once per socket (and the bench's one process inflates every frame; a browser tab inflates only its own).`,
      `- per size and kind of client: ${WARMUP} warm-up + ${EVENTS} timed events, each caused by an admin's PUT /api/settings/viewclosed (forwarded by the worker to the company's hub, written in the hub's SQLite, then published by that hub to its sockets), timed from sending the request until every socket has received the event. CPU per event: the CPU time (user + system, all threads) of the workerd processes, and of the bench's own process (the clients), over the timed events, divided by their number — it barely depends on other work on the machine, unlike the times.`,
      `- bare \`ws\` server: bench/lib/bareWsServer.mjs, its own Node process, the same clients and the same frame, timed from the POST that makes it send until every socket has it (no database, no app).`,
      `- on D1: the run of ${fanoutD1.run} (the setting written in D1, then one publish through the hub; its clients offered permessage-deflate); its section is kept below, "CompanyHub fan-out on D1".`,
      "- memory: resident size of the workerd processes before opening the sockets and after (a proxy for the hub's memory; the runtime also hosts the worker).",
    ];
    const md = lines.join("\n");
    console.log(`\n${md}`);
    if (PROFILE) console.log("\n(FANOUT_PROFILE=1: figures taken under the profiler, bench/RESULTS.md left as it was)");
    else writeResultsSection("fanout", md);
  } finally {
    profiler?.close();
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true }); // its fresh local state (D1, hubs) is not needed after
  }
}

/** Times WARMUP + EVENTS events, each until every socket has it; answers the figures of the timed ones. */
async function timeEvents(sockets, { publish, cpuMs, profiler, label }) {
  const samples = [];
  let cpuStart = 0;
  let clientStart = null;
  for (let i = 0; i < WARMUP + EVENTS; i++) {
    if (i === WARMUP) {
      if (profiler) await profiler.start();
      cpuStart = cpuMs();
      clientStart = process.cpuUsage();
    }
    const value = i % 2 === 0 ? "enabled" : "disabled";
    const started = performance.now();
    const all = Promise.all(sockets.map((s) => s.waitFor((e) => e.type === "settings" && e.key === "viewclosed" && e.value === value)));
    await publish(value);
    await all;
    if (i >= WARMUP) samples.push(performance.now() - started);
  }
  const cpuPerEvent = (cpuMs() - cpuStart) / EVENTS;
  const client = process.cpuUsage(clientStart);
  if (profiler) printProfile(`over ${EVENTS} events, ${label}`, summarizeProfile(await profiler.stop()));
  return { ...summarize(samples), cpuPerEvent, clientCpuPerEvent: (client.user + client.system) / 1000 / EVENTS };
}

/** The same clients and frame against a bare websocket server, per size and kind of client. */
async function bareReference() {
  const out = [];
  for (const deflate of MODES) {
    const port = await freePort();
    const child = spawn(process.execPath, ["bench/lib/bareWsServer.mjs", String(port), deflate ? "1" : "0"], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise((resolve) => child.stdout.once("data", resolve));
    try {
      for (const size of SIZES) {
        const sockets = await openSockets(`ws://127.0.0.1:${port}/ws`, () => "", size, deflate);
        const timed = await timeEvents(sockets, {
          publish: async (value) => {
            const res = await fetch(`http://127.0.0.1:${port}/publish?value=${value}`, { method: "POST" });
            if (res.status !== 204) throw new Error(`bare server: ${res.status}`);
          },
          cpuMs: () => 0,
        });
        out.push({ size, deflate, ...timed });
        for (const s of sockets) s.ws.terminate();
      }
    } finally {
      child.kill();
    }
  }
  return out;
}

/** What else was running: the busiest other processes at the end of the run (CPU share over their lifetime). */
function otherWork() {
  try {
    // Not this run's own processes (the app's workerd and session host are under this checkout), nor zombies.
    const rows = execSync("ps -e -o pcpu=,args= --sort=-pcpu").toString().trim().split("\n").slice(0, 8);
    const busy = rows
      .map((r) => r.trim())
      .filter((r) => Number.parseFloat(r) >= 20 && !r.includes(process.cwd()) && !r.includes("<defunct>"))
      .slice(0, 4);
    return busy.length ? `other processes busy at the end: ${busy.map((r) => r.slice(0, 90)).join("; ")}.` : "no other busy process at the end.";
  } catch {
    return "";
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
