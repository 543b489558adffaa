import { and, asc, eq, gt } from "drizzle-orm";
import { contacts } from "../../db/schema";
import type { Ctx } from "../context";
import { csvLine } from "./csv";

/** Contacts read per query while streaming the export. */
const CHUNK = 500;

/**
 * GET /contacts/export.csv: the company's contacts (name, number, email) as UTF-8 CSV with a byte-order mark,
 * so spreadsheet programs read accents right. Streamed: contacts are read from D1 a chunk at a time (by id, so
 * a large company never sits in memory at once) as the client consumes the response.
 */
export function exportContactsCsv({ ctx }: { ctx: Ctx }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(["name", "number", "email"])}`));
        return;
      }
      const rows = await ctx.db
        .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.companyId, ctx.companyId), gt(contacts.id, afterId)))
        .orderBy(asc(contacts.id))
        .limit(CHUNK);
      if (rows.length > 0) {
        afterId = rows[rows.length - 1]!.id;
        controller.enqueue(encoder.encode(rows.map((r) => csvLine([r.name, r.number, r.email])).join("")));
      }
      if (rows.length < CHUNK) controller.close();
    },
  });
}
