import { and, asc, eq } from "drizzle-orm";
import type { Delivery } from "../../contracts/ws";
import type { Db } from "../../db/client";
import { queues, whatsappQueues, whatsapps, type Whatsapp } from "../../db/tenant";
import type { AnyCtx } from "../context";
import type { QueueRef, WhatsappView } from "../../contracts/views/whatsapp";

export type { QueueRef, WhatsappView };


/**
 * A connection as the API and events answer it: every field of the row except the API token's hash (only
 * whether one exists). `queues` is present when the caller loaded them; events without it leave a list's
 * queues as they were.
 */
export function presentWhatsapp(row: Whatsapp, queueList?: QueueRef[]): WhatsappView {
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

export async function loadWhatsappView(db: Db, companyId: number, id: number) {
  const row = await loadWhatsappRow(db, companyId, id);
  if (!row) return null;
  return presentWhatsapp(row, await loadWhatsappQueues(db, id));
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
export async function publishWhatsappSession(ctx: Pick<AnyCtx, "hub">, row: Whatsapp) {
  const view = presentWhatsapp(row);
  await ctx.hub.publish([
    { audience: { kind: "admins" }, event: { type: "whatsappSession", action: "update", session: view } },
    whatsappDelivery(view),
  ]);
}

export async function publishWhatsappDeleted(ctx: Pick<AnyCtx, "hub">, whatsappId: number) {
  await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "whatsapp", action: "delete", whatsappId } }]);
}
