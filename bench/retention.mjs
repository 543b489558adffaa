// Retention at scale (issue 28): a company that signed up holds 100,000 closed tickets older than its retention period,
// with their messages (some with media), plus open tickets its agents work on. The bench measures the inbox's open tab
// (GET /api/tickets?status=open&showAll=true, the admin's, one request every PACE_MS) while nothing runs (quiet), then
// sets `retentionDays` to 30 as the admin does (PUT /api/settings/retentionDays), which re-arms the company's hub
// alarm: its due work `retention` (worker/hub/dueWork.ts → worker/domain/privacy/applyRetention.ts) anonymises every
// old ticket in slices while the tab goes on being measured, until the last old ticket is blank; then the tab quiet
// again. Quiet figures are the rounds before and after (so a drift of the busy machine falls on both sides).
// Target: the tab's p99 under retention within 20 % of its quiet p99.
// Seeding goes through the local bulk path (as bench/inbox.mjs): the company signs up by the API, its queue by the
// API, then the connection and every tenant row set-based (INSERT … SELECT over recursive CTEs) in its hub.
// Runs alone (`node bench/retention.mjs`) or from `npm run bench`; writes its section of bench/RESULTS.md.
// Environment: SKIP_BUILD=1 (use the existing build/), RETENTION_TICKETS (old closed tickets, default 100000),
// RETENTION_MESSAGES (messages per old ticket, default 5), RETENTION_TIMEOUT_MS (default 60 min for the retention).
import os from "node:os";
import { api, intEnv, machine, percentile, startAppWithBulk, summarize } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const OLD_TICKETS = intEnv("RETENTION_TICKETS", 100_000);
const PER_TICKET = intEnv("RETENTION_MESSAGES", 5);
const OPEN_TICKETS = 500;
const CONTACTS = Math.max(1000, OLD_TICKETS / 10);
const MEDIA_EVERY = 10; // one old ticket in 10 holds a photo (its R2 key; the file itself is not stored)
const RETENTION_DAYS = 30;
const OLD_FROM_DAYS = 60; // old tickets were last updated between 60 and 60 + 90 days ago
const OLD_SPAN_DAYS = 90;
const MSG_STATEMENT = 100_000;
const WARMUP = 10;
const QUIET_REQUESTS = 300;
const PACE_MS = 50;
const POLL_MS = 2000;
const TIMEOUT_MS = intEnv("RETENTION_TIMEOUT_MS", 60 * 60_000);
const PASSWORD = "Bench-pass-1";
const TARGET_FACTOR = 1.2;
const DAY = 86_400_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (msg) => console.log(`[retention] ${msg}`);
const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 2 : 1) : "–");
const n = (x) => x.toLocaleString("en");
const sql = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** A word list picked by substr (fixed width), so message bodies vary and the full-text index has real postings. */
const WORDS = `pedido entrega produto preço valor pagamento boleto pix cartão parcela nota fiscal prazo frete endereço número
código rastreio atendimento cliente problema dúvida informação horário amanhã hoje ontem semana chegou enviar troca
devolução reembolso cancelar confirmar aguardo retorno ajuda preciso gostaria saber verificar loja site senha conta
cadastro telefone mensagem foto comprovante desconto promoção cupom estoque tamanho modelo garantia defeito visita`
  .split(/\s+/)
  .filter(Boolean);
const WIDTH = 12;
const VOCAB = WORDS.map((w) => w.padEnd(WIDTH, " ")).join("");
const word = (expr) => `rtrim(substr(v.words, ((${expr}) % ${WORDS.length}) * ${WIDTH} + 1, ${WIDTH}))`;
const body = (k) => `'Olá, sobre o ' || ${word(`${k} * 7`)} || ' ' || ${word(`${k} * 13 + 3`)} || ' do cliente ' || c.name || ': ' || ${word(`${k} * 31 + 5`)} || ' ' || ${word(`${k} * 17 + 11`)}`;

async function signUp(baseUrl) {
  const stamp = Date.now();
  const sup = await api(baseUrl, "POST", "/api/auth/login", { body: { email: "admin@admin.com", password: "123456" } });
  for (const key of ["viewregister", "allowregister"]) await api(baseUrl, "PUT", `/api/settings/${key}`, { token: sup.token, body: { value: "enabled" } });
  const plans = await api(baseUrl, "GET", "/api/plans/list");
  const plan = plans.find((p) => p.queues >= 1 && p.connections >= 1);
  if (!plan) throw new Error(`no public plan with a queue and a connection: ${JSON.stringify(plans)}`);
  const email = `retention-${stamp}@bench.dev`;
  await api(baseUrl, "POST", "/api/companies/cadastro", {
    body: { name: `Retenção bench ${stamp}`, ownerName: "Dona Retenção", email, password: PASSWORD, planId: String(plan.id) },
  });
  const admin = await api(baseUrl, "POST", "/api/auth/login", { body: { email, password: PASSWORD } });
  return { companyId: admin.user.companyId, adminId: admin.user.id, token: admin.token, email };
}

async function seed(bulk, company, queueId) {
  const { companyId, adminId } = company;
  const tenant = `/tenant/${companyId}`;
  const now = Date.now();
  const timings = [];
  const step = async (name, target, statements) => {
    const t0 = performance.now();
    const out = await bulk(target, statements);
    timings.push({ name, ms: performance.now() - t0 });
    log(`seed: ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return out;
  };
  const made = await step("connection", tenant, [
    `INSERT INTO whatsapps (company_id, name, number, status, is_default, session, provider, created_at, updated_at)
VALUES (${companyId}, 'Retenção bench', '5511999990077', 'CONNECTED', 1, 'bench', 'beta', ${now}, ${now})`,
    `SELECT id, name, status FROM whatsapps WHERE company_id = ${companyId} AND is_default = 1`,
  ]);
  const wa = made[1][0];
  await step("the connection's route (control)", "/control", [
    `INSERT INTO connection_routes (whatsapp_id, company_id, name, status, token_hash) VALUES (${wa.id}, ${companyId}, ${sql(wa.name)}, ${sql(wa.status)}, NULL)`,
  ]);
  await step(`${n(CONTACTS)} contacts`, tenant, [
    `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ${CONTACTS - 1})
INSERT INTO contacts (company_id, name, number, email, profile_pic_url, is_group, disable_bot, active, presence, last_interaction_at, created_at, updated_at)
SELECT ${companyId}, 'Cliente ' || i, '55119' || printf('%08d', i), '', '', 0, 0, 1, 'available', ${now}, ${now - 200 * DAY}, ${now} FROM seq`,
  ]);
  const [[c]] = await bulk(tenant, [`SELECT min(id) AS lo, count(*) AS n FROM contacts WHERE company_id = ${companyId}`]);
  // Old closed tickets: ticket j last updated OLD_FROM_DAYS + (OLD_TICKETS - j) * span / OLD_TICKETS days ago (j = 0 the
  // oldest); then the open ones, today, the admin's.
  const spanStep = Math.floor((OLD_SPAN_DAYS * DAY) / OLD_TICKETS);
  const oldest = now - (OLD_FROM_DAYS + OLD_SPAN_DAYS) * DAY;
  const ticketCols = `uuid, company_id, status, contact_id, whatsapp_id, user_id, queue_id, last_message, unread_messages, is_group,
  chatbot, amount_used_bot_queues, use_integration, typebot_status, from_me, created_at, updated_at`;
  await step(`${n(OLD_TICKETS)} old closed tickets`, tenant, [
    `WITH RECURSIVE seq(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM seq WHERE j < ${OLD_TICKETS - 1}), v(words) AS (SELECT ${sql(VOCAB)})
INSERT INTO tickets (${ticketCols})
SELECT printf('%08x-0000-4000-8000-%012x', ${companyId}, j), ${companyId}, 'closed', ${c.lo} + j % ${CONTACTS}, ${wa.id}, ${adminId}, ${queueId},
  'Obrigado pelo ' || ${word("j")}, 0, 0, 0, 0, 0, 0, 1, ${oldest} + j * ${spanStep} - ${PER_TICKET} * 60000, ${oldest} + j * ${spanStep}
FROM seq CROSS JOIN v`,
  ]);
  const [[t]] = await bulk(tenant, [`SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM tickets WHERE company_id = ${companyId}`]);
  if (t.n !== OLD_TICKETS || t.hi - t.lo + 1 !== t.n) throw new Error(`ticket ids are not contiguous: ${JSON.stringify(t)}`);
  await step(`${n(OPEN_TICKETS)} open tickets`, tenant, [
    `WITH RECURSIVE seq(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM seq WHERE j < ${OPEN_TICKETS - 1}), v(words) AS (SELECT ${sql(VOCAB)})
INSERT INTO tickets (${ticketCols})
SELECT printf('%08x-0000-4000-9000-%012x', ${companyId}, j), ${companyId}, 'open', ${c.lo} + j % ${CONTACTS}, ${wa.id}, ${adminId}, ${queueId},
  'Quero saber do ' || ${word("j")}, j % 3, 0, 0, 0, 0, 0, 0, ${now} - j * 60000 - 3600000, ${now} - j * 60000
FROM seq CROSS JOIN v`,
  ]);
  // Message m of old ticket m / PER_TICKET: even ones the contact's, odd ones the admin's answers; the first message of
  // every MEDIA_EVERY-th ticket a photo.
  const total = OLD_TICKETS * PER_TICKET;
  const mediaKey = (m) => `'companies/${companyId}/messages/bench/' || (${m}) || '.jpg'`;
  for (let from = 0; from < total; from += MSG_STATEMENT) {
    const to = Math.min(total, from + MSG_STATEMENT);
    await step(`messages ${n(from)}–${n(to)}`, tenant, [
      `WITH RECURSIVE seq(m) AS (SELECT ${from} UNION ALL SELECT m + 1 FROM seq WHERE m < ${to - 1}), v(words) AS (SELECT ${sql(VOCAB)})
INSERT INTO messages (wid, company_id, ticket_id, contact_id, body, from_me, read, media_type, media_url, media_name, ack, is_deleted, is_edited,
  is_forwarded, is_private, sent_by_bot, queue_id, user_id, data_json, created_at, updated_at)
SELECT printf('RET%010d', m), ${companyId}, t.id, t.contact_id, ${body("m")}, m % 2, 1,
  CASE WHEN m % ${PER_TICKET} = 0 AND (m / ${PER_TICKET}) % ${MEDIA_EVERY} = 0 THEN 'image' ELSE 'chat' END,
  CASE WHEN m % ${PER_TICKET} = 0 AND (m / ${PER_TICKET}) % ${MEDIA_EVERY} = 0 THEN ${mediaKey("m")} END,
  CASE WHEN m % ${PER_TICKET} = 0 AND (m / ${PER_TICKET}) % ${MEDIA_EVERY} = 0 THEN 'foto-' || m || '.jpg' END,
  CASE WHEN m % 2 = 1 THEN 3 ELSE 0 END, 0, 0, 0, 0, 0, ${queueId}, CASE WHEN m % 2 = 1 THEN ${adminId} END,
  CASE WHEN m % 2 = 0 THEN '{"from":"' || c.number || '"}' END,
  t.updated_at - (${PER_TICKET} - m % ${PER_TICKET}) * 60000, t.updated_at - (${PER_TICKET} - m % ${PER_TICKET}) * 60000
FROM seq CROSS JOIN v JOIN tickets t ON t.id = ${t.lo} + m / ${PER_TICKET} JOIN contacts c ON c.id = t.contact_id`,
    ]);
  }
  await step("ANALYZE", tenant, ["ANALYZE"]);
  // The newest old ticket: retention walks (updated_at, id), so it is the last one it anonymises.
  return { firstTicket: t.lo, lastOldTicket: t.hi, timings, messages: total, media: Math.ceil(OLD_TICKETS / MEDIA_EVERY) };
}

async function timedFetch(baseUrl, pathName, token) {
  const started = performance.now();
  const res = await fetch(baseUrl + pathName, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${pathName} → ${res.status} ${text.slice(0, 300)}`);
  return performance.now() - started;
}

const TAB = "/api/tickets?status=open&showAll=true";

/** The open tab, one request every PACE_MS, `count` requests or until `until()` says so. */
async function paced(baseUrl, token, { count = Infinity, until = () => false } = {}) {
  const samples = [];
  while (samples.length < count && !until()) {
    const ms = await timedFetch(baseUrl, TAB, token);
    samples.push(ms);
    await sleep(Math.max(0, PACE_MS - ms));
  }
  return samples;
}

async function main() {
  const started = Date.now();
  const { app, bulk } = await startAppWithBulk();
  try {
    const company = await signUp(app.baseUrl);
    log(`company ${company.companyId} signed up`);
    const queue = await api(app.baseUrl, "POST", "/api/queue", { token: company.token, body: { name: "Atendimento", color: "#0EA5E9" } });
    const seedStarted = performance.now();
    const seeded = await seed(bulk, company, queue.id);
    const seedMs = performance.now() - seedStarted;
    const tenant = `/tenant/${company.companyId}`;
    const remaining = async () =>
      (await bulk(tenant, [`SELECT count(*) AS n FROM tickets WHERE company_id = ${company.companyId} AND status = 'closed' AND last_message <> ''`]))[0][0].n;
    const lastDone = async () => (await bulk(tenant, [`SELECT last_message AS m FROM tickets WHERE id = ${seeded.lastOldTicket}`]))[0][0].m === "";

    for (let i = 0; i < WARMUP; i++) await timedFetch(app.baseUrl, TAB, company.token);
    log(`load average ${os.loadavg()[0].toFixed(2)}: quiet round`);
    const quietBefore = await paced(app.baseUrl, company.token, { count: QUIET_REQUESTS });

    // Retention on, as the admin sets it; the hub's alarm runs it from now on.
    let done = false;
    const t0 = performance.now();
    await api(app.baseUrl, "PUT", "/api/settings/retentionDays", { token: company.token, body: { value: String(RETENTION_DAYS) } });
    const watcher = (async () => {
      while (!done) {
        await sleep(POLL_MS);
        if (performance.now() - t0 > TIMEOUT_MS) throw new Error(`retention not done after ${TIMEOUT_MS / 60_000} min`);
        if (await lastDone()) done = true;
      }
    })();
    const during = await paced(app.baseUrl, company.token, { until: () => done });
    await watcher;
    const retentionMs = performance.now() - t0;
    log(`retention done in ${(retentionMs / 1000).toFixed(1)} s; quiet round again`);
    const quietAfter = await paced(app.baseUrl, company.token, { count: QUIET_REQUESTS });

    // Everything old is blank, nothing recent touched.
    const [[check]] = await bulk(tenant, [
      `SELECT (SELECT count(*) FROM tickets WHERE company_id = ${company.companyId} AND status = 'closed' AND last_message <> '') AS oldWithText,
  (SELECT count(*) FROM messages WHERE company_id = ${company.companyId} AND (body <> '' OR media_url IS NOT NULL OR data_json IS NOT NULL)) AS messagesWithText,
  (SELECT count(*) FROM messages WHERE company_id = ${company.companyId} AND is_deleted = 1) AS blanked,
  (SELECT count(*) FROM tickets WHERE company_id = ${company.companyId} AND status = 'open' AND last_message <> '') AS openKept,
  (SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'cliente') AS ftsHits`,
    ]);
    if (check.oldWithText !== 0 || check.messagesWithText !== 0 || check.ftsHits !== 0) throw new Error(`retention left text behind: ${JSON.stringify(check)}`);
    if (check.openKept !== OPEN_TICKETS) throw new Error(`retention touched open tickets: ${JSON.stringify(check)}`);
    void remaining;

    const quiet = summarize([...quietBefore, ...quietAfter]);
    const load = summarize(during);
    const ratio = load.p99 / quiet.p99;
    const perSecond = OLD_TICKETS / (retentionMs / 1000);
    const errors = app.log().split("\n").filter((l) => /retention failed|\berror\b/i.test(l) && !/0 error/.test(l)).slice(0, 5);
    const row = (label, s) => `| ${label} | ${s.n} | ${fmt(s.median)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${fmt(s.max)} |`;
    const report = `## Retention: 100,000 old tickets anonymised while the inbox works (bench/retention.mjs) — ${new Date().toISOString()}

The inbox's open tab (\`GET ${TAB}\`, the admin's) quiet and while the hub's alarm runs retention over every old closed
ticket (issue 28; \`worker/domain/privacy/applyRetention.ts\`). Target: p99 under retention within 20 % of quiet.

| tab (ms) | requests | median | p95 | p99 | max |
| --- | ---: | ---: | ---: | ---: | ---: |
${row("quiet (before and after)", quiet)}
${row("quiet, before", summarize(quietBefore))}
${row("quiet, after", summarize(quietAfter))}
${row("during retention", load)}

- **p99 during retention / quiet p99: ${ratio.toFixed(2)}** (target ≤ ${TARGET_FACTOR}: ${ratio <= TARGET_FACTOR ? "met" : "NOT met"}); median ratio ${(load.median / quiet.median).toFixed(2)}.
- retention: **${n(OLD_TICKETS)} tickets in ${(retentionMs / 1000).toFixed(1)} s = ${n(Math.round(perSecond))} tickets/s** (${n(seeded.messages)} messages blanked, ${n(seeded.media)} media keys removed), from the admin's PUT of \`retentionDays\` = ${RETENTION_DAYS} to the newest old ticket found blank (polled every ${POLL_MS / 1000} s through the bulk port); afterwards ${n(check.blanked)} messages marked deleted, 0 with text or media left, 0 full-text hits for a word every message had, the ${n(OPEN_TICKETS)} open tickets untouched. ${errors.length} error lines in the app's log${errors.length ? `: ${errors.join(" / ")}` : ""}.
- data: one company that signed up (POST /api/companies/cadastro), ${n(CONTACTS)} contacts, ${n(OLD_TICKETS)} closed tickets last changed ${OLD_FROM_DAYS}–${OLD_FROM_DAYS + OLD_SPAN_DAYS} days ago with ${PER_TICKET} messages each (${n(seeded.messages)}; one ticket in ${MEDIA_EVERY} with a photo's R2 key, the raw payload on the contact's messages), ${n(OPEN_TICKETS)} open tickets of today; seeded in ${(seedMs / 1000).toFixed(1)} s through the local bulk path (set-based INSERT … SELECT, the FTS5 triggers indexing as rows go in, then ANALYZE).
- tab: ${WARMUP} warm-up requests, then one request every ${PACE_MS} ms: ${QUIET_REQUESTS} quiet, all through retention, ${QUIET_REQUESTS} quiet again.
- conditions: ${machine()}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} at the end (the machine is shared: other work ran beside this bench); the app as \`npm start\` runs it (Miniflare: the worker and the hubs on one workerd thread), local cron off; the whole bench took ${((Date.now() - started) / 60_000).toFixed(1)} min.`;
    console.log(`\n${report}\n`);
    writeResultsSection("retention", report);
  } finally {
    await app.stop();
    void percentile;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
