import type { CurrentUser } from "../context";
import type { AccessClaims } from "./tokens";

/**
 * The last rows each session was confirmed with, in this isolate's memory. They are never trusted on their own:
 * readInSession starts a read with them and answers only once the same rows have been read again from D1 (in
 * the read's own batch). A session seen here last is kept; the oldest go past the limit.
 */
const LIMIT = 2000;

export interface SessionSnapshot {
  /** The session's rows as read, serialised: equal rows mean an equal user. */
  rowsKey: string;
  user: CurrentUser;
}

const snapshots = new Map<string, SessionSnapshot & { sub: number; cid: number }>();

export function rememberSession(claims: AccessClaims, rows: unknown, user: CurrentUser): void {
  snapshots.delete(claims.sid);
  // Shared by every request of the session in this isolate: frozen, so no request can change it for another.
  Object.freeze(user.queueIds);
  Object.freeze(user.companySettings);
  snapshots.set(claims.sid, { sub: claims.sub, cid: claims.cid, rowsKey: sessionRowsKey(rows), user: Object.freeze(user) });
  if (snapshots.size > LIMIT) snapshots.delete(snapshots.keys().next().value!);
}

export function recallSession(claims: AccessClaims): SessionSnapshot | undefined {
  const snapshot = snapshots.get(claims.sid);
  return snapshot && snapshot.sub === claims.sub && snapshot.cid === claims.cid ? snapshot : undefined;
}

export function sessionRowsKey(rows: unknown): string {
  return JSON.stringify(rows);
}
