import type { SessionState } from "../../../worker/contracts/bridge";

/**
 * Where a provider keeps a connection's WhatsApp credentials and Signal keys. The bridge implements it through
 * the worker (D1), so that a host restart, or another host taking the lease, resumes without a new QR.
 * Values are JSON (Baileys' BufferJSON replacer/reviver encodes its Buffers); the store treats them as opaque.
 */
export interface SessionStore {
  /** The stored state, `{ creds: null, keys: {} }` when the connection was never paired. */
  load(connectionId: number): Promise<SessionState>;
  saveCreds(connectionId: number, creds: unknown): Promise<void>;
  /** type → id → value; a null value deletes the key. Must be persisted before it resolves (every keys.set()). */
  saveKeys(connectionId: number, set: Record<string, Record<string, unknown | null>>): Promise<void>;
  /** Logged out: forget everything. */
  wipe(connectionId: number): Promise<void>;
}
