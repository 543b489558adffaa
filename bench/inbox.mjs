// The inbox at scale, on the company's own database (ADR 0016: each company's data in its CompanyHub's SQLite):
// one company (A) with 10,000 contacts, 100,000 tickets (10% open, 5% pending, 85% closed, over 90 days, 3 queues)
// and 1,000,000 messages in its hub, 50 agents; and a second, smaller company (B: a tenth of that, 5 agents).
// Measures, over HTTP against `npm start`'s app (Miniflare: local workerd, local D1 and Durable Objects):
//   - GET /api/tickets for the open, pending and closed tabs and a search for a rare word, and GET /api/messages/:id;
//   - the same search as FTS5 and as a LIKE '%…%' scan, both in one sqlite3 process on the hub's database file;
//   - message send → event at the agent's socket with 50 agents connected;
//   - A's open tab while A's ticket automation (what its hub's alarm runs every minute) works, run back to back;
//   - B's open tab while A's automation works a backlog and A imports contacts (two companies at once);
//   - the hub's database size at 1M messages (bytes per message, messages under 10 GB);
//   - a hub's cold start holding 1M messages: the first request after the local worker server restarted.
// Seeding goes through the local bulk path (scripts/worker-server.mjs with ZAPDESK_BULK_PORT, scripts/lib/bulk.mjs):
// companies and users by the API, then the connection's route in the control database (`/control`) and the
// tenant rows in the company's hub (`/tenant/<id>`), set-based INSERT … SELECT over recursive CTEs.
// Runs alone (`node bench/inbox.mjs`) or from `npm run bench`; writes its section of bench/RESULTS.md, beside the
// figures the same bench had on D1 (bench/lib/d1Baseline.mjs). Needs the sqlite3 CLI (Debian: apt-get install -y
// sqlite3). Takes ~15 minutes on 2 cores, plus waits while the machine is busy.
// Environment: SKIP_BUILD=1 (use the existing build/, as npm start does), INBOX_TICKETS=10000 (smaller data for a
// quick try; contacts and messages scale with it), INBOX_MAX_LOAD (wait, at most 10 min per phase, while the 1-minute
// load average is above it; default 3), INBOX_KEEP_STATE=1 (keep the seeded state dir), INBOX_TIMEOUT_MS (default 120 min).
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import WebSocket from "ws";
import { bulkClient } from "../scripts/lib/bulk.mjs";
import { api, freePort, intEnv, startApp, summarize } from "./lib/app.mjs";
import { inboxD1 } from "./lib/d1Baseline.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(ROOT);

// ---- data and run sizes ---------------------------------------------------------------------------------------
const TICKETS = intEnv("INBOX_TICKETS", 100_000);
if (TICKETS % 1000 !== 0) throw new Error("INBOX_TICKETS must be a multiple of 1000");
const PER_TICKET = 10;
/**
 * Company A (the one measured at scale) and B (the neighbour of the two-companies phase): tickets and agents. Each
 * has a contact per 10 tickets (each contact: exactly one open ticket, half of them one pending too) and 10 messages
 * a ticket.
 */
const SIZES = {
  A: { tickets: TICKETS, agents: 50 },
  B: { tickets: Math.max(1000, Math.floor(TICKETS / 10000) * 1000), agents: 5 },
};
const PAGE_EXTRA = 40; // the ticket whose messages page is measured gets this many more (50 in all)
const QUEUES = [
  { name: "Vendas", color: "#2e7d32" },
  { name: "Suporte", color: "#1565c0" },
  { name: "Financeiro", color: "#ef6c00" },
];
const RARE = "paralelepípedo";
const RARE_HITS = 5;
const DAYS = 90;
const MSG_STATEMENT = 100_000; // messages per INSERT statement, one statement (one transaction of the hub) per call
const WARMUP = 5;
const RUNS = 50;
const SEND_WARMUP = 10;
const SENDS = 100;
const PACED_REQUESTS = 100; // per open tab (agent's own, admin's show-all) and round, interleaved
const ROUNDS = 3; // of: quiet, then under load (so 300 requests per tab for each)
const PACE_MS = 50; // one request every 50 ms, so a round spans several automation runs
const IMPORT_ROWS = 5000; // contacts per POST /api/contacts/import (its limit, MAX_IMPORT_ROWS)
const IMPORT_CALLS = 2; // so each load round imports 10,000 contacts
const IMPORT_AFTER_MS = 2000; // into the load round, so B's series has requests before, during and after it
const PROBE_EVERY_MS = 50; // B's open-loop requests during A's import
const COLD_STARTS = 10;
const SQL_RUNS = 10;
const STORAGE_LIMIT_BYTES = 10e9; // a SQLite-backed Durable Object's storage limit (10 GB)
const MAX_LOAD = Number(process.env.INBOX_MAX_LOAD ?? 3);
const TOTAL_TIMEOUT_MS = intEnv("INBOX_TIMEOUT_MS", 120 * 60_000);
const PASSWORD = "Bench-pass-1";

const TARGETS = { tabMedian: 10, searchMedian: 25, messagesMedian: 5, sendP99: 100, loadP99Factor: 2 };


// ---- vocabulary (fixed-width strings, so SQL picks word k with substr) -------------------------------------------
// Ordered roughly by frequency: the generator picks low indexes more often (a Zipf-like spread), so common words
// have long posting lists and rare ones short lists, as in real chats.
const WORDS = `de que o a não e do da é um para com uma os no se na por mais as dos como mas foi ao ele das tem à seu sua
ou ser quando muito há nos já está eu também só pelo pela até isso ela entre era depois sem mesmo aos ter seus quem nas me
esse eles estão você tinha foram essa num nem suas meu às minha têm numa pelos elas havia seja qual será nós tenho lhe
deles essas esses pelas este fosse dele tu te vocês vos lhes meus minhas teu tua teus tuas nosso nossa nossos nossas
olá bom dia boa tarde noite obrigado obrigada favor pedido entrega produto preço valor pagamento boleto pix cartão
parcela nota fiscal prazo frete endereço número código rastreio atendimento atendente cliente problema dúvida
informação horário amanhã hoje ontem semana ainda sim onde porque quanto chegou chegar enviar enviado recebi receber
troca devolução reembolso cancelar cancelamento confirmar confirmado aguardo aguardando retorno resposta ajuda preciso
gostaria saber verificar consegue pode vou vamos estou tudo bem certo perfeito claro momento minuto loja site
aplicativo senha acesso conta cadastro email telefone mensagem foto comprovante transferência desconto promoção cupom
estoque disponível tamanho cor modelo garantia defeito assistência técnica instalação visita agenda agendamento segunda
terça quarta quinta sexta sábado domingo manhã caixa correios transportadora motoboy retirada balcão casa trabalho rua
bairro cidade cep apartamento bloco portaria encomenda pacote volume quebrado errado faltando atrasado urgente rápido
demora espera fila protocolo reclamação gerente supervisor setor financeiro comercial suporte vendas orçamento proposta
contrato plano mensalidade fatura vencimento juros multa`
  .split(/\s+/)
  .filter(Boolean);
const FIRST_NAMES = `Ana Maria João José Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Luís Gabriel Rafael Daniel
Marcelo Bruno Eduardo Felipe Raimundo Rodrigo Manoel Mateus André Fernando Fábio Leonardo Gustavo Guilherme Leandro
Tiago Juliana Márcia Fernanda Patrícia Aline Sandra Camila Amanda Bruna Jéssica Letícia Júlia Luciana Vanessa Mariana
Gabriela Vera Vitória Larissa Cláudia Beatriz Rita Luana Sônia Renata Eliane Josefa Adriana Simone`
  .split(/\s+/)
  .filter(Boolean);
const SURNAMES = `Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho
Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas
Cardoso Ramos Gonçalves Santana Teixeira Araújo Pinto Correia Cavalcanti Moura Campos Monteiro Batista Azevedo Reis
Castro Barros Pires Melo Duarte`
  .split(/\s+/)
  .filter(Boolean);
const DDDS = [11, 12, 13, 15, 19, 21, 24, 27, 31, 32, 35, 41, 43, 47, 48, 51, 54, 61, 62, 65, 67, 71, 73, 79, 81, 82, 83, 84, 85, 86, 91, 92, 95, 98];
const WIDTH = 16;
const NAME_WIDTH = 12;
for (const w of WORDS) if (w.length > WIDTH || w.includes("'")) throw new Error(`word too long: ${w}`);
if (WORDS.some((w) => RARE.normalize("NFD").replace(/\p{M}/gu, "").startsWith(w.normalize("NFD").replace(/\p{M}/gu, "")) && w.length > 6)) {
  throw new Error("the rare word must not share a long prefix with the vocabulary");
}
const pad = (list, width) => list.map((w) => w.padEnd(width, " ")).join("");
const VOCAB = pad(WORDS, WIDTH);
const V = WORDS.length;
const HASH_MOD = 4294967291; // largest prime below 2^32

// ---- small helpers ----------------------------------------------------------------------------------------------
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 2 : 1) : "–");
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const log = (msg) => console.log(`[inbox] ${msg}`);
const sql = (s) => `'${String(s).replaceAll("'", "''")}'`;

async function waitForQuietMachine(why) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const [load1] = os.loadavg();
    if (load1 <= MAX_LOAD) return log(`load average ${load1.toFixed(2)} (≤ ${MAX_LOAD}): ${why}`);
    if (Date.now() > deadline) return log(`load average still ${load1.toFixed(2)} after 10 min; going on with ${why} anyway`);
    log(`load average ${load1.toFixed(2)} > ${MAX_LOAD}: waiting before ${why}`);
    await sleep(60_000);
  }
}

// ---- 1. the companies through the API -----------------------------------------------------------------------------
async function createCompany(baseUrl, { label, agents: agentCount }) {
  const stamp = Date.now();
  const sup = await api(baseUrl, "POST", "/api/auth/login", { body: { email: "admin@admin.com", password: "123456" } });
  const plan = await api(baseUrl, "POST", "/api/plans", {
    token: sup.token,
    body: { name: `Inbox bench ${label} ${stamp}`, users: agentCount + 10, connections: 1, queues: QUEUES.length, value: 0 },
  });
  const adminEmail = `inbox-${label.toLowerCase()}-admin-${stamp}@bench.dev`;
  await api(baseUrl, "POST", "/api/companies", {
    token: sup.token,
    body: { name: `Inbox bench ${label} ${stamp}`, email: adminEmail, planId: plan.id, password: PASSWORD, dueDate: "2099-12-31" },
  });
  const admin = await api(baseUrl, "POST", "/api/auth/login", { body: { email: adminEmail, password: PASSWORD } });
  const companyId = admin.user.companyId;
  const agents = [];
  for (let i = 0; i < agentCount; i++) {
    const email = `inbox-${label.toLowerCase()}-agent${String(i).padStart(2, "0")}-${stamp}@bench.dev`;
    const created = await api(baseUrl, "POST", "/api/users", {
      token: admin.token,
      body: { name: `Agente ${String(i + 1).padStart(2, "0")}`, email, password: PASSWORD, profile: "user" },
    });
    agents.push({ id: created.id ?? created.user?.id, email, queueIndex: i % QUEUES.length });
  }
  if (agents.some((a) => !Number.isInteger(a.id))) throw new Error("POST /api/users did not answer the new user's id");
  return { label, companyId, adminEmail, adminId: admin.user.id, agents };
}

// ---- 2. bulk data in SQL, in the company's hub ----------------------------------------------------------------------
// ---- 2. bulk data in SQL ------------------------------------------------------------------------------------------
/** SQL expression: word number `idx` of the vocabulary (column v.words). */
const wordAt = (idx) => `rtrim(substr(v.words, (${idx}) * ${WIDTH} + 1, ${WIDTH}))`;
/** SQL expression: a Zipf-like vocabulary index from a 32-bit hash expression. */
const skewed = (h) => `(((${h}) % ${V}) * (((${h}) / ${V}) % ${V}) / ${V})`;
/** SQL expression: the body of message number `n` (3 to 12 words). */
function bodyExpr(n) {
  const count = `(3 + (${n}) * 7919 % 10)`;
  const parts = [];
  for (let k = 0; k < 12; k++) {
    const word = wordAt(skewed(`((${n}) * 2654435761 + ${k * 1013904223}) % ${HASH_MOD}`));
    parts.push(k === 0 ? word : k < 3 ? `' ' || ${word}` : `CASE WHEN ${count} > ${k} THEN ' ' || ${word} ELSE '' END`);
  }
  return parts.join(" || ");
}


function seedPlan({ companyId, agents, queueIds, whatsappId, contactMin, ticketMin, now, tickets: TICKETS }) {
  const CONTACTS = TICKETS / 10;
  const MESSAGES = TICKETS * PER_TICKET;
  const AGENTS = agents.length;
  const start = now - DAYS * 86_400_000;
  const step = Math.floor((DAYS * 86_400_000) / TICKETS);
  const agentIds = JSON.stringify(agents.map((a) => a.id));
  const queueOf = (idx) => `CASE ${idx} WHEN 0 THEN ${queueIds[0]} WHEN 1 THEN ${queueIds[1]} ELSE ${queueIds[2]} END`;
  const vocabCte = `v(words) AS (SELECT ${sql(VOCAB)})`;

  const contacts = `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ${CONTACTS - 1}),
nm(first, last, ddd) AS (SELECT ${sql(pad(FIRST_NAMES, NAME_WIDTH))}, ${sql(pad(SURNAMES, NAME_WIDTH))}, ${sql(DDDS.join(""))})
INSERT INTO contacts (company_id, name, number, email, profile_pic_url, is_group, disable_bot, active, presence, last_interaction_at, created_at, updated_at)
SELECT ${companyId},
  rtrim(substr(nm.first, (i % ${FIRST_NAMES.length}) * ${NAME_WIDTH} + 1, ${NAME_WIDTH})) || ' ' ||
    rtrim(substr(nm.last, ((i / ${FIRST_NAMES.length}) * 7 + i) % ${SURNAMES.length} * ${NAME_WIDTH} + 1, ${NAME_WIDTH})),
  '55' || substr(nm.ddd, (i % ${DDDS.length}) * 2 + 1, 2) || '9' || printf('%08d', (i * 7919) % 100000000),
  CASE WHEN i % 5 = 0 THEN 'cliente' || i || '@exemplo.com.br' ELSE '' END,
  '', 0, 0, 1, 'available', ${now} - (i % ${DAYS}) * 86400000, ${start} - (i % 1000) * 60000, ${now} - (i % ${DAYS}) * 86400000
FROM seq CROSS JOIN nm`;

  // Ticket j: status by j % 100 (0–9 open, 10–14 pending, 15–99 closed); contact (j / 100) * 10 + j % 10, so each
  // contact has 10 tickets of which exactly one is open; open and closed tickets belong to an agent (round-robin) and
  // that agent's queue; pending ones wait in a queue with no agent. created_at grows with j over 90 days.
  const tickets = `WITH RECURSIVE seq(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM seq WHERE j < ${TICKETS - 1}),
${vocabCte},
ag(ids) AS (SELECT ${sql(agentIds)}),
s AS (SELECT j, j % 100 AS a, (j / 100 + CASE WHEN j % 100 < 10 THEN 0 ELSE j % 100 END) % ${AGENTS} AS ai FROM seq)
INSERT INTO tickets (uuid, company_id, status, contact_id, whatsapp_id, user_id, queue_id, last_message, unread_messages, is_group,
  chatbot, amount_used_bot_queues, use_integration, typebot_status, from_me, created_at, updated_at)
SELECT printf('%08x-0000-4000-8000-%012x', ${companyId}, j), ${companyId},
  CASE WHEN a < 10 THEN 'open' WHEN a < 15 THEN 'pending' ELSE 'closed' END,
  ${contactMin} + ((j / 100) * 10 + j % 10) % ${CONTACTS},
  ${whatsappId},
  CASE WHEN a BETWEEN 10 AND 14 THEN NULL ELSE json_extract(ag.ids, '$[' || ai || ']') END,
  CASE WHEN a BETWEEN 10 AND 14 THEN ${queueOf("j % 3")} ELSE ${queueOf(`ai % ${QUEUES.length}`)} END,
  ${bodyExpr(`j * ${PER_TICKET} + ${PER_TICKET - 1}`)},
  CASE WHEN a < 10 THEN j % 4 WHEN a < 15 THEN 1 + j % 3 ELSE 0 END,
  0, 0, 0, 0, 0, 1,
  ${start} + j * ${step}, ${start} + j * ${step} + ${(PER_TICKET - 1) * 60_000}
FROM s CROSS JOIN v CROSS JOIN ag`;

  const messageCols = `wid, company_id, ticket_id, contact_id, body, from_me, read, media_type, ack, is_deleted, is_edited, is_forwarded,
  is_private, sent_by_bot, queue_id, user_id, created_at, updated_at`;
  // Message n belongs to ticket n / 10, the k = n % 10-th of it (even k: the contact; odd k: the agent, delivered).
  const messageChunk = (from, to) => `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to - 1}),
${vocabCte}
INSERT INTO messages (${messageCols})
SELECT printf('BENCH%09d', n), ${companyId}, t.id, t.contact_id, ${bodyExpr("n")},
  (n % ${PER_TICKET}) % 2, 1, 'chat', CASE WHEN (n % ${PER_TICKET}) % 2 = 1 THEN 3 ELSE 0 END, 0, 0, 0, 0, 0,
  t.queue_id, CASE WHEN (n % ${PER_TICKET}) % 2 = 1 THEN t.user_id END,
  t.created_at + (n % ${PER_TICKET}) * 60000, t.created_at + (n % ${PER_TICKET}) * 60000
FROM seq CROSS JOIN v CROSS JOIN tickets t WHERE t.id = ${ticketMin} + n / ${PER_TICKET}`;
  const messageChunks = [];
  for (let from = 0; from < MESSAGES; from += MSG_STATEMENT) {
    const to = Math.min(MESSAGES, from + MSG_STATEMENT);
    messageChunks.push({ from, to, sql: messageChunk(from, to) });
  }

  // Ticket 0 (open, agent 0): 40 more messages, so that its first page is full (30) and has more behind it.
  const pageTicketId = ticketMin;
  const pageExtra = [
    `WITH RECURSIVE seq(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM seq WHERE k < ${PAGE_EXTRA - 1}),
${vocabCte}
INSERT INTO messages (${messageCols})
SELECT printf('BENCHX%04d', k), ${companyId}, t.id, t.contact_id, ${bodyExpr(`${MESSAGES} + k`)},
  k % 2, 1, 'chat', CASE WHEN k % 2 = 1 THEN 3 ELSE 0 END, 0, 0, 0, 0, 0, t.queue_id, CASE WHEN k % 2 = 1 THEN t.user_id END,
  t.created_at + (${PER_TICKET} + k) * 60000, t.created_at + (${PER_TICKET} + k) * 60000
FROM seq CROSS JOIN v CROSS JOIN tickets t WHERE t.id = ${pageTicketId}`,
    `UPDATE tickets SET updated_at = created_at + ${(PER_TICKET + PAGE_EXTRA - 1) * 60_000}, unread_messages = 0 WHERE id = ${pageTicketId}`,
  ];

  // A handful of messages, spread over the data, carry the rare word.
  const rareN = Array.from({ length: RARE_HITS }, (_, r) => Math.floor((MESSAGES * (2 * r + 1)) / (2 * RARE_HITS)) + 3);
  const rare = `UPDATE messages SET body = body || ' ' || ${sql(RARE)} || ', cuidado na entrega'
WHERE company_id = ${companyId} AND wid IN (${rareN.map((n) => sql(`BENCH${String(n).padStart(9, "0")}`)).join(", ")})`;
  const rareTickets = [...new Set(rareN.map((n) => ticketMin + Math.floor(n / PER_TICKET)))];

  return { contacts, tickets, messageChunks, pageExtra, rare, pageTicketId, rareTickets };
}

/** The connection's automation rules: closes after 24 h idle, moves queue-less pending tickets after 30 min. */
const rulesOn = (c) =>
  `UPDATE whatsapps SET expires_ticket = 24, expires_inactive_message = '', transfer_queue_id = ${c.queueIds[0]}, time_to_transfer = 30 WHERE id = ${c.whatsappId}`;
/** No rule: the hub's alarm and `automate` find nothing to do. */
const rulesOff = (c) => `UPDATE whatsapps SET expires_ticket = 0, transfer_queue_id = NULL, time_to_transfer = NULL WHERE id = ${c.whatsappId}`;

/**
 * A company's bulk data through the local bulk path, while the app runs: the queues, the connection (its row in
 * the hub and its route in the control database, as the hub's syncConnectionRoute would write it), the agents'
 * queues, then contacts, tickets and messages, each INSERT … SELECT one call (one transaction of the hub), then
 * ANALYZE. The connection starts with no automation rule (the automation phases switch them on).
 */
async function seed(bulk, bulkUrl, company, { tickets }) {
  const timings = [];
  const sizes = [];
  const started = performance.now();
  const { companyId, agents } = company;
  const tenant = `/tenant/${companyId}`;
  const stepRun = async (name, target, statements) => {
    const t0 = performance.now();
    const results = await bulk(target, statements);
    const wallMs = performance.now() - t0;
    timings.push({ name, wallMs });
    log(`seed ${company.label}: ${name} in ${(wallMs / 1000).toFixed(1)} s`);
    return results;
  };
  const rows = async (statement) => (await bulk(tenant, [statement]))[0];
  const size = async (at) => sizes.push({ at, bytes: await hubSize(bulkUrl, companyId) });
  const now = Date.now();
  await size("created by the API (company, plan, users)");

  // Queues (there is no queue API yet), agents in them (agent i in queue i % 3), one default connection.
  const made = await stepRun("queues, connection", tenant, [
    ...QUEUES.map(
      (q, i) => `INSERT INTO queues (company_id, name, color, order_queue, greeting_message, out_of_hours_message, schedules, created_at, updated_at)
VALUES (${companyId}, ${sql(q.name)}, ${sql(q.color)}, ${i + 1}, '', '', '[]', ${now}, ${now})`,
    ),
    `INSERT INTO whatsapps (company_id, name, number, status, is_default, session, provider, created_at, updated_at)
VALUES (${companyId}, ${sql(`Inbox bench ${company.label}`)}, '55119999900${String(companyId % 100).padStart(2, "0")}', 'CONNECTED', 1, 'bench', 'beta', ${now}, ${now})`,
    `SELECT id, name FROM queues WHERE company_id = ${companyId} ORDER BY order_queue`,
    `SELECT id, name, status FROM whatsapps WHERE company_id = ${companyId} AND is_default = 1`,
  ]);
  const queueRows = made[QUEUES.length + 1];
  const queueIds = QUEUES.map((q) => queueRows.find((r) => r.name === q.name)?.id);
  const [wa] = made[QUEUES.length + 2];
  await stepRun("the connection's route (control)", "/control", [
    `INSERT INTO connection_routes (whatsapp_id, company_id, name, status, token_hash) VALUES (${wa.id}, ${companyId}, ${sql(wa.name)}, ${sql(wa.status)}, NULL)`,
  ]);
  await stepRun("user_queues", tenant, [
    `INSERT INTO user_queues (user_id, queue_id, created_at) VALUES ${agents.map((a) => `(${a.id}, ${queueIds[a.queueIndex]}, ${now})`).join(", ")}`,
  ]);

  const base = { ...company, queueIds, whatsappId: wa.id, now, tickets };
  await stepRun(`${(tickets / 10).toLocaleString("en")} contacts`, tenant, [seedPlan({ ...base, contactMin: 0, ticketMin: 0 }).contacts]);
  const [c] = await rows(`SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM contacts WHERE company_id = ${companyId}`);
  if (c.n !== tickets / 10 || c.hi - c.lo + 1 !== c.n) throw new Error(`contacts ids are not contiguous: ${JSON.stringify(c)}`);
  await stepRun(`${tickets.toLocaleString("en")} tickets`, tenant, [seedPlan({ ...base, contactMin: c.lo, ticketMin: 0 }).tickets]);
  const [t] = await rows(`SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM tickets WHERE company_id = ${companyId}`);
  if (t.n !== tickets || t.hi - t.lo + 1 !== tickets) throw new Error(`ticket ids are not contiguous: ${JSON.stringify(t)}`);
  const plan = seedPlan({ ...base, contactMin: c.lo, ticketMin: t.lo });
  const [probe] = await rows(`SELECT uuid FROM tickets WHERE id = ${t.lo + (12345 % tickets)}`);
  if (!probe.uuid.endsWith((12345 % tickets).toString(16).padStart(12, "0"))) throw new Error(`ticket ids are not in seed order: ${probe.uuid}`);
  await size("with its contacts and tickets");

  for (const chunk of plan.messageChunks) {
    await stepRun(`messages ${chunk.from.toLocaleString("en")}–${chunk.to.toLocaleString("en")}`, tenant, [chunk.sql]);
  }
  await stepRun(`page ticket (+${PAGE_EXTRA}) and ${RARE_HITS} rare-word messages`, tenant, [...plan.pageExtra, plan.rare]);
  await size("with its messages");
  await stepRun("ANALYZE", tenant, ["ANALYZE"]);
  await size("after ANALYZE");
  const seedMs = performance.now() - started;

  const [counts] = await rows(
    `SELECT (SELECT count(*) FROM contacts WHERE company_id = ${companyId}) AS contacts,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId}) AS tickets,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'open') AS open,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'pending') AS pending,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'closed') AS closed,
  (SELECT count(*) FROM messages WHERE company_id = ${companyId}) AS messages,
  (SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ${sql(`"${RARE}"*`)}) AS rareMessages,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'open' AND user_id = ${agents[0].id}) AS agent0Open,
  (SELECT count(*) FROM messages WHERE ticket_id = ${plan.pageTicketId}) AS pageTicketMessages,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status IN ('open', 'pending') AND updated_at < ${now - 24 * 3_600_000}) AS idleOver24h`,
  );
  const sendTicketId = t.lo + 1; // open, agent 0's
  const [sendTicket] = await rows(`SELECT status, user_id AS userId FROM tickets WHERE id = ${sendTicketId}`);
  if (sendTicket.status !== "open" || sendTicket.userId !== agents[0].id) throw new Error(`ticket ${sendTicketId} is not agent 0's open ticket`);
  return {
    seedMs,
    timings,
    sizes,
    counts,
    queueIds,
    whatsappId: wa.id,
    contactMin: c.lo,
    ticketMin: t.lo,
    pageTicketId: plan.pageTicketId,
    sendTicketId,
    rareTickets: plan.rareTickets,
  };
}

/** The hub's database size in bytes (CompanyHub.databaseSize, through the bulk port). */
async function hubSize(bulkUrl, companyId) {
  const res = await fetch(`${bulkUrl}/tenant/${companyId}/size`);
  if (!res.ok) throw new Error(`GET /tenant/${companyId}/size → ${res.status} ${await res.text()}`);
  return (await res.json()).bytes;
}

// ---- 3. the SQL behind the measured requests (mirrors of worker/domain/tickets/listTickets.ts and listMessages.ts) ----
function mirrorQueries({ companyId, agent, queueIds, pageTicketId }) {
  const match = sql(`"${RARE}"*`); // what worker/lib/fts.ts makes of the search box's text
  const agentQueue = queueIds[agent.queueIndex];
  // visibleTicketsWhere for an agent (viewgroups disabled, allTicket disabled)
  const visible = `(t.is_group = 0 AND (t.user_id = ${agent.id} OR t.queue_id IN (${agentQueue})))`;
  const ids = (where) => `SELECT t.id FROM tickets t WHERE t.company_id = ${companyId} AND ${where} ORDER BY t.updated_at DESC, t.id DESC LIMIT 41`;
  const cnt = (where) => `SELECT count(*) FROM tickets t WHERE t.company_id = ${companyId} AND ${where}`;
  const fts = `(t.contact_id IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ${match})
    OR t.id IN (SELECT m.ticket_id FROM messages m WHERE m.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ${match}) AND m.company_id = ${companyId}))`;
  const like = `%${RARE}%`;
  const scan = `(t.contact_id IN (SELECT c.id FROM contacts c WHERE c.company_id = ${companyId} AND (c.name LIKE ${sql(like)} OR c.number LIKE ${sql(like)} OR c.email LIKE ${sql(like)}))
    OR t.id IN (SELECT m.ticket_id FROM messages m WHERE m.company_id = ${companyId} AND m.body LIKE ${sql(like)}))`;
  const tab = (status, who) => {
    const w = [`t.status = '${status}'`, "t.is_group = 0"];
    if (who === "agent") w.unshift(visible);
    if (status === "open" && who === "agent") w.push(`t.user_id = ${agent.id}`);
    return w.join(" AND ");
  };
  const q = (key, name, where) => ({ key, name, ids: ids(where), count: cnt(where) });
  return [
    q("open-agent", "open, agent's own", tab("open", "agent")),
    q("open-admin", "open, admin show-all", tab("open", "admin")),
    q("pending-agent", "pending, agent", tab("pending", "agent")),
    q("pending-admin", "pending, admin", tab("pending", "admin")),
    q("closed-agent", "closed, agent", tab("closed", "agent")),
    q("closed-admin", "closed, admin", tab("closed", "admin")),
    q("search-admin", "search (FTS5), admin", fts),
    q("search-agent", "search (FTS5), agent", `${visible} AND ${fts}`),
    {
      key: "messages",
      name: "messages page",
      ids: `SELECT id FROM messages WHERE company_id = ${companyId} AND ticket_id = ${pageTicketId} ORDER BY created_at DESC, id DESC LIMIT 31`,
      count: `SELECT count(*) FROM messages WHERE company_id = ${companyId} AND ticket_id = ${pageTicketId}`,
    },
    q("like-admin", "search (LIKE scan), admin", scan),
  ];
}

function planTree(rows) {
  const depth = new Map([[0, -1]]);
  return rows
    .map((r) => {
      const d = (depth.get(r.parent) ?? -1) + 1;
      depth.set(r.id, d);
      return `${"  ".repeat(d)}${r.detail}`;
    })
    .join("\n");
}


/** EXPLAIN QUERY PLAN of each statement, by workerd's SQLite in the company's hub (through the bulk port). */
async function explainAll(bulk, companyId, statements) {
  const results = await bulk(`/tenant/${companyId}`, statements.map((s) => `EXPLAIN QUERY PLAN ${s.sql.replace(/\s+/g, " ")}`));
  return statements.map((s, i) => ({ name: s.name, plan: planTree(results[i] ?? []) }));
}

/** The SQLite file of a company's hub: Miniflare keeps each object's under <state>/v3/do/<script>-<class>/<id>.sqlite. */
function findHubFile(persistTo, companyId) {
  const dir = path.join(persistTo, "v3", "do", "zapdesk-CompanyHub");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  for (const f of files) {
    const out = spawnSync("sqlite3", ["-readonly", path.join(dir, f), "SELECT id FROM companies LIMIT 1;"], { encoding: "utf8" });
    if (out.status === 0 && Number(out.stdout.trim()) === companyId) return path.join(dir, f);
  }
  throw new Error(`no hub database of company ${companyId} among ${files.join(", ")} in ${dir}`);
}

const fileBytes = (file) => ["", "-wal"].reduce((s, x) => s + (existsSync(file + x) ? statSync(file + x).size : 0), 0);

/**
 * The SQL alone, in ONE sqlite3 process on the hub's database file (the app stopped): each mirror's page of ids and its
 * count, timed apart (the endpoint skips the count on some tabs; the report adds what it ran), 1 warm-up + SQL_RUNS
 * runs, in alternating order. A run times `reps` back-to-back executions between two readings of SQLite's clock (ms
 * resolution, hence the repetitions) and sums `.timer`'s user+sys CPU time; both are divided by reps.
 */
function timeInSqlite(file, queries, { fts, like }) {
  const clock = "SELECT 'T', (julianday('now') - 2440587.5) * 86400000.0;";
  const units = queries.flatMap((q) => [
    { key: `${q.key}.ids`, sql: q.ids, reps: q.reps },
    { key: `${q.key}.count`, sql: q.count, reps: q.reps },
  ]);
  const lines = [".headers off", ".mode list", ".print RESULT fts", `${fts.ids};`, ".print RESULT like", `${like.ids};`];
  lines.push(".print EQP fts", `EXPLAIN QUERY PLAN ${fts.ids};`, ".print EQP like", `EXPLAIN QUERY PLAN ${like.ids};`, ".timer on");
  for (let r = -1; r < SQL_RUNS; r++) {
    for (const u of r % 2 === 0 ? units : [...units].reverse()) {
      lines.push(`.print RUN ${u.key} ${r}`, clock, ".output /dev/null");
      for (let i = 0; i < u.reps; i++) lines.push(`${u.sql.replace(/\s+/g, " ")};`);
      lines.push(".output", clock);
    }
  }
  const res = spawnSync("sqlite3", ["-readonly", file], { input: `${lines.join("\n")}\n`, encoding: "utf8", timeout: 20 * 60_000, maxBuffer: 64 * 2 ** 20 });
  if (res.status !== 0) throw new Error(`sqlite3 failed (${res.status ?? res.signal}): ${res.stderr || res.error}`);
  let mark = null;
  const ids = { fts: [], like: [] };
  const eqp = { fts: [], like: [] };
  const runs = new Map(units.map((u) => [u.key, []]));
  for (const line of res.stdout.split("\n")) {
    const m = line.match(/^(RESULT|EQP|RUN) ([\w.-]+)(?: (-?\d+))?$/);
    if (m) {
      mark = { kind: m[1], key: m[2], run: Number(m[3]), t0: null, t1: null, timers: [] };
      continue;
    }
    if (!mark || !line.trim()) continue;
    if (mark.kind === "RESULT") ids[mark.key].push(Number(line));
    else if (mark.kind === "EQP") eqp[mark.key].push(line);
    else if (line.startsWith("T|")) {
      if (mark.t0 === null) mark.t0 = Number(line.slice(2));
      else {
        mark.t1 = Number(line.slice(2));
        if (mark.run >= 0) {
          const u = units.find((x) => x.key === mark.key);
          const cpu = mark.timers.slice(1).reduce((x, y) => x + y, 0); // [0] is the first clock reading's
          runs.get(mark.key)[mark.run] = { wall: (mark.t1 - mark.t0) / u.reps, cpu: cpu / u.reps };
        }
      }
    } else {
      const t = line.match(/^Run Time: real [\d.]+ user ([\d.]+) sys ([\d.]+)/);
      if (t && mark.t0 !== null && mark.t1 === null) mark.timers.push((Number(t[1]) + Number(t[2])) * 1000);
    }
  }
  const version = execFileSync("sqlite3", ["--version"], { encoding: "utf8" }).split(" ")[0];
  /** Per-run sums of the page of ids and (when the endpoint counts) the count, summarised. */
  const of = (key, withCount = true) => {
    const a = runs.get(`${key}.ids`);
    const c = runs.get(`${key}.count`);
    const pick = (f) => summarize(a.map((x, i) => f(x) + (withCount ? f(c[i]) : 0)));
    return { wall: pick((x) => x.wall), cpu: pick((x) => x.cpu) };
  };
  const timings = Object.fromEntries(queries.map((q) => [q.key, { name: q.name, reps: q.reps, ids: of(q.key, false), both: of(q.key, true) }]));
  for (const q of queries) timings[q.key].count = { wall: summarize(runs.get(`${q.key}.count`).map((x) => x.wall)) };
  const sorted = (x) => [...x].sort((p, q) => p - q);
  return { timings, sameTickets: JSON.stringify(sorted(ids.fts)) === JSON.stringify(sorted(ids.like)), ids, eqp, version };
}

// ---- 4. HTTP measurements ---------------------------------------------------------------------------------------
async function timedFetch(baseUrl, pathName, token, { method = "GET", body } = {}) {
  const started = performance.now();
  const res = await fetch(baseUrl + pathName, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const ended = performance.now();
  if (!res.ok) throw new Error(`${method} ${pathName} → ${res.status} ${buf.toString().slice(0, 300)}`);
  return { ms: ended - started, started, ended, bytes: buf.byteLength, json: () => JSON.parse(buf.toString()) };
}

async function series(baseUrl, label, pathName, token) {
  let last;
  for (let i = 0; i < WARMUP; i++) last = await timedFetch(baseUrl, pathName, token);
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    last = await timedFetch(baseUrl, pathName, token);
    samples.push(last.ms);
  }
  const body = last.json();
  const rows = body.tickets?.length ?? body.messages?.length ?? 0;
  return { label, path: pathName, ...summarize(samples), bytes: last.bytes, rows, count: body.count };
}

function openSocket(url, name) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const waiters = new Set();
    const timer = setTimeout(() => (ws.terminate(), reject(new Error(`socket ${name}: no "ready" within 20 s`))), 20_000);
    const waitFor = (match, timeoutMs = 10_000) =>
      new Promise((res) => {
        const w = { match, resolve: (at) => (clearTimeout(w.timer), res(at)) };
        w.timer = setTimeout(() => (waiters.delete(w), res(null)), timeoutMs);
        waiters.add(w);
      });
    const ready = waitFor((e) => e.type === "ready", 20_000);
    ws.on("message", (data) => {
      const at = performance.now();
      const text = data.toString();
      if (!text.startsWith("[")) return;
      for (const event of JSON.parse(text)) for (const w of [...waiters]) if (w.match(event)) (waiters.delete(w), w.resolve(at));
    });
    ws.on("error", (err) => (clearTimeout(timer), reject(err)));
    ws.on("open", async () => {
      const ok = await ready;
      clearTimeout(timer);
      if (ok === null) return;
      resolve({ ws, waitFor, send: (msg) => ws.send(JSON.stringify(msg)) });
    });
  });
}

async function sendToEvent(baseUrl, agentTokens, adminToken, ticketId) {
  const wsUrl = `${baseUrl.replace("http", "ws")}/api/ws?token=`;
  const sockets = await Promise.all(agentTokens.map((t, i) => openSocket(wsUrl + encodeURIComponent(t), `agent ${i}`)));
  const adminSocket = await openSocket(wsUrl + encodeURIComponent(adminToken), "admin");
  try {
    sockets[0].send({ type: "joinChatBox", ticketId });
    await sleep(1000);
    const toAgent = [];
    const toAdmin = [];
    const postMs = [];
    let lost = 0;
    for (let i = 0; i < SEND_WARMUP + SENDS; i++) {
      const body = `bench ${i} ${Math.random().toString(36).slice(2, 10)}`;
      const agentGot = sockets[0].waitFor((e) => e.type === "appMessage" && e.action === "create" && e.message?.body === body);
      const adminGot = adminSocket.waitFor(
        (e) => e.type === "ticket" && e.action === "update" && e.ticket?.id === ticketId && (e.ticket.lastMessage === undefined || e.ticket.lastMessage === body),
      );
      const r = await timedFetch(baseUrl, `/api/messages/${ticketId}`, agentTokens[0], { method: "POST", body: { body } });
      const [a, b] = await Promise.all([agentGot, adminGot]);
      if (i < SEND_WARMUP) continue;
      postMs.push(r.ms);
      if (a === null || b === null) lost++;
      if (a !== null) toAgent.push(a - r.started);
      if (b !== null) toAdmin.push(b - r.started);
    }
    return { toAgent: summarize(toAgent), toAdmin: summarize(toAdmin), post: summarize(postMs), lost, sockets: sockets.length + 1 };
  } finally {
    for (const s of [...sockets, adminSocket]) s.ws.terminate();
  }
}


// ---- 5. tabs under load: A's automation (A's own tab), then A's automation and imports (B's tab) -----------------
/** The open tabs (agent's own and admin's show-all), interleaved, one request every PACE_MS. */
async function pacedOpenTabs(baseUrl, agentToken, adminToken) {
  const tabs = [
    { who: "agent", path: "/api/tickets?status=open", token: agentToken },
    { who: "admin", path: "/api/tickets?status=open&showAll=true", token: adminToken },
  ];
  for (let i = 0; i < WARMUP; i++) for (const t of tabs) await timedFetch(baseUrl, t.path, t.token);
  const samples = { agent: [], admin: [] };
  for (let i = 0; i < PACED_REQUESTS * tabs.length; i++) {
    const t = tabs[i % tabs.length];
    const r = await timedFetch(baseUrl, t.path, t.token);
    samples[t.who].push(r);
    await sleep(Math.max(0, PACE_MS - r.ms));
  }
  return samples;
}

/** Runs `once()` back to back until stopped; every run's start, end, outcome and answer. */
function backToBack(once) {
  const runs = [];
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const started = performance.now();
      try {
        const answer = await once(runs.length);
        runs.push({ started, ended: performance.now(), ok: true, answer });
      } catch (err) {
        runs.push({ started, ended: performance.now(), ok: false, error: String(err?.message ?? err).slice(0, 200) });
        await sleep(200);
      }
    }
  })();
  return {
    runs,
    stop: async () => {
      stop = true;
      await loop;
      return runs;
    },
  };
}

/** The company's ticket automation, run now in its hub (what the hub's alarm runs every minute). */
async function automateOnce(bulkUrl, companyId) {
  const res = await fetch(`${bulkUrl}/tenant/${companyId}/automate`, { method: "POST", signal: AbortSignal.timeout(120_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`automate → ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/**
 * The automation run back to back, as a backlog keeps it busy; when a run found nothing due (the backlog worked off,
 * which only a small INBOX_TICKETS reaches), the next waits a second rather than spinning.
 */
function automationLoop(bulkUrl, companyId) {
  return backToBack(async () => {
    const answer = await automateOnce(bulkUrl, companyId);
    if (answer.closed === 0 && answer.transferred === 0) await sleep(1000);
    return answer;
  });
}

/**
 * Open tabs paced, in ROUNDS rounds of: quiet, then under `load()` (which starts the load and answers its stop).
 * Alternating rounds keeps a drift of the machine's own speed out of the comparison. `between` runs before each
 * round with its kind ("quiet" | "load").
 */
async function quietVersusLoad(baseUrl, agentToken, adminToken, { between, load }) {
  const without = { agent: [], admin: [] };
  const during = { agent: [], admin: [] };
  const loads = [];
  for (let round = 0; round < ROUNDS; round++) {
    await between("quiet");
    const quiet = await pacedOpenTabs(baseUrl, agentToken, adminToken);
    await between("load");
    const running = await load(round);
    let busy;
    try {
      busy = await pacedOpenTabs(baseUrl, agentToken, adminToken);
    } finally {
      loads.push(await running.stop());
    }
    for (const who of ["agent", "admin"]) {
      without[who].push(...quiet[who]);
      during[who].push(...busy[who]);
    }
  }
  await between("quiet");
  const ms = (samples) => samples.map((s) => s.ms);
  const overlapping = (samples, runs) => samples.filter((s) => runs.some((r) => r.started < s.ended && r.ended > s.started));
  const tab = (who, pick = (l) => l.runs) => {
    const runs = loads.flatMap(pick);
    const over = overlapping(during[who], runs);
    return { without: summarize(ms(without[who])), during: summarize(ms(during[who])), overlapping: over.length, overlappingMax: Math.max(...ms(over)) };
  };
  return { loads, during, tab, agent: tab("agent"), admin: tab("admin") };
}

/** A's open tabs while A's automation runs back to back (each run: up to 10 slices of 10 tickets, 500 ms apart). */
async function automationPhase(baseUrl, bulk, bulkUrl, company, seeded, agentToken, adminToken) {
  const c = { ...company, ...seeded };
  const result = await quietVersusLoad(baseUrl, agentToken, adminToken, {
    between: (kind) => bulk(`/tenant/${c.companyId}`, [kind === "load" ? rulesOn(c) : rulesOff(c)]),
    load: async () => {
      const automation = automationLoop(bulkUrl, c.companyId);
      return { stop: async () => ({ runs: await automation.stop() }) };
    },
  });
  const runs = result.loads.flatMap((l) => l.runs);
  return {
    ...result,
    runs: runs.length,
    failedRuns: runs.filter((r) => !r.ok).length,
    errors: [...new Set(runs.filter((r) => !r.ok).map((r) => r.error))].slice(0, 3),
    runMs: summarize(runs.filter((r) => r.ok).map((r) => r.ended - r.started)),
    closed: runs.reduce((s, r) => s + (r.answer?.closed ?? 0), 0),
    transferred: runs.reduce((s, r) => s + (r.answer?.transferred ?? 0), 0),
  };
}

/** IMPORT_ROWS new contacts for company A's import call number `k` (area code 99, which the seeded contacts never use). */
function importRows(k) {
  return Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const n = k * IMPORT_ROWS + i;
    return { name: `Importado ${n}`, number: `559999${String(n).padStart(7, "0")}`, email: n % 4 === 0 ? `importado${n}@exemplo.com.br` : "" };
  });
}

/**
 * Two companies at once: B's open tabs (its agent's own, its admin's show-all), with A quiet, then while A's
 * automation works its backlog back to back and, IMPORT_AFTER_MS into the round, A's admin imports 10,000 new
 * contacts (POST /api/contacts/import, IMPORT_ROWS a call, two calls one after the other, as the contacts page sends
 * a big sheet). B's requests under load are split by what they overlapped: an import call, or the automation only.
 */
async function twoCompaniesPhase(baseUrl, bulk, bulkUrl, a, aSeeded, aAdminToken, bAgentToken, bAdminToken) {
  const c = { ...a, ...aSeeded };
  let batch = 0;
  const result = await quietVersusLoad(baseUrl, bAgentToken, bAdminToken, {
    between: (kind) => bulk(`/tenant/${c.companyId}`, [kind === "load" ? rulesOn(c) : rulesOff(c)]),
    load: async () => {
      const automation = automationLoop(bulkUrl, c.companyId);
      const imports = [];
      const probes = [];
      const importing = (async () => {
        await sleep(IMPORT_AFTER_MS);
        const t0 = performance.now();
        // Open loop: B's admin asks for its tab every PROBE_EVERY_MS while the import runs, without waiting for the
        // answers, so a stall shows in every request it delays (a paced series sees it once, in the one it holds).
        let probing = true;
        const prober = (async () => {
          const inFlight = [];
          while (probing) {
            inFlight.push(
              timedFetch(baseUrl, "/api/tickets?status=open&showAll=true", bAdminToken).then(
                (r) => probes.push(r.ms),
                () => probes.push(NaN),
              ),
            );
            await sleep(PROBE_EVERY_MS);
          }
          await Promise.all(inFlight);
        })();
        for (let call = 0; call < IMPORT_CALLS; call++) {
          const started = performance.now();
          try {
            const report = await api(baseUrl, "POST", "/api/contacts/import", { token: aAdminToken, body: { rows: importRows(batch++) } });
            imports.push({ started, ended: performance.now(), ok: true, answer: { imported: report.imported, skipped: report.skipped?.length ?? 0 } });
          } catch (err) {
            imports.push({ started, ended: performance.now(), ok: false, error: String(err?.message ?? err).slice(0, 200) });
          }
        }
        const importMs = performance.now() - t0;
        probing = false;
        await prober;
        return importMs;
      })();
      return {
        stop: async () => {
          const importMs = await importing; // the round's import ends even when B's series ended first
          const autoRuns = await automation.stop();
          return { automation: autoRuns, imports, importMs, probes, runs: [...autoRuns, ...imports] };
        },
      };
    },
  });
  const automation = result.loads.flatMap((l) => l.automation);
  const imports = result.loads.flatMap((l) => l.imports);
  const overlaps = (s, runs) => runs.some((r) => r.started < s.ended && r.ended > s.started);
  const split = (who) => {
    const duringImport = result.during[who].filter((s) => overlaps(s, imports));
    const autoOnly = result.during[who].filter((s) => !overlaps(s, imports));
    return {
      autoOnly: summarize(autoOnly.map((s) => s.ms)),
      duringImport: summarize(duringImport.map((s) => s.ms)),
      autoOverlapping: autoOnly.filter((s) => overlaps(s, automation)).length,
    };
  };
  return {
    ...result,
    split: { agent: split("agent"), admin: split("admin") },
    automationRuns: automation.length,
    automationFailed: automation.filter((r) => !r.ok).length,
    closed: automation.reduce((s, r) => s + (r.answer?.closed ?? 0), 0),
    transferred: automation.reduce((s, r) => s + (r.answer?.transferred ?? 0), 0),
    importCalls: imports.length,
    importFailed: imports.filter((r) => !r.ok).length,
    importErrors: [...new Set(imports.filter((r) => !r.ok).map((r) => r.error))].slice(0, 3),
    imported: imports.reduce((s, r) => s + (r.answer?.imported ?? 0), 0),
    importCallMs: summarize(imports.filter((r) => r.ok).map((r) => r.ended - r.started)),
    importMs: summarize(result.loads.map((l) => l.importMs)),
    probes: summarize(result.loads.flatMap((l) => l.probes).filter(Number.isFinite)),
    probeFailures: result.loads.flatMap((l) => l.probes).filter((x) => !Number.isFinite(x)).length,
  };
}

// ---- 6. cold start: the local worker server restarted, the first request wakes each hub ------------------------------
/** scripts/worker-server.mjs alone on the app's bundle and state (no session host, no cron); answers its stop. */
async function startWorkerServer(stateDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "worker-server.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      WORKER_BUNDLE: path.join(stateDir, "bundle"),
      PORT: String(port),
      PERSIST_TO: stateDir,
      SESSION_HOST_URL: "http://127.0.0.1:9",
      ZAPDESK_LOCAL_CRON: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    const signal = (s) => {
      try {
        process.kill(-child.pid, s);
      } catch {}
    };
    signal("SIGTERM");
    await Promise.race([exited, sleep(8_000)]);
    signal("SIGKILL");
    await Promise.race([exited, sleep(2_000)]);
  };
  const deadline = Date.now() + 60_000;
  while (!output.includes("Ready on")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the worker server did not start:\n${output.slice(-2000)}`);
    }
    await sleep(20);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, readyMs: performance.now() - t0, stop, output: () => output };
}

/**
 * COLD_STARTS times: the worker server started afresh (every object evicted with the process), the worker woken by
 * GET /api/version (no hub), then each company's open tab asked twice (admin, show-all): the first wakes its hub
 * (constructor, migrations check, its company and alarm, the query on a cold SQLite cache), the second is warm.
 * The companies take turns at being first.
 */
async function coldStarts(stateDir, companies) {
  const rows = companies.map((c) => ({ ...c, first: [], second: [], askedFirst: [], askedAfter: [] }));
  const ready = [];
  const workerFirst = [];
  // One untimed start first: an alarm that fell due while the server was down (users to mark offline) wakes its hub
  // then, not during a timed restart, and leaves nothing armed (the automation rules are off by now).
  const flush = await startWorkerServer(stateDir);
  await sleep(3000);
  await flush.stop();
  for (let i = 0; i < COLD_STARTS; i++) {
    const server = await startWorkerServer(stateDir);
    try {
      ready.push(server.readyMs);
      let t = performance.now();
      for (;;) {
        const res = await fetch(`${server.baseUrl}/api/version`).catch(() => null);
        if (res?.ok) {
          await res.arrayBuffer();
          break;
        }
        if (performance.now() - t > 30_000) throw new Error("GET /api/version did not answer");
        await sleep(20);
      }
      workerFirst.push(performance.now() - t);
      const order = i % 2 === 0 ? rows : [...rows].reverse();
      for (const [position, row] of order.entries()) {
        const path_ = "/api/tickets?status=open&showAll=true";
        const ms = (await timedFetch(server.baseUrl, path_, row.token)).ms;
        row.first.push(ms);
        (position === 0 ? row.askedFirst : row.askedAfter).push(ms);
        row.second.push((await timedFetch(server.baseUrl, path_, row.token)).ms);
      }
    } finally {
      await server.stop();
    }
  }
  return {
    ready: summarize(ready),
    workerFirst: summarize(workerFirst),
    rows: rows.map((r) => ({
      label: r.label,
      messages: r.messages,
      first: summarize(r.first),
      second: summarize(r.second),
      askedFirst: summarize(r.askedFirst),
      askedAfter: summarize(r.askedAfter),
      firstAll: r.first,
    })),
  };
}

/** What the automation did to a company's tickets in all (history rows written by nobody, i.e. the system). */
function automatedTransitions(dbFile, companyId) {
  const out = execFileSync("sqlite3", ["-readonly", dbFile, `SELECT action, count(*) FROM ticket_trackings WHERE company_id = ${companyId} AND by_user_id IS NULL AND action IN ('close', 'transfer') GROUP BY action;`], { encoding: "utf8" });
  const counts = Object.fromEntries(out.trim().split("\n").filter(Boolean).map((l) => l.split("|")).map(([a, n]) => [a, Number(n)]));
  return { closed: counts.close ?? 0, transferred: counts.transfer ?? 0 };
}

// ---- main -------------------------------------------------------------------------------------------------------
let app = null;
let stateDir = null;
async function cleanup() {
  const a = app;
  app = null;
  if (a) await a.stop();
  if (stateDir && process.env.INBOX_KEEP_STATE !== "1") rmSync(stateDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cleanup().finally(() => process.exit(130)));

/** The app as `npm start` starts it, with the local bulk port open and its minute cron off. */
async function startWithBulk(options) {
  const bulkPort = await freePort();
  const started = await startApp({ ...options, env: { ZAPDESK_BULK_PORT: String(bulkPort), ZAPDESK_LOCAL_CRON: "off" } });
  const deadline = Date.now() + 30_000;
  while (!started.log().includes("[bulk] local bulk path")) {
    if (Date.now() > deadline) {
      await started.stop();
      throw new Error(`the app did not open its bulk port:\n${started.log().slice(-2000)}`);
    }
    await sleep(100);
  }
  return { app: started, bulk: bulkClient(bulkPort), bulkUrl: `http://127.0.0.1:${bulkPort}` };
}

const login = async (baseUrl, email) => (await api(baseUrl, "POST", "/api/auth/login", { body: { email, password: PASSWORD } })).token;

async function main() {
  const hardStop = setTimeout(() => {
    console.error(`[inbox] gave up after ${TOTAL_TIMEOUT_MS / 60_000} min`);
    cleanup().finally(() => process.exit(1));
  }, TOTAL_TIMEOUT_MS);
  hardStop.unref();
  const runStarted = new Date();
  const loadAtStart = os.loadavg();

  // 1. The app as `npm start` starts it (fresh state, demo seeded), with its bulk port; the companies by the API.
  log("starting the app (npm start's script, fresh state, bulk port)…");
  let bulk;
  let bulkUrl;
  ({ app, bulk, bulkUrl } = await startWithBulk({ skipBuild: process.env.SKIP_BUILD === "1" }));
  stateDir = app.stateDir;
  log(`app on ${app.baseUrl}, state in ${stateDir}`);
  const A = await createCompany(app.baseUrl, { label: "A", agents: SIZES.A.agents });
  const B = await createCompany(app.baseUrl, { label: "B", agents: SIZES.B.agents });
  log(`company A = ${A.companyId} (${A.agents.length} agents), company B = ${B.companyId} (${B.agents.length} agents)`);

  // 2. Bulk data, in each company's hub through the bulk port (the app running, nothing else asking it).
  await waitForQuietMachine("seeding");
  const seededA = await seed(bulk, bulkUrl, A, { tickets: SIZES.A.tickets });
  log(`A seeded in ${(seededA.seedMs / 1000).toFixed(1)} s: ${JSON.stringify(seededA.counts)}`);
  const seededB = await seed(bulk, bulkUrl, B, { tickets: SIZES.B.tickets });
  log(`B seeded in ${(seededB.seedMs / 1000).toFixed(1)} s: ${JSON.stringify(seededB.counts)}`);

  // 3. Query plans (workerd's SQLite, in A's hub), then the SQL alone (sqlite3 CLI on A's hub file, app stopped).
  const mirrors = mirrorQueries({ companyId: A.companyId, agent: A.agents[0], queueIds: seededA.queueIds, pageTicketId: seededA.pageTicketId });
  const byKey = Object.fromEntries(mirrors.map((m) => [m.key, m]));
  const plans = await explainAll(
    bulk,
    A.companyId,
    mirrors.flatMap((m) => [
      { name: `${m.name}: page of ids`, sql: m.ids },
      { name: `${m.name}: count`, sql: m.count },
    ]),
  );
  await app.stop();
  app = null;
  const dbFile = findHubFile(stateDir, A.companyId);
  const dbFileBytes = fileBytes(dbFile);
  await waitForQuietMachine("timing the SQL in sqlite3");
  log(`the SQL alone in sqlite3 on ${path.relative(stateDir, dbFile)} (and FTS5 vs LIKE)…`);
  const sqlAlone = timeInSqlite(
    dbFile,
    mirrors.map((m) => ({ key: m.key, name: m.name, ids: m.ids, count: m.count, reps: m.key.startsWith("like") ? 1 : 20 })),
    { fts: byKey["search-admin"], like: byKey["like-admin"] },
  );

  // 4. The app again over the seeded state; HTTP figures.
  await waitForQuietMachine("the HTTP measurements");
  log("restarting the app over the seeded state…");
  ({ app, bulk, bulkUrl } = await startWithBulk({ skipBuild: true, stateDir }));
  const { baseUrl } = app;
  const adminToken = await login(baseUrl, A.adminEmail);
  // Agents see the closed tab only when the company allows it; this company does.
  await api(baseUrl, "PUT", "/api/settings/viewclosed", { token: adminToken, body: { value: "enabled" } });
  const agentTokens = [];
  for (const a of A.agents) agentTokens.push(await login(baseUrl, a.email));
  const loadAtMeasure = os.loadavg();

  log("request floor, tabs, search, messages page…");
  const q = encodeURIComponent(RARE);
  const http = [];
  const measure = async (group, key, label, pathName, token) => http.push({ group, key, ...(await series(baseUrl, label, pathName, token)) });
  await measure("floor", "version", "GET /api/version (no auth, no hub)", "/api/version", adminToken);
  await measure("floor", "allowregister", "GET /api/settings/allowregister (no auth; the platform company's hub, one query)", "/api/settings/allowregister", adminToken);
  await measure("floor", "me", "GET /api/auth/me (token at the edge, then the hub: session + user)", "/api/auth/me", adminToken);
  await measure("tab", "open-agent", "GET /api/tickets?status=open — agent's own", "/api/tickets?status=open", agentTokens[0]);
  await measure("tab", "open-admin", "GET /api/tickets?status=open&showAll=true — admin", "/api/tickets?status=open&showAll=true", adminToken);
  await measure("tab", "pending-agent", "GET /api/tickets?status=pending — agent", "/api/tickets?status=pending", agentTokens[0]);
  await measure("tab", "pending-admin", "GET /api/tickets?status=pending — admin", "/api/tickets?status=pending", adminToken);
  await measure("tab", "closed-agent", "GET /api/tickets?status=closed — agent", "/api/tickets?status=closed", agentTokens[0]);
  await measure("tab", "closed-admin", "GET /api/tickets?status=closed — admin", "/api/tickets?status=closed", adminToken);
  await measure("search", "search-admin", `GET /api/tickets?searchParam=${RARE} — admin`, `/api/tickets?searchParam=${q}`, adminToken);
  await measure("search", "search-agent", `GET /api/tickets?searchParam=${RARE} — agent`, `/api/tickets?searchParam=${q}`, agentTokens[0]);
  await measure("messages", "messages", `GET /api/messages/:ticketId — page 1 of ${seededA.counts.pageTicketMessages}`, `/api/messages/${seededA.pageTicketId}`, agentTokens[0]);

  log(`send → event, ${A.agents.length} agents + admin connected…`);
  const send = await sendToEvent(baseUrl, agentTokens, adminToken, seededA.sendTicketId);

  log("A's open tab while A's automation works…");
  let logFrom = app.log().length;
  const errorLines = (from) =>
    app
      .log()
      .slice(from)
      .split("\n")
      .filter((l) => /error|exception|unhandled|uncaught/i.test(l) && !/workers\.cloudflare\.com|Request\.cf/.test(l));
  const auto = await automationPhase(baseUrl, bulk, bulkUrl, A, seededA, agentTokens[0], adminToken);
  auto.errorLines = errorLines(logFrom);

  log("B's open tab while A's automation works and A imports contacts…");
  const bAdminToken = await login(baseUrl, B.adminEmail);
  const bAgentToken = await login(baseUrl, B.agents[0].email);
  const aAdminToken = await login(baseUrl, A.adminEmail);
  logFrom = app.log().length;
  const two = await twoCompaniesPhase(baseUrl, bulk, bulkUrl, A, seededA, aAdminToken, bAgentToken, bAdminToken);
  two.errorLines = errorLines(logFrom);
  const finalSizes = { A: await hubSize(bulkUrl, A.companyId), B: await hubSize(bulkUrl, B.companyId) };
  // Fresh tokens for the cold starts (an access token lasts 15 minutes; the session is checked in the hub).
  const coldTokens = { A: await login(baseUrl, A.adminEmail), B: await login(baseUrl, B.adminEmail) };
  const loadAtEnd = os.loadavg();
  await app.stop();
  app = null;

  // 5. Cold starts: the worker server alone, restarted COLD_STARTS times.
  await waitForQuietMachine("the cold starts");
  log(`cold starts (${COLD_STARTS} restarts of the worker server)…`);
  const cold = await coldStarts(stateDir, [
    { label: "A", messages: seededA.counts.messages, token: coldTokens.A },
    { label: "B", messages: seededB.counts.messages, token: coldTokens.B },
  ]);
  const automated = automatedTransitions(findHubFile(stateDir, A.companyId), A.companyId);

  // 6. Report.
  const md = report({ runStarted, loadAtStart, loadAtMeasure, loadAtEnd, A, B, seededA, seededB, dbFileBytes, finalSizes, plans, sqlAlone, http, send, auto, two, cold, automated });
  console.log(`\n${md}`);
  writeResultsSection("inbox", md);
  log("bench/RESULTS.md: inbox section written");
  clearTimeout(hardStop);
}

function machineLines() {
  const cpus = os.cpus();
  const wranglerVersion = JSON.parse(readFileSync(path.join(ROOT, "node_modules", "wrangler", "package.json"), "utf8")).version;
  let commit = "?";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    if (execFileSync("git", ["status", "--porcelain"], { encoding: "utf8" }).trim()) commit += " + uncommitted changes";
  } catch {}
  return {
    machine: `${cpus.length} × ${cpus[0]?.model ?? "cpu"} (nproc ${cpus.length}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.platform()} ${os.release()}`,
    versions: `Node ${process.version}, wrangler ${wranglerVersion}, sqlite3 CLI ${spawnSync("sqlite3", ["--version"], { encoding: "utf8" }).stdout.split(" ")[0]}`,
    commit,
  };
}

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const n = (x) => Number(x).toLocaleString("en");

function report(r) {
  const { runStarted, loadAtStart, loadAtMeasure, loadAtEnd, A, B, seededA, seededB, dbFileBytes, finalSizes, plans, sqlAlone, http, send, auto, two, cold, automated } = r;
  const pass = (ok) => (ok ? "PASS" : "**MISS**");
  const load = (l) => l.map((x) => x.toFixed(2)).join(" / ");
  const m = machineLines();
  const c = seededA.counts;
  const t = sqlAlone.timings;
  const d1 = inboxD1.http;
  const d1Cell = (key) => (d1[key] ? `${fmt(d1[key].median)} / ${fmt(d1[key].p99)}` : "–");
  // What the endpoint ran: the page of ids, plus the count when its answer carries one.
  const sqlOf = (h) => (h.count != null ? t[h.key].both : t[h.key].ids);
  const rows = [];
  const row = (what, s, sqlMs, d1Key, target, ok, notes = "") =>
    rows.push(
      `| ${what} | ${fmt(s.median)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${sqlMs === null ? "–" : fmt(sqlMs)} | ${d1Cell(d1Key)} | ${target} | ${ok === null ? "–" : pass(ok)} | ${notes} |`,
    );
  for (const h of http) {
    const target = { tab: TARGETS.tabMedian, search: TARGETS.searchMedian, messages: TARGETS.messagesMedian }[h.group];
    const notes = `${kib(h.bytes)}${h.group === "floor" ? "" : `; ${h.rows} rows${h.count != null ? ` of ${h.count}` : ""}`}`;
    const sqlMs = h.group === "floor" ? null : sqlOf(h).wall.median;
    row(h.label, h, sqlMs, h.key, target ? `median < ${target} ms` : "– (reference)", target ? h.median < target : null, notes);
  }
  row(
    `send → appMessage at the agent's socket (${send.sockets} sockets)`,
    send.toAgent,
    null,
    "sendToAgent",
    `p99 < ${TARGETS.sendP99} ms`,
    send.toAgent.p99 < TARGETS.sendP99 && send.lost === 0,
    send.lost ? `${send.lost} events lost` : `${send.toAgent.n} sends`,
  );
  row("send → ticket update at the admin's socket", send.toAdmin, null, "sendToAdmin", "–", null, "");
  row("POST /api/messages/:ticketId (its response)", send.post, null, "post", "–", null, "");
  for (const who of ["agent", "admin"]) {
    const x = auto[who];
    const label = who === "agent" ? "A's open tab, agent's own" : "A's open tab, admin show-all";
    row(`${label} — no automation`, x.without, null, `auto-${who}-without`, "–", null, `${x.without.n} requests; control: p99 = ${(x.without.p99 / x.without.median).toFixed(1)} × median`);
    const limit = TARGETS.loadP99Factor * x.without.median;
    row(
      `${label} — A's automation run back to back`,
      x.during,
      null,
      `auto-${who}-during`,
      `p99 < ${TARGETS.loadP99Factor} × median without (${fmt(limit)} ms)`,
      x.during.p99 < limit,
      `${x.overlapping} of ${x.during.n} requests overlapped a run${x.overlapping ? ` (slowest of them ${fmt(x.overlappingMax)} ms)` : ""}`,
    );
  }
  const fts = t["search-admin"].both;
  const like = t["like-admin"].both;
  const sqlRows = Object.entries(t).map(
    ([key, x]) =>
      `| ${x.name} | ${fmt(x.ids.wall.median)} | ${fmt(x.count.wall.median)} | ${fmt(x.both.wall.median)} | ${fmt(x.both.wall.p95)} | ${fmt(x.both.cpu.median)} | ${x.reps} | ${fmt(inboxD1.sqlAlone[key])} |`,
  );
  const floor = (key) => http.find((h) => h.key === key)?.median ?? NaN;
  const missed = rows.filter((x) => x.includes("**MISS**")).length;

  // Two companies: B's tabs quiet / under A's load (split by what the request overlapped).
  const twoRows = ["agent", "admin"].flatMap((who) => {
    const x = two[who];
    const y = two.split[who];
    const label = who === "agent" ? "B's open tab, its agent's own" : "B's open tab, its admin's show-all";
    const cells = (s) => `${fmt(s.median)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${s.n}`;
    return [
      `| ${label} — A quiet | ${cells(x.without)} | ${d1Cell(`auto-${who}-without`)} |`,
      `| ${label} — A's automation working (no import at the time) | ${cells(y.autoOnly)} | – |`,
      `| ${label} — during A's import of 10,000 contacts (and its automation) | ${cells(y.duringImport)} | – |`,
      `| ${label} — the whole load round | ${cells(x.during)} | – |`,
    ];
  });
  twoRows.push(
    `| B's open tab, its admin's show-all — a request every ${PROBE_EVERY_MS} ms without waiting (open loop), during A's import | ${fmt(two.probes.median)} | ${fmt(two.probes.p95)} | ${fmt(two.probes.p99)} | ${fmt(two.probes.max)} | ${two.probes.n}${two.probeFailures ? ` (+${two.probeFailures} failed)` : ""} | – |`,
  );

  // Size: the hub's database at each step of A's seeding, and what a message costs.
  const size = (list, at) => list.find((s) => s.at === at)?.bytes ?? NaN;
  const beforeMessages = size(seededA.sizes, "with its contacts and tickets");
  const withMessages = size(seededA.sizes, "with its messages");
  const analyzed = size(seededA.sizes, "after ANALYZE");
  const perMessageMarginal = (withMessages - beforeMessages) / c.messages;
  const perMessageAllIn = analyzed / c.messages;
  const fitAllIn = STORAGE_LIMIT_BYTES / perMessageAllIn;
  const sizeRows = seededA.sizes.map((s) => `| A ${s.at} | ${n(s.bytes)} | ${mib(s.bytes)} |`);
  sizeRows.push(`| A at the end of the run (after the automation and ${n(two.imported)} imported contacts) | ${n(finalSizes.A)} | ${mib(finalSizes.A)} |`);
  sizeRows.push(`| B (${n(seededB.counts.messages)} messages) after ANALYZE | ${n(size(seededB.sizes, "after ANALYZE"))} | ${mib(size(seededB.sizes, "after ANALYZE"))} |`);

  const coldRows = cold.rows.map(
    (x) =>
      `| ${x.label} (${n(x.messages)} messages) | ${fmt(x.first.median)} | ${fmt(x.first.max)} | ${fmt(x.askedFirst.median)} (${x.askedFirst.n}) | ${fmt(x.askedAfter.median)} (${x.askedAfter.n}) | ${fmt(x.second.median)} | ${x.firstAll.map((v) => fmt(v)).join(", ")} |`,
  );
  const seedLines = (s) => s.timings.map((x) => `  - ${x.name}: ${(x.wallMs / 1000).toFixed(2)} s`).join("\n");
  const cb = seededB.counts;

  return `## Inbox at scale, each company in its hub (bench/inbox.mjs) — ${runStarted.toISOString()}

Tenant data in each company's CompanyHub SQLite (ADR 0016); the column "on D1" is the same measurement with every
company's data in D1 (${inboxD1.run}; its full section is kept below, "Inbox at scale on D1").${
    TICKETS === 100_000 ? "" : `\n**This run's data is smaller than the D1 run's (INBOX_TICKETS=${n(TICKETS)}, not 100,000): the D1 columns are not like for like.**`
  }

| measurement | median ms | p95 ms | p99 ms | its SQL alone, median ms | on D1: median / p99 ms | target | result | notes |
|---|---:|---:|---:|---:|---:|---|---|---|
${rows.join("\n")}

**Search: LIKE '%…%' scan vs FTS5, same run, same data: ${(like.wall.median / fts.wall.median).toFixed(0)}× slower** by wall time (${fmt(like.wall.median)} ms vs ${fmt(fts.wall.median)} ms, medians of ${SQL_RUNS}), ${(like.cpu.median / fts.cpu.median).toFixed(0)}× by CPU time; both find the same tickets: ${sqlAlone.sameTickets ? "yes" : "**no**"} (${sqlAlone.ids.fts.length}).
${missed ? `**${missed} target(s) missed.**` : "Every target met."}
Reading: a request that reaches no hub costs ${fmt(floor("version"))} ms here (npm start's path); one forwarded to a hub for one query ${fmt(floor("allowregister"))} ms (+${fmt(floor("allowregister") - floor("version"))}); an authenticated one (the session read in the hub) ${fmt(floor("me"))} ms. Against that, the SQL of each request (column "its SQL alone") is at most ${fmt(Math.max(...http.filter((h) => h.group !== "floor").map((h) => sqlOf(h).wall.median)))} ms.
Reading the automation rows: the same paced series with no automation already has p99 = ${(auto.agent.without.p99 / auto.agent.without.median).toFixed(1)} × (agent) and ${(auto.admin.without.p99 / auto.admin.without.median).toFixed(1)} × (admin) its median on this machine; with the automation working, p99 is ${fmt(auto.agent.during.p99)} ms against ${fmt(auto.agent.without.p99)} ms without (agent) and ${fmt(auto.admin.during.p99)} against ${fmt(auto.admin.without.p99)} ms (admin).

**Two companies at once** (B's open tab, with A quiet and while A's automation works its backlog and A imports contacts):

| measurement | median ms | p95 ms | p99 ms | max ms | requests | on D1, A's same tab with no load (no neighbour measured then): median / p99 ms |
|---|---:|---:|---:|---:|---:|---:|
${twoRows.join("\n")}

A's load in the ${ROUNDS} load rounds: ${two.automationRuns} automation runs back to back (${two.automationFailed} failed; they closed ${n(two.closed)} tickets and moved ${n(two.transferred)}), and in each round an import of 10,000 new contacts (${IMPORT_CALLS} calls of POST /api/contacts/import, ${n(IMPORT_ROWS)} rows each, ${n(IMPORT_AFTER_MS)} ms into the round): ${n(two.imported)} contacts imported in all (${two.importFailed} calls failed${two.importErrors.length ? `: ${two.importErrors.join(" / ")}` : ""}); an import of 10,000 took median ${fmt(two.importMs.median)} ms (a call median ${fmt(two.importCallMs.median)} ms, max ${fmt(two.importCallMs.max)} ms); ${two.errorLines.length} error lines in the app's log meanwhile${two.errorLines.length ? `: ${two.errorLines.slice(0, 3).join(" / ")}` : ""}.
B's requests that met A's import waited for it: the paced ones took ${fmt(two.split.agent.duringImport.median)} ms (agent) and ${fmt(two.split.admin.duringImport.median)} ms (admin) median (only ${two.split.agent.duringImport.n} + ${two.split.admin.duringImport.n} of them: a paced series sends its next request only once the held one is answered), the open-loop ones ${fmt(two.probes.median)} ms median, ${fmt(two.probes.max)} ms at worst, against ${fmt(two.importCallMs.median)} ms for an import call and ${fmt(two.importMs.median)} ms for the whole import: each call validates its ${n(IMPORT_ROWS)} rows and inserts them in one transaction of A's hub with their FTS5 entries, work that holds the runtime's one thread. What this figure means: locally every Durable Object and the worker run in **one workerd process, on one thread**, so A's work (each automation slice, each import's validation and its one-transaction insert of ${n(IMPORT_ROWS)} rows with their FTS entries) holds the same thread B's requests need, and B waits for it: the difference between the two rows is that wait. In production each hub is its own object, placed and run on its own (an isolate per object; one object's synchronous work never holds another object's thread, and objects of different companies may well run on different machines), so B's latency does not depend on A's work there, as long as B's hub does not share A's machine and CPU; the local figure is an upper bound of that interference, not its production value.

**Storage** (CompanyHub.databaseSize: SQLite pages in use, indexes and FTS5 included):

| hub database | bytes | size |
|---|---:|---:|
${sizeRows.join("\n")}

Per message: **${n(Math.round(perMessageMarginal))} bytes** for each of the ${n(c.messages)} messages with their indexes and FTS5 entries (the growth from "with its contacts and tickets" to "with its messages"), **${n(Math.round(perMessageAllIn))} bytes** all in (the whole database after ANALYZE over its messages: tickets at 1 per 10 messages and contacts at 1 per 100 included). Under a hub's 10 GB (${n(STORAGE_LIMIT_BYTES)} bytes) one company holds about **${(fitAllIn / 1e6).toFixed(1)} million messages** with the same mix (${(STORAGE_LIMIT_BYTES / perMessageMarginal / 1e6).toFixed(1)} million counting messages alone). On D1 the same data made a ${inboxD1.dbMiB} MiB database file (with its WAL) shared by every company; here A's hub file is ${mib(dbFileBytes)} with its WAL, right after seeding.

**Cold start** (the first request after the hub was evicted: the local worker server restarted ${COLD_STARTS} times, the worker woken with GET /api/version, then each company's GET /api/tickets?status=open&showAll=true as its admin, twice):

| hub | first request (cold hub), median ms | max ms | … when the process's first hub request, median ms (n) | … when the other hub was asked first, median ms (n) | second request (warm), median ms | first request, each restart (ms) |
|---|---:|---:|---:|---:|---:|---|
${coldRows.join("\n")}

The worker server was ready in median ${fmt(cold.ready.median)} ms after its process started (Miniflare starting workerd), and its first GET /api/version answered in median ${fmt(cold.workerFirst.median)} ms. The first request of the process to any hub also pays for the hub's code running for the first time in the fresh runtime (the column "when the process's first hub request"); when the other company's hub was asked first, what is left is this hub's own wake-up (the column "when the other hub was asked first"): compare the two companies' figures there to see what the data's size adds. The first request to a hub runs its constructor (the drizzle migrator checks the tenant migrations inside blockConcurrencyWhile), reads its company, arms its alarm, then runs the query on a cold SQLite page cache (the operating system's file cache stays warm between restarts, as a machine's disk cache would; production's storage layer is another matter).

The SQL alone (sqlite3 CLI on A's hub database file). "Its SQL alone" above is the page of ids plus the count when the endpoint's answer carries a count (it skips it on some tabs):

| query | page of ids, median ms | count, median ms | both: median ms | both: p95 ms | both: CPU median ms | executions per timed run | on D1, both: median ms |
|---|---:|---:|---:|---:|---:|---:|---:|
${sqlRows.join("\n")}

**Conditions**
- machine: ${m.machine}; load average (1/5/15 min) at start ${load(loadAtStart)}, before the HTTP measurements ${load(loadAtMeasure)}, at the end ${load(loadAtEnd)} — the machine is shared, other work may run at the same time.
- software: ${m.versions}; commit ${m.commit}. The app is started by \`scripts/start.mjs\` as \`npm start\` does (the worker bundled by \`wrangler deploy --dry-run\` and served by scripts/worker-server.mjs: Miniflare, local workerd, local D1 and Durable Objects; session host with the simulator), on 127.0.0.1, with its minute cron off and the local bulk port open (\`ZAPDESK_LOCAL_CRON=off ZAPDESK_BULK_PORT\`, passed through by start.mjs).
- data, company A (id ${A.companyId}; its rows' ids start above ${n((A.companyId - 1) * 1e9)}, the hub's id range): ${n(c.contacts)} contacts, ${n(c.tickets)} tickets (${n(c.open)} open, ${n(c.pending)} pending, ${n(c.closed)} closed; created over ${DAYS} days; ${QUEUES.length} queues), ${n(c.messages)} messages (10 a ticket, 3–12 words from a ${V}-word Portuguese vocabulary with a Zipf-like spread; ${c.rareMessages} contain "${RARE}"), ${A.agents.length} agents (agent i in queue i mod 3; agent 0 owns ${c.agent0Open} open tickets), 1 admin, 1 connection; viewclosed enabled. Company B (id ${B.companyId}): the same shape at ${n(cb.tickets)} tickets, ${n(cb.contacts)} contacts, ${n(cb.messages)} messages, ${B.agents.length} agents (its agent 0 owns ${cb.agent0Open} open tickets). Besides them, the demo company (1).
- seeding: companies, plans and users by the API (the hub writes each user's login index); then through the local bulk path (scripts/lib/bulk.mjs): the connection's \`connection_routes\` row by \`POST /control\` (D1), every tenant row by \`POST /tenant/<id>\` (CompanyHub.bulkSql: its statements in one transaction of the hub), set-based \`INSERT … SELECT\` over recursive CTEs, one statement a call (${n(MSG_STATEMENT)} messages a statement; the FTS5 triggers index as rows go in), then \`ANALYZE\`. A in **${(seededA.seedMs / 1000).toFixed(1)} s** (on D1, through \`wrangler d1 execute\`: ${inboxD1.seedSeconds} s), wall time per call:
${seedLines(seededA)}
  B in ${(seededB.seedMs / 1000).toFixed(1)} s.
- HTTP figures: Node fetch (keep-alive) on loopback, sequential, timed from the request to the last byte of the body; ${WARMUP} warm-up + ${RUNS} timed requests each; page 1 (40 tickets / 30 messages) with its count, as the inbox asks for it. Agent = agent 0 (profile user, one queue); admin = the company's admin. Notes: JSON body size, rows of the page and the count (none when the endpoint does not count). "Its SQL alone" is the sqlite3 CLI figure of the same statements (table above).
- send → event: ${A.agents.length} agent sockets + 1 admin socket on /api/ws; agent 0's socket joined the ticket's chat (joinChatBox). ${SEND_WARMUP} warm-up + ${SENDS} timed sends, one at a time: POST /api/messages/${seededA.sendTicketId} as agent 0, timed from the request until agent 0's socket has the appMessage create event with that body (and until the admin's socket has the ticket update).
- automation (was "cron" on D1): the ticket automation no longer runs from the worker's cron but from each hub's alarm, once a minute while a connection has rules. To measure a tab while it works, the bench switches A's connection's rules on (closes after 24 h idle, moves queue-less pending tickets after 30 min: \`UPDATE whatsapps\` through the bulk port) and runs the automation back to back through the bulk port's \`POST /tenant/<id>/automate\` (CompanyHub.automate, what the alarm calls: up to 10 slices of 10 tickets, each slice one turn of the hub's command queue, 500 ms apart), and switches the rules off again for the quiet rounds (so the alarm finds nothing to do then). ${ROUNDS} rounds of ${PACED_REQUESTS} requests per open tab, the two tabs interleaved, one request every ${PACE_MS} ms (after ${WARMUP} warm-up each): quiet, then with the automation; the rounds alternate so that a drift of the machine's speed falls on both sides. In all: ${auto.runs} runs (${auto.failedRuns} failed${auto.errors.length ? `: ${auto.errors.join(" / ")}` : ""}; a run took median ${fmt(auto.runMs.median)} ms, max ${fmt(auto.runMs.max)} ms); they closed ${n(auto.closed)} tickets and moved ${n(auto.transferred)}, of the ${n(c.idleOver24h)} open and pending tickets idle for over 24 h when seeded; ${auto.errorLines.length} error lines in the app's log meanwhile${auto.errorLines.length ? `: ${auto.errorLines.slice(0, 3).join(" / ")}` : ""}. Over the whole run A's history has ${n(automated.closed)} automated closes and ${n(automated.transferred)} transfers (both phases, and any run of the hub's own alarm while the rules were on). On D1 this phase was: ${inboxD1.automation}.
- two companies: B's tabs paced as above (${ROUNDS} rounds of ${PACED_REQUESTS} requests per tab): A quiet (rules off), then A loaded (rules on, A's automation back to back through the bulk port, and A's admin's import of 10,000 new contacts starting ${n(IMPORT_AFTER_MS)} ms into the round). A request of B counts as "during the import" when it overlapped one of the import's calls. Besides the paced series, while each import runs B's admin asks for its tab every ${PROBE_EVERY_MS} ms without waiting for the answers (the open-loop row).
- cold start: scripts/worker-server.mjs alone (no session host, cron off) on the same bundle and state, started and stopped ${COLD_STARTS} times after one untimed start (3 s, so that an alarm due while the server was down runs then and wakes no hub during a timed start); the companies take turns at being asked first.
- the SQL alone: hand-written mirrors of the SQL of worker/domain/tickets/listTickets.ts (and listMessages.ts) with this run's ids; the search with \`messages_fts MATCH '"${RARE}"*'\` (what worker/lib/fts.ts makes of the text) or with \`messages.body LIKE '%${RARE}%'\` (and the contact's name, number, email likewise). One \`sqlite3 -readonly\` process (SQLite ${sqlAlone.version}) on A's hub file (\`<state>/v3/do/zapdesk-CompanyHub/<object id>.sqlite\`, found by its companies row), app stopped, queries alternating, 1 warm-up + ${SQL_RUNS} runs each; a run times N back-to-back executions by SQLite's clock (ms resolution) and divides by N; CPU = \`.timer\`'s user+sys. Workerd's SQLite may be another version; the plans below are workerd's.

<details><summary>Query plans (EXPLAIN QUERY PLAN in A's hub through the bulk port: workerd's SQLite, mirrors of the app's SQL)</summary>

${plans.map((p) => `${p.name}\n\`\`\`\n${p.plan}\n\`\`\``).join("\n")}
</details>
`;
}

// Run as a script; imported (bench/dashboard.mjs reuses the company and its seeding), nothing runs.
export { createCompany, seed, startWithBulk, SIZES, PASSWORD, DAYS };
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main()
  .then(() => cleanup())
  .catch(async (err) => {
    console.error(err);
    if (app) console.error(`app log (tail):\n${app.log().slice(-3000)}`);
    await cleanup();
    process.exit(1);
  });
