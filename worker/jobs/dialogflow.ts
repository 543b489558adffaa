import type { IntegrationOutcome } from "../domain/integrations/outcome";
import type { DialogflowTurn } from "../domain/integrations/turn";
import type { Env } from "../env";
import { detectIntent, dialogflowEndpoints } from "../lib/dialogflow";
import { readServiceAccount } from "../lib/google";
import type { HttpOptions } from "../lib/httpJson";

/**
 * One contact message through a Dialogflow ES agent (ADR 0041): its fulfillment texts are said as the bot; an intent
 * that ends the conversation then lets the ticket go to an agent of its queue.
 */
export async function dialogflowExchange(env: Env, turn: DialogflowTurn, opts: HttpOptions): Promise<IntegrationOutcome> {
  const account = turn.serviceAccount ? readServiceAccount(turn.serviceAccount) : null;
  if (!account) return { kind: "failed", reason: "credentials", status: null };
  // A photo or voice note without text cannot be matched to an intent: Dialogflow's fallback answers it.
  const text = turn.text || "[media]";
  const result = await detectIntent(account, { projectId: turn.projectName || account.project_id || "", sessionId: turn.sessionId, text, languageCode: turn.language }, dialogflowEndpoints(env), opts);
  if (!result.ok) return { kind: "failed", reason: result.reason, status: result.status };
  return {
    kind: "bot",
    delayMs: 0,
    messages: result.answer.texts.map((body) => ({ body })),
    ...(result.answer.endInteraction ? { action: { type: "end" as const } } : {}),
  };
}
