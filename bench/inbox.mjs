// The inbox at scale: one company with 10,000 contacts, 100,000 tickets (10% open, 5% pending, 85% closed, over
// 90 days, 3 queues) and 1,000,000 messages in the local D1, 50 agents.
// Measures, over HTTP against `npm start`'s app (Miniflare: local workerd, local D1):
//   - GET /api/tickets for the open, pending and closed tabs and a search for a rare word, and GET /api/messages/:id;
//   - the same search as FTS5 and as a LIKE '%…%' scan, both in one sqlite3 process on the same database file;
//   - message send → event at the agent's socket with 50 agents connected;
//   - the open tab while the minute cron (the worker's scheduled handler) is triggered every second.
// Runs alone (`node bench/inbox.mjs`) or from `npm run bench`; writes its section of bench/RESULTS.md. Needs the
// sqlite3 CLI (Debian: apt-get install -y sqlite3). Takes ~5 minutes on 2 cores, plus waits while the machine is busy.
// Environment: SKIP_BUILD=1 (use the existing build/, as npm start does), INBOX_TICKETS=10000 (smaller data for a
// quick try; contacts and messages scale with it), INBOX_MAX_LOAD (wait, at most 10 min per phase, while the 1-minute
// load average is above it; default 3), INBOX_KEEP_STATE=1 (keep the seeded state dir), INBOX_TIMEOUT_MS (default 90 min).
import { spawn, spawnSync, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { api, freePort, startApp, summarize } from "./lib/app.mjs";
import { writeResultsSection } from "./lib/results.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(ROOT);
const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");

const intEnv = (name, fallback) => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return n;
};

// ---- data and run sizes ---------------------------------------------------------------------------------------
const TICKETS = intEnv("INBOX_TICKETS", 100_000);
if (TICKETS % 1000 !== 0) throw new Error("INBOX_TICKETS must be a multiple of 1000");
const CONTACTS = TICKETS / 10; // each contact has 10 tickets: exactly one open, half of them one pending too
const PER_TICKET = 10;
const MESSAGES = TICKETS * PER_TICKET;
const PAGE_EXTRA = 40; // the ticket whose messages page is measured gets this many more (50 in all)
const AGENTS = 50;
const QUEUES = [
  { name: "Vendas", color: "#2e7d32" },
  { name: "Suporte", color: "#1565c0" },
  { name: "Financeiro", color: "#ef6c00" },
];
const RARE = "paralelepípedo";
const RARE_HITS = 5;
const DAYS = 90;
const MSG_STATEMENT = 100_000; // messages per INSERT statement
const STATEMENTS_PER_CALL = 5; // statements per `wrangler d1 execute` (one process, one batch)
const WARMUP = 5;
const RUNS = 50;
const SEND_WARMUP = 10;
const SENDS = 100;
const CRON_REQUESTS = 100; // per open tab (agent's own, admin's show-all) and round, interleaved
const CRON_ROUNDS = 3; // of: no cron, then cron (so 300 requests per tab for each)
const CRON_PACE_MS = 50; // one request every 50 ms, so the timed run spans several cron triggers
const CRON_EVERY_MS = 1000;
const SQL_RUNS = 10;
const MAX_LOAD = Number(process.env.INBOX_MAX_LOAD ?? 3);
const TOTAL_TIMEOUT_MS = intEnv("INBOX_TIMEOUT_MS", 90 * 60_000);
const PASSWORD = "bench-pass-1";

const TARGETS = { tabMedian: 10, searchMedian: 25, messagesMedian: 5, sendP99: 100, cronP99Factor: 2 };

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

/** Runs a command with a time limit; answers stdout, throws with the output on failure. */
function runBounded(command, args, { input, timeoutMs, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", ...env },
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    if (input !== undefined) child.stdin.end(input);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${path.basename(command)} ${args.slice(0, 3).join(" ")}… took longer than ${timeoutMs / 1000}s`));
    }, timeoutMs);
    child.on("error", (err) => (clearTimeout(timer), reject(err)));
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(command)} ${args.slice(0, 4).join(" ")} exited with ${code}\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`));
    });
  });
}

/** `wrangler d1 execute zapdesk --local --persist-to DIR --json` on SQL text (written to a file): one result per statement. */
async function d1(persistTo, text, { timeoutMs = 120_000 } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-inbox-sql-"));
  try {
    const file = path.join(dir, "bench.sql");
    writeFileSync(file, text);
    const out = await runBounded(WRANGLER, ["d1", "execute", "zapdesk", "--local", "--persist-to", persistTo, "--yes", "--json", "--file", file], {
      timeoutMs,
    });
    const start = out.indexOf("[");
    if (start < 0) throw new Error(`no JSON in wrangler output:\n${out}`);
    return JSON.parse(out.slice(start));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const d1Rows = async (persistTo, text, opts) => (await d1(persistTo, text, opts))[0]?.results ?? [];

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

// ---- 1. the bench company through the API -------------------------------------------------------------------------
async function createCompany(baseUrl) {
  const stamp = Date.now();
  const sup = await api(baseUrl, "POST", "/api/auth/login", { body: { email: "admin@admin.com", password: "123456" } });
  const plan = await api(baseUrl, "POST", "/api/plans", {
    token: sup.token,
    body: { name: `Inbox bench ${stamp}`, users: AGENTS + 10, connections: 1, queues: QUEUES.length, value: 0 },
  });
  const adminEmail = `inbox-admin-${stamp}@bench.dev`;
  await api(baseUrl, "POST", "/api/companies", {
    token: sup.token,
    body: { name: `Inbox bench ${stamp}`, email: adminEmail, planId: plan.id, password: PASSWORD, dueDate: "2099-12-31" },
  });
  const admin = await api(baseUrl, "POST", "/api/auth/login", { body: { email: adminEmail, password: PASSWORD } });
  const companyId = admin.user.companyId;
  const agents = [];
  for (let i = 0; i < AGENTS; i++) {
    const email = `inbox-agent${String(i).padStart(2, "0")}-${stamp}@bench.dev`;
    const created = await api(baseUrl, "POST", "/api/users", {
      token: admin.token,
      body: { name: `Agente ${String(i + 1).padStart(2, "0")}`, email, password: PASSWORD, profile: "user" },
    });
    agents.push({ id: created.id ?? created.user?.id, email, queueIndex: i % QUEUES.length });
  }
  if (agents.some((a) => !Number.isInteger(a.id))) throw new Error("POST /api/users did not answer the new user's id");
  return { companyId, adminEmail, adminId: admin.user.id, agents };
}

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

function seedPlan({ companyId, agents, queueIds, whatsappId, contactMin, ticketMin, now }) {
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
  for (let from = 0; from < MESSAGES; from += MSG_STATEMENT) messageChunks.push(messageChunk(from, Math.min(MESSAGES, from + MSG_STATEMENT)));

  // Ticket 0 (open, agent 0): 40 more messages, so that its first page is full (30) and has more behind it.
  const pageTicketId = ticketMin;
  const pageExtra = `WITH RECURSIVE seq(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM seq WHERE k < ${PAGE_EXTRA - 1}),
${vocabCte}
INSERT INTO messages (${messageCols})
SELECT printf('BENCHX%04d', k), ${companyId}, t.id, t.contact_id, ${bodyExpr(`${MESSAGES} + k`)},
  k % 2, 1, 'chat', CASE WHEN k % 2 = 1 THEN 3 ELSE 0 END, 0, 0, 0, 0, 0, t.queue_id, CASE WHEN k % 2 = 1 THEN t.user_id END,
  t.created_at + (${PER_TICKET} + k) * 60000, t.created_at + (${PER_TICKET} + k) * 60000
FROM seq CROSS JOIN v CROSS JOIN tickets t WHERE t.id = ${pageTicketId};
UPDATE tickets SET updated_at = created_at + ${(PER_TICKET + PAGE_EXTRA - 1) * 60_000}, unread_messages = 0 WHERE id = ${pageTicketId}`;

  // A handful of messages, spread over the data, carry the rare word.
  const rareN = Array.from({ length: RARE_HITS }, (_, r) => Math.floor((MESSAGES * (2 * r + 1)) / (2 * RARE_HITS)) + 3);
  const rare = `UPDATE messages SET body = body || ' ' || ${sql(RARE)} || ', cuidado na entrega'
WHERE company_id = ${companyId} AND wid IN (${rareN.map((n) => sql(`BENCH${String(n).padStart(9, "0")}`)).join(", ")})`;
  const rareTickets = [...new Set(rareN.map((n) => ticketMin + Math.floor(n / PER_TICKET)))];

  return { contacts, tickets, messageChunks, pageExtra, rare, pageTicketId, rareTickets };
}

async function seed(persistTo, company) {
  const timings = [];
  const started = performance.now();
  const stepRun = async (name, text, timeoutMs = 20 * 60_000) => {
    const t0 = performance.now();
    const results = await d1(persistTo, text, { timeoutMs });
    const sqlMs = results.reduce((s, r) => s + (r.meta?.duration ?? 0), 0);
    const wallMs = performance.now() - t0;
    timings.push({ name, wallMs, sqlMs });
    log(`seed: ${name} in ${(wallMs / 1000).toFixed(1)} s (SQL ${(sqlMs / 1000).toFixed(1)} s)`);
    return results;
  };
  const { companyId, agents } = company;
  const now = Date.now();

  // Queues (there is no queue API yet), agents in them (agent i in queue i % 3), one default connection.
  await stepRun(
    "queues, whatsapp",
    `${QUEUES.map((q, i) => `INSERT INTO queues (company_id, name, color, order_queue, greeting_message, out_of_hours_message, schedules, created_at, updated_at)
VALUES (${companyId}, ${sql(q.name)}, ${sql(q.color)}, ${i + 1}, '', '', '[]', ${now}, ${now});`).join("\n")}
INSERT INTO whatsapps (company_id, name, number, status, is_default, session, provider, created_at, updated_at)
VALUES (${companyId}, 'Inbox bench', '5511999990000', 'CONNECTED', 1, 'bench', 'beta', ${now}, ${now});`,
  );
  const queueRows = await d1Rows(persistTo, `SELECT id, name FROM queues WHERE company_id = ${companyId} ORDER BY order_queue`);
  const queueIds = QUEUES.map((q) => queueRows.find((r) => r.name === q.name)?.id);
  const [wa] = await d1Rows(persistTo, `SELECT id FROM whatsapps WHERE company_id = ${companyId} AND is_default = 1`);
  // Auto-close after 24 h idle and auto-transfer after 30 min: the minute cron has real work over this data.
  await stepRun(
    "user_queues, automation settings",
    `INSERT INTO user_queues (user_id, queue_id, created_at) VALUES ${agents.map((a) => `(${a.id}, ${queueIds[a.queueIndex]}, ${now})`).join(", ")};
UPDATE whatsapps SET expires_ticket = 24, expires_inactive_message = '', transfer_queue_id = ${queueIds[0]}, time_to_transfer = 30 WHERE id = ${wa.id};`,
  );

  await stepRun(`${CONTACTS} contacts`, seedPlan({ ...company, queueIds, whatsappId: wa.id, contactMin: 0, ticketMin: 0, now }).contacts);
  const [c] = await d1Rows(persistTo, `SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM contacts WHERE company_id = ${companyId}`);
  if (c.n !== CONTACTS || c.hi - c.lo + 1 !== CONTACTS) throw new Error(`contacts ids are not contiguous: ${JSON.stringify(c)}`);
  await stepRun(`${TICKETS} tickets`, seedPlan({ ...company, queueIds, whatsappId: wa.id, contactMin: c.lo, ticketMin: 0, now }).tickets);
  const [t] = await d1Rows(persistTo, `SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM tickets WHERE company_id = ${companyId}`);
  if (t.n !== TICKETS || t.hi - t.lo + 1 !== TICKETS) throw new Error(`ticket ids are not contiguous: ${JSON.stringify(t)}`);
  const plan = seedPlan({ ...company, queueIds, whatsappId: wa.id, contactMin: c.lo, ticketMin: t.lo, now });
  const [probe] = await d1Rows(persistTo, `SELECT uuid FROM tickets WHERE id = ${t.lo + 12345 % TICKETS}`);
  if (!probe.uuid.endsWith((12345 % TICKETS).toString(16).padStart(12, "0"))) throw new Error(`ticket ids are not in seed order: ${probe.uuid}`);

  for (let i = 0; i < plan.messageChunks.length; i += STATEMENTS_PER_CALL) {
    const chunk = plan.messageChunks.slice(i, i + STATEMENTS_PER_CALL);
    const from = i * MSG_STATEMENT;
    const to = Math.min(MESSAGES, (i + chunk.length) * MSG_STATEMENT);
    await stepRun(`messages ${from.toLocaleString("en")}–${to.toLocaleString("en")}`, chunk.join(";\n"));
  }
  await stepRun(`page ticket (+${PAGE_EXTRA}) and ${RARE_HITS} rare-word messages`, `${plan.pageExtra};\n${plan.rare}`);
  await stepRun("ANALYZE", "ANALYZE");
  const seedMs = performance.now() - started;

  const [counts] = await d1Rows(
    persistTo,
    `SELECT (SELECT count(*) FROM contacts WHERE company_id = ${companyId}) AS contacts,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId}) AS tickets,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'open') AS open,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'pending') AS pending,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'closed') AS closed,
  (SELECT count(*) FROM messages WHERE company_id = ${companyId}) AS messages,
  (SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ${sql(`"${RARE}"*`)}) AS rareMessages,
  (SELECT count(*) FROM tickets WHERE company_id = ${companyId} AND status = 'open' AND user_id = ${agents[0].id}) AS agent0Open,
  (SELECT count(*) FROM messages WHERE ticket_id = ${plan.pageTicketId}) AS pageTicketMessages`,
  );
  const sendTicketId = t.lo + 1; // open, agent 0's
  const [sendTicket] = await d1Rows(persistTo, `SELECT status, user_id AS userId FROM tickets WHERE id = ${sendTicketId}`);
  if (sendTicket.status !== "open" || sendTicket.userId !== agents[0].id) throw new Error(`ticket ${sendTicketId} is not agent 0's open ticket`);
  return { seedMs, timings, counts, queueIds, ticketMin: t.lo, pageTicketId: plan.pageTicketId, sendTicketId, rareTickets: plan.rareTickets };
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

/** EXPLAIN QUERY PLAN of each statement, by workerd's SQLite (wrangler d1 execute --local). */
async function explainAll(persistTo, statements) {
  const results = await d1(persistTo, statements.map((s) => `EXPLAIN QUERY PLAN ${s.sql.replace(/\s+/g, " ")}`).join(";\n"));
  return statements.map((s, i) => ({ name: s.name, plan: planTree(results[i]?.results ?? []) }));
}

function findD1File(persistTo) {
  const dir = path.join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database file in ${dir}, found ${files.join(", ")}`);
  return path.join(dir, files[0]);
}

/**
 * The SQL alone, in ONE sqlite3 process on the local D1 file (the app stopped): each mirror's page of ids and its
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

// The app is started with its own minute cron off (ZAPDESK_LOCAL_CRON=off) and a trigger port (ZAPDESK_SCHEDULED_PORT,
// read by scripts/worker-server.mjs), where GET /scheduled runs the worker's scheduled handler and answers when the
// run, its waitUntil work included, has finished.
const CRON_PATH = "/scheduled?cron=*+*+*+*+*";

async function checkCronTrigger(triggerUrl) {
  const res = await fetch(triggerUrl + CRON_PATH, { signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  if (!res.ok || !ranOk(text)) throw new Error(`GET ${CRON_PATH} did not run the scheduled handler: ${res.status} ${text.slice(0, 100)}`);
  return { url: triggerUrl + CRON_PATH, answer: `${res.status} ${text.trim()}` };
}

function ranOk(text) {
  try {
    return JSON.parse(text).outcome === "ok";
  } catch {
    return false;
  }
}

/** The open tabs (agent's own and admin's show-all), interleaved, one request every CRON_PACE_MS. */
async function pacedOpenTabs(baseUrl, agentToken, adminToken) {
  const tabs = [
    { who: "agent", path: "/api/tickets?status=open", token: agentToken },
    { who: "admin", path: "/api/tickets?status=open&showAll=true", token: adminToken },
  ];
  for (let i = 0; i < WARMUP; i++) for (const t of tabs) await timedFetch(baseUrl, t.path, t.token);
  const samples = { agent: [], admin: [] };
  for (let i = 0; i < CRON_REQUESTS * tabs.length; i++) {
    const t = tabs[i % tabs.length];
    const r = await timedFetch(baseUrl, t.path, t.token);
    samples[t.who].push(r);
    await sleep(Math.max(0, CRON_PACE_MS - r.ms));
  }
  return samples;
}

/** The cron trigger called every CRON_EVERY_MS (or at once when a run took longer) until `stop()`; its runs. */
function cronLoop(triggerUrl, runs) {
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const started = performance.now();
      try {
        const res = await fetch(triggerUrl, { signal: AbortSignal.timeout(30_000) });
        const text = await res.text();
        runs.push({ started, ended: performance.now(), ok: res.ok && ranOk(text) });
      } catch {
        runs.push({ started, ended: performance.now(), ok: false });
      }
      const wait = CRON_EVERY_MS - (performance.now() - started);
      if (wait > 0 && !stop) await sleep(wait);
    }
  })();
  return async () => {
    stop = true;
    await loop;
  };
}

/**
 * The open tabs paced, in CRON_ROUNDS rounds of: no cron, then the cron triggered every second. Alternating
 * rounds keeps a drift of the machine's own speed over the minute out of the comparison.
 */
async function cronPhase(baseUrl, triggerUrl, agentToken, adminToken) {
  const trigger = await checkCronTrigger(triggerUrl);
  const without = { agent: [], admin: [] };
  const during = { agent: [], admin: [] };
  const runs = [];
  for (let round = 0; round < CRON_ROUNDS; round++) {
    const quiet = await pacedOpenTabs(baseUrl, agentToken, adminToken);
    const stopCron = cronLoop(trigger.url, runs);
    let busy;
    try {
      busy = await pacedOpenTabs(baseUrl, agentToken, adminToken);
    } finally {
      await stopCron();
    }
    for (const who of ["agent", "admin"]) {
      without[who].push(...quiet[who]);
      during[who].push(...busy[who]);
    }
  }
  const overlapping = (samples) => samples.filter((s) => runs.some((r) => r.started < s.ended && r.ended > s.started));
  const ms = (samples) => samples.map((s) => s.ms);
  const tab = (who) => {
    const over = overlapping(during[who]);
    return { without: summarize(ms(without[who])), during: summarize(ms(during[who])), overlapping: over.length, overlappingMax: Math.max(...ms(over)) };
  };
  return {
    trigger,
    runs: runs.length,
    failedRuns: runs.filter((r) => !r.ok).length,
    triggerMs: summarize(runs.map((r) => r.ended - r.started)),
    agent: tab("agent"),
    admin: tab("admin"),
  };
}

/** What the cron runs did to the bench company's tickets (their history rows: written by nobody, i.e. the system). */
function automatedTransitions(dbFile, companyId) {
  const out = execFileSync("sqlite3", ["-readonly", dbFile, `SELECT action, count(*) FROM ticket_trackings WHERE company_id = ${companyId} AND by_user_id IS NULL AND action IN ('close', 'transfer') GROUP BY action;`], { encoding: "utf8" });
  const counts = Object.fromEntries(out.trim().split("\n").filter(Boolean).map((l) => l.split("|")).map(([a, n]) => [a, Number(n)]));
  return { closed: counts.close ?? 0, transferred: counts.transfer ?? 0 };
}

/** The jobs the scheduled handler starts, read from worker/server.ts (so this stays true when jobs are added). */
function cronJobs() {
  const src = readFileSync(path.join(ROOT, "worker", "server.ts"), "utf8");
  const imports = [...src.matchAll(/import\s*\{([^}]+)\}\s*from\s*"\.\/jobs\/([\w-]+)"/g)].flatMap((m) =>
    m[1].split(",").map((name) => ({ name: name.trim(), file: `worker/jobs/${m[2]}.ts` })),
  );
  const start = src.indexOf("scheduled(");
  const queueAt = src.indexOf("queue(", start);
  const body = src.slice(start, queueAt > start ? queueAt : undefined);
  return imports.filter((j) => body.includes(`${j.name}(`));
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

async function main() {
  const hardStop = setTimeout(() => {
    console.error(`[inbox] gave up after ${TOTAL_TIMEOUT_MS / 60_000} min`);
    cleanup().finally(() => process.exit(1));
  }, TOTAL_TIMEOUT_MS);
  hardStop.unref();
  const runStarted = new Date();
  const loadAtStart = os.loadavg();

  // 1. The app as `npm start` starts it (fresh state, demo seeded); the bench company and its agents by the API.
  log("starting the app (npm start's script, fresh state)…");
  app = await startApp({ skipBuild: process.env.SKIP_BUILD === "1" });
  stateDir = app.stateDir;
  log(`app on ${app.baseUrl}, state in ${stateDir}`);
  const company = await createCompany(app.baseUrl);
  log(`company ${company.companyId} with ${company.agents.length} agents`);
  // The bulk data goes in while the app is stopped: one process at a time on the SQLite file.
  await app.stop();
  app = null;

  // 2. Bulk data.
  await waitForQuietMachine("seeding");
  const seeded = await seed(stateDir, company);
  log(`seeded in ${(seeded.seedMs / 1000).toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
  const dbFile = findD1File(stateDir);

  // 3. Query plans (workerd's SQLite, through wrangler) and the SQL alone (sqlite3 CLI, same file, one process).
  const mirrors = mirrorQueries({ companyId: company.companyId, agent: company.agents[0], queueIds: seeded.queueIds, pageTicketId: seeded.pageTicketId });
  const byKey = Object.fromEntries(mirrors.map((m) => [m.key, m]));
  const plans = await explainAll(
    stateDir,
    mirrors.flatMap((m) => [
      { name: `${m.name}: page of ids`, sql: m.ids },
      { name: `${m.name}: count`, sql: m.count },
    ]),
  );
  await waitForQuietMachine("timing the SQL in sqlite3");
  log("the SQL alone in sqlite3 (and FTS5 vs LIKE)…");
  const sqlAlone = timeInSqlite(
    dbFile,
    mirrors.map((m) => ({ key: m.key, name: m.name, ids: m.ids, count: m.count, reps: m.key.startsWith("like") ? 1 : 20 })),
    { fts: byKey["search-admin"], like: byKey["like-admin"] },
  );

  // 4. The app again over the seeded state (its cron run by the bench's trigger only); HTTP figures.
  await waitForQuietMachine("the HTTP measurements");
  log("restarting the app over the seeded state…");
  const scheduledPort = await freePort();
  app = await startApp({ skipBuild: true, stateDir, env: { ZAPDESK_LOCAL_CRON: "off", ZAPDESK_SCHEDULED_PORT: String(scheduledPort) } });
  const { baseUrl } = app;
  const admin = await api(baseUrl, "POST", "/api/auth/login", { body: { email: company.adminEmail, password: PASSWORD } });
  // Agents see the closed tab only when the company allows it; this company does.
  await api(baseUrl, "PUT", "/api/settings/viewclosed", { token: admin.token, body: { value: "enabled" } });
  const agentTokens = [];
  for (const a of company.agents) agentTokens.push((await api(baseUrl, "POST", "/api/auth/login", { body: { email: a.email, password: PASSWORD } })).token);
  const loadAtMeasure = os.loadavg();

  log("request floor, tabs, search, messages page…");
  const q = encodeURIComponent(RARE);
  const http = [];
  const measure = async (group, key, label, pathName, token) => http.push({ group, key, ...(await series(baseUrl, label, pathName, token)) });
  await measure("floor", null, "GET /api/version (no auth, no D1)", "/api/version", admin.token);
  await measure("floor", null, "GET /api/settings/allowregister (one D1 query, no auth)", "/api/settings/allowregister", admin.token);
  await measure("floor", null, "GET /api/auth/me (authentication + the session user)", "/api/auth/me", admin.token);
  await measure("tab", "open-agent", "GET /api/tickets?status=open — agent's own", "/api/tickets?status=open", agentTokens[0]);
  await measure("tab", "open-admin", "GET /api/tickets?status=open&showAll=true — admin", "/api/tickets?status=open&showAll=true", admin.token);
  await measure("tab", "pending-agent", "GET /api/tickets?status=pending — agent", "/api/tickets?status=pending", agentTokens[0]);
  await measure("tab", "pending-admin", "GET /api/tickets?status=pending — admin", "/api/tickets?status=pending", admin.token);
  await measure("tab", "closed-agent", "GET /api/tickets?status=closed — agent", "/api/tickets?status=closed", agentTokens[0]);
  await measure("tab", "closed-admin", "GET /api/tickets?status=closed — admin", "/api/tickets?status=closed", admin.token);
  await measure("search", "search-admin", `GET /api/tickets?searchParam=${RARE} — admin`, `/api/tickets?searchParam=${q}`, admin.token);
  await measure("search", "search-agent", `GET /api/tickets?searchParam=${RARE} — agent`, `/api/tickets?searchParam=${q}`, agentTokens[0]);
  await measure("messages", "messages", `GET /api/messages/:ticketId — page 1 of ${seeded.counts.pageTicketMessages}`, `/api/messages/${seeded.pageTicketId}`, agentTokens[0]);

  log(`send → event, ${AGENTS} agents + admin connected…`);
  const send = await sendToEvent(baseUrl, agentTokens, admin.token, seeded.sendTicketId);

  log("open tab while the cron runs…");
  const logFrom = app.log().length;
  const cron = await cronPhase(baseUrl, `http://127.0.0.1:${scheduledPort}`, agentTokens[0], admin.token);
  cron.errorLines = app
    .log()
    .slice(logFrom)
    .split("\n")
    .filter((l) => /error|exception|unhandled|uncaught/i.test(l) && !/workers\.cloudflare\.com|Request\.cf/.test(l));
  const loadAtEnd = os.loadavg();
  await app.stop();
  app = null;
  cron.automated = automatedTransitions(findD1File(stateDir), company.companyId);
  const dbBytes = statSync(dbFile).size + (existsSync(`${dbFile}-wal`) ? statSync(`${dbFile}-wal`).size : 0);

  // 5. Report.
  const md = report({ runStarted, loadAtStart, loadAtMeasure, loadAtEnd, company, seeded, dbBytes, plans, sqlAlone, http, send, cron });
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

function report({ runStarted, loadAtStart, loadAtMeasure, loadAtEnd, company, seeded, dbBytes, plans, sqlAlone, http, send, cron }) {
  const pass = (ok) => (ok ? "PASS" : "**MISS**");
  const load = (l) => l.map((x) => x.toFixed(2)).join(" / ");
  const m = machineLines();
  const c = seeded.counts;
  const t = sqlAlone.timings;
  // What the endpoint ran: the page of ids, plus the count when its answer carries one.
  const sqlOf = (h) => (h.count != null ? t[h.key].both : t[h.key].ids);
  const rows = [];
  const row = (what, s, sqlMs, target, ok, notes = "") =>
    rows.push(`| ${what} | ${fmt(s.median)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${sqlMs === null ? "–" : fmt(sqlMs)} | ${target} | ${ok === null ? "–" : pass(ok)} | ${notes} |`);
  for (const h of http) {
    const target = { tab: TARGETS.tabMedian, search: TARGETS.searchMedian, messages: TARGETS.messagesMedian }[h.group];
    const notes = `${kib(h.bytes)}${h.group === "floor" ? "" : `; ${h.rows} rows${h.count != null ? ` of ${h.count}` : ""}`}`;
    row(h.label, h, h.key ? sqlOf(h).wall.median : null, target ? `median < ${target} ms` : "– (reference)", target ? h.median < target : null, notes);
  }
  row(
    `send → appMessage at the agent's socket (${send.sockets} sockets)`,
    send.toAgent,
    null,
    `p99 < ${TARGETS.sendP99} ms`,
    send.toAgent.p99 < TARGETS.sendP99 && send.lost === 0,
    send.lost ? `${send.lost} events lost` : `${send.toAgent.n} sends`,
  );
  row("send → ticket update at the admin's socket", send.toAdmin, null, "–", null, "");
  row("POST /api/messages/:ticketId (its response)", send.post, null, "–", null, "");
  for (const who of ["agent", "admin"]) {
    const x = cron[who];
    const label = who === "agent" ? "open tab, agent's own" : "open tab, admin show-all";
    row(`${label} — no cron`, x.without, null, "–", null, `${x.without.n} requests; control: p99 = ${(x.without.p99 / x.without.median).toFixed(1)} × median with no cron at all`);
    const limit = TARGETS.cronP99Factor * x.without.median;
    row(
      `${label} — cron triggered every 1 s`,
      x.during,
      null,
      `p99 < ${TARGETS.cronP99Factor} × median without cron (${fmt(limit)} ms)`,
      x.during.p99 < limit,
      `${x.overlapping} of ${x.during.n} requests overlapped a trigger${x.overlapping ? ` (slowest of them ${fmt(x.overlappingMax)} ms)` : ""}`,
    );
  }
  const fts = t["search-admin"].both;
  const like = t["like-admin"].both;
  const ratioWall = like.wall.median / fts.wall.median;
  const ratioCpu = like.cpu.median / fts.cpu.median;
  const sqlRows = Object.values(t).map(
    (x) => `| ${x.name} | ${fmt(x.ids.wall.median)} | ${fmt(x.count.wall.median)} | ${fmt(x.both.wall.median)} | ${fmt(x.both.wall.p95)} | ${fmt(x.both.cpu.median)} | ${x.reps} |`,
  );

  const floor = (word) => http.find((h) => h.group === "floor" && h.label.includes(word))?.median ?? NaN;
  const slow = http.filter((h) => h.key && sqlOf(h).wall.median >= 5);
  const sqlSummary =
    `at most ${fmt(Math.max(...http.filter((h) => h.key && sqlOf(h).wall.median < 5).map((h) => sqlOf(h).wall.median)))} ms` +
    (slow.length ? `, except ${slow.map((h) => `${h.label.replace(/^GET /, "")} (${fmt(sqlOf(h).wall.median)} ms)`).join(", ")}` : "");
  const jobs = cronJobs();
  const seedLines = seeded.timings.map((x) => `  - ${x.name}: ${(x.wallMs / 1000).toFixed(1)} s (${(x.sqlMs / 1000).toFixed(1)} s of it in SQL)`).join("\n");
  const missed = rows.filter((r) => r.includes("**MISS**")).length;
  return `## Inbox at scale (bench/inbox.mjs) — ${runStarted.toISOString()}

| measurement | median ms | p95 ms | p99 ms | its SQL alone, median ms | target | result | notes |
|---|---:|---:|---:|---:|---|---|---|
${rows.join("\n")}

**Search: LIKE '%…%' scan vs FTS5, same run, same data: ${ratioWall.toFixed(0)}× slower** by wall time (${fmt(like.wall.median)} ms vs ${fmt(fts.wall.median)} ms, medians of ${SQL_RUNS}), ${ratioCpu.toFixed(0)}× by CPU time; both find the same tickets: ${sqlAlone.sameTickets ? "yes" : "**no**"} (${sqlAlone.ids.fts.length}).
${missed ? `**${missed} target(s) missed.**` : "Every target met."}
Reading: a request that touches no D1 costs ${fmt(floor("version"))} ms here (npm start's path), one D1 query adds ${fmt(floor("allowregister") - floor("version"))} ms; against that, the SQL of each request (column "its SQL alone") is ${sqlSummary}.
Reading the cron rows: the same paced series with no cron at all already has p99 = ${(cron.agent.without.p99 / cron.agent.without.median).toFixed(1)} × (agent) and ${(cron.admin.without.p99 / cron.admin.without.median).toFixed(1)} × (admin) its median on this machine; with the cron working, p99 is ${fmt(cron.agent.during.p99)} ms against ${fmt(cron.agent.without.p99)} ms without (agent) and ${fmt(cron.admin.during.p99)} against ${fmt(cron.admin.without.p99)} ms (admin).

The SQL alone (sqlite3 CLI on the same database file). "Its SQL alone" above is the page of ids plus the count when the endpoint's answer carries a count (it skips it on some tabs):

| query | page of ids, median ms | count, median ms | both: median ms | both: p95 ms | both: CPU median ms | executions per timed run |
|---|---:|---:|---:|---:|---:|---:|
${sqlRows.join("\n")}

**Conditions**
- machine: ${m.machine}; load average (1/5/15 min) at start ${load(loadAtStart)}, before the HTTP measurements ${load(loadAtMeasure)}, at the end ${load(loadAtEnd)} — the machine is shared, other work may run at the same time.
- software: ${m.versions}; commit ${m.commit}. The app is started by \`scripts/start.mjs\` as \`npm start\` does (the worker bundled by \`wrangler deploy --dry-run\` and served by scripts/worker-server.mjs: Miniflare, local workerd, local D1 and Durable Objects; session host with the simulator), on 127.0.0.1; for the measurements with its own minute cron off and a trigger port (\`ZAPDESK_LOCAL_CRON=off ZAPDESK_SCHEDULED_PORT\`).
- data, company ${company.companyId} (besides the demo): ${c.contacts.toLocaleString("en")} contacts, ${c.tickets.toLocaleString("en")} tickets (${c.open.toLocaleString("en")} open, ${c.pending.toLocaleString("en")} pending, ${c.closed.toLocaleString("en")} closed; created over ${DAYS} days; ${QUEUES.length} queues), ${c.messages.toLocaleString("en")} messages (10 a ticket, 3–12 words from a ${V}-word Portuguese vocabulary with a Zipf-like spread; ${c.rareMessages} contain "${RARE}"), ${AGENTS} agents (agent i in queue i mod 3; agent 0 owns ${c.agent0Open} open tickets), 1 admin, 1 connection; viewclosed enabled. Database file with its WAL: ${(dbBytes / 2 ** 20).toFixed(0)} MiB.
- seeding: **${(seeded.seedMs / 1000).toFixed(1)} s** in all, set-based \`INSERT … SELECT\` over recursive CTEs through \`wrangler d1 execute zapdesk --local --persist-to <the app's state dir>\` (${MSG_STATEMENT.toLocaleString("en")} messages a statement, ${STATEMENTS_PER_CALL} statements a call; the FTS5 triggers index as rows go in), with the app stopped, then \`ANALYZE\`; wall time per call (and the SQL's own time as D1 reports it):
${seedLines}
- HTTP figures: Node fetch (keep-alive) on loopback, sequential, timed from the request to the last byte of the body; ${WARMUP} warm-up + ${RUNS} timed requests each; page 1 (40 tickets / 30 messages) with its count, as the inbox asks for it. Agent = agent 0 (profile user, one queue); admin = the company's admin. Notes: JSON body size, rows of the page and the count (none when the endpoint does not count). "Its SQL alone" is the sqlite3 CLI figure of the same statements (table below).
- send → event: ${AGENTS} agent sockets + 1 admin socket on /api/ws; agent 0's socket joined the ticket's chat (joinChatBox). ${SEND_WARMUP} warm-up + ${SENDS} timed sends, one at a time: POST /api/messages/${seeded.sendTicketId} as agent 0, timed from the request until agent 0's socket has the appMessage create event with that body (and until the admin's socket has the ticket update).
- cron: ${CRON_ROUNDS} rounds of ${CRON_REQUESTS} requests per open tab, the two tabs interleaved, one request every ${CRON_PACE_MS} ms (after ${WARMUP} warm-up each): first with no cron, then while the trigger port's \`GET ${CRON_PATH}\` (answer: ${cron.trigger.answer}) is called every ${CRON_EVERY_MS / 1000} s (or as soon as a run has ended, when it took longer); the rounds alternate so that a drift of the machine's speed during the phase falls on both sides. In all: ${cron.runs} runs (${cron.failedRuns} failed; a run, its waitUntil work included, took median ${fmt(cron.triggerMs.median)} ms, max ${fmt(cron.triggerMs.max)} ms); ${cron.errorLines.length} error lines in the app's log meanwhile${cron.errorLines.length ? `: ${cron.errorLines.slice(0, 3).join(" / ")}` : ""}. The scheduled handler (worker/server.ts) runs: ${jobs.map((j) => `${j.name} (${j.file})`).join(", ") || "nothing"} — housekeeping (expired sessions, spent reset codes, stale rate-limit windows) and the ticket automation: the bench connection closes tickets idle for 24 h and moves queue-less pending tickets to a queue after 30 min (every seeded ticket has a queue, so closes are what is due), so each run finds due tickets among the 100,000 through the ticket indexes and closes or moves them in the company's hub, ten at a time 500 ms apart, up to 100 a run (worker/domain/automation/automateTickets.ts): the runs closed ${cron.automated.closed} tickets and moved ${cron.automated.transferred}.
- the SQL alone: hand-written mirrors of the SQL of worker/domain/tickets/listTickets.ts (and listMessages.ts) with this run's ids; the search with \`messages_fts MATCH '"${RARE}"*'\` (what worker/lib/fts.ts makes of the text) or with \`messages.body LIKE '%${RARE}%'\` (and the contact's name, number, email likewise). One \`sqlite3 -readonly\` process (SQLite ${sqlAlone.version}) on the local D1 file, app stopped, queries alternating, 1 warm-up + ${SQL_RUNS} runs each; a run times N back-to-back executions by SQLite's clock (ms resolution) and divides by N; CPU = \`.timer\`'s user+sys. Workerd's SQLite may be another version; the plans below are workerd's.

<details><summary>Query plans (EXPLAIN QUERY PLAN through wrangler d1 execute --local: workerd's SQLite, mirrors of the app's SQL)</summary>

${plans.map((p) => `${p.name}\n\`\`\`\n${p.plan}\n\`\`\``).join("\n")}
</details>
`;
}

main()
  .then(() => cleanup())
  .catch(async (err) => {
    console.error(err);
    if (app) console.error(`app log (tail):\n${app.log().slice(-3000)}`);
    await cleanup();
    process.exit(1);
  });
