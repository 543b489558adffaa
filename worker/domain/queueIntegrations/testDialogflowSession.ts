import type { TestSessionInput, TestSessionResult } from "../../contracts/queueIntegrations";
import { dialogflowEndpoints } from "../../lib/dialogflow";
import { detectIntent } from "../../lib/dialogflow";
import { egressPolicy } from "../../lib/egress";
import { readServiceAccount } from "../../lib/google";
import type { Ctx } from "../context";
import { AppError, fieldError } from "../errors";
import { assertIntegrationAccess } from "./access";
import { openIntegrationSecret } from "./secrets";
import { loadIntegration } from "./view";

/**
 * The dialog's test button (spec 002's testSession): one exchange with the Dialogflow agent through the same client
 * the tickets use (ADR 0041), in a session of its own; answers the agent's texts and intent, or why it failed.
 */
export async function testDialogflowSession({ ctx, input }: { ctx: Ctx; input: TestSessionInput }): Promise<TestSessionResult> {
  await assertIntegrationAccess(ctx);
  let json = input.jsonContent;
  if (!json && input.id) {
    const saved = await loadIntegration(ctx.db, ctx.companyId, input.id);
    if (!saved) throw new AppError("ERR_NO_QUEUE_INTEGRATION_FOUND");
    json = (await openIntegrationSecret(ctx.env, ctx.companyId, saved.jsonContent)) ?? "";
    if (!json) throw fieldError({ jsonContent: "Required" });
  }
  const account = readServiceAccount(json);
  if (!account) throw fieldError({ jsonContent: "Must be a service account's JSON key" });
  const result = await detectIntent(
    account,
    { projectId: input.projectName, sessionId: `test-${crypto.randomUUID()}`, text: input.text || "Olá", languageCode: input.language },
    dialogflowEndpoints(ctx.env),
    { retries: 1, egress: egressPolicy(ctx.env) },
  );
  if (!result.ok) return { ok: false, reason: result.reason, status: result.status, message: result.detail };
  return { ok: true, ...result.answer };
}
