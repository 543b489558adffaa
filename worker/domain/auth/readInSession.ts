import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { CurrentUser } from "../context";
import { loadSession, readSessionRows, sessionQueries, userFromSessionRows, type SessionRows } from "./authenticate";
import { recallSession, rememberSession, sessionRowsKey, type SessionSnapshot } from "./sessionSnapshots";
import { verifyAccessToken, type AccessClaims } from "./tokens";

/** What a read may not do on a database handed to it before its session is confirmed. */
const WRITES = new Set<PropertyKey>(["insert", "update", "delete", "run", "all", "get", "values", "with", "transaction"]);

/**
 * A read-only request in one D1 round trip instead of two. The read starts as the user this session was last
 * confirmed as (sessionSnapshots); the session's own queries ride at the head of the read's first batch, and
 * nothing is answered until they are back: the same rows confirm the read; other rows (a changed profile,
 * queue or setting) run the read again as the user they describe; no rows, an ended session or a locked-out
 * company refuse it exactly as `authenticate` does. The company is the signed token's in every case, so a
 * stale snapshot can only ever be stale about the same user in the same company.
 *
 * `read` must only read: the database it gets refuses writes, and nothing it returns leaves before the
 * session is confirmed. Work with effects (the hub, R2, queues) belongs after, with the confirmed user.
 */
export async function readInSession<T>(
  { db, env, token }: { db: Db; env: Env; token: string },
  read: (user: CurrentUser, db: Db) => Promise<T>,
): Promise<{ user: CurrentUser; result: T }> {
  const claims = await verifyAccessToken(token, env.JWT_SECRET);
  const snapshot = recallSession(claims);
  if (!snapshot) {
    const user = await loadSession(db, claims);
    return { user, result: await read(user, readOnly(db)) };
  }
  const speculation = new Speculation(db, claims, snapshot);
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await read(snapshot.user, speculation.db) };
  } catch (error) {
    outcome = { error };
  }
  const user = await speculation.settle();
  if (user !== snapshot.user) return { user, result: await read(user, readOnly(db)) };
  if ("error" in outcome) throw outcome.error;
  return { user, result: outcome.value };
}

/** The database as a read sees it: writes refused, batches through `batch`. */
function readOnly(db: Db, batch: Db["batch"] = db.batch.bind(db)): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "batch") return batch;
      if (WRITES.has(prop)) throw new Error(`readInSession: db.${String(prop)} in a read`);
      return Reflect.get(target, prop, target);
    },
  });
}

type BatchItems = Parameters<Db["batch"]>[0];

class Speculation {
  readonly db: Db;
  private rows: Promise<SessionRows> | null = null;

  constructor(
    private readonly real: Db,
    private readonly claims: AccessClaims,
    private readonly snapshot: SessionSnapshot,
  ) {
    this.db = readOnly(real, ((queries: BatchItems) => this.batch(queries)) as Db["batch"]);
  }

  /** The read's first batch carries the session's queries at its head; later ones go as they are. */
  private async batch(queries: BatchItems): Promise<readonly unknown[]> {
    if (this.rows) return this.real.batch(queries);
    const head = sessionQueries(this.real, this.claims);
    const rows = this.real.batch([...head, ...queries]);
    // Should the read's own queries fail, the session is still read (alone), so it is judged all the same.
    this.rows = rows.then(
      (all) => all.slice(0, head.length) as unknown as SessionRows,
      () => readSessionRows(this.real, this.claims),
    );
    return (await rows).slice(head.length);
  }

  /** The user the session is now: the snapshot's own object when its rows are unchanged. Throws when refused. */
  async settle(): Promise<CurrentUser> {
    this.rows ??= readSessionRows(this.real, this.claims);
    const rows = await this.rows;
    // Built (and its company access checked) every time: a due date passes without any row changing.
    const user = userFromSessionRows(this.claims, rows);
    if (sessionRowsKey(rows) === this.snapshot.rowsKey) return this.snapshot.user;
    rememberSession(this.claims, rows, user);
    return user;
  }
}
