// Every legacy (Whaticket SaaS / ticketz) table the importer reads, and the tenant table its rows become
// (docs/company-archive.md: raw tenant rows, SQL column names, epoch-ms times, 0/1 booleans, json as text, the
// source's serial ids). One spec per table: how to page it by company (keyset), which references to check in the
// same query (a reference to a row that is not there: a required one skips the row, an optional one is cleared),
// and the mapping of one row.
import { basename } from "node:path";
import type { ContactMerger } from "./normalize";
import { bit, idOrNull, int, jsonText, ms, msOr, parseJson, str, strOrNull } from "./values";
import { normalizeNumber } from "./normalize";

export type Row = Record<string, unknown>;
export type Mapped = { row: Row } | { skip: string };

export interface MapCtx {
  companyId: number;
  merger: ContactMerger;
  /** Carry the Baileys session (--carry-sessions): connections keep their pairing. */
  carrySessions: boolean;
  /** Names already used in this import, per table, for the tenant's unique (company, name) indexes. */
  seen: Map<string, Set<string>>;
  /** Media of a message: uploads the legacy file, answers its key or a reason it is not there. */
  now: number;
}

/** A reference checked in the page's own query: `left join "<table>" on id = t."<column>"` (same company when it has one). */
export interface Ref {
  column: string;
  table: string;
  required: boolean;
}

export interface TableSpec {
  /** The tenant table. */
  target: string;
  /** The legacy table. */
  source: string;
  /** Keyset columns of the legacy table (its primary key). */
  keys: string[];
  /** How the legacy rows belong to a company: their own companyId, or through a parent. */
  scope: { column: string } | { parent: string; via: string };
  refs?: Ref[];
  /** Legacy tables that must exist for this spec (else the table is left out, with a note). */
  requires?: string[];
  map(row: Row, ctx: MapCtx): Mapped;
}

const t = (row: Row) => msOr(row.createdAt, Date.now());
const times = (row: Row) => ({ created_at: t(row), updated_at: msOr(row.updatedAt, t(row)) });

/** Unique names within the import (tenant unique indexes): "Vendas", then "Vendas (2)". */
export function uniqueName(ctx: MapCtx, table: string, name: string): string {
  const seen = ctx.seen.get(table) ?? new Set<string>();
  ctx.seen.set(table, seen);
  let candidate = name;
  for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${name} (${n})`;
  seen.add(candidate.toLowerCase());
  return candidate;
}

const WEEKDAYS: [en: string, pt: string, short: string][] = [
  ["monday", "Segunda-feira", "mon"],
  ["tuesday", "Terça-feira", "tue"],
  ["wednesday", "Quarta-feira", "wed"],
  ["thursday", "Quinta-feira", "thu"],
  ["friday", "Sexta-feira", "fri"],
  ["saturday", "Sábado", "sat"],
  ["sunday", "Domingo", "sun"],
];

/** "HH:MM" as the product keeps it ("7:00" → "07:00", "24:00" → "00:00", the end of the day), or "" when not a time. */
function hhmm(value: unknown): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(str(value).trim());
  if (!m) return "";
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h === 24 && min === 0) return "00:00";
  if (h > 23 || min > 59) return "";
  return `${String(h).padStart(2, "0")}:${m[2]}`;
}

/** One weekday's hours, both times or neither (the product's rule). */
function day(en: string, pt: string, start: string, end: string) {
  return start && end ? { weekday: pt, weekdayEn: en, startTime: start, endTime: end } : { weekday: pt, weekdayEn: en, startTime: "", endTime: "" };
}

/** ticketz's newer opening-hours object: `{ timezone, weeklyRules: [{ days: ["mon"…], hours: [{ from, to }] }], overrides }`. */
export interface OpeningHours {
  timezone?: unknown;
  weeklyRules?: unknown;
  overrides?: unknown;
}

function isOpeningHours(value: unknown): value is OpeningHours {
  return !!value && typeof value === "object" && !Array.isArray(value) && Array.isArray((value as OpeningHours).weeklyRules);
}

/**
 * The legacy schedules of a company or queue as the product's per-weekday list (text), times in the company's time
 * zone. Three shapes exist: the per-weekday array `[{ weekday, weekdayEn, startTime, endTime }]`, Whaticket's with two
 * shifts (`startTimeA`…`endTimeB`), and ticketz's opening-hours object (`{ timezone, weeklyRules, overrides }`).
 * The product keeps one span a day: a day of several shifts opens at the first one's start and closes at the last
 * one's end (the lunch break is not kept); the object's dated overrides (holidays) have no place and are left out.
 */
export function schedules(value: unknown): string {
  const parsed = parseJson(value);
  if (isOpeningHours(parsed)) {
    const spans = new Map<string, { start: string; end: string }>();
    for (const rule of parsed.weeklyRules as any[]) {
      const days = Array.isArray(rule?.days) ? rule.days.map((d: unknown) => str(d).toLowerCase().slice(0, 3)) : [];
      const hours = (Array.isArray(rule?.hours) ? rule.hours : [])
        .map((h: any) => ({ start: hhmm(h?.from), end: hhmm(h?.to) }))
        .filter((h: { start: string; end: string }) => h.start && h.end);
      if (!hours.length) continue;
      for (const d of days) {
        const spanOf = [...(spans.has(d) ? [spans.get(d)!] : []), ...hours];
        const start = spanOf.map((h) => h.start).sort()[0]!;
        // The latest end; "00:00" (midnight) closes after every other time.
        const end = spanOf.map((h) => h.end).sort((a, b) => (a === "00:00" ? 1 : b === "00:00" ? -1 : a.localeCompare(b))).at(-1)!;
        spans.set(d, { start, end });
      }
    }
    // A day no rule names is closed; no rule at all is the product's "no schedule" (always open), as before.
    if (!spans.size) return "[]";
    return JSON.stringify(WEEKDAYS.map(([en, pt, short]) => day(en, pt, spans.get(short)?.start ?? "", spans.get(short)?.end ?? "")));
  }
  if (!Array.isArray(parsed)) return "[]";
  const known = parsed.filter((d: any, i: number) => {
    const en = str(d?.weekdayEn).toLowerCase();
    // A weekday the product does not know, or named twice, is left out (a day not listed is closed).
    return WEEKDAYS.some(([e]) => e === en) && parsed.findIndex((o: any) => str(o?.weekdayEn).toLowerCase() === en) === i;
  });
  return JSON.stringify(
    known.map((d: any) => {
      const en = str(d?.weekdayEn).toLowerCase();
      const pt = str(d?.weekday).trim().slice(0, 30) || WEEKDAYS.find(([e]) => e === en)![1];
      if (d && ("startTimeA" in d || "startTimeB" in d)) {
        // Whaticket's two shifts a day: from the first shift's start to the last one's end.
        const start = hhmm(d.startTimeA) || hhmm(d.startTimeB);
        const end = hhmm(d.endTimeB) || hhmm(d.endTimeA);
        return day(en, pt, start, end);
      }
      return day(en, pt, hhmm(d?.startTime), hhmm(d?.endTime));
    }),
  );
}

/** The time zone of ticketz's opening-hours object, when it is one this runtime knows. */
export function scheduleTimezone(value: unknown): string | undefined {
  const parsed = parseJson(value);
  if (!isOpeningHours(parsed)) return undefined;
  const tz = str(parsed.timezone).trim();
  if (!tz || tz.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz;
  } catch {
    return undefined;
  }
}

/** The dated overrides (holidays) of ticketz's opening-hours object, which the product has no place for. */
export function scheduleOverrides(value: unknown): number {
  const parsed = parseJson(value);
  return isOpeningHours(parsed) && Array.isArray(parsed.overrides) ? parsed.overrides.length : 0;
}

const CAMPAIGN_SECONDS: Record<string, [key: string, max: number, whole: boolean]> = {
  messageInterval: ["messageInterval", 3600, false],
  greaterInterval: ["greaterInterval", 86_400, false],
  longerIntervalTrigger: ["longerIntervalAfter", 10_000, true],
  longerIntervalAfter: ["longerIntervalAfter", 10_000, true],
};

/** One legacy CampaignSettings row as the product's key and value, or why it is left out. */
export function campaignSettingValue(key: string, raw: unknown): { key: string; value: unknown } | { skip: string } {
  let value = parseJson(raw);
  if (value === undefined || value === null) value = raw;
  const number = CAMPAIGN_SECONDS[key];
  if (number) {
    const n = typeof value === "number" ? value : Number(str(value).trim());
    if (str(value).trim() === "" || !Number.isFinite(n) || n < 0) return { skip: `campaign setting ${key}: "${str(raw)}" is not a number` };
    const [target, max, whole] = number;
    return { key: target, value: Math.min(whole ? Math.round(n) : n, max) };
  }
  if (key === "variables") {
    if (typeof value === "string") value = parseJson(value);
    if (!Array.isArray(value)) return { skip: "campaign setting variables: not a list" };
    const seen = new Set<string>();
    const list: { key: string; value: string }[] = [];
    for (const v of value as any[]) {
      const k = str(v?.key).trim();
      if (!k || k.length > 40 || !/^[\p{L}\p{N}_-]+$/u.test(k) || seen.has(k.toLowerCase())) continue;
      seen.add(k.toLowerCase());
      list.push({ key: k, value: str(v?.value).slice(0, 1000) });
    }
    return { key, value: list.slice(0, 50) };
  }
  return { skip: `campaign setting ${key}: the product has no such setting` };
}

/**
 * A Baileys value (BufferJSON text) as the product's session host stores it: JSON whose Buffers are
 * `{ "type": "Buffer", "data": "<base64>" }` (what BufferJSON.replacer writes today). Older writers left a Buffer's
 * bytes as an array (`{ type: "Buffer", data: [1, 2] }`) or as `{ buffer: true, value }`: both become base64, which
 * the host's reviver reads the same. Null when the text is not JSON.
 */
export function sessionValue(raw: unknown): string | null {
  let parsed: unknown;
  try {
    parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
  } catch {
    return null;
  }
  if (parsed === undefined) return null;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== "object") return v;
    const o = v as Record<string, unknown>;
    if (o.type === "Buffer" || o.buffer === true) {
      const data = o.data ?? o.value;
      if (typeof data === "string") return { type: "Buffer", data };
      if (Array.isArray(data) && data.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) < 256)) {
        return { type: "Buffer", data: Buffer.from(data as number[]).toString("base64") };
      }
    }
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return JSON.stringify(walk(parsed));
}

/** Whether Baileys creds have what the session host needs to log in without a QR (authState.ts's looksLikeCreds). */
export function credsComplete(creds: unknown): boolean {
  return !!creds && typeof creds === "object" && "noiseKey" in creds && "signedIdentityKey" in creds;
}

const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"];

/** Plans → the import's `plan` record (a row of the tenant `plans` table). */
export function planRecord(row: Row): Row {
  return {
    id: int(row.id),
    name: str(row.name, `Plan ${row.id}`),
    users: int(row.users),
    connections: int(row.connections),
    queues: int(row.queues),
    value: Number(row.value ?? 0) || 0,
    use_campaigns: bit(row.useCampaigns, 1),
    use_schedules: bit(row.useSchedules, 1),
    use_internal_chat: bit(row.useInternalChat, 1),
    use_external_api: bit(row.useExternalApi, 1),
    use_kanban: bit(row.useKanban, 1),
    use_open_ai: bit(row.useOpenAi, 1),
    use_integrations: bit(row.useIntegrations, 1),
    use_internal: bit(row.isPublic ?? row.useInternal, 1),
    ...times(row),
  };
}

/** Companies → the import's `newCompany` record (a row of the tenant `companies` table). */
export function companyRecord(row: Row): Row {
  const due = row.dueDate ? new Date(row.dueDate as string) : null;
  const recurrence = str(row.recurrence).toUpperCase();
  return {
    id: int(row.id),
    name: str(row.name, `Company ${row.id}`),
    email: str(row.email),
    phone: str(row.phone),
    plan_id: idOrNull(row.planId),
    status: bit(row.status, 1),
    due_date: due && Number.isFinite(due.getTime()) ? due.toISOString().slice(0, 10) : null,
    recurrence: RECURRENCES.includes(recurrence) ? recurrence : "MENSAL",
    campaigns_enabled: 0,
    schedules: schedules(row.schedules),
    ...(scheduleTimezone(row.schedules) ? { timezone: scheduleTimezone(row.schedules) } : {}),
    ...times(row),
  };
}

const PROFILES = ["admin", "supervisor", "user"];
const TICKET_STATUSES = ["open", "pending", "closed"];
const SCHEDULE_STATUSES = ["PENDENTE", "AGENDADA", "ENVIADA", "ERRO"];
const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "PAUSADA", "CANCELADA", "FINALIZADA"];

/**
 * Where a legacy message's file lives under the media folder, or null for none / a remote URL. ticketz stores
 * the path under backend/public (`media/<company>/<contact>/<ticket>/file.jpg` or just `file.jpg` in older
 * Whaticket); a full URL is not a file of ours.
 */
export function legacyMediaPath(mediaUrl: unknown): string | null {
  const raw = strOrNull(mediaUrl);
  if (!raw || /^https?:\/\//i.test(raw) || raw.includes("..")) return null;
  return raw.replace(/^\/+/, "").replace(/^public\//, "");
}

/** The R2 key (source side) the file goes under; the worker moves `companies/<source>/…` to the target. */
export function legacyMediaKey(companyId: number, path: string): string {
  return `companies/${companyId}/messages/legacy/${path}`;
}

const SPECS: TableSpec[] = [
  {
    target: "settings",
    source: "Settings",
    keys: ["id"],
    scope: { column: "companyId" },
    map: (row) => ({ row: { id: int(row.id), company_id: row.companyId, key: str(row.key), value: str(row.value), ...times(row) } }),
  },
  {
    target: "users",
    source: "Users",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [{ column: "whatsappId", table: "Whatsapps", required: false }],
    map: (row, ctx) => {
      const email = str(row.email).trim().toLowerCase();
      if (!email) return { skip: "user without an e-mail" };
      if (ctx.seen.get("users:email")?.has(email)) return { skip: `e-mail ${email} used twice in the source` };
      uniqueName(ctx, "users:email", email);
      const hash = str(row.passwordHash ?? row.password);
      if (!/^\$2[aby]\$/.test(hash)) return { skip: "no bcrypt password hash (the user must reset the password)" };
      const profile = str(row.profile, "user").toLowerCase();
      return {
        row: {
          id: int(row.id),
          company_id: row.companyId,
          name: str(row.name, email),
          email,
          password_hash: hash,
          profile: PROFILES.includes(profile) ? profile : "user",
          super: bit(row.super),
          all_ticket: /^enable/i.test(str(row.allTicket)) ? "enabled" : "disabled",
          online: 0,
          whatsapp_id: idOrNull(row.whatsappId),
          ...times(row),
        },
      };
    },
  },
  {
    target: "queue_integrations",
    source: "QueueIntegrations",
    keys: ["id"],
    scope: { column: "companyId" },
    requires: ["QueueIntegrations"],
    map: (row, ctx) => {
      const type = str(row.type, "typebot");
      return {
        row: {
          id: int(row.id),
          company_id: row.companyId,
          type: ["dialogflow", "n8n", "webhook", "typebot"].includes(type) ? type : "webhook",
          name: uniqueName(ctx, "queue_integrations", str(row.name, `Integration ${row.id}`)),
          project_name: str(row.projectName),
          json_content: str(row.jsonContent),
          language: str(row.language, "pt-BR"),
          url_n8n: str(row.urlN8N),
          typebot_slug: str(row.typebotSlug),
          typebot_expires: int(row.typebotExpires, 1),
          typebot_delay_message: int(row.typebotDelayMessage, 1000),
          typebot_keyword_finish: str(row.typebotKeywordFinish),
          typebot_keyword_restart: str(row.typebotKeywordRestart),
          typebot_restart_message: str(row.typebotRestartMessage),
          typebot_unknown_message: str(row.typebotUnknownMessage),
          ...times(row),
        },
      };
    },
  },
  {
    target: "queues",
    source: "Queues",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [{ column: "integrationId", table: "QueueIntegrations", required: false }],
    map: (row, ctx) => {
      let color = str(row.color, "#7c7c7c").toLowerCase();
      // queues_company_color_uq: a second queue with the same colour gets a near one.
      for (let n = 1; ctx.seen.get("queues:color")?.has(color); n++) color = `#${((parseInt(color.slice(1), 16) || 0) + n).toString(16).padStart(6, "0").slice(-6)}`;
      uniqueName(ctx, "queues:color", color);
      return {
        row: {
          id: int(row.id),
          company_id: row.companyId,
          name: uniqueName(ctx, "queues", str(row.name, `Queue ${row.id}`)),
          color,
          order_queue: row.orderQueue ?? null,
          greeting_message: str(row.greetingMessage),
          out_of_hours_message: str(row.outOfHoursMessage),
          schedules: schedules(row.schedules),
          integration_id: idOrNull(row.integrationId),
          media_path: strOrNull(row.mediaPath),
          media_name: strOrNull(row.mediaName),
          ...times(row),
        },
      };
    },
  },
  {
    target: "queue_options",
    source: "QueueOptions",
    keys: ["id"],
    scope: { parent: "Queues", via: "queueId" },
    refs: [{ column: "parentId", table: "QueueOptions", required: false }],
    map: (row, ctx) => ({
      row: {
        id: int(row.id),
        company_id: ctx.companyId,
        queue_id: int(row.queueId),
        parent_id: idOrNull(row.parentId),
        option: str(row.option),
        title: str(row.title),
        message: str(row.message),
        media_path: strOrNull(row.mediaPath),
        media_name: strOrNull(row.mediaName),
        ...times(row),
      },
    }),
  },
  {
    target: "user_queues",
    source: "UserQueues",
    keys: ["userId", "queueId"],
    scope: { parent: "Users", via: "userId" },
    refs: [{ column: "queueId", table: "Queues", required: true }],
    map: (row) => ({ row: { user_id: int(row.userId), queue_id: int(row.queueId), created_at: t(row) } }),
  },
  {
    target: "whatsapps",
    source: "Whatsapps",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [
      { column: "transferQueueId", table: "Queues", required: false },
      { column: "sendIdQueue", table: "Queues", required: false },
      { column: "integrationId", table: "QueueIntegrations", required: false },
    ],
    map: (row, ctx) => ({
      row: {
        id: int(row.id),
        company_id: row.companyId,
        name: uniqueName(ctx, "whatsapps", str(row.name, `WhatsApp ${row.id}`)),
        number: str(row.number).replace(/\D/g, ""),
        // Without the session the connection waits for a QR; with it the session host resumes the pairing.
        status: ctx.carrySessions && row.session ? "OPENING" : "DISCONNECTED",
        is_default: bit(row.isDefault),
        greeting_message: str(row.greetingMessage),
        complation_message: str(row.complationMessage ?? row.farewellMessage),
        out_of_hours_message: str(row.outOfHoursMessage),
        rating_message: str(row.ratingMessage),
        // The external API token, plain: the import API stores its hash (docs/company-archive.md).
        token_hash: strOrNull(row.token),
        provider: str(row.provider, "beta"),
        transfer_queue_id: idOrNull(row.transferQueueId),
        time_to_transfer: row.timeToTransfer == null ? null : int(row.timeToTransfer),
        integration_id: idOrNull(row.integrationId),
        expires_inactive_message: str(row.expiresInactiveMessage),
        expires_ticket: int(row.expiresTicket),
        time_use_bot_queues: int(row.timeUseBotQueues),
        max_use_bot_queues: int(row.maxUseBotQueues, 3),
        send_id_queue: idOrNull(row.sendIdQueue),
        ...times(row),
      },
    }),
  },
  {
    target: "whatsapp_queues",
    source: "WhatsappQueues",
    keys: ["whatsappId", "queueId"],
    scope: { parent: "Whatsapps", via: "whatsappId" },
    refs: [{ column: "queueId", table: "Queues", required: true }],
    map: (row) => ({ row: { whatsapp_id: int(row.whatsappId), queue_id: int(row.queueId), created_at: t(row) } }),
  },
  {
    target: "tags",
    source: "Tags",
    keys: ["id"],
    scope: { column: "companyId" },
    map: (row, ctx) => ({
      row: {
        id: int(row.id),
        company_id: row.companyId,
        name: uniqueName(ctx, "tags", str(row.name, `Tag ${row.id}`)),
        color: str(row.color),
        kanban: int(row.kanban) ? 1 : 0,
        ...times(row),
      },
    }),
  },
  {
    target: "contacts",
    source: "Contacts",
    keys: ["id"],
    scope: { column: "companyId" },
    map: (row, ctx) => {
      const id = int(row.id);
      const merge = ctx.merger.merges.get(id);
      if (merge) return { skip: `merged into contact ${merge.into} (${merge.reason}${merge.number ? ` ${merge.number}` : ""})` };
      const isGroup = bit(row.isGroup);
      const number = ctx.merger.numberOf(id) ?? normalizeNumber(str(row.number), { isGroup: !!isGroup });
      if (!number) return { skip: "contact without a number" };
      return {
        row: {
          id,
          company_id: row.companyId,
          name: str(row.name, number),
          number,
          lid: ctx.merger.lidOf(id),
          email: str(row.email),
          profile_pic_url: str(row.profilePicUrl),
          is_group: isGroup,
          disable_bot: bit(row.disableBot),
          active: bit(row.active, 1),
          ...times(row),
        },
      };
    },
  },
  {
    target: "contact_custom_fields",
    source: "ContactCustomFields",
    keys: ["id"],
    scope: { parent: "Contacts", via: "contactId" },
    map: (row, ctx) => ({
      row: {
        id: int(row.id),
        company_id: ctx.companyId,
        contact_id: ctx.merger.resolve(int(row.contactId)),
        name: str(row.name),
        value: str(row.value),
        ...times(row),
      },
    }),
  },
  {
    target: "tickets",
    source: "Tickets",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [
      { column: "contactId", table: "Contacts", required: true },
      { column: "whatsappId", table: "Whatsapps", required: false },
      { column: "userId", table: "Users", required: false },
      { column: "queueId", table: "Queues", required: false },
      { column: "queueOptionId", table: "QueueOptions", required: false },
      { column: "integrationId", table: "QueueIntegrations", required: false },
    ],
    map: (row, ctx) => {
      const status = str(row.status, "pending");
      return {
        row: {
          id: int(row.id),
          uuid: strOrNull(row.uuid) ?? undefined,
          company_id: row.companyId,
          status: TICKET_STATUSES.includes(status) ? status : status === "group" ? "open" : "pending",
          contact_id: ctx.merger.resolve(int(row.contactId)),
          whatsapp_id: idOrNull(row.whatsappId),
          user_id: idOrNull(row.userId),
          queue_id: idOrNull(row.queueId),
          last_message: str(row.lastMessage),
          unread_messages: int(row.unreadMessages),
          is_group: bit(row.isGroup),
          chatbot: bit(row.chatbot),
          queue_option_id: idOrNull(row.queueOptionId),
          amount_used_bot_queues: int(row.amountUsedBotQueues),
          use_integration: bit(row.useIntegration),
          integration_id: idOrNull(row.integrationId),
          typebot_session_id: strOrNull(row.typebotSessionId),
          typebot_status: bit(row.typebotStatus),
          from_me: bit(row.fromMe),
          ...times(row),
        },
      };
    },
  },
  {
    target: "ticket_tags",
    source: "TicketTags",
    keys: ["ticketId", "tagId"],
    scope: { parent: "Tickets", via: "ticketId" },
    refs: [{ column: "tagId", table: "Tags", required: true }],
    map: (row) => ({ row: { ticket_id: int(row.ticketId), tag_id: int(row.tagId), created_at: t(row) } }),
  },
  {
    target: "ticket_notes",
    source: "TicketNotes",
    keys: ["id"],
    scope: { parent: "Tickets", via: "ticketId" },
    refs: [
      { column: "contactId", table: "Contacts", required: true },
      { column: "userId", table: "Users", required: false },
    ],
    map: (row, ctx) => ({
      row: {
        id: int(row.id),
        company_id: ctx.companyId,
        note: str(row.note),
        user_id: idOrNull(row.userId),
        contact_id: ctx.merger.resolve(int(row.contactId)),
        ticket_id: int(row.ticketId),
        ...times(row),
      },
    }),
  },
  {
    target: "ticket_trackings",
    source: "TicketTraking",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [
      { column: "ticketId", table: "Tickets", required: true },
      { column: "userId", table: "Users", required: false },
      { column: "whatsappId", table: "Whatsapps", required: false },
    ],
    map: (row) => ({
      row: {
        id: int(row.id),
        company_id: row.companyId,
        ticket_id: int(row.ticketId),
        action: row.finishedAt ? "close" : row.startedAt ? "accept" : "create",
        to_status: row.finishedAt ? "closed" : row.startedAt ? "open" : "pending",
        to_user_id: idOrNull(row.userId),
        whatsapp_id: idOrNull(row.whatsappId),
        rated: bit(row.rated),
        rating_at: ms(row.ratingAt),
        started_at: ms(row.startedAt),
        queued_at: ms(row.queuedAt),
        finished_at: ms(row.finishedAt),
        created_at: t(row),
      },
    }),
  },
  {
    target: "user_ratings",
    source: "UserRatings",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [
      { column: "ticketId", table: "Tickets", required: true },
      { column: "userId", table: "Users", required: false },
    ],
    map: (row) => ({ row: { id: int(row.id), company_id: row.companyId, ticket_id: int(row.ticketId), user_id: idOrNull(row.userId), rate: int(row.rate), created_at: t(row) } }),
  },
  {
    target: "quick_messages",
    source: "QuickMessages",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [{ column: "userId", table: "Users", required: false }],
    map: (row) => ({
      row: {
        id: int(row.id),
        company_id: row.companyId,
        shortcode: str(row.shortcode),
        message: str(row.message),
        geral: bit(row.geral),
        status: bit(row.status, 1),
        user_id: idOrNull(row.userId),
        media_path: strOrNull(row.mediaPath),
        media_name: strOrNull(row.mediaName),
        ...times(row),
      },
    }),
  },
  {
    target: "schedules",
    source: "Schedules",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [
      { column: "contactId", table: "Contacts", required: true },
      { column: "ticketId", table: "Tickets", required: false },
      { column: "userId", table: "Users", required: false },
      { column: "whatsappId", table: "Whatsapps", required: false },
    ],
    map: (row, ctx) => {
      const sendAt = ms(row.sendAt);
      if (sendAt === null) return { skip: "schedule without a send time" };
      const status = str(row.status).toUpperCase();
      return {
        row: {
          id: int(row.id),
          company_id: row.companyId,
          body: str(row.body),
          send_at: sendAt,
          sent_at: ms(row.sentAt),
          contact_id: ctx.merger.resolve(int(row.contactId)),
          ticket_id: idOrNull(row.ticketId),
          user_id: idOrNull(row.userId),
          whatsapp_id: idOrNull(row.whatsappId),
          status: SCHEDULE_STATUSES.includes(status) ? status : row.sentAt ? "ENVIADA" : "PENDENTE",
          media_path: strOrNull(row.mediaPath),
          media_name: strOrNull(row.mediaName),
          ...times(row),
        },
      };
    },
  },
  {
    target: "contact_lists",
    source: "ContactLists",
    keys: ["id"],
    scope: { column: "companyId" },
    map: (row) => ({ row: { id: int(row.id), company_id: row.companyId, name: str(row.name, `List ${row.id}`), ...times(row) } }),
  },
  {
    target: "contact_list_items",
    source: "ContactListItems",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [{ column: "contactListId", table: "ContactLists", required: true }],
    map: (row, ctx) => {
      const number = normalizeNumber(str(row.number));
      if (!number) return { skip: "list item without a number" };
      const key = `${row.contactListId}:${number}`;
      if (ctx.seen.get("contact_list_items")?.has(key)) return { skip: `duplicate number ${number} in list ${row.contactListId}` };
      uniqueName(ctx, "contact_list_items", key);
      return {
        row: {
          id: int(row.id),
          company_id: row.companyId,
          contact_list_id: int(row.contactListId),
          name: str(row.name, number),
          number,
          email: str(row.email),
          is_whatsapp_valid: bit(row.isWhatsappValid),
          ...times(row),
        },
      };
    },
  },
  {
    target: "campaigns",
    source: "Campaigns",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [
      { column: "whatsappId", table: "Whatsapps", required: false },
      { column: "contactListId", table: "ContactLists", required: false },
    ],
    map: (row) => {
      const status = str(row.status, "INATIVA").toUpperCase();
      const r: Row = {
        id: int(row.id),
        company_id: row.companyId,
        name: str(row.name, `Campaign ${row.id}`),
        status: CAMPAIGN_STATUSES.includes(status) ? status : "INATIVA",
        confirmation: bit(row.confirmation),
        scheduled_at: ms(row.scheduledAt),
        completed_at: ms(row.completedAt),
        whatsapp_id: idOrNull(row.whatsappId),
        contact_list_id: idOrNull(row.contactListId),
        media_path: strOrNull(row.mediaPath),
        media_name: strOrNull(row.mediaName),
        ...times(row),
      };
      for (let i = 1; i <= 5; i++) {
        r[`message${i}`] = str(row[`message${i}`]);
        r[`confirmation_message${i}`] = str(row[`confirmationMessage${i}`]);
      }
      return { row: r };
    },
  },
  {
    // The legacy key/value rows (values as JSON text) → the product's (worker/contracts/campaigns.ts, read over its
    // defaults by domain/campaigns/settings.ts): messageInterval and greaterInterval in seconds, longerIntervalTrigger
    // as longerIntervalAfter (sends before the long pause), variables as [{ key, value }].
    target: "campaign_settings",
    source: "CampaignSettings",
    keys: ["id"],
    scope: { column: "companyId" },
    map: (row) => {
      const key = str(row.key);
      const value = campaignSettingValue(key, row.value);
      if ("skip" in value) return value;
      return { row: { id: int(row.id), company_id: row.companyId, key: value.key, value: JSON.stringify(value.value), ...times(row) } };
    },
  },
  {
    target: "campaign_shippings",
    source: "CampaignShipping",
    keys: ["id"],
    scope: { parent: "Campaigns", via: "campaignId" },
    refs: [{ column: "contactListItemId", table: "ContactListItems", required: false }],
    map: (row, ctx) => {
      const number = normalizeNumber(str(row.number));
      const key = `${row.campaignId}:${number}`;
      if (ctx.seen.get("campaign_shippings")?.has(key)) return { skip: `duplicate number ${number} in campaign ${row.campaignId}` };
      uniqueName(ctx, "campaign_shippings", key);
      return { row: {
        id: int(row.id),
        company_id: ctx.companyId,
        campaign_id: int(row.campaignId),
        number,
        message: str(row.message),
        confirmation_message: str(row.confirmationMessage),
        confirmation: bit(row.confirmation),
        contact_list_item_id: idOrNull(row.contactListItemId),
        delivered_at: ms(row.deliveredAt),
        confirmation_requested_at: ms(row.confirmationRequestedAt),
        confirmed_at: ms(row.confirmedAt),
        job_id: strOrNull(row.jobId),
        status: row.deliveredAt ? "delivered" : "queued",
        ...times(row),
      } };
    },
  },
  {
    target: "chats",
    source: "Chats",
    keys: ["id"],
    scope: { column: "companyId" },
    refs: [{ column: "ownerId", table: "Users", required: false }],
    map: (row) => ({
      row: {
        id: int(row.id),
        uuid: strOrNull(row.uuid) ?? undefined,
        company_id: row.companyId,
        title: str(row.title),
        owner_id: idOrNull(row.ownerId),
        last_message: str(row.lastMessage),
        ...times(row),
      },
    }),
  },
  {
    target: "chat_users",
    source: "ChatUsers",
    keys: ["id"],
    scope: { parent: "Chats", via: "chatId" },
    refs: [{ column: "userId", table: "Users", required: true }],
    map: (row) => ({ row: { chat_id: int(row.chatId), user_id: int(row.userId), unreads: int(row.unreads), ...times(row) } }),
  },
  {
    target: "chat_messages",
    source: "ChatMessages",
    keys: ["id"],
    scope: { parent: "Chats", via: "chatId" },
    refs: [{ column: "senderId", table: "Users", required: false }],
    map: (row, ctx) => ({
      row: {
        id: int(row.id),
        company_id: ctx.companyId,
        chat_id: int(row.chatId),
        sender_id: idOrNull(row.senderId),
        message: str(row.message),
        media_path: strOrNull(row.mediaPath),
        media_name: strOrNull(row.mediaName),
        ...times(row),
      },
    }),
  },
  {
    // Only with --carry-sessions (run.ts sends each connection's creds first, from Whatsapps.session). The session
    // host reads these rows back as they are (worker/domain/sessionHost/sessionState.ts, BufferJSON values).
    target: "whatsapp_session_keys",
    source: "BaileysKeys",
    keys: ["whatsappId", "type", "key"],
    scope: { parent: "Whatsapps", via: "whatsappId" },
    requires: ["BaileysKeys"],
    map: (row) => {
      const value = sessionValue(row.value);
      if (value === null) return { skip: `Baileys key ${str(row.type)} ${str(row.key)}: value is not JSON` };
      return { row: { whatsapp_id: int(row.whatsappId), type: str(row.type), key_id: str(row.key), value, updated_at: msOr(row.updatedAt, Date.now()) } };
    },
  },
];

/**
 * The order tables are sent in: the worker's IMPORT_TABLE_ORDER (worker/db/companyArchive.ts, parents before
 * children), so no reference is to a row not sent yet. `messages` (its own paging, run.ts) comes after tickets.
 */
export const TABLE_ORDER = [
  "campaign_settings", "contact_lists", "contacts", "queue_integrations", "settings", "contact_custom_fields", "contact_list_items", "queues",
  "whatsapps", "users", "whatsapp_queues", "chats", "quick_messages", "tags", "user_queues", "campaigns", "chat_messages",
  "chat_users", "queue_options", "campaign_shippings", "tickets", "messages", "schedules", "ticket_notes", "ticket_tags",
  "ticket_trackings", "user_ratings", "whatsapp_session_keys",
];

export const TABLES: TableSpec[] = [...SPECS].sort((a, b) => TABLE_ORDER.indexOf(a.target) - TABLE_ORDER.indexOf(b.target));

/** The messages table is paged by the importer's own numbering (legacy ids are WhatsApp ids): see pgSource.ts. */
export interface LegacyMessage extends Row {
  /** The tenant id: the row's place in (createdAt, id, ticketId) order, or the legacy serial id. */
  _n: number;
  /** The quoted message's tenant id, when the quoted message is there. */
  _quoted: number | null;
  /** Second and later rows of one WhatsApp id (ticketz keys messages by id and ticket). */
  _dup: number;
  _ticketOk: boolean;
  /** Old bodies (OldMessages) of an edited message, oldest first. */
  _edits?: { body: string; at: number }[];
}

/** A legacy message → a tenant message row; media is resolved by the caller (`media`: key and name, or null). */
export function mapMessage(row: LegacyMessage, ctx: MapCtx, media: { key: string; name: string } | null): Mapped {
  if (!row._ticketOk) return { skip: `orphan: ticket ${row.ticketId} not found` };
  const data = parseJson(row.dataJson);
  let mediaType = str(row.mediaType, "chat") || "chat";
  let body = str(row.body);
  const message = data?.message ?? {};
  // Locations: "image|link|description", as the product stores them.
  const location = message.locationMessage ?? message.liveLocationMessage;
  if (location && (mediaType === "locationMessage" || mediaType === "liveLocationMessage" || !body)) {
    mediaType = "locationMessage";
    if (!body.includes("|")) {
      const lat = location.degreesLatitude;
      const lng = location.degreesLongitude;
      body = `|https://maps.google.com/maps?q=${lat}%2C${lng}&z=17|${location.name ?? location.address ?? ""}`;
    }
  }
  // Reactions: the emoji as body, the reacted message as quote.
  if (message.reactionMessage) {
    mediaType = "reactionMessage";
    body = str(message.reactionMessage.text, body);
  }
  const extra: Record<string, unknown> = {};
  if (row.participant && data?.pushName) extra.participantName = data.pushName;
  if (row._edits?.length) extra.edits = row._edits;
  const wid = row._dup > 1 ? `${row.id}:${row.ticketId}` : str(row.id);
  return {
    row: {
      id: row._n,
      wid,
      company_id: row.companyId,
      ticket_id: int(row.ticketId),
      contact_id: idOrNull(row.contactId) === null ? null : ctx.merger.resolve(int(row.contactId)),
      body,
      from_me: bit(row.fromMe),
      read: bit(row.read),
      media_type: mediaType,
      media_url: media?.key ?? null,
      media_name: media?.name ?? null,
      quoted_msg_id: row._quoted,
      ack: Math.min(5, Math.max(0, int(row.ack))),
      is_deleted: bit(row.isDeleted),
      is_edited: bit(row.isEdited) || (row._edits?.length ? 1 : 0),
      participant: strOrNull(row.participant),
      data_json: Object.keys(extra).length ? JSON.stringify(extra) : null,
      queue_id: idOrNull(row.queueId),
      user_id: idOrNull(row.userId),
      ...times(row),
    },
  };
}

export { basename, jsonText };
