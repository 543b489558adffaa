import { asc, eq } from "drizzle-orm";
import { recheckCloudNumber } from "../cloud/connectCloudNumber";
import { sessionHost } from "../sessionHost/hostClient";
import { whatsapps } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { AppError } from "../errors";
import { recordSessionState } from "./session";

/**
 * POST /whatsapp-restart (the page's "restart connections"): every connection of the company is restarted on
 * the host. Those the host could not restart are named in `failed` and left as they were; when none could be
 * restarted the host's error is the answer.
 */
export async function restartAllSessions({ ctx }: { ctx: Ctx }) {
  requirePermission(ctx, "connections-page:actionButtons");
  const rows = await ctx.db.select().from(whatsapps).where(eq(whatsapps.companyId, ctx.companyId)).orderBy(asc(whatsapps.id));
  const host = sessionHost(ctx.env);
  const results = await Promise.allSettled(
    rows.map(async (row) => (row.channel === "cloud" ? recheckCloudNumber(ctx, row) : recordSessionState(ctx, row, await host.restart(row.id)))),
  );
  const failed = rows.filter((_, i) => results[i]!.status === "rejected").map((row) => row.id);
  if (rows.length > 0 && failed.length === rows.length) {
    const first = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!.reason;
    throw first instanceof AppError ? first : new AppError("ERR_WAPP_NOT_INITIALIZED");
  }
  return { restarted: rows.length - failed.length, failed };
}
