import { and, asc, eq, ne } from "drizzle-orm";
import { forgetCloudNumber } from "../cloud/cloudNumbers";
import { sessionHost } from "../sessionHost/hostClient";
import { whatsapps } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { syncConnectionRoute } from "../sessionHost/connectionRoutes";
import { recordAudit } from "../audit/recordAudit";
import { loadWhatsappRow, publishWhatsapp, publishWhatsappDeleted } from "./view";

/**
 * Deletes a connection (admins). Its stored session goes with it (cascade); tickets keep their history without
 * it. Deleting the default passes the star to the oldest remaining connection, so the company keeps one.
 * The host is then told to log the session out (or at least stop it), best effort after the answer: a host
 * that is down must not keep a connection the admin wants gone.
 */
export async function deleteWhatsapp({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const current = await loadWhatsappRow(ctx.db, ctx.companyId, input.id);
  if (!current) throw new AppError("ERR_NO_WAPP_FOUND");

  const heir = current.isDefault
    ? await ctx.db
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, ctx.companyId), ne(whatsapps.id, input.id)))
        .orderBy(asc(whatsapps.id))
        .get()
    : undefined;
  // The host that runs it, found while its lease still exists (the lease goes with the index entry below).
  const host = sessionHost(ctx.env);
  if (current.channel !== "cloud") await host.pin(input.id).catch(() => undefined);
  const remove = ctx.db.delete(whatsapps).where(and(eq(whatsapps.id, input.id), eq(whatsapps.companyId, ctx.companyId)));
  // The deletion, the star passed on and the entry: one transaction.
  ctx.db.transaction(() => {
    remove.run();
    if (heir) ctx.db.update(whatsapps).set({ isDefault: true }).where(and(eq(whatsapps.id, heir.id), eq(whatsapps.companyId, ctx.companyId))).run();
    recordAudit(ctx, {
      action: "connection.deleted",
      target: { type: "connection", id: current.id, label: current.name },
      detail: { channel: current.channel, ...(heir ? { defaultPassedTo: heir.id } : {}) },
    });
  });

  // Gone from the index: the session host and the external API no longer route to it.
  await syncConnectionRoute(ctx, input.id);
  await ctx.hub.workChanged();
  await publishWhatsappDeleted(ctx, input.id);
  if (heir) {
    const starred = await loadWhatsappRow(ctx.db, ctx.companyId, heir.id);
    if (starred) await publishWhatsapp(ctx, starred);
  }
  if (current.channel === "cloud") {
    await forgetCloudNumber(ctx.control, input.id);
    return;
  }
  ctx.waitUntil(
    host
      .logout(input.id)
      .catch(() => host.stop(input.id))
      .catch((err) => console.warn("session host did not stop a deleted connection", { whatsappId: input.id, err: String(err) })),
  );
}
