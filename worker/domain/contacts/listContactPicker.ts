import { and, asc, eq } from "drizzle-orm";
import { CONTACT_PICKER_LIMIT, type ContactPickerQuery } from "../../contracts/contacts";
import { contacts } from "../../db/tenant";
import type { Ctx } from "../context";
import { contactSearchWhere } from "./search";

/** GET /contacts/list: id, name and number of up to 50 contacts by name, for pickers (new ticket, schedules). */
export async function listContactPicker({ ctx, input }: { ctx: Ctx; input: ContactPickerQuery }) {
  const search = contactSearchWhere(input.searchParam);
  if (search === null) return [];
  return ctx.db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, isGroup: contacts.isGroup })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), search))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(CONTACT_PICKER_LIMIT);
}
