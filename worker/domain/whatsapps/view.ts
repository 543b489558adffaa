import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import type { ConnectionHealthView } from "../../contracts/sessionHosts";
import type { Delivery } from "../../contracts/ws";
import type { ControlDb, Db } from "../../db/client";
import { sessionLeases } from "../../db/control";
import { inList } from "../../db/inList";
import { connectionHealthEvents, queues, whatsappQueues, whatsapps, type Whatsapp } from "../../db/tenant";
import type { AnyCtx } from "../context";
import type { QueueRef, WhatsappView } from "../../contracts/views/whatsapp";

export type { QueueRef, WhatsappView };

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a connection's health is read from: its row's last event and refusal. */
type HealthRow = Pick<Whatsapp, "id" | "channel" | "lastEventAt" | "linkRefusal">;

/**
 * The health of WhatsApp Web connections (issue 30; null for Cloud API numbers): the row's last event and refusal,
 * and their health events of the last 24 hours summed by kind (one query, by connection and time). `hostOf` names the
 * host that runs each one, for those allowed to see it (see hostsOf); the others get null.
 */
export function loadConnectionHealth(db: Db, companyId: number, rows: HealthRow[], hostOf?: Map<number, string>, now = Date.now()): Map<number, ConnectionHealthView | null> {
  const web = rows.filter((r) => r.channel !== "cloud");
  const sums =
    web.length === 0
      ? []
      : db
          .select({ whatsappId: connectionHealthEvents.whatsappId, kind: connectionHealthEvents.kind, total: sql<number>`sum(${connectionHealthEvents.count})` })
          .from(connectionHealthEvents)
          .where(and(eq(connectionHealthEvents.companyId, companyId), inList(connectionHealthEvents.whatsappId, web.map((r) => r.id)), gte(connectionHealthEvents.at, new Date(now - DAY_MS))))
          .groupBy(connectionHealthEvents.whatsappId, connectionHealthEvents.kind)
          .all();
  const total = (id: number, kind: string) => Number(sums.find((s) => s.whatsappId === id && s.kind === kind)?.total ?? 0);
  return new Map(
    rows.map((r) => [
      r.id,
      r.channel === "cloud"
        ? null
        : {
            lastEventAt: r.lastEventAt ? r.lastEventAt.toISOString() : null,
            reconnects24h: total(r.id, "reconnect"),
            silentRestarts24h: total(r.id, "silent"),
            recovered24h: total(r.id, "recovered"),
            refusal: r.linkRefusal ?? null,
            hostId: hostOf?.get(r.id) ?? null,
          },
    ]),
  );
}

/**
 * Which session host holds each of these connections now (their unexpired leases in the control database): one D1
 * read, made only for a super admin (the view's `hostId`).
 */
export async function hostsOf(control: ControlDb, ids: number[], now = Date.now()): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const leases = await control
    .select({ id: sessionLeases.whatsappId, hostId: sessionLeases.hostId })
    .from(sessionLeases)
    .where(and(inList(sessionLeases.whatsappId, ids), gt(sessionLeases.expiresAt, new Date(now))));
  return new Map(leases.map((l) => [l.id, l.hostId]));
}


/**
 * A connection as the API and events answer it: every field of the row except the API token's hash (only
 * whether one exists). `queues` is present when the caller loaded them; events without it leave a list's
 * queues as they were.
 */
export function presentWhatsapp(row: Whatsapp, queueList?: QueueRef[], health?: ConnectionHealthView | null): WhatsappView {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    status: row.status,
    qrcode: row.qrcode,
    retries: row.retries,
    isDefault: row.isDefault,
    session: row.session,
    provider: row.provider,
    channel: row.channel,
    cloud:
      row.channel === "cloud" && row.cloudPhoneNumberId
        ? {
            phoneNumberId: row.cloudPhoneNumberId,
            wabaId: row.cloudWabaId ?? "",
            webhookPath: row.cloudRouteKey ? `/webhooks/whatsapp/${row.cloudRouteKey}` : "/webhooks/whatsapp",
            ownApp: row.cloudRouteKey !== null,
            error: row.cloudError,
          }
        : null,
    ...(health !== undefined ? { health } : {}),
    hasToken: row.tokenHash !== null,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    transferQueueId: row.transferQueueId,
    timeToTransfer: row.timeToTransfer,
    promptId: row.promptId,
    integrationId: row.integrationId,
    expiresTicket: row.expiresTicket,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    sendIdQueue: row.sendIdQueue,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(queueList ? { queues: queueList } : {}),
  };
}

export function loadWhatsappRow(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)))
    .get();
}

/** The connection's queues in menu order (the link table carries no company: both parents do). */
export function loadWhatsappQueues(db: Db, whatsappId: number): Promise<QueueRef[]> {
  return db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(eq(whatsappQueues.whatsappId, whatsappId))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}

/** One connection with its queues and its health (`hostOf`: see loadConnectionHealth). */
export async function loadWhatsappView(db: Db, companyId: number, id: number, hostOf?: Map<number, string>) {
  const row = await loadWhatsappRow(db, companyId, id);
  if (!row) return null;
  return presentWhatsapp(row, await loadWhatsappQueues(db, id), loadConnectionHealth(db, companyId, [row], hostOf).get(row.id));
}

/**
 * The QR code lets whoever scans it take over the connection, so only admins (who run the connections page)
 * receive it; the rest of the company sees the connection with an empty qrcode.
 */
function forCompany(view: WhatsappView): WhatsappView {
  return { ...view, qrcode: "" };
}

function whatsappDelivery(view: WhatsappView): Delivery {
  return { audience: { kind: "company" }, event: { type: "whatsapp", action: "update", whatsapp: forCompany(view) } };
}

/** Tells the company a connection was created or changed (`whatsapp` update). */
export async function publishWhatsapp(ctx: Pick<AnyCtx, "hub">, row: Whatsapp, queueList?: QueueRef[]) {
  await ctx.hub.publish([whatsappDelivery(presentWhatsapp(row, queueList))]);
}

/**
 * A session change (status, QR, number): `whatsappSession` with the QR to admins (the QR dialog and the menu
 * badge follow it) and `whatsapp` without it to everyone, so pickers and ticket headers show the status.
 */
export async function publishWhatsappSession(ctx: Pick<AnyCtx, "hub" | "db" | "companyId">, row: Whatsapp) {
  const view = presentWhatsapp(row, undefined, loadConnectionHealth(ctx.db, ctx.companyId, [row]).get(row.id));
  await ctx.hub.publish([
    { audience: { kind: "admins" }, event: { type: "whatsappSession", action: "update", session: view } },
    whatsappDelivery(view),
  ]);
}

export async function publishWhatsappDeleted(ctx: Pick<AnyCtx, "hub">, whatsappId: number) {
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "whatsapp", action: "delete", whatsappId } }]);
}
