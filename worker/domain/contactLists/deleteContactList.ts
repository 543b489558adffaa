import { and, eq } from "drizzle-orm";
import { contactLists } from "../../db/tenant";
import type { Ctx } from "../context";
import { ownContactList, requireCampaigns } from "./view";

/** DELETE /contact-lists/:id: the list and its items (campaigns that used it keep their shipping records). */
export async function deleteContactList({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.id);
  await ctx.db.delete(contactLists).where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, list.id)));
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactList", action: "delete", contactListId: list.id } }]);
}
