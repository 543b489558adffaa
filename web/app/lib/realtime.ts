import { useEffect, useRef } from "react";
import type { ClientMessage, ServerEvent } from "../../../worker/contracts/ws";
import { PING_FRAME, PONG_FRAME, publishMarkMissed } from "../../../worker/contracts/wsProtocol";
import { ApiError } from "./api-error";
import { endSession, ensureSession } from "./api";

/**
 * The tab's one websocket to /api/ws (the session cookie authenticates it). Frames are JSON arrays of
 * events, parsed with the shared zod contract; pages subscribe by event type. Heartbeat every 18 s (a
 * missing pong within 18 s means the link is dead), userStatus every 5 minutes, reconnect with backoff.
 */
export const PING_INTERVAL_MS = 18_000;
export const PING_TIMEOUT_MS = 18_000;
export const USER_STATUS_INTERVAL_MS = 300_000;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** The hub closes a socket whose session ended with this code: never reconnect it. */
const SESSION_ENDED_CLOSE = 4001;

type EventType = ServerEvent["type"];
type EventOf<T extends EventType> = Extract<ServerEvent, { type: T }>;
type Handler<T extends EventType> = (event: EventOf<T>) => void;
export type ConnectionState = "idle" | "connecting" | "open" | "closed";

class RealtimeClient {
  private socket: WebSocket | null = null;
  private handlers = new Map<EventType, Set<(event: ServerEvent) => void>>();
  private stateListeners = new Set<(state: ConnectionState) => void>();
  /** Rooms pages asked for (joinTickets, joinChatBox…), sent again after every reconnect. */
  private rooms = new Map<string, { join: ClientMessage; count: number }>();
  private state: ConnectionState = "idle";
  private users = 0;
  private attempt = 0;
  private ready = false;
  private stopped = true;
  private openedAt = 0;
  private openAt = 0;
  /** The hub's publish mark when it accepted the current socket (its `ready` event); null until then. */
  private readyMark: string | null = null;
  /** The frame parser, loaded on the first connect (realtimeFrames.ts), and frames that came before it. */
  private parse: ((json: unknown) => ServerEvent[]) | null = null;
  private parserLoading: Promise<void> | null = null;
  private waiting: string[] = [];
  private timers: { ping?: ReturnType<typeof setInterval>; status?: ReturnType<typeof setInterval>; pong?: ReturnType<typeof setTimeout>; retry?: ReturnType<typeof setTimeout> } = {};

  subscribe<T extends EventType>(type: T, handler: Handler<T>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const wrapped = handler as (event: ServerEvent) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /** When the current socket opened (ms since epoch; 0 before the first). */
  openedSince(): number {
    return this.openAt;
  }

  /**
   * Whether the current socket is ready, and so whether `missedBefore` can answer; `ready` events say when it is.
   */
  isReady(): boolean {
    return this.ready;
  }

  /**
   * Whether a list read before the current socket was accepted may lack events published in between: its
   * mark (HUB_MARK_HEADER) against the socket's. Unknown marks count as missed.
   */
  missedBefore(listMark: string | null): boolean {
    return publishMarkMissed(listMark, this.readyMark);
  }

  onState(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    listener(this.state);
    return () => this.stateListeners.delete(listener);
  }

  send(message: ClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Joins a room for as long as the caller needs it; the returned function leaves it. */
  joinRoom(join: ClientMessage, leave?: ClientMessage): () => void {
    const key = JSON.stringify(join);
    const room = this.rooms.get(key);
    if (room) room.count++;
    else {
      this.rooms.set(key, { join, count: 1 });
      if (this.ready) this.send(join);
    }
    return () => {
      const current = this.rooms.get(key);
      if (!current) return;
      current.count--;
      if (current.count > 0) return;
      this.rooms.delete(key);
      if (leave) this.send(leave);
    };
  }

  /** Reference-counted: the shell starts it; the last user leaving closes it. */
  start(): () => void {
    this.users++;
    if (this.users === 1) {
      this.stopped = false;
      this.connect();
      document.addEventListener("visibilitychange", this.onVisibility);
    }
    return () => {
      this.users--;
      if (this.users === 0) this.stop();
    };
  }

  /** The tab's visibility, told to the hub: a user with a visible tab gets no Web Push (issue 29). */
  private readonly onVisibility = () => {
    if (this.ready) this.send({ type: "visibility", visible: document.visibilityState === "visible" });
  };

  stop() {
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", this.onVisibility);
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "bye");
    this.setState("idle");
  }

  /** Loads the frame parser (the contract's schemas) once, while the first socket connects; then reads what waited. */
  private loadParser() {
    if (this.parse || this.parserLoading) return;
    this.parserLoading = import("./realtimeFrames").then(
      ({ parseFrame }) => {
        this.parse = parseFrame;
        const waiting = this.waiting;
        this.waiting = [];
        for (const data of waiting) this.onFrame(data);
      },
      (err: unknown) => {
        // A failed chunk load (a deploy replaced it, the network dropped): the next connect tries again.
        this.parserLoading = null;
        console.error("realtime: frame parser not loaded", err);
        if (this.socket) this.drop(this.socket, true);
      },
    );
  }

  private connect() {
    if (this.stopped || typeof WebSocket === "undefined") return;
    this.loadParser();
    this.waiting = [];
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    this.ready = false;
    this.readyMark = null;
    this.openedAt = Date.now();
    this.setState("connecting");
    const socket = new WebSocket(`${scheme}://${window.location.host}/api/ws`);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.openAt = Date.now();
      this.setState("open");
      this.startTimers(socket);
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket || typeof message.data !== "string") return;
      this.onFrame(message.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      // The auth event already took the tab to /login.
      this.drop(socket, event.code !== SESSION_ENDED_CLOSE);
    };
  }

  /** Forgets a socket (closed, or dead by heartbeat) and, unless told not to, reconnects. */
  private drop(socket: WebSocket, reconnect: boolean) {
    if (this.socket === socket) this.socket = null;
    this.clearTimers();
    this.setState("closed");
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
      socket.onclose = null;
      socket.close(4000, "heartbeat timeout");
    }
    if (reconnect) void this.scheduleReconnect(!this.ready);
  }

  private onFrame(data: string) {
    clearTimeout(this.timers.pong);
    if (data === PONG_FRAME) return;
    if (!this.parse) {
      // Frames that come before the parser has loaded wait for it, in order.
      this.waiting.push(data);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const events = this.parse(json);
    for (const event of events) {
      if (event.type === "ready") {
        this.ready = true;
        this.readyMark = event.mark ?? null;
        this.attempt = 0;
        for (const { join } of this.rooms.values()) this.send(join);
        if (document.visibilityState !== "visible") this.send({ type: "visibility", visible: false });
      }
      if (event.type === "auth") this.onAuthEvent(event);
      for (const handler of this.handlers.get(event.type) ?? []) {
        try {
          handler(event);
        } catch (err) {
          console.error("realtime handler failed", err);
        }
      }
    }
  }

  private onAuthEvent(event: EventOf<"auth">) {
    this.stop();
    const code = event.action === "replaced" ? "ERR_SESSION_REPLACED" : "ERR_SESSION_EXPIRED";
    endSession(new ApiError(401, code, code));
  }

  /** A socket refused before `ready` most likely met an expired access token: refresh first. */
  private async scheduleReconnect(refusedBeforeReady: boolean) {
    if (this.stopped) return;
    // Not on every attempt: a socket failing for another reason must not rotate the session every few seconds.
    if (refusedBeforeReady && this.attempt % 5 === 0) {
      const session = await ensureSession(this.openedAt);
      if (session === "ended" || this.stopped) return;
    }
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** this.attempt);
    this.attempt++;
    const delay = base / 2 + Math.random() * (base / 2);
    this.timers.retry = setTimeout(() => this.connect(), delay);
  }

  private startTimers(socket: WebSocket) {
    this.timers.ping = setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      socket.send(PING_FRAME);
      clearTimeout(this.timers.pong);
      // No answer (pong or any frame) in time: the link is dead even if the browser has not noticed.
      this.timers.pong = setTimeout(() => this.drop(socket, true), PING_TIMEOUT_MS);
    }, PING_INTERVAL_MS);
    this.timers.status = setInterval(() => this.send({ type: "userStatus" }), USER_STATUS_INTERVAL_MS);
  }

  private clearTimers() {
    clearInterval(this.timers.ping);
    clearInterval(this.timers.status);
    clearTimeout(this.timers.pong);
    clearTimeout(this.timers.retry);
    this.timers = {};
  }

  private setState(state: ConnectionState) {
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }
}

/** One per tab. */
export const realtime = new RealtimeClient();

/** Keeps the tab's socket open while the component is mounted (the app shell). */
export function useRealtimeConnection(enabled = true) {
  // Not for a session that may only enrol in two-factor sign-in (issue 28): the server refuses its socket.
  useEffect(() => (enabled ? realtime.start() : undefined), [enabled]);
}

/** Keeps the tab in a room (e.g. joinTickets for a status) while the component is mounted. */
export function useRealtimeRoom(join: ClientMessage | null, leave?: ClientMessage) {
  const joinKey = join ? JSON.stringify(join) : null;
  const leaveKey = leave ? JSON.stringify(leave) : null;
  useEffect(() => {
    if (!joinKey) return;
    return realtime.joinRoom(JSON.parse(joinKey) as ClientMessage, leaveKey ? (JSON.parse(leaveKey) as ClientMessage) : undefined);
  }, [joinKey, leaveKey]);
}

/** Subscribes a component to one event type; the latest handler is always called. */
export function useRealtimeEvent<T extends EventType>(type: T, handler: Handler<T>) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => realtime.subscribe(type, (event) => latest.current(event)), [type]);
}
