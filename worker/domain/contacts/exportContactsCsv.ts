import { and, asc, eq, gt, or, type SQL } from "drizzle-orm";
import type { ExportContactsQuery } from "../../contracts/contacts";
import { contacts } from "../../db/tenant";
import type { Ctx } from "../context";
import { csvDialect, csvDocument, csvRow } from "../shared/csv";
import { contactSearchWhere } from "./search";
import { SHEET_CONSENT, SHEET_HEADERS } from "./sheetColumns";
import { recordAudit } from "../audit/recordAudit";

/** Contacts read per query while streaming the export. */
const CHUNK = 500;

/**
 * GET /contacts/export.csv: the contacts the page shows for its search (all of them without one), ordered as the
 * page orders them (by name), as UTF-8 CSV in the reader's dialect (shared/csv.ts), with a byte-order mark.
 * Streamed: read a chunk at a time (keyset on name and id), so a large company never sits in memory at once.
 */
export function exportContactsCsv({ ctx, input }: { ctx: Ctx; input: ExportContactsQuery }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const search = contactSearchWhere(input.searchParam);
  // Separator and decimals of the reader's spreadsheet (semicolons for pt-BR and es).
  const dialect = csvDialect(input.lang);
  // The contacts leave the product: recorded when the download starts (whether a search narrowed it, not the search).
  recordAudit(ctx, { action: "data.exported", target: { type: "contacts", label: "contacts.csv" }, detail: { what: "contacts", filtered: Boolean(input.searchParam) } });
  let after: { name: string; id: number } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // Headers in the reader's language, each one a name the import recognises: the file can be imported back.
        const headers = SHEET_HEADERS[input.lang];
        controller.enqueue(encoder.encode(csvDocument([[headers.name, headers.number, headers.email, headers.consent]], dialect)));
        // A search that can match nothing exports the headers alone.
        if (search === null) controller.close();
        return;
      }
      const where: (SQL | undefined)[] = [eq(contacts.companyId, ctx.companyId), search ?? undefined];
      if (after) where.push(or(gt(contacts.name, after.name), and(eq(contacts.name, after.name), gt(contacts.id, after.id))));
      const rows = await ctx.db
        .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email, consent: contacts.marketingConsent })
        .from(contacts)
        .where(and(...where))
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(CHUNK);
      if (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        after = { name: last.name, id: last.id };
        controller.enqueue(encoder.encode(rows.map((r) => csvRow([r.name, r.number, r.email, r.consent === "unknown" ? "" : SHEET_CONSENT[input.lang][r.consent]], dialect)).join("")));
      }
      if (rows.length < CHUNK) controller.close();
    },
  });
}
