import type { BridgeEvent } from "../../contracts/bridge";
import { botSay } from "../chatbot/botSay";
import { contactTexts } from "../contactTexts";
import type { SystemCtx } from "../context";
import { isEnabled, settingsFor } from "../settings/companySettingValues";
import { ingestMessage, type InboundConnection } from "./ingestMessage";

type Call = Extract<BridgeEvent, { type: "call" }>;

/**
 * A call the product cannot take: logged in the contact's ticket (a call_log line), and when the company turned
 * calls off (setting `call`), answered with a message asking for text instead.
 */
export async function ingestCall(ctx: SystemCtx, conn: InboundConnection, e: Call) {
  const logged = await ingestMessage(ctx, conn, {
    id: `call:${e.callId}`,
    chatId: e.from,
    isGroup: false,
    from: e.from,
    fromMe: false,
    body: e.isVideo ? "Chamada de vídeo perdida" : "Chamada de voz perdida",
    mediaType: "call_log",
    isForwarded: false,
    isHistory: false,
    timestamp: e.at,
  });
  if (!logged) return;
  const { call, language } = await settingsFor(ctx, ["call", "language"]);
  if (!isEnabled(call)) await botSay(ctx, logged.ticketId, "missedCall", contactTexts(language).missedCall);
}
