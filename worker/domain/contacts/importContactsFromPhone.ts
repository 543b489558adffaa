import { and, eq } from "drizzle-orm";
import { whatsapps } from "../../db/tenant";
import { AppError } from "../errors";
import { sessionHost } from "../sessionHost/hostClient";
import { MAX_IMPORT_ROWS } from "../../contracts/contacts";
import type { Ctx } from "../context";
import { resolveConnection } from "../tickets/ticketRefs";
import { importContacts } from "./importContacts";

/**
 * "Import from phone" on the contacts page: the connected phone's address book (through the session host) goes
 * through the same rules and report as a spreadsheet import. The connection is the one given, else the user's,
 * else the company's default; a connection that is not connected answers ERR_WAPP_NOT_INITIALIZED.
 */
export async function importContactsFromPhone({ ctx, input }: { ctx: Ctx; input: { whatsappId?: number } }) {
  const whatsappId = await resolveConnection(ctx, input.whatsappId);
  const connection = await ctx.db.select({ channel: whatsapps.channel }).from(whatsapps).where(and(eq(whatsapps.companyId, ctx.companyId), eq(whatsapps.id, whatsappId))).get();
  // A Cloud API number has no phone, and so no address book.
  if (connection?.channel === "cloud") throw new AppError("ERR_WAPP_NOT_SUPPORTED", "A Cloud API number has no address book to import.");
  const book = await sessionHost(ctx.env).addressBook(whatsappId);
  const rows = book.slice(0, MAX_IMPORT_ROWS).map((entry, i) => ({ row: i + 1, name: entry.name, number: entry.number, email: "" }));
  return importContacts({ ctx, input: { rows } });
}
