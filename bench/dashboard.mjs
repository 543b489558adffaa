// The dashboard over the inbox benchmark's company (bench/inbox.mjs's company A and its seeding: 100,000 tickets,
// 10,000 contacts, 1,000,000 messages over 90 days) with each ticket's history: a create (pending), an accept by its
// agent (open and closed tickets), a close (closed ones), ratings on a third of the closed ones. The history goes in
// through ticket_trackings, so the triggers of ADR 0024 build the service episodes as they do in the app; first
// responses are matched as the migration's backfill does (the messages went in before the history).
// Measures GET /api/dashboard for 30 and 90 days, ticketsDay and the reports' first page for 90 days, as the company's
// admin: median and p95. INBOX_TICKETS=10000 makes a quick, smaller run.
import os from "node:os";
import { api, machine, summarize } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";
import { createCompany, PASSWORD, seed, SIZES, startWithBulk } from "./inbox.mjs";

const WARMUP = 5;
const RUNS = 50;
const TARGET_MS = 50;
const log = (msg) => console.log(`[dashboard] ${msg}`);

/** The history of every ticket of the company, in order (create, then accept, then close), and ratings. */
function historySql(companyId) {
  const cols = `company_id, ticket_id, action, from_status, to_status, from_user_id, to_user_id, from_queue_id, to_queue_id,
  by_user_id, whatsapp_id, rated, rating_at, started_at, queued_at, finished_at, created_at`;
  const acceptAt = `t.created_at + 20000 + (t.id % 7) * 5000`;
  const closeAt = `t.created_at + 540000 + (t.id % 11) * 60000`;
  return [
    `INSERT INTO ticket_trackings (${cols})
SELECT ${companyId}, t.id, 'create', NULL, 'pending', NULL, NULL, NULL, t.queue_id, NULL, t.whatsapp_id, 0, NULL, NULL, t.created_at, NULL, t.created_at
FROM tickets t WHERE t.company_id = ${companyId} ORDER BY t.id`,
    `INSERT INTO ticket_trackings (${cols})
SELECT ${companyId}, t.id, 'accept', 'pending', 'open', NULL, t.user_id, t.queue_id, t.queue_id, t.user_id, t.whatsapp_id, 0, NULL, ${acceptAt}, NULL, NULL, ${acceptAt}
FROM tickets t WHERE t.company_id = ${companyId} AND t.user_id IS NOT NULL ORDER BY t.id`,
    `INSERT INTO ticket_trackings (${cols})
SELECT ${companyId}, t.id, 'close', 'open', 'closed', t.user_id, t.user_id, t.queue_id, t.queue_id, t.user_id, t.whatsapp_id, 0, NULL, NULL, NULL, ${closeAt}, ${closeAt}
FROM tickets t WHERE t.company_id = ${companyId} AND t.status = 'closed' ORDER BY t.id`,
    // The migration's backfill of first responses (the messages were seeded before the history).
    `UPDATE ticket_service_periods AS p SET (first_response_at, first_response_user_id) = (
  SELECT m.created_at, m.user_id FROM messages m
  WHERE m.ticket_id = p.ticket_id AND m.from_me = 1 AND m.sent_by_bot = 0 AND m.is_private = 0 AND m.user_id IS NOT NULL
    AND m.created_at >= p.started_at AND (p.finished_at IS NULL OR m.created_at <= p.finished_at)
  ORDER BY m.created_at LIMIT 1) WHERE p.company_id = ${companyId}`,
    // Half the closed tickets were asked for a rating; two thirds of those answered (1–3).
    `UPDATE ticket_service_periods SET rating_asked_at = finished_at WHERE company_id = ${companyId} AND finished_at IS NOT NULL AND ticket_id % 2 = 0`,
    `INSERT INTO user_ratings (company_id, ticket_id, user_id, rate, created_at)
SELECT ${companyId}, p.ticket_id, p.user_id, 1 + p.ticket_id % 3, p.finished_at + 60000 FROM ticket_service_periods p
WHERE p.company_id = ${companyId} AND p.rating_asked_at IS NOT NULL AND p.ticket_id % 3 <> 0`,
    "ANALYZE",
  ];
}

async function timed(baseUrl, pathName, token) {
  for (let i = 0; i < WARMUP; i++) await api(baseUrl, "GET", pathName, { token });
  const samples = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(baseUrl + pathName, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    samples.push(performance.now() - t0);
    if (!res.ok) throw new Error(`GET ${pathName} → ${res.status} ${body.slice(0, 200)}`);
    bytes = body.length;
  }
  return { ...summarize(samples), bytes };
}

async function main() {
  const started = new Date();
  const load = os.loadavg()[0];
  log("starting the app with its bulk port…");
  const { app, bulk, bulkUrl } = await startWithBulk({ skipBuild: process.env.SKIP_BUILD === "1" });
  try {
    const A = await createCompany(app.baseUrl, { label: "A", agents: SIZES.A.agents });
    log(`company ${A.companyId}: seeding ${SIZES.A.tickets.toLocaleString("en")} tickets and their messages…`);
    const seeded = await seed(bulk, bulkUrl, A, { tickets: SIZES.A.tickets });
    const t0 = performance.now();
    await bulk(`/tenant/${A.companyId}`, historySql(A.companyId));
    const historyMs = performance.now() - t0;
    const [facts] = (
      await bulk(`/tenant/${A.companyId}`, [
        `SELECT (SELECT count(*) FROM ticket_trackings WHERE company_id = ${A.companyId}) AS trackings,
  (SELECT count(*) FROM ticket_service_periods WHERE company_id = ${A.companyId}) AS episodes,
  (SELECT count(*) FROM ticket_service_periods WHERE company_id = ${A.companyId} AND finished_at IS NOT NULL) AS resolved,
  (SELECT count(*) FROM user_ratings WHERE company_id = ${A.companyId}) AS ratings,
  (SELECT count(*) FROM message_hours WHERE company_id = ${A.companyId}) AS hours`,
      ])
    )[0];
    log(`history in ${(historyMs / 1000).toFixed(1)} s: ${JSON.stringify(facts)}`);
    const admin = await api(app.baseUrl, "POST", "/api/auth/login", { body: { email: A.adminEmail, password: PASSWORD } });
    const rows = [];
    for (const [label, pathName] of [
      ["GET /api/dashboard?days=30", "/api/dashboard?days=30"],
      ["GET /api/dashboard?days=90", "/api/dashboard?days=90"],
      ["GET /api/dashboard?days=90&queueId=… (one queue)", `/api/dashboard?days=90&queueId=${seeded.queueIds[0]}`],
      ["GET /api/dashboard/ticketsDay (90 days)", "/api/dashboard/ticketsDay?days=90"],
      ["GET /api/ticket/reports (90 days, page 1)", "/api/ticket/reports?days=90"],
    ]) {
      const r = await timed(app.baseUrl, pathName, admin.token);
      log(`${label}: median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms`);
      rows.push({ label, ...r, target: label.startsWith("GET /api/dashboard?days") });
    }
    const sample = await api(app.baseUrl, "GET", "/api/dashboard?days=90", { token: admin.token });
    const fmt = (ms) => ms.toFixed(ms < 10 ? 2 : 1);
    const md = `## Dashboard over the inbox company (bench/dashboard.mjs) — ${started.toISOString()}

| measurement | median ms | p95 ms | p99 ms | target | result | answer |
|---|---:|---:|---:|---|---|---:|
${rows
  .map(
    (r) =>
      `| ${r.label} | ${fmt(r.median)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.target ? `median and p95 < ${TARGET_MS} ms` : "–"} | ${
        r.target ? (r.median < TARGET_MS && r.p95 < TARGET_MS ? "PASS" : "**MISS**") : "–"
      } | ${(r.bytes / 1024).toFixed(1)} KiB |`,
  )
  .join("\n")}

- data: bench/inbox.mjs's company A (${SIZES.A.tickets.toLocaleString("en")} tickets over 90 days, ${(SIZES.A.tickets / 10).toLocaleString("en")} contacts, ${(SIZES.A.tickets * 10).toLocaleString("en")} messages, ${SIZES.A.agents} agents, 3 queues), seeded through the local bulk path, plus each ticket's history through \`ticket_trackings\` (the triggers of ADR 0024 build the episodes): ${JSON.stringify(facts)}; the history took ${(historyMs / 1000).toFixed(1)} s to write.
- the 90-day answer: ${sample.supportFinished.toLocaleString("en")} resolved, ${sample.created.toLocaleString("en")} started, ${sample.attendants.length} attendants, ${sample.series.days.length} days, wait ${sample.avgWaitTime} / ${sample.medianWaitTime} min (avg / median), first response ${sample.avgFirstResponseTime} min, CSAT ${sample.ratings.csat}% of ${sample.ratings.answered.toLocaleString("en")} answers.
- requests: Node fetch on loopback, sequential, as the company's admin (bearer token), ${WARMUP} warm-up + ${RUNS} timed each, to the last byte of the body; the app as \`npm start\` runs it (Miniflare, one workerd process).
- machine: ${machine()}; load average ${load.toFixed(2)} at the start (other work shared the machine).
`;
    writeResultsSection("dashboard", md);
    log("written to bench/RESULTS.md");
  } finally {
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
