import { eq } from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { connectionRoutes } from "../../db/control";
import { inList } from "../../db/inList";
import { whatsapps } from "../../db/tenant";
import type { AnyCtx } from "../context";

// A connection never changes company, so what the index said once holds for the isolate's life.
const companyCache = new Map<number, number>();

/** The company a connection belongs to, from the control database's index (null: no such connection). */
export async function companyOfConnection(control: ControlDb, whatsappId: number): Promise<number | null> {
  return (await companiesOfConnections(control, [whatsappId])).get(whatsappId) ?? null;
}

/** The companies of several connections (those the index does not know are left out), one read for the uncached. */
export async function companiesOfConnections(control: ControlDb, whatsappIds: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  const unknown: number[] = [];
  for (const id of whatsappIds) {
    const cached = companyCache.get(id);
    if (cached === undefined) unknown.push(id);
    else found.set(id, cached);
  }
  if (unknown.length === 0) return found;
  const rows = await control
    .select({ id: connectionRoutes.whatsappId, companyId: connectionRoutes.companyId })
    .from(connectionRoutes)
    .where(inList(connectionRoutes.whatsappId, unknown));
  if (companyCache.size > 10_000) companyCache.clear();
  for (const row of rows) {
    companyCache.set(row.id, row.companyId);
    found.set(row.id, row.companyId);
  }
  return found;
}

/**
 * Writes a connection's index entry from the company's own row (name, status, token hash), or removes it when the
 * row is gone. Called after every change to a connection; the session host and the external API read the index.
 */
export async function syncConnectionRoute(ctx: Pick<AnyCtx, "db" | "control" | "companyId">, whatsappId: number): Promise<void> {
  const row = await ctx.db
    .select({ name: whatsapps.name, status: whatsapps.status, tokenHash: whatsapps.tokenHash })
    .from(whatsapps)
    .where(eq(whatsapps.id, whatsappId))
    .get();
  if (!row) {
    await ctx.control.delete(connectionRoutes).where(eq(connectionRoutes.whatsappId, whatsappId));
    return;
  }
  const values = { whatsappId, companyId: ctx.companyId, name: row.name, status: row.status, tokenHash: row.tokenHash };
  await ctx.control.insert(connectionRoutes).values(values).onConflictDoUpdate({ target: connectionRoutes.whatsappId, set: values });
}
