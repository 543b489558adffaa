import { and, eq, inArray } from "drizzle-orm";
import type { AutomaticTemplatesInput } from "../../contracts/automaticTemplates";
import { automaticTemplates, whatsappTemplates } from "../../db/tenant";
import { requirePermission, type Ctx } from "../context";
import { fieldError } from "../errors";
import { assertCloudChannel, connectionOf, listAutomaticTemplates } from "./listAutomaticTemplates";
import { presentTemplate } from "./presentTemplate";

/**
 * PUT /api/whatsapp/:id/automatic-templates (admins): the connection's whole choice replaced at once. Each template
 * must be this connection's and approved, with one source per {{n}} of its body; anything wrong and nothing changes.
 */
export async function saveAutomaticTemplates({ ctx, input }: { ctx: Ctx; input: { whatsappId: number; choice: AutomaticTemplatesInput } }) {
  requirePermission(ctx, "connections-page:editOrDeleteConnection");
  const connection = await connectionOf(ctx, input.whatsappId);
  // A bad body answers here: after whose connection it is, before what the connection can do.
  const { uses } = input.choice;
  assertCloudChannel(connection);
  const id = connection.id;
  const ids = [...new Set(uses.flatMap((u) => (u.templateId === null ? [] : [u.templateId])))];
  const templates = ids.length
    ? await ctx.db
        .select()
        .from(whatsappTemplates)
        .where(and(eq(whatsappTemplates.companyId, ctx.companyId), eq(whatsappTemplates.whatsappId, id), inArray(whatsappTemplates.id, ids)))
    : [];
  const byId = new Map(templates.map((t) => [t.id, t]));
  const problems: Record<string, string> = {};
  uses.forEach((use, i) => {
    if (use.templateId === null) return;
    const template = byId.get(use.templateId);
    if (!template) problems[`uses.${i}.templateId`] = "Not a template of this connection";
    else if (template.status !== "APPROVED") problems[`uses.${i}.templateId`] = "Only an approved template";
    else {
      const wanted = presentTemplate(template).variables;
      if (use.params.length !== wanted) problems[`uses.${i}.params`] = `This template takes ${wanted} values`;
    }
  });
  if (Object.keys(problems).length > 0) throw fieldError(problems);
  const now = new Date();
  ctx.db.transaction(() => {
    ctx.db.delete(automaticTemplates).where(and(eq(automaticTemplates.companyId, ctx.companyId), eq(automaticTemplates.whatsappId, id))).run();
    for (const use of uses) {
      if (use.templateId === null) continue;
      ctx.db
        .insert(automaticTemplates)
        .values({ companyId: ctx.companyId, whatsappId: id, purpose: use.purpose, templateId: use.templateId, params: use.params, createdAt: now, updatedAt: now })
        .run();
    }
  });
  return listAutomaticTemplates({ ctx, input: { whatsappId: id } });
}
