import type { ImportReport } from "../contacts/importContacts";
import { readContactSheet } from "../contacts/readContactSheet";
import type { Ctx } from "../context";
import { importContactListRows } from "./importContactListRows";
import { ownContactList, requireCampaigns } from "./view";

/**
 * POST /contact-lists/:id/upload: an .xlsx or .csv (nome, numero, email, and any other columns, kept as the row's
 * variables) read by the contacts import's reader, then imported as rows.
 */
export async function importContactListSheet({ ctx, input }: { ctx: Ctx; input: { id: number; file: File } }): Promise<ImportReport & { updated: number }> {
  await requireCampaigns(ctx);
  await ownContactList(ctx, input.id);
  const rows = await readContactSheet(input.file);
  return importContactListRows({ ctx, input: { id: input.id, rows } });
}
