import { eq } from "drizzle-orm";
import { announcementCompanies, companies } from "../../db/control";
import { inList } from "../../db/inList";
import type { Ctx } from "../context";
import { AppError } from "../errors";

/** Chosen companies must exist (404 otherwise, before anything is written). */
export async function assertCompaniesExist(ctx: Ctx, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await ctx.control.select({ id: companies.id }).from(companies).where(inList(companies.id, unique)).all();
  if (found.length !== unique.length) throw new AppError("ERR_NO_COMPANY_FOUND");
}

/** The statements that make `ids` the announcement's chosen companies (D1: run them in one batch). */
export function replaceTargets(ctx: Ctx, announcementId: number, ids: number[] | null) {
  const unique = [...new Set(ids ?? [])];
  const remove = ctx.control.delete(announcementCompanies).where(eq(announcementCompanies.announcementId, announcementId));
  // D1 binds at most 100 parameters: 2 per row.
  const inserts = [];
  for (let i = 0; i < unique.length; i += 40) {
    inserts.push(ctx.control.insert(announcementCompanies).values(unique.slice(i, i + 40).map((companyId) => ({ announcementId, companyId }))));
  }
  return [remove, ...inserts] as const;
}
