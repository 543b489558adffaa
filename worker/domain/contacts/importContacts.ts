import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sheetConsent } from "../../contracts/consent";
import { contactEmail, type ImportSkipReason } from "../../contracts/contacts";
import { contacts } from "../../db/tenant";
import type { Ctx } from "../context";
import { writeConsent } from "../consent/writeConsent";
import { normalizePhoneNumber } from "./phoneNumber";

export interface ImportRowInput {
  row: number;
  name: string;
  number: string;
  email: string;
  /** The consent column's cell, yes or no; absent or anything else records nothing. */
  consent?: string;
}

export interface ImportReport {
  imported: number;
  skipped: { row: number; number: string; reason: ImportSkipReason }[];
}

/** Rows per insert: each binds six parameters and D1 allows 100 per statement. */
const ROWS_PER_INSERT = 16;

/**
 * Judges imported rows (contacts and contact lists): numbers normalised, names and emails checked, repeats in the
 * file left out. What is accepted comes back with the row's other fields (`R`), normalised.
 */
export function judgeImportRows<R extends ImportRowInput>(rows: R[]): { accepted: (R & { name: string; number: string; email: string })[]; skipped: ImportReport["skipped"] } {
  const skipped: ImportReport["skipped"] = [];
  const accepted: (R & { name: string; number: string; email: string })[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const number = normalizePhoneNumber(r.number);
    const typed = r.number.trim();
    if (!number) {
      skipped.push({ row: r.row, number: typed, reason: "invalid_number" });
      continue;
    }
    if (seen.has(number)) {
      skipped.push({ row: r.row, number, reason: "duplicated_in_file" });
      continue;
    }
    const name = r.name.trim().replace(/\s+/g, " ") || number;
    if (name.length < 2 || name.length > 50) {
      skipped.push({ row: r.row, number, reason: "invalid_name" });
      continue;
    }
    const email = contactEmail.safeParse(r.email);
    if (!email.success) {
      skipped.push({ row: r.row, number, reason: "invalid_email" });
      continue;
    }
    seen.add(number);
    accepted.push({ ...r, name, number, email: email.data });
  }

  return { accepted, skipped };
}

/**
 * Imports contacts from a spreadsheet (POST /contacts/upload) or from rows the page read itself
 * (POST /contacts/import). Every row is judged and the answer reports those left out, with their row and why:
 * - invalid_number: not a phone number (normalised like the contact dialog's, Brazilian first);
 * - invalid_name: the name, once trimmed, is 1 or more than 50 characters. An empty name is not an error:
 *   the contact is named by its number, as WhatsApp shows unnamed contacts, and can be renamed later;
 * - invalid_email: an email was given and is not valid;
 * - duplicated_in_file: an earlier row of the file has the same number;
 * - already_exists: the company already has a contact with that number (it is left untouched).
 * Contacts are inserted in one batch (all or nothing) of chunked inserts that skip numbers already present.
 * A consent column (yes/no) records each row's marketing consent, how "imported" (recordImportedConsent).
 * Lists are told to reload once, rather than receiving an event per contact.
 */
export async function importContacts({ ctx, input }: { ctx: Ctx; input: { rows: ImportRowInput[] } }): Promise<ImportReport> {
  const { accepted, skipped } = judgeImportRows(input.rows);
  let inserted = new Set<string>();
  if (accepted.length > 0) {
    const now = new Date();
    const inserts: BatchItem<"sqlite">[] = [];
    for (let i = 0; i < accepted.length; i += ROWS_PER_INSERT) {
      const values = accepted.slice(i, i + ROWS_PER_INSERT).map((r) => ({
        companyId: ctx.companyId,
        name: r.name,
        number: r.number,
        email: r.email,
        // Constants as literals rather than bound parameters, so more rows fit in each statement.
        profilePicUrl: sql`''`,
        isGroup: sql`0`,
        disableBot: sql`0`,
        active: sql`1`,
        presence: sql`'available'`,
        createdAt: now,
        updatedAt: now,
      }));
      inserts.push(
        ctx.db
          .insert(contacts)
          .values(values)
          .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
          .returning({ number: contacts.number }),
      );
    }
    const results = (await ctx.db.batch(inserts as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as { number: string }[][];
    inserted = new Set(results.flat().map((r) => r.number));
  }
  for (const r of accepted) {
    if (!inserted.has(r.number)) skipped.push({ row: r.row, number: r.number, reason: "already_exists" });
  }
  const consented = recordImportedConsent(ctx, accepted, inserted);
  skipped.sort((a, b) => a.row - b.row);
  if (inserted.size > 0 || consented > 0) {
    await ctx.hub.publish([{ audience: { kind: "company" }, event: { type: "contact", action: "reload" } }]);
  }
  return { imported: inserted.size, skipped };
}

/**
 * The consent column of an import, recorded (how "imported"): for the contacts it made, as the sheet says; for ones the
 * company had, a "no" always revokes, while a "yes" only fills a consent never recorded (a sheet does not re-grant
 * someone who opted out). One transaction; answers how many contacts changed.
 */
function recordImportedConsent(ctx: Ctx, rows: (ImportRowInput & { number: string })[], inserted: Set<string>): number {
  const withConsent = rows.flatMap((r) => {
    const state = sheetConsent(r.consent ?? "");
    return state ? [{ number: r.number, state }] : [];
  });
  if (withConsent.length === 0) return 0;
  const at = new Date();
  return ctx.db.transaction(() => {
    let changed = 0;
    for (const { number, state } of withConsent) {
      const contact = ctx.db
        .select({ id: contacts.id, consent: contacts.marketingConsent })
        .from(contacts)
        .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, number)))
        .get();
      if (!contact) continue;
      if (!inserted.has(number) && state === "granted" && contact.consent !== "unknown") continue;
      if (writeConsent(ctx.db, ctx.companyId, contact.id, { state, how: "imported", userId: ctx.user.id, at })) changed++;
    }
    return changed;
  });
}
