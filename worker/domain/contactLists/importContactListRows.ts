import { judgeImportRows, type ImportReport, type ImportRowInput } from "../contacts/importContacts";
import type { Ctx } from "../context";
import { ownContactList, publishContactList, requireCampaigns } from "./view";
import { publishItemsReloaded, upsertItems } from "./upsertItems";

/**
 * Rows into a list (POST /contact-lists/:id/import, the rows a page read from a legacy .xls; and the upload's), each
 * judged as the contacts import judges it. Accepted rows join the list, a number already in it is updated; the answer
 * reports each row left out with why.
 */
export async function importContactListRows({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: number; rows: (ImportRowInput & { extra?: Record<string, string> })[] };
}): Promise<ImportReport & { updated: number }> {
  await requireCampaigns(ctx);
  const list = await ownContactList(ctx, input.id);
  const { accepted, skipped } = judgeImportRows(input.rows);
  const { inserted, updated } = await upsertItems(ctx, list.id, accepted.map((r) => ({ name: r.name, number: r.number, email: r.email, variables: r.extra ?? {} })));
  await publishItemsReloaded(ctx, list.id);
  await publishContactList(ctx, "update", list.id);
  return { imported: inserted, updated, skipped };
}
