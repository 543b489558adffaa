import { and, eq, ne } from "drizzle-orm";
import type { CreateContactListItemInput, UpdateContactListItemInput } from "../../contracts/contactLists";
import { contactListItems } from "../../db/tenant";
import { normalizePhoneNumber } from "../contacts/phoneNumber";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { ownContactList, ownItem, presentItem, publishItem, requireCampaigns } from "./view";

function phone(raw: string) {
  const number = normalizePhoneNumber(raw);
  if (!number) throw fieldError({ number: "Not a valid phone number" });
  return number;
}

async function assertFreeNumber(ctx: Ctx, contactListId: number, number: string, exceptId?: number) {
  const taken = await ctx.db
    .select({ id: contactListItems.id })
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, contactListId), eq(contactListItems.number, number), exceptId ? ne(contactListItems.id, exceptId) : undefined))
    .get();
  if (taken) throw new AppError("ERR_DUPLICATED_CONTACT_LIST_ITEM");
}

/** POST /contact-list-items: a number appears once per list (409 otherwise). */
export async function createContactListItem({ ctx, input }: { ctx: Ctx; input: CreateContactListItemInput }) {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.contactListId);
  const number = phone(input.number);
  await assertFreeNumber(ctx, list.id, number);
  const now = new Date();
  const item = await ctx.db
    .insert(contactListItems)
    .values({ companyId: ctx.companyId, contactListId: list.id, name: input.name, number, email: input.email, variables: input.variables, createdAt: now, updatedAt: now })
    .returning()
    .get();
  await publishItem(ctx, "create", item);
  return presentItem(item);
}

/** PUT /contact-list-items/:id: a changed number must be checked on WhatsApp again. */
export async function updateContactListItem({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateContactListItemInput } }) {
  await requireCampaigns(ctx);
  const current = await ownItem(ctx, input.id);
  const { patch } = input;
  const number = patch.number !== undefined ? phone(patch.number) : current.number;
  if (number !== current.number) await assertFreeNumber(ctx, current.contactListId, number, current.id);
  const item = await ctx.db
    .update(contactListItems)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.variables !== undefined ? { variables: patch.variables } : {}),
      ...(number !== current.number ? { number, isWhatsappValid: false, whatsappCheck: null, whatsappCheckedAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(contactListItems.companyId, ctx.companyId), eq(contactListItems.id, current.id)))
    .returning()
    .get();
  await publishItem(ctx, "update", item!);
  return presentItem(item!);
}
