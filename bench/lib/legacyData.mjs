#!/usr/bin/env node
/**
 * A big ticketz database for the import bench (issue 27, "Speed"): ticketz's real schema
 * (importer/fixtures/ticketz/schema.sql) in a throwaway PostgreSQL, filled in SQL with generate_series: by default
 * one company with 100,000 tickets and 1,000,000 messages, and in proportion 20,000 contacts (5 tickets each, some
 * with custom fields and tags), 40 users, 5 queues, 2 connections, 100,000 tracking rows, 10,000 notes, 50,000
 * ticket tags; plus a second, small company (the importer takes one company out of a shared installation).
 * Messages look like real ones: a Baileys dataJson on each (about 400 bytes), acks 0–5, a quote every 20th, media
 * rows every 25th (mediaUrl only: the bench excludes media files).
 *
 *   import { startLegacyBenchDatabase } from "./lib/legacyData.mjs";
 *   const db = await startLegacyBenchDatabase({ log: console.log });   // { url, companyId, counts, stop() }
 *
 *   node bench/lib/legacyData.mjs [--tickets 100000] [--messages 1000000]   fills one, prints its URL, runs until Ctrl-C
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, psql, startPostgres } from "../../scripts/lib/postgres.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const SCHEMA = path.join(ROOT, "importer", "fixtures", "ticketz", "schema.sql");

/** The SQL that fills a ticketz database already holding the schema. Company 1 is the big one. */
export function legacyFillSql({ tickets = 100_000, messages = 1_000_000, contacts = Math.max(1, Math.round(tickets / 5)), users = 40 } = {}) {
  const perTicket = messages / tickets;
  return `
SET session_replication_role = replica; -- no foreign-key triggers while filling (every reference below exists)
SET synchronous_commit = off;
BEGIN;
INSERT INTO "Plans" (id, name, users, connections, queues, value, "isPublic", currency, "createdAt", "updatedAt") VALUES
  (1, 'Bench', 100, 5, 20, 499.9, true, 'BRL', now(), now()), (2, 'Small', 3, 1, 3, 49.9, true, 'BRL', now(), now());
INSERT INTO "Companies" (id, name, phone, email, "planId", status, schedules, "dueDate", recurrence, "createdAt", "updatedAt") VALUES
  (1, 'Bench Company', '5511900000000', 'bench@bench.test', 1, true, '[]', '2030-01-01', 'MENSAL', now() - interval '2 years', now()),
  (2, 'Small Company', '5511900000001', 'small@bench.test', 2, true, '[]', '2030-01-01', 'MENSAL', now() - interval '1 year', now());

-- users: 2 admins then agents; one bcrypt hash for all (password "Bench!pass1")
INSERT INTO "Users" (id, name, email, "passwordHash", profile, "companyId", super, "createdAt", "updatedAt")
SELECT g, 'Agent ' || g, 'agent' || g || '@bench.test', '$2a$08$mFP9M5Wh.t1Mj6IUlW/.iO5Iyoi.5N9XX6adRx9/3J.OP.7EZAbnG',
       CASE WHEN g <= 2 THEN 'admin' ELSE 'user' END, 1, g = 1, now() - interval '2 years', now()
FROM generate_series(1, ${users}) g;
INSERT INTO "Users" (id, name, email, "passwordHash", profile, "companyId", super, "createdAt", "updatedAt")
VALUES (${users + 1}, 'Small admin', 'admin@small.bench.test', '$2a$08$mFP9M5Wh.t1Mj6IUlW/.iO5Iyoi.5N9XX6adRx9/3J.OP.7EZAbnG', 'admin', 2, false, now(), now());

INSERT INTO "Whatsapps" (id, name, status, "isDefault", "greetingMessage", "farewellMessage", "outOfHoursMessage", "ratingMessage", token, "companyId", channel, "createdAt", "updatedAt") VALUES
  (1, 'Bench main', 'CONNECTED', true, 'Olá! Escolha uma opção.', 'Até logo!', 'Fechados agora.', 'Avalie de 1 a 5.', 'bench-token-1', 1, 'whatsapp', now(), now()),
  (2, 'Bench second', 'DISCONNECTED', false, NULL, NULL, NULL, NULL, NULL, 1, 'whatsapp', now(), now()),
  (3, 'Small main', 'CONNECTED', true, 'Oi!', NULL, NULL, NULL, NULL, 2, 'whatsapp', now(), now());

INSERT INTO "Queues" (id, name, color, "greetingMessage", "companyId", schedules, "createdAt", "updatedAt")
SELECT g, 'Fila ' || g, '#' || lpad(to_hex(g * 2000000), 6, '0'), 'Bem-vindo à fila ' || g, 1, '[]', now(), now() FROM generate_series(1, 5) g;
INSERT INTO "QueueOptions" (id, title, message, option, "queueId", "parentId", "createdAt", "updatedAt")
SELECT g, 'Opção ' || g, 'Mensagem da opção ' || g, ((g - 1) % 3 + 1)::text, (g - 1) / 3 + 1, NULL, now(), now() FROM generate_series(1, 15) g;
INSERT INTO "UserQueues" ("userId", "queueId", "createdAt", "updatedAt")
SELECT u, (u % 5) + 1, now(), now() FROM generate_series(3, ${users}) u;
INSERT INTO "WhatsappQueues" ("whatsappId", "queueId", "createdAt", "updatedAt") SELECT 1, q, now(), now() FROM generate_series(1, 5) q;

INSERT INTO "Tags" (id, name, color, "companyId", kanban, "createdAt", "updatedAt")
SELECT g, 'Etiqueta ' || g, '#00' || lpad(to_hex(g * 10), 4, '0'), 1, CASE WHEN g <= 4 THEN g END, now(), now() FROM generate_series(1, 10) g;

-- contacts: Brazilian mobile numbers; every 50th without the ninth digit (duplicates of another contact)
INSERT INTO "Contacts" (id, name, number, email, "isGroup", "companyId", channel, "createdAt", "updatedAt")
SELECT g, 'Cliente ' || g,
       CASE WHEN g % 50 = 0 THEN '5511' || lpad((g - 1)::text, 8, '0') ELSE '55119' || lpad(g::text, 8, '0') END,
       CASE WHEN g % 3 = 0 THEN 'cliente' || g || '@example.com' ELSE '' END, false, 1, 'whatsapp',
       now() - interval '2 years' + (g * interval '1 minute'), now()
FROM generate_series(1, ${contacts}) g;
INSERT INTO "ContactCustomFields" (id, name, value, "contactId", "createdAt", "updatedAt")
SELECT g, 'CPF', lpad((g * 7919)::text, 11, '0'), g * 4, now(), now() FROM generate_series(1, ${Math.floor(contacts / 4)}) g;
INSERT INTO "ContactTags" ("contactId", "tagId", "createdAt", "updatedAt")
SELECT g * 2, (g % 10) + 1, now(), now() FROM generate_series(1, ${Math.floor(contacts / 2)}) g;

-- tickets: 5 per contact, spread over two years; the newest of each contact open or pending
INSERT INTO "Tickets" (id, status, "lastMessage", "contactId", "userId", "whatsappId", "isGroup", "unreadMessages", "queueId", "companyId", chatbot, channel, "createdAt", "updatedAt")
SELECT g,
       CASE WHEN g > ${tickets} - ${contacts} THEN (CASE WHEN g % 2 = 0 THEN 'open' ELSE 'pending' END) ELSE 'closed' END,
       'Última mensagem do ticket ' || g, ((g - 1) % ${contacts}) + 1,
       CASE WHEN g % 7 = 0 THEN NULL ELSE (g % ${users - 2}) + 3 END, 1, false, g % 3, (g % 5) + 1, 1, false, 'whatsapp',
       now() - interval '2 years' + (g * interval '10 minutes'), now() - interval '2 years' + (g * interval '10 minutes') + interval '30 minutes'
FROM generate_series(1, ${tickets}) g;
INSERT INTO "TicketTraking" (id, "ticketId", "companyId", "whatsappId", "userId", "queuedAt", "startedAt", "finishedAt", rated, "createdAt", "updatedAt")
SELECT g, g, 1, 1, (g % ${users - 2}) + 3,
       now() - interval '2 years' + (g * interval '10 minutes') + interval '1 minute',
       now() - interval '2 years' + (g * interval '10 minutes') + interval '3 minutes',
       now() - interval '2 years' + (g * interval '10 minutes') + interval '30 minutes', g % 4 = 0,
       now() - interval '2 years' + (g * interval '10 minutes'), now() - interval '2 years' + (g * interval '10 minutes') + interval '30 minutes'
FROM generate_series(1, ${tickets}) g;
INSERT INTO "TicketTags" ("ticketId", "tagId", "createdAt", "updatedAt") SELECT g * 2, (g % 10) + 1, now(), now() FROM generate_series(1, ${Math.floor(tickets / 2)}) g;
INSERT INTO "TicketNotes" (id, note, "userId", "contactId", "ticketId", "createdAt", "updatedAt")
SELECT g, 'Observação ' || g, (g % ${users - 2}) + 3, ((g * 10 - 1) % ${contacts}) + 1, g * 10, now(), now() FROM generate_series(1, ${Math.floor(tickets / 10)}) g;

-- messages: ${perTicket} per ticket on average, ticket t gets messages (t-1)*k+1 … t*k
INSERT INTO "Messages" (id, body, ack, read, "mediaType", "mediaUrl", "ticketId", "fromMe", "isDeleted", "contactId", "quotedMsgId", "companyId", "remoteJid", "dataJson", "queueId", channel, "isEdited", "createdAt", "updatedAt")
SELECT 'BENCH' || lpad(m::text, 12, '0'),
       CASE WHEN m % 25 = 0 THEN 'arquivo-' || m || '.jpg' ELSE 'Mensagem número ' || m || ' do atendimento, com um texto de tamanho comum.' END,
       m % 6, true,
       CASE WHEN m % 25 = 0 THEN 'image' END,
       CASE WHEN m % 25 = 0 THEN 'media/1/' || c || '/' || t || '/Bench' || lpad((m % 100000)::text, 5, '0') || '/arquivo-' || m || '.jpg' END,
       t, m % 2 = 0, m % 500 = 0, CASE WHEN m % 2 = 0 THEN NULL ELSE c END,
       CASE WHEN m % 20 = 0 THEN 'BENCH' || lpad((m - 1)::text, 12, '0') END,
       1, '55119' || lpad(c::text, 8, '0') || '@s.whatsapp.net',
       '{"key":{"remoteJid":"55119' || lpad(c::text, 8, '0') || '@s.whatsapp.net","fromMe":' || (m % 2 = 0)::text || ',"id":"BENCH' || lpad(m::text, 12, '0') ||
         '"},"messageTimestamp":' || (1700000000 + m * 60) || ',"pushName":"Cliente ' || c || '","message":{"extendedTextMessage":{"text":"Mensagem número ' || m ||
         ' do atendimento, com um texto de tamanho comum.","contextInfo":{"expiration":0,"ephemeralSettingTimestamp":"0","disappearingMode":{"initiator":"CHANGED_IN_CHAT"}}},"messageContextInfo":{"deviceListMetadataVersion":2}}}',
       (t % 5) + 1, 'whatsapp', m % 1000 = 0,
       now() - interval '2 years' + (t * interval '10 minutes') + ((m % 30) * interval '1 minute'),
       now() - interval '2 years' + (t * interval '10 minutes') + ((m % 30) * interval '1 minute')
FROM (SELECT m, ((m - 1) * ${tickets}::bigint / ${messages}) + 1 AS t FROM generate_series(1, ${messages}) m) s,
     LATERAL (SELECT ((s.t - 1) % ${contacts}) + 1 AS c) cc;
INSERT INTO "OldMessages" (id, "messageId", body, "ticketId", "createdAt", "updatedAt")
SELECT g, 'BENCH' || lpad((g * 1000)::text, 12, '0'), 'Texto antes da edição', ((g * 1000 - 1) * ${tickets}::bigint / ${messages}) + 1, now(), now()
FROM generate_series(1, ${Math.floor(messages / 1000)}) g;

INSERT INTO "QuickMessages" (id, shortcode, message, "companyId", "userId", "createdAt", "updatedAt")
SELECT g, 'atalho' || g, 'Resposta rápida ' || g, 1, CASE WHEN g % 2 = 0 THEN 3 END, now(), now() FROM generate_series(1, 50) g;
INSERT INTO "Settings" (id, key, value, "companyId", "createdAt", "updatedAt") VALUES
  (1, 'userRating', 'enabled', 1, now(), now()), (2, 'scheduleType', 'company', 1, now(), now()), (3, 'userRating', 'disabled', 2, now(), now());

-- the small company: a handful of rows
INSERT INTO "Contacts" (id, name, number, email, "isGroup", "companyId", channel, "createdAt", "updatedAt")
SELECT ${contacts} + g, 'Pequeno ' || g, '55219' || lpad(g::text, 8, '0'), '', false, 2, 'whatsapp', now(), now() FROM generate_series(1, 10) g;
INSERT INTO "Tickets" (id, status, "lastMessage", "contactId", "whatsappId", "isGroup", "companyId", channel, "createdAt", "updatedAt")
SELECT ${tickets} + g, 'closed', 'Oi', ${contacts} + g, 3, false, 2, 'whatsapp', now(), now() FROM generate_series(1, 10) g;
INSERT INTO "Messages" (id, body, ack, read, "ticketId", "fromMe", "contactId", "companyId", "createdAt", "updatedAt")
SELECT 'SMALL' || g, 'Oi ' || g, 3, true, ${tickets} + ((g - 1) % 10) + 1, g % 2 = 0, ${contacts} + ((g - 1) % 10) + 1, 2, now(), now() FROM generate_series(1, 50) g;
COMMIT;
SET session_replication_role = DEFAULT;

DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT s.relname AS seq, t.relname AS tab, a.attname AS col
    FROM pg_class s
    JOIN pg_depend d ON d.objid = s.oid AND d.deptype = 'a'
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S'
  LOOP
    EXECUTE format('SELECT setval(%L, GREATEST((SELECT max(%I) FROM %I), 1))', format('%I', r.seq), r.col, r.tab);
  END LOOP;
END $$;
VACUUM ANALYZE;
`;
}

/**
 * Starts a throwaway PostgreSQL, loads ticketz's schema and fills it. Answers { url, companyId: 1, counts, seconds,
 * stop() }; counts are the big company's rows per table.
 */
export async function startLegacyBenchDatabase({ tickets = 100_000, messages = 1_000_000, log = () => {} } = {}) {
  if (!Number.isInteger(tickets) || !Number.isInteger(messages) || tickets < 10 || messages < tickets) throw new Error("legacyData: tickets ≥ 10 and messages ≥ tickets, integers");
  const started = Date.now();
  const pg = await startPostgres({ log, settings: { shared_buffers: "256MB", max_wal_size: "4GB", checkpoint_timeout: "30min", wal_level: "minimal", max_wal_senders: "0" } });
  try {
    const url = await createDatabase(pg.url, "ticketz_bench");
    await psql(url, { file: SCHEMA });
    log(`legacyData: filling ticketz with ${tickets} tickets and ${messages} messages…`);
    await psql(url, { script: legacyFillSql({ tickets, messages }) });
    const rows = await psql(url, {
      rows: true,
      sql: `SELECT 'Contacts', count(*) FROM "Contacts" WHERE "companyId" = 1 UNION ALL SELECT 'Tickets', count(*) FROM "Tickets" WHERE "companyId" = 1
            UNION ALL SELECT 'Messages', count(*) FROM "Messages" WHERE "companyId" = 1 UNION ALL SELECT 'Users', count(*) FROM "Users" WHERE "companyId" = 1
            UNION ALL SELECT 'bytes', pg_database_size(current_database())`,
    });
    const counts = Object.fromEntries(rows.map(([k, v]) => [k, Number(v)]));
    const seconds = (Date.now() - started) / 1000;
    log(`legacyData: ready in ${seconds.toFixed(1)}s: ${JSON.stringify(counts)}`);
    return { url, companyId: 1, counts, seconds, stop: pg.stop };
  } catch (err) {
    await pg.stop();
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const db = await startLegacyBenchDatabase({ tickets: arg("tickets", 100_000), messages: arg("messages", 1_000_000), log: (m) => console.error(m) });
  console.log(db.url);
  console.error("Ctrl-C stops it and removes its data.");
  const bye = async () => {
    await db.stop();
    process.exit(0);
  };
  process.once("SIGINT", bye);
  process.once("SIGTERM", bye);
  setInterval(() => {}, 1 << 30);
}
