import type { CreateQuickMessageInput } from "../../contracts/quickMessages";
import { quickMessages } from "../../db/tenant";
import { can } from "../permissions";
import type { Ctx } from "../context";
import { presentQuickMessage, publishQuickMessage } from "./view";

/** Adds a quick message owned by the user; only admins make it general (quick-messages:geral). */
export async function createQuickMessage({ ctx, input }: { ctx: Ctx; input: CreateQuickMessageInput }) {
  const qm = await ctx.db
    .insert(quickMessages)
    .values({
      companyId: ctx.companyId,
      shortcode: input.shortcode,
      message: input.message,
      geral: can(ctx.user, "quick-messages:geral") ? input.geral : false,
      status: input.status,
      userId: ctx.user.id,
    })
    .returning()
    .get();
  await publishQuickMessage(ctx, "create", qm);
  return presentQuickMessage(qm);
}
