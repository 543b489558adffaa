// Automatic assignment (issue 26 §1): 1,000 tickets wait in a round-robin queue of the demo's customer company (the
// Padaria, company 2) when its 20 agents (capacity 50 each) come online at once, each by opening the app's websocket as
// a browser tab does. Coming online queues a pass of assignment in the company's hub (hub/presence.ts →
// domain/assignment/scheduleAssignment.ts); each pass gives the waiting tickets to whoever has room, as the system's
// acceptance of each (history row, events, webhook). Measures the time from the first socket's request to the last
// ticket assigned, the assignments per second, and the spread (tickets per agent). Runs alone (`node bench/assignment.mjs`)
// or from `npm run bench`; writes its section of bench/RESULTS.md. Environment: SKIP_BUILD=1 (use the existing build/),
// ASSIGN_TICKETS (default 1000), ASSIGN_AGENTS (default 20), ASSIGN_CAPACITY (default 50).
import { rmSync } from "node:fs";
import os from "node:os";
import { api, machine, startAppWithBulk } from "./lib/app.mjs";
import { openSockets } from "./lib/sockets.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const TICKETS = Number(process.env.ASSIGN_TICKETS ?? 1000);
const AGENTS = Number(process.env.ASSIGN_AGENTS ?? 20);
const CAPACITY = Number(process.env.ASSIGN_CAPACITY ?? 50);
/** The demo's customer company (Padaria Pão Quente, company 2): its rows, seeded ones too, start at 1,000,000,001. */
const COMPANY_ID = 2;
const FIRST_ID = (COMPANY_ID - 1) * 1_000_000_000;
const CONNECTION_ID = FIRST_ID + 1;
const ADMIN = { email: "admin@padaria.demo", password: "123456" };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const agentEmail = (i) => `bench-agent-${i}@padaria.demo`;

/**
 * The agents (offline, in the bench's queue only, capacity CAPACITY; the admin's password) with their login index, and
 * TICKETS contacts each with a ticket waiting in the queue, oldest first, set-based in the company's hub. Through the
 * bulk path: the plan's user limit is the product's, not this measure's.
 */
async function seed(bulk, queueId) {
  const now = Date.now();
  const n = (count) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`;
  const uuid = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
  const [, agents] = await bulk(`/tenant/${COMPANY_ID}`, [
    `${n(AGENTS)} insert into users (company_id, name, email, password_hash, profile, max_open_tickets, created_at, updated_at)
       select ${COMPANY_ID}, 'Agente ' || i, 'bench-agent-' || i || '@padaria.demo',
              (select password_hash from users where email = '${ADMIN.email}'), 'user', ${CAPACITY}, ${now}, ${now} from n`,
    `select id, email from users where company_id = ${COMPANY_ID} and email like 'bench-agent-%' order by id`,
  ]);
  await bulk(`/tenant/${COMPANY_ID}`, [
    `insert into user_queues (user_id, queue_id, created_at) select id, ${queueId}, ${now} from users where company_id = ${COMPANY_ID} and email like 'bench-agent-%'`,
    `${n(TICKETS)} insert into contacts (company_id, name, number, created_at, updated_at)
       select ${COMPANY_ID}, 'Cliente fila ' || i, '5511' || (800000000 + i), ${now}, ${now} from n`,
    `${n(TICKETS)} insert into tickets (uuid, company_id, status, contact_id, queue_id, last_message, whatsapp_id, created_at, updated_at)
       select ${uuid}, ${COMPANY_ID}, 'pending', (select id from contacts where company_id = ${COMPANY_ID} and name = 'Cliente fila ' || i), ${queueId},
              'Olá, preciso de ajuda com o pedido ' || i, ${CONNECTION_ID}, ${now} - (${TICKETS} - i) * 1000, ${now} - (${TICKETS} - i) * 1000 from n`,
  ]);
  await bulk("/control", agents.map((a) => `insert into login_emails (email, company_id, user_id) values ('${a.email}', ${COMPANY_ID}, ${a.id})`));
  return agents;
}

async function main() {
  const { app, bulk } = await startAppWithBulk();
  const sockets = [];
  try {
    const { token } = await api(app.baseUrl, "POST", "/api/auth/login", { body: ADMIN });
    const queue = await api(app.baseUrl, "POST", "/api/queue", { token, body: { name: "Distribuição (bench)", color: "#0f766e", assignmentMode: "roundRobin" } });
    const agents = await seed(bulk, queue.id);
    // The seeded rows skipped the verbs: the hub reads its queues with assignment again when a queue changes.
    await api(app.baseUrl, "PUT", `/api/queue/${queue.id}`, { token, body: { assignmentMode: "roundRobin" } });
    const tokens = [];
    for (let i = 1; i <= AGENTS; i++) tokens.push((await api(app.baseUrl, "POST", "/api/auth/login", { body: { email: agentEmail(i), password: ADMIN.password } })).token);
    const count = async () => {
      const [[row]] = await bulk(`/tenant/${COMPANY_ID}`, [`select count(*) as n from tickets where company_id = ${COMPANY_ID} and queue_id = ${queue.id} and status = 'open'`]);
      return row.n;
    };
    if ((await count()) !== 0) throw new Error("tickets were assigned before any agent came online");

    const wsUrl = app.baseUrl.replace(/^http/, "ws") + "/api/ws?token=";
    const started = performance.now();
    // Every agent's tab at once (the first 50 sockets open together: all 20).
    const opening = openSockets(wsUrl, (i) => encodeURIComponent(tokens[i]), AGENTS, false);
    const expected = Math.min(TICKETS, AGENTS * CAPACITY);
    let assigned = 0;
    let firstAt = null;
    while (assigned < expected) {
      assigned = await count();
      if (assigned > 0 && firstAt === null) firstAt = performance.now() - started;
      if (performance.now() - started > 120_000) throw new Error(`only ${assigned} of ${expected} assigned after 120 s`);
      if (assigned < expected) await sleep(20);
    }
    const allMs = performance.now() - started;
    sockets.push(...(await opening));

    const [perAgent, twice, history, passes] = await bulk(`/tenant/${COMPANY_ID}`, [
      `select u.id, count(t.id) as n from users u left join tickets t on t.user_id = u.id and t.status = 'open' where u.company_id = ${COMPANY_ID} and u.email like 'bench-agent-%' group by u.id`,
      `select count(*) as n from (select ticket_id from ticket_trackings where company_id = ${COMPANY_ID} and action = 'autoAssign' group by ticket_id having count(*) > 1)`,
      `select count(*) as n from ticket_trackings where company_id = ${COMPANY_ID} and action = 'autoAssign'`,
      // A pass writes its rows with one clock: how many passes did the assigning.
      `select count(distinct created_at) as n from ticket_trackings where company_id = ${COMPANY_ID} and action = 'autoAssign'`,
    ]);
    const counts = perAgent.map((r) => r.n);
    const spread = { min: Math.min(...counts), max: Math.max(...counts) };
    const rate = expected / (allMs / 1000);
    console.log({ agents: agents.length, assigned, firstMs: Math.round(firstAt), allMs: Math.round(allMs), rate: Math.round(rate), spread, twice: twice[0].n, history: history[0].n, passes: passes[0].n });
    if (twice[0].n !== 0 || spread.max > CAPACITY || history[0].n !== expected) throw new Error("an assignment was wrong: a ticket given twice, an agent over capacity or a history row missing");

    const markdown = [
      "## Automatic assignment",
      "",
      `Run ${new Date().toISOString()} on ${machine()}; \`npm start\`'s app (Miniflare) with the demo. The Padaria (company 2)`,
      `gets a round-robin queue with ${TICKETS.toLocaleString("en")} tickets waiting (pending, nobody's, oldest first) and ${AGENTS} agents in it`,
      `(capacity ${CAPACITY} each, offline), seeded through the local bulk path. The ${AGENTS} agents then come online at once, each by`,
      "opening the app's websocket as a tab does: each coming online queues a pass of assignment in the company's hub",
      "(passes of the same scope waiting their turn are one), and each pass gives every waiting ticket it can as the system's",
      "acceptance (one history row `autoAssign` per ticket, the list's and the agent's events). Assigned tickets counted by",
      "polling the hub's SQLite every 20 ms through the bulk path; the busy hub answers a poll between its turns, so the",
      `count is seen late and coarse (the first poll that saw any assigned saw ${assigned === expected && firstAt !== null && Math.round(firstAt) === Math.round(allMs) ? "all of them" : "some"}): the time is an upper bound.`,
      "",
      "| measure | value |",
      "|---|---|",
      `| first socket's request → all ${expected.toLocaleString("en")} assigned | ${Math.round(allMs)} ms |`,
      `| assignments per second (over the whole) | ${Math.round(rate)} |`,
      `| passes that assigned tickets | ${passes[0].n} |`,
      `| spread: tickets per agent (min / max) | ${spread.min} / ${spread.max} |`,
      `| tickets assigned twice; agents over capacity | ${twice[0].n}; ${counts.filter((c) => c > CAPACITY).length} |`,
      "",
      `Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (the machine is shared).`,
    ].join("\n");
    writeResultsSection("Automatic assignment", markdown);
    console.log(markdown);
  } finally {
    for (const s of sockets) s.ws.close();
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
