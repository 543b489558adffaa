import type { SocketState } from "./audience";

/** What the hub needs of a socket here: its attachment (the copy of its state that survives hibernation). */
export interface AttachedSocket {
  serializeAttachment(value: unknown): void;
  deserializeAttachment(): unknown;
}

/**
 * Each socket's state (its user and rooms), kept in memory so that a fan-out does not deserialise every socket's
 * attachment for every event. The attachment stays the state's durable copy: every change goes through `set`,
 * which writes the attachment first, then the memory. After hibernation the hub is a new instance with an empty
 * map, and each socket's state is read back from its attachment the first time it is needed. Keyed weakly by the
 * socket, so a closed socket's entry goes with it.
 */
export class SocketStates<Ws extends AttachedSocket = WebSocket> {
  private readonly byWs = new WeakMap<Ws, SocketState>();

  get(ws: Ws): SocketState | null {
    const known = this.byWs.get(ws);
    if (known) return known;
    const attached = ws.deserializeAttachment() as SocketState | null;
    if (attached) this.byWs.set(ws, attached);
    return attached;
  }

  /** Replaces a socket's state. A state the attachment refuses (over its 16 KiB) throws and changes nothing. */
  set(ws: Ws, state: SocketState): void {
    ws.serializeAttachment(state);
    this.byWs.set(ws, state);
  }
}
