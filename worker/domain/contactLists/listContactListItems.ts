import { and, asc, count, eq, isNull, or } from "drizzle-orm";
import type { ListContactListItemsQuery } from "../../contracts/contactLists";
import { contactListItems } from "../../db/tenant";
import type { Ctx } from "../context";
import { containsText, pageOf } from "../shared/paging";
import { ownContactList, presentItem, requireCampaigns } from "./view";

/** GET /contact-list-items: one list's items by name, searched over name, number and email, filtered by WhatsApp check (spec 002: contacts, hasMore). */
export async function listContactListItems({ ctx, input }: { ctx: Ctx; input: ListContactListItemsQuery }) {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.contactListId);
  const term = input.searchParam;
  const where = and(
    eq(contactListItems.companyId, ctx.companyId),
    eq(contactListItems.contactListId, list.id),
    input.whatsappCheck === "unchecked"
      ? isNull(contactListItems.whatsappCheck)
      : input.whatsappCheck
        ? eq(contactListItems.whatsappCheck, input.whatsappCheck)
        : undefined,
    term ? or(containsText(contactListItems.name, term), containsText(contactListItems.number, term), containsText(contactListItems.email, term)) : undefined,
  );
  const page = pageOf(input.pageNumber);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(contactListItems).where(where).orderBy(asc(contactListItems.name), asc(contactListItems.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ n: count() }).from(contactListItems).where(where).get(),
  ]);
  const n = total?.n ?? 0;
  return { contacts: rows.map(presentItem), count: n, hasMore: page.hasMore(n), contactList: list };
}
