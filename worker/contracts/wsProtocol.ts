/**
 * The websocket protocol's plain parts (no zod): the heartbeat frames, the publish mark and the room names. The
 * browser needs these before it parses any frame, so they live apart from the schemas (worker/contracts/ws.ts, which
 * re-exports them).
 */

/** Heartbeat, answered by the runtime without waking the hub (see CompanyHub). Spec: every 18 s. */
export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

/**
 * Where the hub's publishing stood when it answered (`<instance>.<events published>`): on the ticket lists
 * (GET /api/tickets) and in a socket's `ready` event. A list read before its socket was accepted missed nothing
 * when both carry the same instance and the list's count is not below the socket's (nothing was published between
 * the read and the accept), so it need not be read again (publishMarkMissed).
 */
export const HUB_MARK_HEADER = "x-hub-mark";

/** Whether events may have been published between a list's read (`listMark`) and its socket's accept (`readyMark`). */
export function publishMarkMissed(listMark: string | null | undefined, readyMark: string | null | undefined): boolean {
  if (!listMark || !readyMark) return true;
  const [listHub, listCount] = listMark.split(".");
  const [readyHub, readyCount] = readyMark.split(".");
  if (!listHub || listHub !== readyHub) return true;
  return !(Number(listCount) >= Number(readyCount));
}

export const roomNames = {
  notification: "notification",
  tickets: (status: "open" | "pending" | "closed") => `tickets:${status}`,
  chatBox: (ticketId: number) => `ticket:${ticketId}`,
};
