import { and, eq } from "drizzle-orm";
import { contacts, tags, tickets, ticketTags } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { ownContactList, publishContactList, requireCampaigns } from "./view";
import { publishItemsReloaded, upsertItems } from "./upsertItems";

/**
 * POST /contact-lists/:id/add-tag: every contact (not groups) with a ticket that carries the tag joins the list, named
 * and mailed as the contact is; a number already in the list is updated.
 */
export async function addTagToContactList({ ctx, input }: { ctx: Ctx; input: { id: number; tagId: number } }) {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.id);
  const tag = await ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), eq(tags.id, input.tagId))).get();
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  const rows = await ctx.db
    .selectDistinct({ name: contacts.name, number: contacts.number, email: contacts.email })
    .from(ticketTags)
    .innerJoin(tickets, eq(tickets.id, ticketTags.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(ticketTags.tagId, tag.id), eq(tickets.companyId, ctx.companyId), eq(contacts.isGroup, false)));
  const { inserted, updated } = await upsertItems(ctx, list.id, rows.map((r) => ({ name: r.name.slice(0, 50) || r.number, number: r.number, email: r.email })));
  await publishItemsReloaded(ctx, list.id);
  await publishContactList(ctx, "update", list.id);
  return { imported: inserted, updated };
}
