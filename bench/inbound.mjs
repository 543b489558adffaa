// Inbound WhatsApp traffic through the whole path: the simulator (a contact writes) → the session host's spool and
// signed bridge → the worker (the connection's company from the control database's connection_routes index) → the
// company's CompanyHub (contact, ticket, message, chatbot, written in the hub's own SQLite: ADR 0016) → an agent's
// websocket. Measures, per message, the time from the simulator accepting it to the admin's socket receiving the
// ticket update that carries it; throughput with 20 contacts writing at once; latency at a steady 50 messages/s;
// and the session host's memory per simulated connection (50 connections, a host started on its own).
import { spawn } from "node:child_process";
import { rmSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { api, freePort, machine, startApp, summarize } from "./lib/app.mjs";
import { inboundD1 } from "./lib/d1Baseline.mjs";
import { writeResultsSection } from "./lib/results.mjs";
import { adminSocket } from "./lib/arrivals.mjs";

const SEQUENTIAL = Number(process.env.INBOUND_SEQUENTIAL ?? 100);
const BURST_CONTACTS = 20;
const BURST_PER_CONTACT = Number(process.env.INBOUND_BURST_PER_CONTACT ?? 20);
const STEADY_RATE = 50;
const STEADY_SECONDS = Number(process.env.INBOUND_STEADY_SECONDS ?? 10);
/**
 * The bench runs where customers live: the demo's customer company (Padaria Pão Quente, company 2, its ids from
 * 1,000,000,001) and its simulator connection "Balcão", not the platform company.
 */
const CONNECTION_ID = 1_000_000_001;
const ADMIN = { email: "admin@padaria.demo", password: "123456" };
const round = (n) => Math.round(n * 10) / 10;
/** The same load's figures on D1 (before ADR 0016), for the table's last column. */
const onD1 = (x) => (x ? [x.median != null ? `${x.median} / ${x.p99} ms` : null, x.rate != null ? `${x.rate}/s` : null].filter(Boolean).join(", ") : "–");

async function inbound(hostUrl, from, body) {
  const res = await fetch(`${hostUrl}/simulator/${CONNECTION_ID}/inbound`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ from, name: `Bench ${from.slice(-4)}`, body }),
  });
  if (!res.ok) throw new Error(`simulator refused: ${res.status} ${await res.text()}`);
}

/** One message: sent at `started`, answered when the admin's socket sees it. */
async function timedMessage(socket, hostUrl, from, body) {
  const arrived = socket.arrival(from, body);
  const started = performance.now();
  await inbound(hostUrl, from, body);
  return (await arrived) - started;
}

// From …0001: the simulator takes numbers ending in 00000 for ones not on WhatsApp (session-host/README.md).
const contact = (i) => `55119${String(70000001 + i).padStart(8, "0")}`;

async function hostRssKiB(connections) {
  const port = await freePort();
  const fixture = { connections: Array.from({ length: connections }, (_, i) => ({ id: i + 1, status: "CONNECTED", number: `55110000${String(i).padStart(4, "0")}` })), contacts: [] };
  const child = spawn(path.join("node_modules", ".bin", "tsx"), ["session-host/src/server.ts"], {
    env: {
      ...process.env,
      SESSION_HOST_PORT: String(port),
      SESSION_HOST_BRIDGE: "off",
      SIMULATOR_FIXTURE: JSON.stringify(fixture),
      SESSION_HOST_STATE_DIR: mkdtempSync(path.join(os.tmpdir(), "zapdesk-host-")),
    },
    stdio: "ignore",
  });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 200));
    }
    // Each connection exchanges a few messages, so it holds a conversation as a live one would.
    for (let c = 1; c <= connections; c++) {
      for (let m = 0; m < 5; m++) {
        await fetch(`http://127.0.0.1:${port}/simulator/${c}/inbound`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ from: contact(m), body: `oi ${m}` }),
        });
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const rss = Number(/process_resident_memory_bytes\s+(\d+)/.exec(text)?.[1] ?? NaN);
    return rss / 1024;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

async function main() {
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1" });
  const out = [];
  const verdicts = [];
  try {
    const { token } = await api(app.baseUrl, "POST", "/api/auth/login", { body: ADMIN });
    const socket = await adminSocket(app.baseUrl, token);

    // Warm-up: first contact of each kind opens a ticket and runs the chatbot.
    for (let i = 0; i < 10; i++) await timedMessage(socket, app.hostUrl, contact(0), `warm-${i}`);

    const one = [];
    for (let i = 0; i < SEQUENTIAL; i++) one.push(await timedMessage(socket, app.hostUrl, contact(0), `seq-${i}-${Date.now()}`));
    const s1 = summarize(one);
    out.push(`| 1 contact, one message at a time | ${SEQUENTIAL} | ${round(s1.median)} | ${round(s1.p99)} | ${round(1000 / s1.median)} | ${onD1(inboundD1.sequential)} |`);
    console.log("1 contact sequential (ms)", s1);

    // Burst: 20 contacts (new numbers: a contact, a ticket and the chatbot each) write as fast as the simulator takes it.
    const burstStarted = performance.now();
    const burst = await Promise.all(
      Array.from({ length: BURST_CONTACTS }, async (_, c) => {
        const samples = [];
        for (let m = 0; m < BURST_PER_CONTACT; m++) samples.push(await timedMessage(socket, app.hostUrl, contact(100 + c), `burst-${c}-${m}`));
        return samples;
      }),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const total = BURST_CONTACTS * BURST_PER_CONTACT;
    const s20 = summarize(burst.flat());
    out.push(`| 20 contacts at once, each message after the previous arrived | ${total} | ${round(s20.median)} | ${round(s20.p99)} | ${round(total / burstSeconds)} | ${onD1(inboundD1.burst)} |`);
    console.log("20 contacts burst (ms)", s20, "throughput/s", total / burstSeconds);

    // Floods: every message of 20 contacts sent without waiting, to find the ceiling; first while their tickets
    // wait in the chatbot's menu (every message is the bot's turn), then once an agent attends them.
    const flood = async (label) => {
      const floodTotal = BURST_CONTACTS * BURST_PER_CONTACT;
      const floodStarted = performance.now();
      const arrivals = [];
      for (let m = 0; m < BURST_PER_CONTACT; m++) {
        for (let c = 0; c < BURST_CONTACTS; c++) {
          const body = `flood-${label}-${c}-${m}`;
          arrivals.push(socket.arrival(contact(100 + c), body));
          inbound(app.hostUrl, contact(100 + c), body).catch((e) => console.error(e));
        }
      }
      await Promise.all(arrivals);
      const rate = floodTotal / ((performance.now() - floodStarted) / 1000);
      console.log(`flood (${label}) throughput/s`, rate);
      return { floodTotal, rate };
    };
    const steadyRun = async (label) => {
      const steady = [];
      const count = STEADY_RATE * STEADY_SECONDS;
      const t0 = performance.now();
      const pending = [];
      for (let i = 0; i < count; i++) {
        const due = t0 + (i * 1000) / STEADY_RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        pending.push(timedMessage(socket, app.hostUrl, contact(100 + (i % BURST_CONTACTS)), `steady-${label}-${i}`).then((ms) => steady.push(ms)));
      }
      await Promise.all(pending);
      const s50 = summarize(steady);
      console.log(`steady 50/s (${label}) (ms)`, s50);
      return { count, s50 };
    };

    const botFlood = await flood("bot");
    out.push(`| 20 contacts waiting in the chatbot's menu, ${botFlood.floodTotal} messages sent without waiting | ${botFlood.floodTotal} | – | – | ${round(botFlood.rate)} | ${onD1(inboundD1.botFlood)} |`);
    const botSteady = await steadyRun("bot");
    out.push(`| 20 contacts waiting in the chatbot's menu, steady ${STEADY_RATE} messages/s for ${STEADY_SECONDS} s | ${botSteady.count} | ${round(botSteady.s50.median)} | ${round(botSteady.s50.p99)} | ${STEADY_RATE} (offered) | ${onD1(inboundD1.botSteady)} |`);

    // An agent (the admin) accepts the 20 tickets: from now on the contacts talk to a person, as most traffic does.
    const me = await api(app.baseUrl, "GET", "/api/auth/me", { token });
    const numbers = new Set(Array.from({ length: BURST_CONTACTS }, (_, c) => contact(100 + c)));
    const waiting = [];
    for (let page = 1; ; page++) {
      const list = await api(app.baseUrl, "GET", `/api/tickets?status=pending&showAll=true&pageNumber=${page}`, { token });
      waiting.push(...list.tickets.filter((t) => numbers.has(t.contact.number)));
      if (!list.hasMore) break;
    }
    if (waiting.length !== BURST_CONTACTS) throw new Error(`expected ${BURST_CONTACTS} waiting bench tickets, found ${waiting.length}`);
    for (const t of waiting) await api(app.baseUrl, "PUT", `/api/tickets/${t.id}`, { token, body: { status: "open", userId: me.id } });

    const agentFlood = await flood("agent");
    out.push(`| 20 contacts talking to an agent, ${agentFlood.floodTotal} messages sent without waiting | ${agentFlood.floodTotal} | – | – | ${round(agentFlood.rate)} | ${onD1(inboundD1.agentFlood)} |`);
    const agentSteady = await steadyRun("agent");
    out.push(`| 20 contacts talking to an agent, steady ${STEADY_RATE} messages/s for ${STEADY_SECONDS} s | ${agentSteady.count} | ${round(agentSteady.s50.median)} | ${round(agentSteady.s50.p99)} | ${STEADY_RATE} (offered) | ${onD1(inboundD1.agentSteady)} |`);

    for (const [label, f, st] of [["talking to an agent", agentFlood, agentSteady], ["in the chatbot's menu", botFlood, botSteady]]) {
      verdicts.push(
        `contacts ${label}: throughput ${round(f.rate)} messages/s (target ≥ 200: ${f.rate >= 200 ? "pass" : "miss"}), ` +
          `p99 at ${STEADY_RATE}/s ${round(st.s50.p99)} ms (target < 250: ${st.s50.p99 < 250 ? "pass" : "miss"})`,
      );
    }
    socket.close();
  } finally {
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true }); // its fresh local state (D1, hubs) is not needed after
  }

  const base = await hostRssKiB(1);
  const fifty = await hostRssKiB(50);
  const perConnection = (fifty - base) / 49;
  console.log("session host RSS KiB: 1 connection", base, "50 connections", fifty, "per connection", perConnection);

  const markdown = [
    "## Inbound WhatsApp path, each company in its hub (bench/inbound.mjs)",
    "",
    `Run ${new Date().toISOString()} on ${machine()}; \`npm start\`'s app (Miniflare: local workerd, D1 and Durable`,
    "Objects) with the simulator provider, the demo seeded through the local bulk path (its connection's route in the",
    "control database, its rows in company 2's hub: the Padaria, a customer company). Latency: from the simulator accepting a contact's message to the",
    "admin's websocket receiving a ticket update that shows it or a later message of the same contact (spool fsync,",
    "signed bridge call, the connection's company from connection_routes, CompanyHub ingest with contact/ticket/chatbot",
    "written in the hub's own SQLite, fan-out; messages landing together update their ticket once).",
    "The 20 contacts are new numbers: their first messages open a contact and a ticket each and run the demo's chatbot",
    "(menu of 3 queues), whose replies go out through the OUTBOUND queue to the simulator and come back as acks on the",
    "same path. They keep writing while their tickets wait in the menu (every message is a chatbot turn), then the",
    "admin accepts the 20 tickets and they write again, now to an agent. Targets are read for both.",
    "",
    "| load | messages | median ms | p99 ms | messages/s | on D1: median / p99, messages/s |",
    "|---|---|---|---|---|---|",
    ...out,
    "",
    `Targets: ${verdicts.join("; ")}. Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (the machine is shared).`,
    "",
    `Session host (simulator, bridge off) resident memory: ${Math.round(base / 1024)} MiB with 1 connection, ${Math.round(fifty / 1024)} MiB with 50 (5 messages each): ${perConnection > 0 ? `${round(perConnection)} KiB per connection` : `no growth above the noise of a process's resident size (${round(perConnection)} KiB per connection)`} (on D1's run: ${inboundD1.hostPerConnectionKiB} KiB; the session host did not change).`,
    "",
    `The column "on D1" is the run of ${inboundD1.run}, every company's data in D1 (its section is kept below, "Inbound WhatsApp path on D1").`,
  ].join("\n");
  writeResultsSection("Inbound WhatsApp path", markdown);
  console.log(markdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
