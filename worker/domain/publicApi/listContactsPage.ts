import { and, asc, eq, gt, or, type SQL } from "drizzle-orm";
import { pageFrom, type CursorPosition } from "../../contracts/publicApi/paging";
import type { ListPublicContactsQuery } from "../../contracts/publicApi/contacts";
import { contacts } from "../../db/tenant";
import type { Ctx } from "../context";
import { normalizePhoneNumber } from "../contacts/phoneNumber";
import { contactSearchWhere } from "../contacts/search";
import { contactColumns, withExtraInfo } from "../contacts/view";

/**
 * GET /api/v1/contacts: the company's contacts by name then id, a cursor page at a time (contacts_company_name_idx
 * from the cursor on); `q` is the contacts page's search, `number` finds the one contact with that number.
 */
export async function listContactsPage({ ctx, input }: { ctx: Ctx; input: ListPublicContactsQuery }) {
  const search = contactSearchWhere(input.q ?? "");
  if (search === null) return { items: [], cursor: null };
  const where: (SQL | undefined)[] = [eq(contacts.companyId, ctx.companyId), search];
  if (input.number) where.push(eq(contacts.number, normalizePhoneNumber(input.number) ?? input.number.replace(/\D/g, "")));
  if (input.cursor) where.push(after(input.cursor));
  const rows = await ctx.db
    .select(contactColumns)
    .from(contacts)
    .where(and(...where))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(input.limit + 1);
  const page = pageFrom(rows, input.limit, (c) => [c.name, c.id]);
  return { items: await withExtraInfo(ctx.db, ctx.companyId, page.items), cursor: page.cursor };
}

/** Past the cursor's contact in (name, id) order. */
function after([name, id]: CursorPosition): SQL | undefined {
  return or(gt(contacts.name, String(name)), and(eq(contacts.name, String(name)), gt(contacts.id, id)));
}
