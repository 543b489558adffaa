import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { UpdateContactInput } from "../../contracts/contacts";
import { contactCustomFields, contacts, type NewContact } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { publishContact } from "./events";
import { insertExtraInfo } from "./extraInfo";
import { assertNumberFree, CONTACT_NUMBER_UNIQUE, duplicatedContact, storedNumber } from "./numbers";
import { loadContactView } from "./view";

/**
 * Edits a contact (any user of the company). A number is normalised like on creation, except that a number
 * sent back unchanged is kept as stored (contacts that arrived from WhatsApp may carry forms the parser would
 * not accept, such as older 12-digit Brazilian mobiles); a group keeps its group id form. extraInfo, when
 * given, replaces the contact's list as a set, in the same batch as the contact.
 */
export async function updateContact({ ctx, input }: { ctx: Ctx; input: { id: number; patch: UpdateContactInput } }) {
  const { id, patch } = input;
  const mine = and(eq(contacts.id, id), eq(contacts.companyId, ctx.companyId));
  const current = await ctx.db.select({ id: contacts.id, name: contacts.name, number: contacts.number, isGroup: contacts.isGroup }).from(contacts).where(mine).get();
  if (!current) throw new AppError("ERR_NO_CONTACT_FOUND");

  const changes: Partial<NewContact> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.email !== undefined) changes.email = patch.email;
  if (patch.disableBot !== undefined) changes.disableBot = patch.disableBot;
  if (patch.number !== undefined && patch.number !== current.number) {
    const number = storedNumber(patch.number, { isGroup: current.isGroup });
    if (number !== current.number) {
      await assertNumberFree(ctx, number, id);
      changes.number = number;
    }
  }

  const writes: BatchItem<"sqlite">[] = [];
  if (patch.extraInfo !== undefined) {
    writes.push(
      ctx.db.delete(contactCustomFields).where(and(eq(contactCustomFields.contactId, id), eq(contactCustomFields.companyId, ctx.companyId))),
      ...insertExtraInfo(ctx, id, patch.extraInfo),
    );
  }
  try {
    await ctx.db.batch([ctx.db.update(contacts).set({ ...changes, updatedAt: new Date() }).where(mine), ...writes]);
    // Editing a contact is the LGPD's correction (issue 28): the fields that changed, never their values.
    const fields = [...Object.keys(changes), ...(patch.extraInfo !== undefined ? ["extraInfo"] : [])];
    if (fields.length) recordAudit(ctx, { action: "contact.corrected", target: { type: "contact", id, label: changes.name ?? current.name }, detail: { fields: fields.join(",") } });
  } catch (err) {
    if (isUniqueViolation(err, CONTACT_NUMBER_UNIQUE)) throw duplicatedContact();
    throw err;
  }
  const contact = await loadContactView(ctx.db, ctx.companyId, id);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  await publishContact(ctx, "update", contact);
  return contact;
}
