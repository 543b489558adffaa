import { and, asc, eq, or } from "drizzle-orm";
import { macros } from "../../db/tenant";
import type { Ctx } from "../context";
import { presentMacro } from "./view";

/** GET /api/macros: the company's macros and the user's own personal ones, by name (never a colleague's personal ones). */
export async function listMacros({ ctx }: { ctx: Ctx }) {
  const rows = await ctx.db
    .select()
    .from(macros)
    .where(and(eq(macros.companyId, ctx.companyId), or(eq(macros.visibility, "company"), and(eq(macros.visibility, "personal"), eq(macros.ownerId, ctx.user.id)))))
    .orderBy(asc(macros.name), asc(macros.id));
  return rows.map((row) => presentMacro(ctx, row));
}
