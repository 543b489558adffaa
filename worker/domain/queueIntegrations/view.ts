import { and, eq } from "drizzle-orm";
import type { QueueIntegrationView } from "../../contracts/queueIntegrations";
import type { Db } from "../../db/client";
import { queueIntegrations, type QueueIntegration } from "../../db/tenant";
import type { Ctx } from "../context";

export function presentIntegration(r: QueueIntegration): QueueIntegrationView {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    projectName: r.projectName,
    jsonContent: "",
    hasJsonContent: r.jsonContent !== "",
    language: r.language,
    urlN8N: r.urlN8N,
    typebotSlug: r.typebotSlug,
    typebotExpires: r.typebotExpires,
    typebotDelayMessage: r.typebotDelayMessage,
    typebotKeywordFinish: r.typebotKeywordFinish,
    typebotKeywordRestart: r.typebotKeywordRestart,
    typebotRestartMessage: r.typebotRestartMessage,
    typebotUnknownMessage: r.typebotUnknownMessage,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function loadIntegration(db: Db, companyId: number, id: number) {
  return db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
    .get();
}

/** Spec 002's company-{id}-queueIntegration channel (action, queueIntegration, integrationId), to the admins. */
export async function publishIntegration(ctx: Ctx, action: "create" | "update", integration: QueueIntegrationView) {
  const { secret: _never, ...shown } = integration;
  await ctx.hub.publish([{ audience: { kind: "admins" }, event: { type: "queueIntegration", action, queueIntegration: shown, integrationId: integration.id } }]);
}
