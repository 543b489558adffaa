import type { CreateQueueIntegrationInput } from "../../contracts/queueIntegrations";
import { queueIntegrations } from "../../db/tenant";
import { randomToken } from "../../lib/crypto";
import type { Ctx } from "../context";
import { AppError, isUniqueViolation } from "../errors";
import { assertIntegrationAccess } from "./access";
import { assertIntegrationNameFree, INTEGRATION_NAME_UNIQUE } from "./names";
import { assertCallableUrls } from "../shared/egressFields";
import { sealIntegrationSecret, sealSigningSecret } from "./secrets";
import { recordAudit } from "../audit/recordAudit";
import { presentIntegration, publishIntegration } from "./view";

/**
 * Adds a queue integration (admins, plan useIntegrations). n8n, webhook and typebot take the name as projectName
 * (spec 002). Its URL must be one the egress guard lets the worker call. n8n and webhook get a signing secret (bound
 * to the URL), answered this once; a service account's JSON is sealed.
 */
export async function createQueueIntegration({ ctx, input }: { ctx: Ctx; input: CreateQueueIntegrationInput }) {
  await assertIntegrationAccess(ctx);
  if (input.type !== "dialogflow") assertCallableUrls(ctx.env, { urlN8N: input.urlN8N });
  await assertIntegrationNameFree(ctx, input.name);
  const signs = input.type === "n8n" || input.type === "webhook";
  const secret = signs ? `whsec_${randomToken(24)}` : "";
  const now = new Date();
  // Sealed before the write, so the insert and its entry run with no await between them.
  const jsonContent = input.type === "dialogflow" && input.jsonContent ? await sealIntegrationSecret(ctx.env, ctx.companyId, input.jsonContent) : "";
  const sealedSecret = secret ? await sealSigningSecret(ctx.env, ctx.companyId, secret, input.urlN8N) : "";
  let row;
  try {
    row = ctx.db.transaction(() => {
      const created = ctx.db
        .insert(queueIntegrations)
        .values({
          ...input,
          companyId: ctx.companyId,
          projectName: input.type === "dialogflow" ? input.projectName : input.name,
          jsonContent,
          secret: sealedSecret,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      recordAudit(ctx, { action: "integration.created", target: { type: "queueIntegration", id: created.id, label: created.name }, detail: { type: created.type } });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err, INTEGRATION_NAME_UNIQUE)) throw new AppError("ERR_DUPLICATED_INTEGRATION");
    throw err;
  }
  const view = presentIntegration(row);
  await publishIntegration(ctx, "create", view);
  return secret ? { ...view, secret } : view;
}
