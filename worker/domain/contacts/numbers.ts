import { and, eq, ne } from "drizzle-orm";
import { contacts } from "../../db/tenant";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { normalizeContactNumber } from "./phoneNumber";

/** The stored form of a typed number, or 400 naming the field. */
export function storedNumber(raw: string, opts: { isGroup: boolean }): string {
  const number = normalizeContactNumber(raw, opts);
  if (!number) throw fieldError({ number: "Invalid number" });
  return number;
}

/** 409 when another contact of the company already has the number (naming it, so the page can open it). */
export async function assertNumberFree(ctx: Ctx, number: string, exceptId?: number) {
  const taken = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, number), exceptId ? ne(contacts.id, exceptId) : undefined))
    .get();
  if (taken) throw duplicatedContact(taken.id);
}

export const duplicatedContact = (contactId?: number) =>
  new AppError("ERR_DUPLICATED_CONTACT", undefined, contactId ? { contactId } : undefined);

/** The unique index behind "one contact per number" (for the race two requests win together). */
export const CONTACT_NUMBER_UNIQUE = "contacts.company_id, contacts.number";
