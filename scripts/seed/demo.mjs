/**
 * The local demo, as data: plain rows per table in insertion order (foreign keys first), with explicit ids so
 * rows can point at each other. Pure: no I/O, no clock, no randomness of its own — the caller passes the time,
 * the password hasher, a uuid generator, the settings catalogue (worker/domain/settings/catalogue.ts) and the id
 * contract's idRangeStart (worker/contracts/ids.ts).
 *
 * Two companies, each built by buildCompany from its content (scripts/seed/companies/):
 * - 1 "Demo", the platform company: its settings hold the platform keys and its admin admin@admin.com is the
 *   super admin;
 * - 2 "Padaria Pão Quente", an ordinary customer on a public plan, whose rows take ids from its own range
 *   (idRangeStart(2) + 1 upward) like any company that signs up. The e2e journeys run in it.
 * Every demo login uses the password 123456. Local demo only: a deployed database is never seeded
 * (see scripts/bootstrap-admin.mjs).
 */
import { DEMO_COMPANY } from "./companies/demo.mjs";
import { PADARIA_COMPANY } from "./companies/padaria.mjs";

export const DEMO_PASSWORD = "123456";
/** The platform company first (it holds the platform's settings), then the customer. */
export const DEMO_COMPANIES = [DEMO_COMPANY, PADARIA_COMPANY];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Plans live in the control database, numbered platform-wide. */
const PLANS = [
  {
    id: 1, name: "Plano 1", users: 50, connections: 5, queues: 20, value: 0,
    useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true,
    useOpenAi: true, useIntegrations: true, useInternal: true,
  },
  {
    id: 2, name: "Plano Básico", users: 3, connections: 1, queues: 3, value: 79.9,
    useCampaigns: false, useSchedules: true, useInternalChat: true, useExternalApi: false, useKanban: true,
    useOpenAi: false, useIntegrations: false, useInternal: true,
  },
  // The customer company's: paid, public (useInternal true: offered at signup), every feature on. Roomy enough for
  // the users, queues and connections the e2e journeys add to that company in one run.
  {
    id: 3, name: "Plano Profissional", users: 30, connections: 5, queues: 20, value: 129.9,
    useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true,
    useOpenAi: true, useIntegrations: true, useInternal: true,
  },
];

/**
 * The number the session host's simulator gives a paired connection: session-host/src/providers/simulator.ts
 * simulatedNumber, the same rule (the demo's connections are paired from the start, so the seed stores the number the
 * simulator reports and start.mjs hands it that number in its fixture; a host test checks the two agree).
 */
export function simulatedNumber(id) {
  const ID_RANGE = 1_000_000_000;
  const digits = (n, width) => String(n).padStart(width, "0");
  if (id < 10_000_000) return `551190${digits(id, 7)}`;
  const company = Math.floor((id - 1) / ID_RANGE) + 1;
  const place = id - (company - 1) * ID_RANGE;
  if (company < 10_000 && place < 10_000) return `55219${digits(company, 4)}${digits(place, 4)}`;
  return `55${digits(id, 13)}`;
}

/** A demo company's simulator connection id: its first id (every company has exactly one). */
export function connectionIdOf(company, idRangeStart) {
  return idRangeStart(company.id) + 1;
}

/** YYYY-MM-DD of a date in São Paulo (the demo companies' time zone). */
function isoDateInSaoPaulo(date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * @param {object} opts
 * @param {Date} opts.now
 * @param {(password: string) => string} opts.hashPassword
 * @param {() => string} opts.uuid
 * @param {{ company: Record<string, string>, platform: Record<string, string> }} opts.settingDefaults  key → default
 * @param {(companyId: number) => number} opts.idRangeStart  worker/contracts/ids.ts
 * @returns {{ control: { table: string, rows: Record<string, unknown>[] }[], tenants: { companyId: number, tables: { table: string, rows: Record<string, unknown>[] }[] }[] }}
 *   the control database's rows (plans, companies), then each company's rows for its hub
 */
export function buildDemo({ now, hashPassword, uuid, settingDefaults, idRangeStart }) {
  const created = { createdAt: new Date(now.getTime() - 90 * 24 * HOUR), updatedAt: new Date(now.getTime() - 90 * 24 * HOUR) };
  const dueDate = isoDateInSaoPaulo(new Date(now.getTime() + 365 * 24 * HOUR));
  const companies = DEMO_COMPANIES.map((c) => ({
    id: c.id, name: c.name, email: c.email, phone: c.phone, planId: c.planId, status: true, dueDate,
    recurrence: "MENSAL", campaignsEnabled: true, timezone: "America/Sao_Paulo", schedules: weekOf(c), ...created,
  }));
  return {
    control: [
      { table: "plans", rows: PLANS.map((p) => ({ ...p, ...created })) },
      { table: "companies", rows: companies },
    ],
    tenants: DEMO_COMPANIES.map((company) => {
      const tables = buildCompany(company, { now, hashPassword, uuid, settingDefaults, idRangeStart });
      const keys = tables.find((t) => t.table === "messages").rows.flatMap((m) => (m.mediaUrl ? [m.mediaUrl] : []));
      // The files the seed puts into the local R2 under those keys (scripts/seed/media/).
      return { companyId: company.id, tables, media: keys.map((key) => ({ key, file: key.split("/").at(-1) })) };
    }),
  };
}

/**
 * A media line's R2 key, under the company's prefix as the worker stores messages' media; its last segment names
 * the file in scripts/seed/media/ (a real image, PDF or audio, so the chat shows it instead of "Arquivo
 * indisponível"). Text and contact cards have none.
 */
export function seedMediaKey(companyId, wid, mediaType, body) {
  const file = mediaType === "audio" ? "audio.wav" : ["image", "application", "video"].includes(mediaType) ? body : null;
  return file ? `companies/${companyId}/messages/seed/${wid}/${file}` : null;
}

/** The content type of a seeded media file, by its extension. */
export const SEED_MEDIA_TYPES = { jpg: "image/jpeg", pdf: "application/pdf", wav: "audio/wav" };

const weekOf = (company) => company.week.map(([weekday, weekdayEn, startTime, endTime]) => ({ weekday, weekdayEn, startTime, endTime }));

/**
 * One company's rows for its hub, from its content (scripts/seed/companies/*.mjs). The content numbers its rows
 * 1, 2, …; here they move into the company's id range (idRangeStart), as the hub numbers the rows it creates.
 */
export function buildCompany(company, { now, hashPassword, uuid, settingDefaults, idRangeStart }) {
  const t = now.getTime();
  const at = (msAgo) => new Date(t - msAgo);
  const stamp = (msAgo = 0) => ({ createdAt: at(msAgo), updatedAt: at(msAgo) });
  const created = stamp(90 * 24 * HOUR);
  const companyId = company.id;
  const base = idRangeStart(companyId);
  /** The platform id of the company's own row number `n` (null stays null). */
  const id = (n) => (n === null || n === undefined ? null : base + n);
  const week = weekOf(company);
  const connectionId = connectionIdOf(company, idRangeStart);

  const settingRows = [];
  const setting = (key, value) => settingRows.push({ id: id(settingRows.length + 1), companyId, key, value, ...created });
  for (const [key, value] of Object.entries(settingDefaults.company)) setting(key, value);
  if (company.platform) {
    // Platform keys: registration is open in the local demo so the signup page can be tried.
    const platform = { ...settingDefaults.platform, allowregister: "enabled", viewregister: "enabled", trial: "3" };
    // npm start's fake PSP (worker/testing/fakes/fakePsp.ts), so invoices can be paid through a full Pix flow offline.
    if (process.env.ZAPDESK_FAKE_PSP_URL) {
      Object.assign(platform, {
        pixApiUrl: process.env.ZAPDESK_FAKE_PSP_URL,
        pixClientId: "local-client",
        pixClientSecret: "local-secret",
        pixKey: "pix@zapdesk.local",
        pixMerchantName: "ZAPDESK DEMO",
        pixMerchantCity: "SAO PAULO",
      });
    }
    for (const [key, value] of Object.entries(platform)) setting(key, value);
  }
  // The spec also reads campaignsEnabled as a company setting ('true' when campaigns are on).
  setting("campaignsEnabled", "true");

  const queues = company.queues.map((q, i) => ({
    id: id(q.id), name: q.name, color: q.color, orderQueue: i + 1, greetingMessage: q.greetingMessage, companyId,
    outOfHoursMessage: company.outOfHoursMessage, schedules: week, ...created,
  }));

  const queueOptions = company.queueOptions.map(([n, queueId, parentId, option, title, message]) => ({
    id: id(n), companyId, queueId: id(queueId), parentId: id(parentId), option, title, message, ...created,
  }));

  const whatsapps = [
    {
      id: connectionId, companyId, name: company.connection.name, number: simulatedNumber(connectionId), status: "CONNECTED", qrcode: "",
      retries: 0, isDefault: true, session: "simulator", provider: "simulator",
      greetingMessage: company.connection.greetingMessage,
      complationMessage: company.connection.complationMessage,
      outOfHoursMessage: company.outOfHoursMessage,
      ratingMessage: "", expiresInactiveMessage: "", expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3,
      ...created,
    },
  ];
  const whatsappQueues = queues.map((q) => ({ whatsappId: connectionId, queueId: q.id, createdAt: created.createdAt }));

  const users = company.users.map((u) => ({
    id: id(u.id), companyId, name: u.name, email: u.email, passwordHash: hashPassword(DEMO_PASSWORD), profile: u.profile,
    super: u.super, allTicket: u.allTicket, online: false, whatsappId: connectionId, ...created,
  }));
  const userQueues = company.users.flatMap((u) => u.queues.map((queueId) => ({ userId: id(u.id), queueId: id(queueId), createdAt: created.createdAt })));

  const tags = company.tags.map(([n, name, color, kanban]) => ({ id: id(n), companyId, name, color, kanban, userId: id(1), ...created }));

  const contacts = company.contacts.map(([name, number, email], i) => ({
    id: id(i + 1), companyId, name, number, email, profilePicUrl: "", isGroup: false,
    disableBot: false, active: true, presence: "available", ...stamp((41 + i) * 24 * HOUR),
  }));
  const contactCustomFields = company.customFields.map(([n, contactId, name, value]) => ({ id: id(n), companyId, contactId: id(contactId), name, value, ...created }));

  const tickets = [];
  const messages = [];
  const trackings = [];
  const ticketTags = [];
  const notes = [];
  const ratings = [];
  const contactLastInteraction = new Map();

  company.tickets.forEach((script, index) => {
    const ticketId = id(index + 1);
    const contactId = id(script.contact);
    const queueId = id(script.queue);
    const start = script.hoursAgo * HOUR;
    const step = 4 * MINUTE;
    const agent = id(script.user);
    const from = script.transferredFrom && { queue: id(script.transferredFrom.queue), user: id(script.transferredFrom.user) };
    const firstAgentLine = script.lines.findIndex(([who]) => who === "out");
    const acceptedAgo = firstAgentLine >= 0 ? start - firstAgentLine * step + MINUTE : null;

    script.lines.forEach(([who, body, mediaType = "chat"], n) => {
      const msAgo = start - n * step;
      const fromMe = who !== "in";
      // The last `unread` lines from the contact are still unread.
      const inboundAfter = script.lines.slice(n + 1).filter(([w]) => w === "in").length;
      messages.push({
        id: id(messages.length + 1),
        wid: `SEED${ticketId}-${n + 1}`,
        companyId, ticketId, contactId, body, fromMe,
        read: fromMe || inboundAfter >= script.unread,
        mediaType, mediaUrl: seedMediaKey(companyId, `SEED${ticketId}-${n + 1}`, mediaType, body),
        mediaName: mediaType === "chat" || !/\.\w{2,4}$/.test(body) ? null : body,
        ack: fromMe ? (msAgo > 30 * MINUTE ? 3 : 2) : 0,
        sentByBot: who === "bot",
        queueId, userId: who === "out" ? (from && n < 2 ? from.user : agent) : null,
        ...stamp(msAgo),
      });
    });
    const lastAgo = start - (script.lines.length - 1) * step;
    const lastLine = script.lines.at(-1);
    const closedAgo = script.status === "closed" ? lastAgo - 2 * MINUTE : null;
    contactLastInteraction.set(contactId, at(lastAgo));

    tickets.push({
      id: ticketId, uuid: uuid(), companyId, status: script.status, contactId,
      whatsappId: connectionId, userId: agent, queueId,
      lastMessage: lastLine[2] === "contactMessage" ? "Contato" : lastLine[1], unreadMessages: script.unread,
      isGroup: false, chatbot: false, fromMe: false, createdAt: at(start), updatedAt: at(closedAgo ?? lastAgo),
    });

    const track = (row) => trackings.push({ id: id(trackings.length + 1), companyId, ticketId, whatsappId: connectionId, rated: false, ...row });
    const firstQueue = from?.queue ?? queueId;
    track({ action: "create", fromStatus: null, toStatus: "pending", toQueueId: firstQueue, queuedAt: at(start), createdAt: at(start) });
    if (agent && acceptedAgo !== null) {
      const firstAgent = from?.user ?? agent;
      track({
        action: "accept", fromStatus: "pending", toStatus: "open", toUserId: firstAgent, byUserId: firstAgent,
        fromQueueId: firstQueue, toQueueId: firstQueue, queuedAt: at(start), startedAt: at(acceptedAgo), createdAt: at(acceptedAgo),
      });
      if (from) {
        const transferAgo = acceptedAgo - 4 * MINUTE;
        track({
          action: "transfer", fromStatus: "open", toStatus: "open", fromUserId: from.user, toUserId: agent,
          fromQueueId: from.queue, toQueueId: queueId, byUserId: from.user,
          queuedAt: at(start), startedAt: at(acceptedAgo), createdAt: at(transferAgo),
        });
      }
      if (closedAgo !== null) {
        track({
          action: "close", fromStatus: "open", toStatus: "closed", fromUserId: agent, toUserId: agent, byUserId: agent,
          fromQueueId: queueId, toQueueId: queueId,
          queuedAt: at(start), startedAt: at(acceptedAgo), finishedAt: at(closedAgo), createdAt: at(closedAgo),
          rated: Boolean(script.rating), ratingAt: script.rating ? at(closedAgo - MINUTE) : null,
        });
      }
    }
    if (script.rating) {
      ratings.push({ id: id(ratings.length + 1), companyId, ticketId, userId: agent, rate: script.rating, createdAt: at(closedAgo - MINUTE) });
    }
    for (const tagId of script.tags) ticketTags.push({ ticketId, tagId: id(tagId), createdAt: at(start) });
    if (script.note) {
      const [userId, note] = script.note;
      notes.push({ id: id(notes.length + 1), companyId, note, userId: id(userId), contactId, ticketId, ...stamp(lastAgo) });
    }
  });
  for (const c of contacts) c.lastInteractionAt = contactLastInteraction.get(c.id) ?? null;

  const quickMessages = company.quickMessages.map(([n, shortcode, message, geral, userId]) => ({
    id: id(n), companyId, shortcode, message, geral, status: true, userId: id(userId), ...created,
  }));

  return [
    { table: "settings", rows: settingRows },
    { table: "queues", rows: queues },
    { table: "queue_options", rows: queueOptions },
    { table: "whatsapps", rows: whatsapps },
    { table: "whatsapp_queues", rows: whatsappQueues },
    { table: "users", rows: users },
    { table: "user_queues", rows: userQueues },
    { table: "tags", rows: tags },
    { table: "contacts", rows: contacts },
    { table: "contact_custom_fields", rows: contactCustomFields },
    { table: "tickets", rows: tickets },
    // The history before the messages: its triggers open the service episodes the agents' messages are matched to.
    { table: "ticket_trackings", rows: trackings },
    { table: "messages", rows: messages },
    { table: "ticket_tags", rows: ticketTags },
    { table: "ticket_notes", rows: notes },
    { table: "user_ratings", rows: ratings },
    { table: "quick_messages", rows: quickMessages },
  ];
}

/**
 * The session host simulator's starting network (SIMULATOR_FIXTURE): every demo company's connection paired, with
 * the number the seed stored for it, and every company's contacts. The customer's come first, so the simulator's
 * page opens on its connection.
 * @param {{ idRangeStart: (companyId: number) => number }} ids  worker/contracts/ids.ts
 */
export function simulatorFixture({ idRangeStart }) {
  const customerFirst = [...DEMO_COMPANIES].sort((a, b) => Number(a.platform) - Number(b.platform));
  return {
    connections: customerFirst.map((company) => {
      const id = connectionIdOf(company, idRangeStart);
      return { id, status: "CONNECTED", number: simulatedNumber(id) };
    }),
    contacts: customerFirst.flatMap((company) => company.contacts.map(([name, number]) => ({ number, name }))),
  };
}
