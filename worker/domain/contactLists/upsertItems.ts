import { and, eq, sql } from "drizzle-orm";
import { inList } from "../../db/inList";
import { contactListItems } from "../../db/tenant";
import type { Ctx } from "../context";

/** Items per insert statement (each row binds nine parameters). */
const ROWS_PER_INSERT = 10;

/**
 * Adds items to a list in one transaction; a number already in the list gets the new name, email and variables (its
 * WhatsApp check stands). Answers how many were new and how many updated.
 */
export async function upsertItems(
  ctx: Ctx,
  contactListId: number,
  items: { name: string; number: string; email: string; variables?: Record<string, string> }[],
): Promise<{ inserted: number; updated: number }> {
  if (items.length === 0) return { inserted: 0, updated: 0 };
  const existing = new Set<string>();
  for (let i = 0; i < items.length; i += 500) {
    const found = await ctx.db
      .select({ number: contactListItems.number })
      .from(contactListItems)
      .where(and(eq(contactListItems.contactListId, contactListId), inList(contactListItems.number, items.slice(i, i + 500).map((r) => r.number))));
    for (const f of found) existing.add(f.number);
  }
  const now = new Date();
  ctx.db.transaction(() => {
    for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
      ctx.db
        .insert(contactListItems)
        .values(
          items.slice(i, i + ROWS_PER_INSERT).map((r) => ({
            companyId: ctx.companyId,
            contactListId,
            name: r.name,
            number: r.number,
            email: r.email,
            variables: r.variables ?? {},
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [contactListItems.contactListId, contactListItems.number],
          set: { name: sql`excluded.name`, email: sql`excluded.email`, variables: sql`excluded.variables`, updatedAt: now },
        })
        .run();
    }
  });
  const updated = items.filter((r) => existing.has(r.number)).length;
  return { inserted: items.length - updated, updated };
}

/** Many items changed: the list's page reloads once. */
export async function publishItemsReloaded(ctx: Ctx, contactListId: number) {
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "contactListItem", action: "reload", contactListId } }]);
}
