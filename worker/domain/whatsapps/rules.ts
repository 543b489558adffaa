import { and, eq, ne, sql } from "drizzle-orm";
import { prompts, queueIntegrations, queues, whatsapps } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";

/** The unique index behind "one connection per name" (for the race two requests win together). */
export const WHATSAPP_NAME_UNIQUE = "whatsapps.company_id, whatsapps.name";

/** 409 when the company already has a connection of that name (letter case aside). */
export async function assertWhatsappNameFree(ctx: Ctx, name: string, exceptId?: number) {
  const taken = await ctx.db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), sql`${whatsapps.name} = ${name} collate nocase`, exceptId ? ne(whatsapps.id, exceptId) : undefined))
    .get();
  if (taken) throw new AppError("ERR_DUPLICATED_WHATSAPP", undefined, { whatsappId: taken.id });
}

export interface WhatsappRefs {
  queueIds?: number[];
  transferQueueId?: number | null;
  sendIdQueue?: number | null;
  promptId?: number | null;
  integrationId?: number | null;
}

/**
 * Every queue, prompt and integration a connection points at must be the company's own: another company's
 * id (or one that does not exist) answers 404, as if it were not there, naming the field.
 */
export async function assertOwnWhatsappRefs(ctx: Ctx, refs: WhatsappRefs) {
  const queueIds = [...new Set([...(refs.queueIds ?? []), refs.transferQueueId, refs.sendIdQueue].filter((v): v is number => v != null))];
  const [ownQueues, prompt, integration] = await Promise.all([
    // All of the company's queue ids, compared here: a short list, and no limit on bound parameters.
    queueIds.length ? ctx.db.select({ id: queues.id }).from(queues).where(eq(queues.companyId, ctx.companyId)) : Promise.resolve([]),
    refs.promptId != null
      ? ctx.db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.id, refs.promptId), eq(prompts.companyId, ctx.companyId))).get()
      : Promise.resolve(null),
    refs.integrationId != null
      ? ctx.db
          .select({ id: queueIntegrations.id })
          .from(queueIntegrations)
          .where(and(eq(queueIntegrations.id, refs.integrationId), eq(queueIntegrations.companyId, ctx.companyId)))
          .get()
      : Promise.resolve(null),
  ]);
  const own = new Set(ownQueues.map((q) => q.id));
  const missingQueue = (["queueIds", "transferQueueId", "sendIdQueue"] as const).find((field) => {
    const value = refs[field];
    const ids = Array.isArray(value) ? value : value != null ? [value] : [];
    return ids.some((id) => !own.has(id));
  });
  if (missingQueue) throw new AppError("ERR_NO_QUEUE_FOUND", undefined, { field: missingQueue });
  if (refs.promptId != null && !prompt) throw new AppError("ERR_NO_PROMPT_FOUND", undefined, { field: "promptId" });
  if (refs.integrationId != null && !integration) throw new AppError("ERR_NO_QUEUE_INTEGRATION_FOUND", undefined, { field: "integrationId" });
}

/**
 * Rules over the connection as it will be after the write: with more than one queue the greeting is the menu's
 * text, so it is required (ERR_WAPP_GREETING_REQUIRED); an auto-transfer needs both its queue and its time.
 */
export function assertWhatsappConsistent(state: {
  queueCount: number;
  greetingMessage: string;
  transferQueueId: number | null;
  timeToTransfer: number | null;
}) {
  if (state.queueCount > 1 && state.greetingMessage.trim() === "") throw new AppError("ERR_WAPP_GREETING_REQUIRED", undefined, { field: "greetingMessage" });
  if (state.transferQueueId != null && !state.timeToTransfer) throw fieldError({ timeToTransfer: "Required with a transfer queue" });
  if (state.transferQueueId == null && state.timeToTransfer) throw fieldError({ transferQueueId: "Required with a transfer time" });
}
