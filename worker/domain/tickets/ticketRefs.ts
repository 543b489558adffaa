import { and, eq } from "drizzle-orm";
import { contacts, queues, users, whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** Ids a ticket refers to must belong to the caller's company; a foreign id is a field error, never a lookup. */
const fieldError = (field: string, message: string) => new AppError("ERR_VALIDATION", `Invalid fields: ${field}`, { fields: { [field]: message } });

export async function assertQueueOfCompany(ctx: Ctx, queueId: number) {
  const row = await ctx.db.select({ id: queues.id, name: queues.name }).from(queues).where(and(eq(queues.id, queueId), eq(queues.companyId, ctx.companyId))).get();
  if (!row) throw fieldError("queueId", "Selecione uma fila");
  return row;
}

export async function assertUserOfCompany(ctx: Ctx, userId: number) {
  const row = await ctx.db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId))).get();
  if (!row) throw fieldError("userId", "Unknown user");
  return row;
}

export async function loadContactOfCompany(ctx: Ctx, contactId: number) {
  const row = await ctx.db
    .select({ id: contacts.id, name: contacts.name, isGroup: contacts.isGroup })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)))
    .get();
  if (!row) throw new AppError("ERR_NO_CONTACT_FOUND");
  return row;
}

/** The connection to use: the one asked for, else the user's default, else the company's default. */
export async function resolveConnection(ctx: Ctx, whatsappId: number | null | undefined): Promise<number> {
  if (whatsappId) {
    const row = await ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(and(eq(whatsapps.id, whatsappId), eq(whatsapps.companyId, ctx.companyId))).get();
    if (!row) throw fieldError("whatsappId", "Unknown connection");
    return row.id;
  }
  const mine = await ctx.db
    .select({ id: whatsapps.id })
    .from(users)
    .innerJoin(whatsapps, and(eq(whatsapps.id, users.whatsappId), eq(whatsapps.companyId, ctx.companyId)))
    .where(eq(users.id, ctx.user.id))
    .get();
  if (mine) return mine.id;
  const fallback = await ctx.db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.isDefault, true)))
    .get();
  if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  return fallback.id;
}
