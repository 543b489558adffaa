import type { BridgeInboundMessage } from "../../contracts/bridge";
import { campaignReply } from "../campaigns/campaignReply";
import type { SystemCtx } from "../context";
import type { InboundContact } from "./inboundContact";

/**
 * What a contact's newly stored message sets off beyond its ticket, run alike by both inbound paths — a message on
 * its own (ingestMessage) and the plain messages of a batch (ingestMessageRun) — so that no rule depends on which
 * path a message took: a reply to a campaign (replied, confirmed, opted out; ADR 0038). The batched path once skipped
 * it, and a recipient with a live ticket who answered "SAIR" was never opted out (issue 31). Ratings, the chatbot and
 * the takeovers still decide per path.
 */
export async function afterContactMessage(
  ctx: SystemCtx,
  input: { connectionId: number; contact: Pick<InboundContact, "number" | "isGroup">; m: Pick<BridgeInboundMessage, "fromMe" | "body"> },
): Promise<void> {
  const { connectionId, contact, m } = input;
  if (m.fromMe || contact.isGroup) return;
  await campaignReply(ctx, { connectionId, number: contact.number, body: m.body ?? "" });
}
