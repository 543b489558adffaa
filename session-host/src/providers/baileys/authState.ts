import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from "@whiskeysockets/baileys";
import type { SessionStore } from "../sessionStore";

/**
 * Baileys' auth state kept in a SessionStore (the worker's D1 through the bridge) instead of files, in the manner of
 * useMultiFileAuthState. The store hands back the whole state at once, so every key lives in memory here and reads
 * never leave the process; that is also why makeCacheableSignalKeyStore is not used (it would cache what is already
 * cached). Writes go to the store first and land in memory only once persisted, so memory never runs ahead of what a
 * restarted host would load.
 */

export interface StoredAuth {
  state: AuthenticationState;
  /** Persists the current creds (Baileys mutates them in place; call on every creds.update). */
  saveCreds(): Promise<void>;
  /** Paired before: a socket with these creds logs in without a QR. */
  isRegistered(): boolean;
  /** Resolves once every write started so far has landed (or failed). */
  flush(): Promise<void>;
  /** The credentials are being wiped: later writes (a dying socket's last updates) must not bring them back. */
  revoke(): void;
}

type KeyValues = Map<string, Map<string, unknown>>;

/** Baileys' values (Buffers, Uint8Arrays) as plain JSON, and back. */
export function toJsonValue(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, BufferJSON.replacer)) as unknown;
}

export function fromJsonValue<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value), BufferJSON.reviver) as T;
}

function looksLikeCreds(value: unknown): value is AuthenticationCreds {
  return typeof value === "object" && value !== null && "noiseKey" in value && "signedIdentityKey" in value;
}

export async function loadStoredAuth(store: SessionStore, connectionId: number): Promise<StoredAuth> {
  const stored = await store.load(connectionId);
  const revived = stored.creds == null ? null : fromJsonValue<unknown>(stored.creds);
  // Anything that is not recognisable creds is treated as never paired rather than crashing the socket.
  const creds: AuthenticationCreds = looksLikeCreds(revived) ? revived : initAuthCreds();

  const keys: KeyValues = new Map();
  for (const [type, values] of Object.entries(stored.keys)) {
    const byId = new Map<string, unknown>();
    for (const [id, value] of Object.entries(values)) {
      if (value != null) byId.set(id, fromJsonValue<unknown>(value));
    }
    keys.set(type, byId);
  }

  // Writes for one connection go out one after another, so a later value never lands before an earlier one.
  let writes: Promise<unknown> = Promise.resolve();
  let revoked = false;
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = writes.then(task, task);
    writes = run.catch(() => undefined);
    return run;
  };

  const keyStore: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const byId = keys.get(type);
      const found: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        let value = byId?.get(id);
        if (value === undefined) continue;
        // Protobuf values must come back as protobuf objects, as useMultiFileAuthState does.
        if (type === "app-state-sync-key") value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
        found[id] = value as SignalDataTypeMap[T];
      }
      return found;
    },
    async set(data: SignalDataSet) {
      const set: Record<string, Record<string, unknown | null>> = {};
      for (const [type, values] of Object.entries(data)) {
        if (!values) continue;
        const encoded: Record<string, unknown | null> = {};
        for (const [id, value] of Object.entries(values)) encoded[id] = value == null ? null : toJsonValue(value);
        set[type] = encoded;
      }
      if (Object.keys(set).length === 0 || revoked) return;
      // Resolves only once the store has it: Baileys treats a resolved set() as durable.
      await serially(() => store.saveKeys(connectionId, set));
      for (const [type, values] of Object.entries(data)) {
        if (!values) continue;
        let byId = keys.get(type);
        if (!byId) keys.set(type, (byId = new Map()));
        for (const [id, value] of Object.entries(values)) {
          if (value == null) byId.delete(id);
          else byId.set(id, value);
        }
      }
    },
  };

  // creds.update comes in bursts; coalesce so the store sees the latest creds, in order, without a write per event.
  let credsPending: Promise<void> | null = null;
  let credsDirty = false;
  const saveCreds = (): Promise<void> => {
    credsDirty = true;
    if (credsPending) return credsPending;
    credsPending = serially(async () => {
      try {
        while (credsDirty && !revoked) {
          credsDirty = false;
          await store.saveCreds(connectionId, toJsonValue(creds));
        }
      } finally {
        // Cleared in the same tick as the last dirty check, so a later call starts a new save instead of joining
        // one that has already finished.
        credsPending = null;
      }
    });
    return credsPending;
  };

  return {
    state: { creds, keys: keyStore },
    saveCreds,
    // Baileys never sets `registered` for QR or code pairing; `account` is what a successful pairing leaves.
    isRegistered: () => creds.registered === true || (!!creds.me?.id && !!creds.account),
    flush: () => writes.then(() => undefined),
    revoke: () => {
      revoked = true;
    },
  };
}
