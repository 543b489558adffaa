import { and, count, eq, sql } from "drizzle-orm";
import type { CreateWhatsappInput } from "../../contracts/whatsapps";
import { sessionHost } from "../sessionHost/hostClient";
import { runStatements } from "../../db/client";
import { whatsapps } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError, errorBody, isUniqueViolation } from "../errors";
import { assertUnderPlanLimit, withinPlanLimit } from "../plans/planLimits";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { queueLinkInserts, unsetOtherDefaults } from "./queueLinks";
import { assertOwnWhatsappRefs, assertWhatsappConsistent, assertWhatsappNameFree, WHATSAPP_NAME_UNIQUE } from "./rules";
import { recordSessionState } from "./session";
import { checkCloudCredentials, connectCloudNumber } from "../cloud/connectCloudNumber";
import { forgetCloudNumber } from "../cloud/cloudNumbers";
import { recordAudit } from "../audit/recordAudit";
import { withdrawAudit } from "../audit/changes";
import { loadWhatsappQueues, loadWhatsappRow, presentWhatsapp, publishWhatsapp, publishWhatsappDeleted } from "./view";

/**
 * Adds a connection (admins) and asks the session host to start it; a Cloud API one is checked with Meta and
 * connected at once (ADR 0050). The company's first connection is its
 * default; a new default takes the star from the old one. The host being down does not undo the creation:
 * the connection is saved DISCONNECTED, the answer says why (`sessionError`) and the page offers a restart.
 */
export async function createWhatsapp({ ctx, input }: { ctx: Ctx; input: CreateWhatsappInput }) {
  const queueIds = await assertWhatsappCreatable(ctx, input);

  // The new id is not known inside the batch; the queue links find it by the company's unique name.
  const newId = sql<number>`(select ${whatsapps.id} from ${whatsapps} where ${whatsapps.companyId} = ${ctx.companyId} and ${whatsapps.name} = ${input.name})`;
  // A cloud number's credentials are checked with Meta before anything is saved (a connection that cannot work
  // is not made); they are stored once the row exists (connectCloudNumber).
  if (input.cloud) await checkCloudCredentials(ctx, input.cloud.phoneNumberId, input.cloud.accessToken);
  const { queueIds: _, cloud, ...values } = input;
  const mine = eq(whatsapps.companyId, ctx.companyId);
  let made;
  try {
    // Counted and inserted with no await between (withinPlanLimit); whether it is the first, and so the default, too.
    made = withinPlanLimit(ctx, "connections", () => {
      const existing = ctx.db.select({ n: count() }).from(whatsapps).where(mine).get();
      const previousDefault = ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(and(mine, eq(whatsapps.isDefault, true))).get();
      const isDefault = input.isDefault || (existing?.n ?? 0) === 0;
      const insert = ctx.db
        .insert(whatsapps)
        .values({ ...values, companyId: ctx.companyId, isDefault, status: "OPENING" })
        .returning();
      const links = queueLinkInserts(ctx.db, newId, queueIds);
      const results = runStatements(isDefault ? [unsetOtherDefaults(ctx.db, ctx.companyId), insert, ...links] : [insert, ...links]);
      const created = (results[isDefault ? 1 : 0] as (typeof whatsapps.$inferSelect)[])[0]!;
      // In the insert's transaction: the entry commits with the connection or not at all.
      const entryId = recordAudit(ctx, {
        action: "connection.created",
        target: { type: "connection", id: created.id, label: created.name },
        detail: { channel: created.channel, isDefault, queues: queueIds.length },
      });
      return { created, previousDefault, isDefault, entryId };
    });
  } catch (err) {
    if (isUniqueViolation(err, WHATSAPP_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_WHATSAPP");
    throw err;
  }
  const { created, previousDefault, isDefault, entryId } = made;

  // The session host routes by the control index: the connection is there before the host is asked to start it.
  await syncConnectionRoute(ctx, created.id);
  // Its automation rules (expiry, auto-transfer) may start the hub's automation.
  await ctx.hub.workChanged();
  const queueList = await loadWhatsappQueues(ctx.db, created.id);
  await publishWhatsapp(ctx, created, queueList);
  if (isDefault && previousDefault) {
    const unstarred = await loadWhatsappRow(ctx.db, ctx.companyId, previousDefault.id);
    if (unstarred) await publishWhatsapp(ctx, unstarred);
  }

  let row = created;
  let sessionError: ReturnType<typeof errorBody> | undefined;
  if (cloud) {
    try {
      row = await connectCloudNumber(ctx, created, cloud);
    } catch (err) {
      // Checked a moment ago; refused now (the number taken meanwhile, Meta down): the row does not stay half made.
      // The connection and its entry are taken back together.
      ctx.db.transaction(() => {
        ctx.db.delete(whatsapps).where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, created.id))).run();
        withdrawAudit(ctx, entryId);
      });
      await forgetCloudNumber(ctx.control, created.id);
      await syncConnectionRoute(ctx, created.id);
      await publishWhatsappDeleted(ctx, created.id);
      throw err;
    }
    return presentWhatsapp(row, queueList);
  }
  try {
    row = await recordSessionState(ctx, created, await sessionHost(ctx.env).start(created.id));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    sessionError = errorBody(err);
    row = await recordSessionState(ctx, created, { status: "DISCONNECTED" });
  }
  return { ...presentWhatsapp(row, queueList), ...(sessionError ? { sessionError } : {}) };
}

/**
 * Whether the actor may add this connection and its settings hold (admins; its queues, prompt and integration the
 * company's; the plan not full; the name free): answers its queues, each once. Embedded Signup asks it before Meta.
 */
export async function assertWhatsappCreatable(ctx: Ctx, input: Omit<CreateWhatsappInput, "channel" | "cloud">): Promise<number[]> {
  requirePermission(ctx, "connections-page:addConnection");
  const queueIds = [...new Set(input.queueIds)];
  assertWhatsappConsistent({ queueCount: queueIds.length, ...input });
  await assertOwnWhatsappRefs(ctx, { ...input, queueIds });
  // A quick refusal when the plan is full already; the count that decides is the one in the insert's transaction.
  assertUnderPlanLimit(ctx.db, ctx.companyId, "connections");
  await assertWhatsappNameFree(ctx, input.name);
  return queueIds;
}
