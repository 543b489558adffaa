import type { IntegrationJob } from "../contracts/outbound";
import { integrationReply } from "../contracts/integrationWebhook";
import type { IntegrationOutcome } from "../domain/integrations/outcome";
import type { HubDirectory } from "../domain/hubPort";
import { postWebhook, type WebhookOptions } from "../lib/webhook";

/**
 * One integration turn, run by the OUTBOUND consumer outside the hub (as the assistant's): the hub gives the
 * signed call's payload, the receiver is called here with retries, and the hub carries out its answer.
 */
export async function runIntegrationJob(hubs: HubDirectory, job: IntegrationJob, options: WebhookOptions = {}) {
  const hub = hubs.of(job.companyId);
  const ref = { ticketId: job.ticketId, messageId: job.messageId };
  const turn = await hub.call("integrationTurn", ref);
  if (!turn) return;
  let outcome: IntegrationOutcome;
  if (turn.kind === "unsupported") outcome = { kind: "failed", reason: "unsupported", status: null };
  else if (!turn.secret) outcome = { kind: "failed", reason: "secret", status: null };
  else {
    const result = await postWebhook(turn.url, turn.secret, turn.event, options);
    if (!result.ok) outcome = { kind: "failed", reason: result.reason, status: result.status };
    else {
      // An answer that is not the documented shape carries no commands: the integration keeps the ticket.
      const reply = integrationReply.safeParse(result.json ?? {});
      outcome = { kind: "reply", reply: reply.success ? reply.data : { messages: [], actions: [] } };
    }
  }
  await hub.call("integrationOutcome", { ...ref, integrationId: turn.integrationId, outcome });
}
