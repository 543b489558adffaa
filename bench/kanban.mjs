// The kanban board's first load with 2,000 open tickets (issues 13 and 21), against the app as `npm start` starts it (a
// fresh demo; Miniflare: local workerd, D1 and Durable Objects). The demo's customer company gets 2,000 more contacts, each with
// an open or pending ticket over its three queues, 60 % of them in one of its three kanban lanes. Measures:
//   - GET /api/ticket/kanban (the first page of every lane) as the admin (every ticket) and as an agent (her two
//     queues): time over loopback (the edge's hop into the company's hub included), answer size, cards sent;
//   - GET /api/ticket/kanban?lane=…&cursor=… (a lane's next page, as a lane scrolled to its end asks for it);
//   - GET /api/tags/kanban, and one card's move (PUT /api/ticket/kanban/:id) on the full board;
//   - in Chromium (the admin, desktop): /kanban from navigation to the first card painted and to every lane's
//     header, and how many cards are in the page (the lanes are virtualised).
// Runs alone (`node bench/kanban.mjs`) or from `npm run bench`; writes its section of bench/RESULTS.md.
// Environment: SKIP_BUILD=1 (use the existing build/), KANBAN_TICKETS (default 2000), KANBAN_RUNS (default 30).
import { chromium } from "playwright-core";
import { rmSync } from "node:fs";
import os from "node:os";
import { api, machine, startAppWithBulk, summarize } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const TICKETS = Number(process.env.KANBAN_TICKETS ?? 2000);
const RUNS = Number(process.env.KANBAN_RUNS ?? 30);
const BROWSER_RUNS = 5;
/** The demo's customer company (Padaria Pão Quente, company 2): its rows, seeded ones too, start at 1,000,000,001. */
const COMPANY_ID = 2;
const FIRST_ID = (COMPANY_ID - 1) * 1_000_000_000; // idRangeStart (worker/contracts/ids.ts)
const ADMIN = "admin@padaria.demo";
/** Luana: an agent of Encomendas and Entregas (2 of the 3 queues). */
const AGENT = "luana@padaria.demo";
const PASSWORD = "123456";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** 2,000 contacts with a ticket each, set-based (recursive CTEs), in that company's hub. */
async function seed(bulk) {
  const now = Date.now();
  const n = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${TICKETS})`;
  const uuid = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
  const [lanes] = await bulk(`/tenant/${COMPANY_ID}`, [`select id from tags where company_id = ${COMPANY_ID} and kanban = 1 order by id`]);
  const laneIds = lanes.map((r) => r.id);
  await bulk(`/tenant/${COMPANY_ID}`, [
    `${n} insert into contacts (company_id, name, number, created_at, updated_at)
       select ${COMPANY_ID}, 'Cliente kanban ' || i, '5511' || (900000000 + i), ${now}, ${now} from n`,
    // Open and pending over the three queues; Luana (3) and Diego (4) attend the open ones; activity spread over 3 days.
    `${n} insert into tickets (uuid, company_id, status, contact_id, user_id, queue_id, last_message, whatsapp_id, created_at, updated_at)
       select ${uuid}, ${COMPANY_ID}, case when i % 3 = 0 then 'pending' else 'open' end,
              (select id from contacts where company_id = ${COMPANY_ID} and name = 'Cliente kanban ' || i),
              case when i % 3 = 0 then null when i % 2 = 0 then ${FIRST_ID + 3} else ${FIRST_ID + 4} end, ${FIRST_ID + 1} + i % 3,
              'Olá, gostaria de saber mais sobre o pedido número ' || i || ' e o prazo de entrega.', ${FIRST_ID + 1},
              ${now} - i * 130000, ${now} - i * 130000 from n`,
    // 60 % in a lane: one of the demo's kanban tags each.
    `insert into ticket_tags (ticket_id, tag_id, created_at)
       select t.id, json_extract('${JSON.stringify(laneIds)}', '$[' || (t.id % ${laneIds.length}) || ']'), ${now}
       from tickets t join contacts c on c.id = t.contact_id
       where t.company_id = ${COMPANY_ID} and c.name like 'Cliente kanban %' and t.id % 5 < 3`,
  ]);
  const [[count]] = await bulk(`/tenant/${COMPANY_ID}`, [`select count(*) as n from tickets where company_id = ${COMPANY_ID} and status in ('open', 'pending')`]);
  return { openTickets: count.n, lanes: laneIds.length };
}

async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

async function measureApi(baseUrl, tokens, sampleTicketId) {
  const board = async (token, query = "") => {
    const res = await fetch(`${baseUrl}/api/ticket/kanban${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (!res.ok) throw new Error(`GET /api/ticket/kanban${query} → ${res.status} ${body.slice(0, 200)}`);
    const json = JSON.parse(body);
    return { bytes: body.length, cards: json.tickets.length, onBoard: json.lanes.reduce((n, l) => n + l.count, 0), lanes: json.lanes };
  };
  const out = {};
  for (const [who, token] of Object.entries({ admin: tokens.admin, agent: tokens.agent })) {
    await board(token); // warm: the hub is awake, the statement prepared
    const samples = [];
    let last;
    for (let i = 0; i < RUNS; i++) {
      const { ms, result } = await timed(() => board(token));
      samples.push(ms);
      last = result;
    }
    out[who] = { ...summarize(samples), ...last };
  }
  // The next page of the fullest lane, from where the admin's first page of it ended.
  const fullest = [...out.admin.lanes].sort((a, b) => b.count - a.count)[0];
  const laneQuery = `?lane=${fullest.laneTagId ?? "open"}&cursor=${encodeURIComponent(fullest.cursor)}`;
  const nextPages = [];
  let nextPage;
  for (let i = 0; i < RUNS; i++) {
    const { ms, result } = await timed(() => board(tokens.admin, laneQuery));
    nextPages.push(ms);
    nextPage = result;
  }
  out.nextPage = { ...summarize(nextPages), ...nextPage, laneCount: fullest.count };
  const lanes = [];
  for (let i = 0; i < RUNS; i++) lanes.push((await timed(() => api(baseUrl, "GET", "/api/tags/kanban", { token: tokens.admin }))).ms);
  out.lanes = summarize(lanes);
  const { lista } = await api(baseUrl, "GET", "/api/tags/kanban", { token: tokens.admin });
  const moves = [];
  let from; // the first move says nothing of where the card was
  for (let i = 0; i < RUNS; i++) {
    const to = i % 2 === 0 ? lista[0].id : null;
    moves.push((await timed(() => api(baseUrl, "PUT", `/api/ticket/kanban/${sampleTicketId}`, { token: tokens.admin, body: { toTagId: to, fromTagId: from } }))).ms);
    from = to;
  }
  out.move = summarize(moves);
  return out;
}

/** Installed before the page's scripts: when the first card and every lane header are in the page. */
const PROBE = () => {
  const w = window;
  w.__kanban = { firstCard: null, lanes: null };
  const check = () => {
    if (w.__kanban.firstCard === null && document.querySelector("[data-card-id]")) w.__kanban.firstCard = performance.now();
    if (w.__kanban.lanes === null && document.querySelector("[data-kanban-board] [data-lane-id] h2")) w.__kanban.lanes = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

async function measureBrowser(baseUrl) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[type="email"]').fill(ADMIN);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.addInitScript(PROBE);
    const firstCard = [];
    const lanes = [];
    let inPage = 0;
    let onBoard = 0;
    for (let i = 0; i < BROWSER_RUNS + 1; i++) {
      await page.goto(`${baseUrl}/kanban`);
      await page.waitForFunction(() => window.__kanban?.firstCard !== null, null, { timeout: 60_000 });
      const probe = await page.evaluate(() => window.__kanban);
      if (i === 0) continue; // the first visit fills the HTTP cache: the others are an agent's usual day
      firstCard.push(probe.firstCard);
      lanes.push(probe.lanes);
      inPage = await page.locator("[data-card-id]").count();
      onBoard = Number((await page.locator("h1 span").first().innerText()).replace(/\D+/g, ""));
    }
    return { firstCard: summarize(firstCard), lanes: summarize(lanes), inPage, onBoard };
  } finally {
    await browser.close();
  }
}

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1) : "–");

async function main() {
  const loadAtStart = os.loadavg()[0];
  const { app, bulk } = await startAppWithBulk();
  try {
    const seeded = await seed(bulk);
    const login = async (email) => (await api(app.baseUrl, "POST", "/api/auth/login", { body: { email, password: PASSWORD } })).token;
    const tokens = { admin: await login(ADMIN), agent: await login(AGENT) };
    const [[sample]] = await bulk(`/tenant/${COMPANY_ID}`, [`select id from tickets where company_id = ${COMPANY_ID} and status = 'open' order by id desc limit 1`]);
    const apiFigures = await measureApi(app.baseUrl, tokens, sample.id);
    // The browser logs in as the admin again: one live session per user, so the API's token is done with first.
    const browserFigures = await measureBrowser(app.baseUrl);
    const rows = [
      ["GET /api/ticket/kanban, admin: every lane's first page", apiFigures.admin, `${apiFigures.admin.cards} of ${apiFigures.admin.onBoard} cards (${apiFigures.admin.lanes.length} lanes), ${(apiFigures.admin.bytes / 1024).toFixed(0)} KiB`],
      ["GET /api/ticket/kanban, agent (2 of 3 queues): every lane's first page", apiFigures.agent, `${apiFigures.agent.cards} of ${apiFigures.agent.onBoard} cards, ${(apiFigures.agent.bytes / 1024).toFixed(0)} KiB`],
      ["GET /api/ticket/kanban?lane&cursor: a lane's next page", apiFigures.nextPage, `${apiFigures.nextPage.cards} cards of a lane of ${apiFigures.nextPage.laneCount}, ${(apiFigures.nextPage.bytes / 1024).toFixed(0)} KiB`],
      ["GET /api/tags/kanban", apiFigures.lanes, `${seeded.lanes} lanes`],
      ["PUT /api/ticket/kanban/:id (a move)", apiFigures.move, "one batch: lane tags, time in lane, history"],
      ["Chromium /kanban: first card painted", browserFigures.firstCard, "from navigation start, warm HTTP cache"],
      ["Chromium /kanban: every lane's header painted", browserFigures.lanes, `${browserFigures.inPage} of ${browserFigures.onBoard} cards in the page (lanes paged and virtualised)`],
    ];
    const table = [
      "| measure | median ms | p95 ms | max ms | runs | notes |",
      "|---|---:|---:|---:|---:|---|",
      ...rows.map(([name, s, note]) => `| ${name} | ${fmt(s.median)} | ${fmt(s.p95)} | ${fmt(s.max)} | ${s.n} | ${note} |`),
    ].join("\n");
    const markdown = `## Kanban board (bench/kanban.mjs)

The demo's customer company (Padaria Pão Quente, company 2) with ${seeded.openTickets.toLocaleString("en")} open and pending tickets (${TICKETS.toLocaleString("en")} added, 60 % of them in one of ${seeded.lanes} lanes), over 3 queues.

${table}

Conditions: ${new Date().toISOString()}, ${machine()}; 1-minute load average ${loadAtStart.toFixed(2)} at start, ${os.loadavg()[0].toFixed(2)} at the end. The app as \`npm start\` runs it (Miniflare, loopback HTTP: the times include the worker's hop into the company's hub). API times are wall times of ${RUNS} sequential requests after one warm-up; Chromium's are ${BROWSER_RUNS} visits of /kanban after a first one (desktop 1440×900, no CPU or network throttling).`;
    console.log(markdown);
    writeResultsSection("kanban", markdown);
  } finally {
    await app.stop();
    rmSync(app.stateDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
