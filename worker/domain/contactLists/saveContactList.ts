import { and, eq } from "drizzle-orm";
import type { ContactListInput } from "../../contracts/contactLists";
import { contactLists } from "../../db/tenant";
import type { Ctx } from "../context";
import { loadContactList, ownContactList, publishContactList, requireCampaigns } from "./view";

/** POST /contact-lists. */
export async function createContactList({ ctx, input }: { ctx: Ctx; input: ContactListInput }) {
  await requireCampaigns(ctx);
  const now = new Date();
  const row = await ctx.db.insert(contactLists).values({ companyId: ctx.companyId, name: input.name, createdAt: now, updatedAt: now }).returning({ id: contactLists.id }).get();
  await publishContactList(ctx, "create", row.id);
  return (await loadContactList(ctx.db, ctx.companyId, row.id))!;
}

/** PUT /contact-lists/:id. */
export async function updateContactList({ ctx, input }: { ctx: Ctx; input: { id: number; patch: ContactListInput } }) {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.id);
  await ctx.db
    .update(contactLists)
    .set({ name: input.patch.name, updatedAt: new Date() })
    .where(and(eq(contactLists.companyId, ctx.companyId), eq(contactLists.id, list.id)));
  await publishContactList(ctx, "update", list.id);
  return (await loadContactList(ctx.db, ctx.companyId, list.id))!;
}
