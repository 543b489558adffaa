import { and, eq } from "drizzle-orm";
import { prompts } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPromptAccess } from "./access";
import { recordAudit } from "../audit/recordAudit";

/**
 * Deletes a prompt. Queues, connections and tickets that used it keep their rows with no prompt (set null), so a
 * ticket the assistant was answering waits for an agent; its usage stays in the company's total.
 */
export async function deletePrompt({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await assertPromptAccess(ctx);
  const mine = and(eq(prompts.id, input.id), eq(prompts.companyId, ctx.companyId));
  // The deletion and its entry: one transaction.
  const gone = ctx.db.transaction(() => {
    const deleted = ctx.db.delete(prompts).where(mine).returning({ id: prompts.id, name: prompts.name }).get();
    if (deleted) recordAudit(ctx, { action: "prompt.deleted", target: { type: "prompt", id: deleted.id, label: deleted.name } });
    return deleted;
  });
  if (!gone) throw new AppError("ERR_NO_PROMPT_FOUND");
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "prompt", action: "delete", promptId: input.id } }]);
}
