// Internal chat: one message to a 50-member group chat, delivered to every member's socket through the company's hub.
// Times each message from the POST /api/chats/:id/messages that sends it until all 50 members' sockets have the chat
// event for it (the sender's own socket included), through `npm start`'s app (local workerd) on this machine.
import os from "node:os";
import { rmSync } from "node:fs";
import { api, machine, startApp, summarize, workerdCpuMs } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";
import { openSockets } from "./lib/sockets.mjs";

const MEMBERS = Number(process.env.CHAT_MEMBERS ?? 50);
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 100);
const WARMUP = 5;

async function main() {
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1" });
  const loadAtStart = os.loadavg();
  try {
    const { baseUrl } = app;
    const sup = await api(baseUrl, "POST", "/api/auth/login", { body: { email: "admin@admin.com", password: "123456" } });
    const plan = await api(baseUrl, "POST", "/api/plans", { token: sup.token, body: { name: `Chat ${Date.now()}`, users: MEMBERS + 5, connections: 1, queues: 1, value: 0 } });
    const email = `chat-${Date.now()}@bench.dev`;
    await api(baseUrl, "POST", "/api/companies", { token: sup.token, body: { name: `Chat ${Date.now()}`, email, planId: plan.id, password: "Bench-pass-1", dueDate: "2099-12-31" } });
    const owner = await api(baseUrl, "POST", "/api/auth/login", { body: { email, password: "Bench-pass-1" } });
    const tokens = [owner.token];
    const ids = [];
    for (let i = 1; i < MEMBERS; i++) {
      const userEmail = `member${i}-${Date.now()}@bench.dev`;
      const user = await api(baseUrl, "POST", "/api/users", { token: owner.token, body: { name: `Member ${i}`, email: userEmail, password: "Bench-pass-1", profile: "user" } });
      ids.push(user.id);
      tokens.push((await api(baseUrl, "POST", "/api/auth/login", { body: { email: userEmail, password: "Bench-pass-1" } })).token);
    }
    const chat = await api(baseUrl, "POST", "/api/chats", { token: owner.token, body: { title: "Bench", users: ids } });
    const sockets = await openSockets(baseUrl.replace("http", "ws") + "/api/ws?token=", (j) => encodeURIComponent(tokens[j]), MEMBERS, false);
    await new Promise((r) => setTimeout(r, 1000));

    const samples = [];
    let cpuStart = 0;
    for (let i = 0; i < WARMUP + MESSAGES; i++) {
      if (i === WARMUP) cpuStart = workerdCpuMs(app.pid);
      const text = `bench ${i}`;
      const started = performance.now();
      const all = Promise.all(sockets.map((s) => s.waitFor((e) => e.type === "chat" && e.action === "new-message" && e.message.message === text)));
      // Members take turns sending, as in a real conversation.
      await api(baseUrl, "POST", `/api/chats/${chat.id}/messages`, { token: tokens[i % MEMBERS], body: { message: text } });
      await all;
      if (i >= WARMUP) samples.push(performance.now() - started);
    }
    const cpuPerMessage = (workerdCpuMs(app.pid) - cpuStart) / MESSAGES;
    for (const s of sockets) s.ws.terminate();
    const r = summarize(samples);
    const md = [
      `## Internal chat: a message to a ${MEMBERS}-member group, to every member's socket (bench/teamChat.mjs) — ${new Date().toISOString()}`,
      "",
      "| members (sockets) | messages | median ms | p95 ms | p99 ms | max ms | workerd CPU per message (ms) |",
      "|---:|---:|---:|---:|---:|---:|---:|",
      `| ${MEMBERS} | ${MESSAGES} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${cpuPerMessage.toFixed(1)} |`,
      "",
      "**Conditions**",
      `- machine: ${machine()}; load average (1/5/15 min) at the start ${loadAtStart.map((l) => l.toFixed(2)).join(" / ")}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (other helpers' work shares the machine).`,
      `- app: started as \`npm start\` starts it (Miniflare: local workerd); one company, ${MEMBERS} users, one socket each (\`ws\` in the bench's one Node process, no permessage-deflate), all members of one group chat.`,
      `- ${WARMUP} warm-up + ${MESSAGES} timed messages, the members taking turns; each timed from sending POST /api/chats/:id/messages (forwarded to the company's hub: one transaction stores the message, the chat's last message and every other member's unread count, then the hub publishes to the members) until all ${MEMBERS} sockets have its \`chat\` new-message event.`,
    ].join("\n");
    console.log(`\n${md}`);
    writeResultsSection("teamChat", md);
  } finally {
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
