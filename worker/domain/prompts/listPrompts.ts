import { asc, eq, sql } from "drizzle-orm";
import { prompts, promptUsage } from "../../db/tenant";
import type { Ctx } from "../context";
import { assertPromptAccess } from "./access";
import { presentPrompt, promptRows } from "./view";

/**
 * The prompts page (spec 002: GET /prompt, every prompt at once; a company has a handful) with each prompt's
 * token usage and the company's total, which keeps what deleted prompts used.
 */
export async function listPrompts({ ctx }: { ctx: Ctx }) {
  await assertPromptAccess(ctx);
  const [rows, total] = await Promise.all([
    promptRows(ctx.db).where(eq(prompts.companyId, ctx.companyId)).orderBy(asc(prompts.name), asc(prompts.id)),
    ctx.db
      .select({
        calls: sql<number>`coalesce(sum(${promptUsage.calls}), 0)`.mapWith(Number),
        failures: sql<number>`coalesce(sum(${promptUsage.failures}), 0)`.mapWith(Number),
        promptTokens: sql<number>`coalesce(sum(${promptUsage.promptTokens}), 0)`.mapWith(Number),
        completionTokens: sql<number>`coalesce(sum(${promptUsage.completionTokens}), 0)`.mapWith(Number),
      })
      .from(promptUsage)
      .where(eq(promptUsage.companyId, ctx.companyId))
      .get(),
  ]);
  return { prompts: rows.map(presentPrompt), count: rows.length, hasMore: false, usage: total! };
}
