import { serverEvent, serverFrame, type ServerEvent } from "../../../worker/contracts/ws";

/**
 * A frame's events, parsed with the shared contract. A frame the contract rejects as a whole (say, one event of a type
 * this build does not know yet) still delivers the events it can read. Its own chunk: the schemas (zod) load while
 * the socket connects, not before the page is usable.
 */
export function parseFrame(json: unknown): ServerEvent[] {
  const whole = serverFrame.safeParse(json);
  if (whole.success) return whole.data;
  if (!Array.isArray(json)) {
    console.warn("realtime: a frame that is not an array of events", whole.error.issues[0]);
    return [];
  }
  const events: ServerEvent[] = [];
  for (const item of json) {
    const one = serverEvent.safeParse(item);
    if (one.success) events.push(one.data);
    else console.warn("realtime: skipped an unreadable event", one.error.issues[0]);
  }
  return events;
}
