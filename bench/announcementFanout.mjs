// An announcement to 1,000 companies: the time from the super user's POST /api/announcements until the FANOUT
// queue's last job has published it to the last company's hub (each company's hub is a real CompanyHub with nobody
// connected but the last company's admin, whose socket must receive it), through `npm start`'s app on this machine.
import os from "node:os";
import { rmSync } from "node:fs";
import { api, machine, startApp, workerdCpuMs } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";
import { openSockets } from "./lib/sockets.mjs";

const COMPANIES = Number(process.env.ANNOUNCE_COMPANIES ?? 1000);
const RUNS = Number(process.env.ANNOUNCE_RUNS ?? 3);

async function main() {
  const app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1" });
  const loadAtStart = os.loadavg();
  try {
    const { baseUrl } = app;
    const sup = await api(baseUrl, "POST", "/api/auth/login", { body: { email: "admin@admin.com", password: "123456" } });
    const plan = await api(baseUrl, "POST", "/api/plans", { token: sup.token, body: { name: `Fanout ${Date.now()}`, users: 5, connections: 1, queues: 1, value: 0 } });
    const ids = [];
    let lastEmail = "";
    for (let i = 0; i < COMPANIES; i++) {
      const email = `fan${i}-${Date.now()}@bench.dev`;
      const company = await api(baseUrl, "POST", "/api/companies", {
        token: sup.token,
        body: { name: `Fanout ${i} ${Date.now()}`, email, planId: plan.id, dueDate: "2099-12-31", ...(i === COMPANIES - 1 ? { password: "Bench-pass-1" } : {}) },
      });
      ids.push(company.id);
      lastEmail = email;
    }
    const last = await api(baseUrl, "POST", "/api/auth/login", { body: { email: lastEmail, password: "Bench-pass-1" } });
    const [socket] = await openSockets(baseUrl.replace("http", "ws") + "/api/ws?token=", () => encodeURIComponent(last.token), 1, false);

    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const cpuStart = workerdCpuMs(app.pid);
      const started = performance.now();
      const title = `Bench ${run} ${Date.now()}`;
      const arrived = socket.waitFor((e) => e.type === "company-announcement" && e.announcement?.title === title).then(() => performance.now() - started);
      const made = await api(baseUrl, "POST", "/api/announcements", { token: sup.token, body: { title, text: "Fan-out bench", companyIds: ids } });
      const answered = performance.now() - started;
      let delivery;
      for (;;) {
        delivery = await api(baseUrl, "GET", `/api/announcements/${made.id}/delivery`, { token: sup.token });
        if (delivery.status === "done") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const done = performance.now() - started;
      runs.push({ answered, lastSocket: await arrived, done, delivered: delivery.delivered, cpu: workerdCpuMs(app.pid) - cpuStart, first: run === 0 });
    }
    socket.ws.terminate();
    const md = [
      `## Announcement to ${COMPANIES} companies through the FANOUT queue (bench/announcementFanout.mjs) — ${new Date().toISOString()}`,
      "",
      "| run | hubs | POST answered (ms) | last company's socket has it (ms) | delivery done (ms) | companies delivered | workerd CPU (ms) |",
      "|---:|---:|---:|---:|---:|---:|---:|",
      ...runs.map((r, i) => `| ${i + 1}${r.first ? " (hubs cold)" : ""} | ${COMPANIES} | ${r.answered.toFixed(0)} | ${r.lastSocket.toFixed(0)} | ${r.done.toFixed(0)} | ${r.delivered} | ${r.cpu.toFixed(0)} |`),
      "",
      "**Conditions**",
      `- machine: ${machine()}; load average (1/5/15 min) at the start ${loadAtStart.map((l) => l.toFixed(2)).join(" / ")}, at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (other helpers' work shares the machine).`,
      `- app: started as \`npm start\` starts it (Miniflare: local workerd, local D1, local queues); ${COMPANIES} companies made through the API, each a real CompanyHub woken by its publish (the first run also creates each hub's database: "hubs cold"); only the last company has a connected user.`,
      `- each run: POST /api/announcements for the ${COMPANIES} companies; the request only counts them, records the delivery and enqueues the first job; the FANOUT consumer then publishes to 100 hubs at a time in parallel and enqueues the next job (ADR 0029). "delivery done" is when GET /api/announcements/:id/delivery (polled every 50 ms) says done; "last company's socket" is when the only connected socket, in the company with the highest id (the last batch), had the event.`,
      "- locally all hubs, the worker and the queue share one workerd process and thread; in production each hub runs on its own and the queue's consumers scale out.",
      "- reading the figures: the chain of jobs (100 companies each) is sequential, and each job waits for the queue's `max_batch_timeout` (1 s in wrangler.toml) before it runs, so about a second per batch of the total is that wait; the rest is waking and publishing to the hubs. Enqueueing all batches at once (ADR 0029's consequence) would let them run in parallel.",
    ].join("\n");
    console.log(`\n${md}`);
    writeResultsSection("announcementFanout", md);
  } finally {
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
