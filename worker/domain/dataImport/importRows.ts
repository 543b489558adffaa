import type { ImportRowsInput, ImportRowsResult } from "../../contracts/companyArchive";
import type { Ctx } from "../context";
import { importCompany } from "./reachImport";

/** POST /api/platform/imports/:id/rows: a batch of one table, written in the target company's hub (writeImportRows). */
export async function importRows({ ctx, input }: { ctx: Ctx; input: ImportRowsInput & { id: number } }): Promise<ImportRowsResult> {
  const company = await importCompany(ctx, input.id);
  const { id, ...batch } = input;
  return ctx.hubs.of(company.id).call("importRows", { ...batch, importId: id });
}
