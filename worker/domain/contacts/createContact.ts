import { and, eq, sql } from "drizzle-orm";
import type { CreateContactInput } from "../../contracts/contacts";
import { contacts } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { publishContact } from "./events";
import { insertExtraInfo } from "./extraInfo";
import { assertNumberFree, CONTACT_NUMBER_UNIQUE, duplicatedContact, storedNumber } from "./numbers";
import { loadContactView } from "./view";

/**
 * Adds a contact (the contact dialog). The number is stored as international digits; a number the company
 * already has answers ERR_DUPLICATED_CONTACT naming that contact. Contact and extraInfo land in one batch.
 */
export async function createContact({ ctx, input }: { ctx: Ctx; input: CreateContactInput }) {
  const number = storedNumber(input.number, { isGroup: false });
  await assertNumberFree(ctx, number);

  // The new id is not known inside the batch; the extraInfo rows find it by the unique (company, number).
  const newContactId = sql<number>`(select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${ctx.companyId} and ${contacts.number} = ${number})`;
  let id: number;
  try {
    const [rows] = await ctx.db.batch([
      ctx.db
        .insert(contacts)
        .values({ companyId: ctx.companyId, name: input.name, number, email: input.email, disableBot: input.disableBot })
        .returning({ id: contacts.id }),
      ...insertExtraInfo(ctx, newContactId, input.extraInfo),
    ]);
    id = rows[0]!.id;
  } catch (err) {
    if (isUniqueViolation(err, CONTACT_NUMBER_UNIQUE)) {
      const existing = await ctx.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, number)))
        .get();
      throw duplicatedContact(existing?.id);
    }
    throw err;
  }
  const contact = await loadContactView(ctx.db, ctx.companyId, id);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  await publishContact(ctx, "create", contact);
  return contact;
}
