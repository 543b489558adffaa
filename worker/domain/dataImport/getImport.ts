import type { ImportView } from "../../contracts/companyArchive";
import type { Ctx } from "../context";
import { importCompany } from "./reachImport";

/** GET /api/platform/imports/:id: where an import stands. */
export async function getImport({ ctx, input }: { ctx: Ctx; input: { id: number } }): Promise<ImportView> {
  const company = await importCompany(ctx, input.id);
  return ctx.hubs.of(company.id).call("importState", { importId: input.id });
}
