import { exports } from "cloudflare:workers";
import { serverFrame, type ServerEvent } from "../contracts/ws";
import { ORIGIN } from "./fixtures";

/** A websocket client connected through the real worker entry, collecting parsed server events. */
export interface TestSocket {
  ws: WebSocket;
  events: ServerEvent[];
  closed: { code: number } | null;
  send(msg: unknown): void;
  /** Resolves with the first event (after those already seen) that matches, or rejects after `ms`. */
  next(match: (e: ServerEvent) => boolean, ms?: number): Promise<ServerEvent>;
  /** Waits `ms` and returns the events that arrived meanwhile. */
  quiet(ms?: number): Promise<ServerEvent[]>;
}

type Worker = { fetch(req: Request): Promise<Response> };

export async function connect(token: string): Promise<TestSocket> {
  const res = await (exports as unknown as { default: Worker }).default.fetch(
    new Request(`${ORIGIN}/api/ws?token=${encodeURIComponent(token)}`, { headers: { Upgrade: "websocket" } }),
  );
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  ws.accept();
  const events: ServerEvent[] = [];
  let seen = 0;
  const waiters = new Set<() => void>();
  const socket: TestSocket = {
    ws,
    events,
    closed: null,
    send: (msg) => ws.send(typeof msg === "string" ? msg : JSON.stringify(msg)),
    next(match, ms = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (seen < events.length) {
            const e = events[seen++]!;
            if (match(e)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(e);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    async quiet(ms = 150) {
      const from = events.length;
      await new Promise((r) => setTimeout(r, ms));
      return events.slice(from);
    },
  };
  ws.addEventListener("message", (m) => {
    if (typeof m.data !== "string" || m.data === '{"type":"pong"}') return;
    events.push(...serverFrame.parse(JSON.parse(m.data)));
    for (const w of [...waiters]) w();
  });
  ws.addEventListener("close", (e) => {
    socket.closed = { code: e.code };
  });
  await socket.next((e) => e.type === "ready");
  return socket;
}
