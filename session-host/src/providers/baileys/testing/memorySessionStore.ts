import type { SessionState } from "../../../../../worker/contracts/bridge";
import type { SessionStore } from "../../sessionStore";

/**
 * A SessionStore in memory for tests, storing what the worker would: JSON (a round trip through JSON.stringify, so
 * a Buffer that slipped through unencoded would come back as something else and fail the test).
 */
export class MemorySessionStore implements SessionStore {
  readonly sessions = new Map<number, SessionState>();
  wipes: number[] = [];
  credsWrites = 0;
  /** Runs inside saveKeys before the write lands (delay it, or throw to fail it). */
  onSaveKeys: (() => Promise<void>) | undefined;

  async load(connectionId: number): Promise<SessionState> {
    const state = this.sessions.get(connectionId);
    return state ? (JSON.parse(JSON.stringify(state)) as SessionState) : { creds: null, keys: {} };
  }

  async saveCreds(connectionId: number, creds: unknown): Promise<void> {
    this.credsWrites++;
    const state = this.sessions.get(connectionId) ?? { creds: null, keys: {} };
    state.creds = JSON.parse(JSON.stringify(creds)) as unknown;
    this.sessions.set(connectionId, state);
  }

  async saveKeys(connectionId: number, set: Record<string, Record<string, unknown | null>>): Promise<void> {
    await this.onSaveKeys?.();
    const state = this.sessions.get(connectionId) ?? { creds: null, keys: {} };
    for (const [type, values] of Object.entries(set)) {
      const byId = (state.keys[type] ??= {});
      for (const [id, value] of Object.entries(values)) {
        if (value === null) delete byId[id];
        else byId[id] = JSON.parse(JSON.stringify(value)) as unknown;
      }
    }
    this.sessions.set(connectionId, state);
  }

  async wipe(connectionId: number): Promise<void> {
    this.wipes.push(connectionId);
    this.sessions.delete(connectionId);
  }
}
