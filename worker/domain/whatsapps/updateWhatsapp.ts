import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { UpdateWhatsappInput } from "../../contracts/whatsapps";
import { whatsappQueues, whatsapps, type NewWhatsapp } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { queueLinkInserts, unsetOtherDefaults } from "./queueLinks";
import { assertOwnWhatsappRefs, assertWhatsappConsistent, assertWhatsappNameFree, WHATSAPP_NAME_UNIQUE } from "./rules";
import { connectCloudNumber } from "../cloud/connectCloudNumber";
import { auditStatement } from "../audit/recordAudit";
import { changesDetail, HIDDEN } from "../audit/changes";
import { loadWhatsappQueues, loadWhatsappRow, presentWhatsapp, publishWhatsapp } from "./view";

/**
 * Edits a connection (admins). Making it the default takes the star from the other one; taking the star from
 * the default is refused (ERR_NO_OTHER_WHATSAPP): the company keeps exactly one, so another connection must
 * be made the default instead. The rules are checked on the connection as it will be after the edit.
 */
export async function updateWhatsapp({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateWhatsappInput } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const { id, patch } = input;
  const current = await loadWhatsappRow(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError("ERR_NO_WAPP_FOUND");

  const queueIds = patch.queueIds ? [...new Set(patch.queueIds)] : undefined;
  const queuesBefore = (await loadWhatsappQueues(ctx.db, id)).map((q) => q.id);
  const queueCount = queueIds ? queueIds.length : queuesBefore.length;
  assertWhatsappConsistent({
    queueCount,
    greetingMessage: patch.greetingMessage ?? current.greetingMessage,
    transferQueueId: patch.transferQueueId !== undefined ? patch.transferQueueId : current.transferQueueId,
    timeToTransfer: patch.timeToTransfer !== undefined ? patch.timeToTransfer : current.timeToTransfer,
  });
  await assertOwnWhatsappRefs(ctx, { ...patch, queueIds });
  if (patch.name !== undefined && patch.name !== current.name) await assertWhatsappNameFree(ctx, patch.name, id);
  if (patch.isDefault === false && current.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP");
  if (patch.cloud && current.channel !== "cloud") throw new AppError("ERR_WAPP_NOT_SUPPORTED", "Cloud API credentials are for a cloud connection.");
  // New credentials are checked with Meta and stored first: refused, nothing of the edit is saved.
  if (patch.cloud) await connectCloudNumber(ctx, current, patch.cloud);
  const becomesDefault = patch.isDefault === true && !current.isDefault;
  const previousDefault = becomesDefault
    ? await ctx.db
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.isDefault, true)))
        .get()
    : undefined;

  const { queueIds: _, cloud: __, ...fields } = patch;
  const changes: Partial<NewWhatsapp> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const mine = and(eq(whatsapps.id, id), eq(whatsapps.companyId, ctx.companyId));
  const statements: BatchItem<"sqlite">[] = [];
  if (becomesDefault) statements.push(unsetOtherDefaults(ctx.db, ctx.companyId, id));
  if (queueIds) statements.push(ctx.db.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, id)), ...queueLinkInserts(ctx.db, id, queueIds));
  // The edit's entry, in its batch (it commits with the edit or not at all): each changed field; message texts only
  // as changed; new Cloud API credentials (stored above, checked with Meta) only as replaced.
  const detail = changesDetail({ ...current, queueIds: queuesBefore }, { ...changes, queueIds }, { text: WHATSAPP_TEXTS });
  if (patch.cloud) detail.cloudCredentials = HIDDEN;
  if (Object.keys(detail).length > 0) {
    statements.push(auditStatement(ctx, { action: "connection.updated", target: { type: "connection", id, label: changes.name ?? current.name }, detail }));
  }
  try {
    // The row's own update always runs, even for the queues alone: it stamps updatedAt, the page's "last update".
    await ctx.db.batch([ctx.db.update(whatsapps).set({ ...changes, updatedAt: new Date() }).where(mine), ...statements]);
  } catch (err) {
    if (isUniqueViolation(err, WHATSAPP_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_WHATSAPP");
    throw err;
  }

  const [row, queueList] = await Promise.all([loadWhatsappRow(ctx.db, ctx.companyId, id), loadWhatsappQueues(ctx.db, id)]);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  await syncConnectionRoute(ctx, id);
  await ctx.hub.workChanged();
  await publishWhatsapp(ctx, row, queueList);
  if (previousDefault && previousDefault.id !== id) {
    const unstarred = await loadWhatsappRow(ctx.db, ctx.companyId, previousDefault.id);
    if (unstarred) await publishWhatsapp(ctx, unstarred);
  }
  return presentWhatsapp(row, queueList);
}

/** The connection's texts said to contacts: its audit entry says only that they changed. */
const WHATSAPP_TEXTS = ["greetingMessage", "complationMessage", "outOfHoursMessage", "ratingMessage", "expiresInactiveMessage"];
