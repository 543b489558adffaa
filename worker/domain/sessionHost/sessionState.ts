import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { whatsappSessionKeys } from "../../db/tenant";
import type { SessionState } from "../../contracts/bridge";

/** The creds row: type "creds", keyId "". Everything else is a Signal key by type and id. */
const CREDS = { type: "creds", keyId: "" } as const;

/** D1 allows 100 bound parameters per statement: 5 per key row plus the update clause, so 15 rows a statement. */
const ROWS_PER_STATEMENT = 15;

export async function loadSessionState(db: Db, whatsappId: number): Promise<SessionState> {
  const rows = await db
    .select({ type: whatsappSessionKeys.type, keyId: whatsappSessionKeys.keyId, value: whatsappSessionKeys.value })
    .from(whatsappSessionKeys)
    .where(eq(whatsappSessionKeys.whatsappId, whatsappId));
  const state: SessionState = { creds: null, keys: {} };
  for (const row of rows) {
    const value: unknown = JSON.parse(row.value);
    if (row.type === CREDS.type && row.keyId === CREDS.keyId) state.creds = value;
    else (state.keys[row.type] ??= {})[row.keyId] = value;
  }
  return state;
}

export async function saveSessionCreds(db: Db, whatsappId: number, creds: unknown) {
  const value = JSON.stringify(creds);
  await db
    .insert(whatsappSessionKeys)
    .values({ whatsappId, ...CREDS, value, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [whatsappSessionKeys.whatsappId, whatsappSessionKeys.type, whatsappSessionKeys.keyId],
      set: { value, updatedAt: new Date() },
    });
}

/**
 * Applies one keys.set() from Baileys: every upsert and deletion lands in one batch (all or nothing), so the
 * host's next read sees either the whole update or none of it.
 */
export async function saveSessionKeys(db: Db, whatsappId: number, set: Record<string, Record<string, unknown>>) {
  const now = new Date();
  const upserts: { whatsappId: number; type: string; keyId: string; value: string; updatedAt: Date }[] = [];
  const deletions: { type: string; keyId: string }[] = [];
  for (const [type, byId] of Object.entries(set)) {
    if (type === CREDS.type) continue;
    for (const [keyId, value] of Object.entries(byId)) {
      if (value === null || value === undefined) deletions.push({ type, keyId });
      else upserts.push({ whatsappId, type, keyId, value: JSON.stringify(value), updatedAt: now });
    }
  }
  const statements = [];
  for (let i = 0; i < upserts.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      db
        .insert(whatsappSessionKeys)
        .values(upserts.slice(i, i + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [whatsappSessionKeys.whatsappId, whatsappSessionKeys.type, whatsappSessionKeys.keyId],
          set: { value: sql`excluded.value`, updatedAt: now },
        }),
    );
  }
  for (const d of deletions) {
    statements.push(
      db
        .delete(whatsappSessionKeys)
        .where(and(eq(whatsappSessionKeys.whatsappId, whatsappId), eq(whatsappSessionKeys.type, d.type), eq(whatsappSessionKeys.keyId, d.keyId))),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

export async function wipeSessionState(db: Db, whatsappId: number) {
  await db.delete(whatsappSessionKeys).where(eq(whatsappSessionKeys.whatsappId, whatsappId));
}
