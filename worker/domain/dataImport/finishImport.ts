import type { ImportFinishResult } from "../../contracts/companyArchive";
import { platformAuditInsert } from "../audit/recordPlatformAudit";
import type { Ctx } from "../context";
import { importCompany } from "./reachImport";

/** POST /api/platform/imports/:id/finish: the target hub sets deferred links and the control indexes (finishImportInHub); the platform's log says so. */
export async function finishImport({ ctx, input }: { ctx: Ctx; input: { id: number; keepConnectionStatus: boolean } }): Promise<ImportFinishResult> {
  const company = await importCompany(ctx, input.id);
  const result = await ctx.hubs.of(company.id).call("finishImport", {
    importId: input.id,
    keepConnectionStatus: input.keepConnectionStatus,
    actor: { id: ctx.user.id, name: ctx.user.name },
  });
  await platformAuditInsert(ctx, {
    action: "company.imported",
    company,
    target: { type: "import", id: input.id },
    detail: { step: "finished", users: result.loginEmails.indexed, loginEmailsSkipped: result.loginEmails.skipped.length, connections: result.connections },
  });
  return result;
}
