import { judgeImportRows, type ImportReport } from "../contacts/importContacts";
import { readContactSheet } from "../contacts/readContactSheet";
import type { Ctx } from "../context";
import { ownContactList, publishContactList, requireCampaigns } from "./view";
import { publishItemsReloaded, upsertItems } from "./upsertItems";

/**
 * POST /contact-lists/:id/upload: an .xlsx or .csv (nome, numero, email, and any other columns, kept as the row's
 * variables) read as the contacts import reads it, every row judged the same way; accepted rows join the list, a number
 * already in it is updated. The answer reports each row left out with why, as the contacts import does.
 */
export async function importContactListSheet({ ctx, input }: { ctx: Ctx; input: { id: number; file: File } }): Promise<ImportReport & { updated: number }> {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.id);
  const rows = await readContactSheet(input.file);
  const { accepted, skipped } = judgeImportRows(rows);
  const { inserted, updated } = await upsertItems(ctx, list.id, accepted.map((r) => ({ name: r.name, number: r.number, email: r.email, variables: r.extra })));
  await publishItemsReloaded(ctx, list.id);
  await publishContactList(ctx, "update", list.id);
  return { imported: inserted, updated, skipped };
}
