import { and, eq } from "drizzle-orm";
import type { UpdateQueueIntegrationInput } from "../../contracts/queueIntegrations";
import { queueIntegrations, type NewQueueIntegration } from "../../db/tenant";
import { randomToken } from "../../lib/crypto";
import type { Ctx } from "../context";
import { AppError, fieldError, isUniqueViolation } from "../errors";
import { assertIntegrationAccess } from "./access";
import { assertIntegrationNameFree, INTEGRATION_NAME_UNIQUE } from "./names";
import { assertCallableUrls } from "../shared/egressFields";
import { sealIntegrationSecret, sealSigningSecret } from "./secrets";
import { recordAudit } from "../audit/recordAudit";
import { changesDetail, HIDDEN } from "../audit/changes";
import { loadIntegration, presentIntegration, publishIntegration } from "./view";

/**
 * Edits an integration (the dialog sends the whole form). A blank jsonContent keeps the saved one; a dialogflow
 * integration without one is refused. The URL must be one the egress guard lets the worker call. An integration
 * that becomes n8n or webhook, or whose URL changes, gets a new signing secret (answered once): a secret is bound to
 * the URL it signs for, so the new receiver never holds what the old one checks. Other types keep none.
 */
export async function updateQueueIntegration({ ctx, input }: { ctx: Ctx; input: { id: number; body: UpdateQueueIntegrationInput } }) {
  await assertIntegrationAccess(ctx);
  const { id, body } = input;
  const current = await loadIntegration(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError("ERR_NO_QUEUE_INTEGRATION_FOUND");
  if (body.type !== "dialogflow") assertCallableUrls(ctx.env, { urlN8N: body.urlN8N });
  if (body.name !== current.name) await assertIntegrationNameFree(ctx, body.name, id);
  if (body.type === "dialogflow" && !body.jsonContent && !current.jsonContent) throw fieldError({ jsonContent: "Required" });

  const signs = body.type === "n8n" || body.type === "webhook";
  const newSecret = signs && (!current.secret || body.urlN8N !== current.urlN8N) ? `whsec_${randomToken(24)}` : "";
  const changes: Partial<NewQueueIntegration> = {
    ...body,
    projectName: body.type === "dialogflow" ? body.projectName : body.name,
    jsonContent: body.type !== "dialogflow" ? "" : body.jsonContent ? await sealIntegrationSecret(ctx.env, ctx.companyId, body.jsonContent) : current.jsonContent,
    updatedAt: new Date(),
  };
  if (newSecret) changes.secret = await sealSigningSecret(ctx.env, ctx.companyId, newSecret, body.urlN8N);
  else if (!signs) changes.secret = "";
  const mine = and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, ctx.companyId));
  // Each changed field; credentials only as replaced, never their values.
  const { jsonContent: _json, secret: _secret, updatedAt: _at, ...shown } = changes;
  const detail = changesDetail(current, shown, { text: ["typebotRestartMessage", "typebotUnknownMessage"], url: ["urlN8N"] });
  if (body.jsonContent) detail.jsonContent = HIDDEN;
  if (newSecret) detail.signingSecret = "regenerated";
  try {
    // The edit and its entry: one transaction.
    ctx.db.transaction(() => {
      ctx.db.update(queueIntegrations).set(changes).where(mine).run();
      if (Object.keys(detail).length > 0) {
        recordAudit(ctx, { action: "integration.updated", target: { type: "queueIntegration", id, label: body.name }, detail });
      }
    });
  } catch (err) {
    if (isUniqueViolation(err, INTEGRATION_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_INTEGRATION");
    throw err;
  }
  const view = presentIntegration((await loadIntegration(ctx.db, ctx.companyId, id))!);
  await publishIntegration(ctx, "update", view);
  return newSecret ? { ...view, secret: newSecret } : view;
}
