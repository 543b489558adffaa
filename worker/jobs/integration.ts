import type { IntegrationJob } from "../contracts/outbound";
import { integrationReply } from "../contracts/integrationWebhook";
import type { IntegrationOutcome } from "../domain/integrations/outcome";
import type { HubDirectory } from "../domain/hubPort";
import type { Env } from "../env";
import { egressPolicy } from "../lib/egress";
import { postWebhook, type WebhookOptions } from "../lib/webhook";
import { dialogflowExchange } from "./dialogflow";
import { typebotExchange } from "./typebot";

/** Timeouts, retries and the clock; where the job may call is the environment's egress policy, not an option. */
export type IntegrationOptions = Omit<WebhookOptions, "egress">;

/**
 * One integration turn, run by the OUTBOUND consumer outside the hub (as the assistant's): the hub gives the turn
 * (a webhook's signed payload, a Typebot session, a Dialogflow project), the outside service is called here with
 * timeouts and retries, and the hub carries out what came of it. A bot's messages are then delivered from here, one
 * by one with the integration's delay between them, so no wait ever happens inside the hub.
 */
export async function runIntegrationJob(hubs: HubDirectory, env: Env, job: IntegrationJob, limits: IntegrationOptions = {}) {
  const options = { ...limits, egress: egressPolicy(env) };
  const hub = hubs.of(job.companyId);
  const ref = { ticketId: job.ticketId, messageId: job.messageId };
  const turn = await hub.call("integrationTurn", ref);
  if (!turn) return;
  let outcome: IntegrationOutcome;
  if (turn.kind === "unsupported") outcome = { kind: "failed", reason: "unsupported", status: null };
  else if (turn.kind === "typebot") outcome = await typebotExchange(env, job.companyId, turn, options);
  else if (turn.kind === "dialogflow") outcome = await dialogflowExchange(env, turn, options);
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
  if (outcome.kind === "failed") console.warn("integration: call failed", { companyId: job.companyId, ticketId: job.ticketId, kind: turn.kind, reason: outcome.reason, status: outcome.status });
  if (outcome.kind === "bot" && outcome.skipped?.length) console.warn("integration: media not fetched", { companyId: job.companyId, ticketId: job.ticketId, skipped: outcome.skipped });
  const done = await hub.call("integrationOutcome", { ...ref, integrationId: turn.integrationId, outcome });
  if (!("deliverNow" in done) || !done.deliverNow?.length) return;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const delayMs = outcome.kind === "bot" ? outcome.delayMs : 0;
  for (const [i, messageId] of done.deliverNow.entries()) {
    if (i > 0 && delayMs > 0) await sleep(delayMs);
    try {
      await hub.call("deliverOutbound", { kind: "send", companyId: job.companyId, messageId });
    } catch (err) {
      // Its queued send (a few seconds later) delivers it, with its own retries.
      console.warn("integration: immediate delivery failed; the queued send will retry", { companyId: job.companyId, messageId, error: String(err) });
    }
  }
}
