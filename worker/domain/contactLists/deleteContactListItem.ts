import { and, eq } from "drizzle-orm";
import { contactListItems } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { ownItem, publishContactList, requireCampaigns } from "./view";

/** DELETE /contact-list-items/:id (spec 002: gated by contacts-page:deleteContact). */
export async function deleteContactListItem({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await requireCampaigns(ctx);
  requirePermission(ctx, "contacts-page:deleteContact");
  const item = await ownItem(ctx, input.id);
  await ctx.db.delete(contactListItems).where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, item.id)));
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactListItem", action: "delete", itemId: item.id, contactListId: item.contactListId } }]);
  await publishContactList(ctx, "update", item.contactListId);
}
