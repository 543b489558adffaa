import { and, eq } from "drizzle-orm";
import type { BridgeEvent, BridgeInboundMessage } from "../../contracts/bridge";
import { inList } from "../../db/inList";
import { whatsapps } from "../../db/tenant";
import { nextTurn } from "../../lib/serialQueue";
import type { SystemCtx } from "../context";
import { advanceLastEvents, recordHealthEvent } from "./connectionHealth";
import { applyConnectionState } from "./connectionUpdates";
import { applyContactUpdate, publishPresence } from "./contactUpdates";
import { ingestCall } from "./ingestCall";
import type { InboundConnection } from "./ingestMessage";
import { ingestMessageRun, RUN_LIMIT } from "./ingestMessageRun";
import { applyAck, applyDelete, applyEdit, applyReaction } from "./messageUpdates";
import { markSentMessageFailed } from "../delivery/markDeliveryFailed";
import { errorCatalogue, type ErrorCode } from "../errors";

const connectionColumns = {
  id: whatsapps.id,
  companyId: whatsapps.companyId,
  greetingMessage: whatsapps.greetingMessage,
  outOfHoursMessage: whatsapps.outOfHoursMessage,
  ratingMessage: whatsapps.ratingMessage,
  complationMessage: whatsapps.complationMessage,
  maxUseBotQueues: whatsapps.maxUseBotQueues,
  timeUseBotQueues: whatsapps.timeUseBotQueues,
  sendIdQueue: whatsapps.sendIdQueue,
  promptId: whatsapps.promptId,
  integrationId: whatsapps.integrationId,
  channel: whatsapps.channel,
};

/**
 * A company's bridge events, in the order the host saw them, inside the company's hub (one writer per company:
 * two messages from one new number cannot open two tickets). Events of connections the company no longer has
 * are skipped: they cannot be ingested later either.
 */
export async function ingestEvents({ ctx, input }: { ctx: SystemCtx; input: { events: BridgeEvent[] } }) {
  const ids = [...new Set(input.events.map((e) => e.connectionId))];
  const rows = await ctx.db
    .select(connectionColumns)
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ctx.companyId), inList(whatsapps.id, ids)));
  const connections = new Map<number, InboundConnection>(rows.map((r) => [r.id, r]));

  let ingested = 0;
  const events = input.events.filter((e) => connections.has(e.connectionId));
  // What the host heard of each WhatsApp Web connection, once per connection for the whole batch (issue 30).
  advanceLastEvents(ctx, events.filter((e) => connections.get(e.connectionId)!.channel === "baileys"));
  for (let i = 0; i < events.length; ) {
    // A batch's events (or runs) each take their own turn: a page's read waiting meanwhile gets in between.
    if (i > 0) await nextTurn();
    const event = events[i]!;
    const conn = connections.get(event.connectionId)!;
    if (event.type !== "message") {
      await ingestEvent(ctx, conn, event);
      i++;
      ingested++;
      continue;
    }
    // Consecutive messages of one connection go together (see ingestMessageRun).
    const run: BridgeInboundMessage[] = [];
    for (; i < events.length && run.length < RUN_LIMIT; i++) {
      const next = events[i]!;
      if (next.type !== "message" || next.connectionId !== conn.id) break;
      run.push(next.message);
    }
    await ingestMessageRun(ctx, conn, run);
    ingested += run.length;
  }
  return { ingested };
}

/** Any event but a message (messages go in runs, see ingestEvents). */
async function ingestEvent(ctx: SystemCtx, conn: InboundConnection, e: Exclude<BridgeEvent, { type: "message" }>) {
  switch (e.type) {
    case "status":
    case "qr":
      return applyConnectionState(ctx, e);
    case "health":
      return recordHealthEvent(ctx, e);
    case "ack":
      return applyAck(ctx, e);
    case "failed":
      return markSentMessageFailed(ctx, e.messageId, e.code in errorCatalogue ? (e.code as ErrorCode) : "ERR_SENDING_WAPP_MSG");
    case "edit":
      return applyEdit(ctx, e);
    case "delete":
      return applyDelete(ctx, e);
    case "reaction":
      return applyReaction(ctx, e);
    case "presence":
      return publishPresence(ctx, e);
    case "call":
      return ingestCall(ctx, conn, e);
    case "contact":
      return applyContactUpdate(ctx, e);
  }
}
