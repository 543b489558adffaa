import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactListItems, contactLists, type ContactListItem } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { assertPlanFeature } from "../plans/planLimits";
import { requirePermission } from "../context";
import type { ContactListItemView, ContactListView } from "../../contracts/views/contactList";

/** Contact lists and their items are the campaigns' (spec 002): admins, with the plan's useCampaigns. */
export async function requireCampaigns(ctx: Ctx) {
  requirePermission(ctx, "campaigns:manage");
  await assertPlanFeature(ctx, "useCampaigns");
}

export async function loadContactList(db: Db, companyId: number, id: number): Promise<ContactListView | undefined> {
  const list = await db
    .select()
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .get();
  if (!list) return undefined;
  const n = await db.select({ n: count() }).from(contactListItems).where(eq(contactListItems.contactListId, id)).get();
  return { id: list.id, name: list.name, contactsCount: n?.n ?? 0, createdAt: list.createdAt, updatedAt: list.updatedAt };
}
export type PresentedContactList = ContactListView;

/** A list of the company (404 otherwise). */
export async function ownContactList(ctx: Ctx, id: number) {
  const list = await loadContactList(ctx.db, ctx.companyId, id);
  if (!list) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
  return list;
}

export function presentItem(item: ContactListItem): ContactListItemView {
  return {
    id: item.id,
    contactListId: item.contactListId,
    name: item.name,
    number: item.number,
    email: item.email,
    isWhatsappValid: item.isWhatsappValid,
    /** valid, invalid, unknown; null: not checked yet. */
    whatsappCheck: item.whatsappCheck ?? null,
    whatsappCheckedAt: item.whatsappCheckedAt?.toISOString() ?? null,
    variables: item.variables,
    companyId: item.companyId,
  };
}
export type PresentedContactListItem = ContactListItemView;

export async function ownItem(ctx: Ctx, id: number) {
  const item = await ctx.db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, id)))
    .get();
  if (!item) throw new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND");
  return item;
}

/** Tells the company's admins (the only ones who see these pages). */
export async function publishContactList(ctx: Ctx, action: "create" | "update", id: number) {
  const contactList = await loadContactList(ctx.db, ctx.companyId, id);
  if (contactList) await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactList", action, contactList } }]);
}

export async function publishItem(ctx: Ctx, action: "create" | "update", item: ContactListItem) {
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactListItem", action, item: presentItem(item) } }]);
  await publishContactList(ctx, "update", item.contactListId);
}
