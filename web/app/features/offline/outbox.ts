import type { MessageView } from "../../../../worker/contracts/views/message";
import type { Wire } from "../../../../worker/contracts/views/wire";
import { browserI18n } from "../../i18n";
import { api, ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/errors";
import { OUTBOX_KEY_PREFIX } from "../../lib/offline";
import { storage } from "../../lib/storage";
import { reportUnreachable } from "./connectivity";

type SentMessage = Wire<MessageView>;

/**
 * A text the agent sent that the server has not confirmed yet (issue 29). Kept in this browser (per user, emptied at
 * logout with the rest of the offline data) so that it survives a reload without network; sent again with the same
 * `clientId` when the network returns, which the server deduplicates: never sent twice.
 */
export interface PendingSend {
  clientId: string;
  ticketId: number;
  body: string;
  quotedMsg?: number;
  signMessage: boolean;
  createdAt: number;
  /** The server refused it for good (the ticket was closed meanwhile…): shown with the reason until discarded. */
  failed?: string;
}

const SEND_TIMEOUT_MS = 20_000;
const keyOf = (userId: number) => `${OUTBOX_KEY_PREFIX}${userId}`;
const listeners = new Set<() => void>();
const sentListeners = new Set<(messages: SentMessage[]) => void>();
/** Sends this tab has on the wire: a flush does not start a second one of the same (the server would dedupe it anyway). */
const inflight = new Map<string, Promise<Delivery>>();
let snapshot: { raw: string | null; list: PendingSend[] } = { raw: null, list: [] };

export function readOutbox(userId: number): PendingSend[] {
  const raw = storage.get(keyOf(userId));
  if (raw === snapshot.raw) return snapshot.list;
  let list: PendingSend[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter((p): p is PendingSend => !!p && typeof p.clientId === "string" && typeof p.ticketId === "number" && typeof p.body === "string");
  } catch {
    list = [];
  }
  snapshot = { raw, list };
  return list;
}

function writeOutbox(userId: number, change: (list: PendingSend[]) => PendingSend[]) {
  const next = change(readOutbox(userId));
  if (next.length) storage.set(keyOf(userId), JSON.stringify(next));
  else storage.remove(keyOf(userId));
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  // Another tab of this browser changed it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(OUTBOX_KEY_PREFIX)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A confirmed send's messages, for the chat that shows them (wherever the send was made from). */
export function onOutboxSent(listener: (messages: SentMessage[]) => void) {
  sentListeners.add(listener);
  return () => void sentListeners.delete(listener);
}

export function newClientId() {
  return crypto.randomUUID();
}

export function addPending(userId: number, send: PendingSend) {
  writeOutbox(userId, (list) => [...list, send]);
}

export function discardPending(userId: number, clientId: string) {
  writeOutbox(userId, (list) => list.filter((p) => p.clientId !== clientId));
}

/** The network, not the server, failed: the send waits. */
export function isNetworkFailure(err: unknown) {
  return (
    err instanceof TypeError ||
    (err instanceof ApiError && err.status === 0) ||
    (err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError"))
  );
}

export type Delivery = { kind: "sent"; messages: SentMessage[] } | { kind: "waiting" } | { kind: "refused"; error: unknown };

/**
 * Sends one pending text with its client id. Sent: it leaves the outbox. The network failed: it stays. Refused by
 * the server: `onRefused` says whether it leaves (the composer puts the text back in the box) or stays marked failed.
 */
export function deliverPending(userId: number, send: PendingSend, onRefused: "drop" | "mark"): Promise<Delivery> {
  const running = inflight.get(send.clientId);
  if (running) return running;
  const run = (async (): Promise<Delivery> => {
    try {
      const messages = await api<SentMessage[]>(`/messages/${send.ticketId}`, {
        method: "POST",
        body: { body: send.body, quotedMsg: send.quotedMsg, signMessage: send.signMessage },
        headers: { "idempotency-key": send.clientId },
        // A send that hangs holds the ones after it: given up after this long and tried again (the key makes it once).
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      discardPending(userId, send.clientId);
      for (const listener of sentListeners) listener(messages);
      return { kind: "sent", messages };
    } catch (error) {
      if (isNetworkFailure(error)) {
        reportUnreachable();
        return { kind: "waiting" };
      }
      if (onRefused === "drop") discardPending(userId, send.clientId);
      else {
        const reason = errorMessage(error, browserI18n().t);
        writeOutbox(userId, (list) => list.map((p) => (p.clientId === send.clientId ? { ...p, failed: reason || "error" } : p)));
      }
      return { kind: "refused", error };
    } finally {
      inflight.delete(send.clientId);
    }
  })();
  inflight.set(send.clientId, run);
  return run;
}

let flushing: Promise<void> | null = null;

/** Sends what waits, oldest first, one at a time (a chat keeps its order); stops at the first that still cannot go. */
export function flushOutbox(userId: number): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const send of readOutbox(userId)) {
        if (send.failed) continue;
        const result = await deliverPending(userId, send, "mark");
        if (result.kind === "waiting") return;
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
