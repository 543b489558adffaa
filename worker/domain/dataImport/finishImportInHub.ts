import { and, eq, sql } from "drizzle-orm";
import type { ImportFinishResult, ImportTableState } from "../../contracts/companyArchive";
import { ARCHIVE_TABLES, IMPORT_TABLE_ORDER } from "../../db/companyArchive";
import { cloudNumbers, connectionRoutes, loginEmails } from "../../db/control";
import { dataImports, users, whatsapps } from "../../db/tenant";
import { recordAudit } from "../audit/recordAudit";
import type { SystemCtx } from "../context";
import { isUniqueViolation } from "../errors";
import { forgetHubMemory } from "./forgetHubMemory";
import { hubStorage, loadImport } from "./importState";

export interface FinishImportInHubInput {
  importId: number;
  /** Connections keep the status they came with (the operator says the old server is stopped); else DISCONNECTED. */
  keepConnectionStatus: boolean;
  actor: { id: number; name: string };
}

/**
 * The end of an import, in the target company's hub: the links a cycle deferred are set, and what the control database indexes from the company's rows written there (login e-mails, connection
 * routes with their token hashes, Cloud API numbers); then the import is marked done, with an audit entry. Safe to
 * run again: every step only fills in what is missing.
 */
const LOGIN_SLICE = 30;

export async function finishImportInHub({ ctx, input }: { ctx: SystemCtx; input: FinishImportInHubInput }): Promise<ImportFinishResult> {
  const { db, control, companyId } = ctx;
  const imp = loadImport(ctx, input.importId);
  const storage = hubStorage(ctx);
  const states = imp.tables as Record<string, ImportTableState>;

  storage.transactionSync(() => {
    for (const [tableName, state] of Object.entries(states)) {
      const table = ARCHIVE_TABLES[tableName];
      if (!table || !state.deferred) continue;
      for (const [id, column, value] of state.deferred) {
        const fk = table.foreignKeys.find((f) => f.column === column);
        if (!fk) continue;
        storage.sql.exec(`update "${table.name}" set "${column}" = ? where id = ? and exists (select 1 from "${fk.table}" where id = ?)`, value, id, value);
      }
    }
    // No full-text rebuild: the rows came in through inserts, whose triggers index them (0001_fts.sql), and a
    // rebuild of a million messages in one call does not fit a hub's turn.
  });

  // Login e-mails: one per user, unless another company (or another user here) holds it already.
  const people = db.select({ id: users.id, email: users.email }).from(users).where(eq(users.companyId, companyId)).all();
  const loginSkipped: ImportFinishResult["loginEmails"]["skipped"] = [];
  let indexed = 0;
  // D1 binds at most 100 values a statement: 30 rows of 3 columns.
  for (let i = 0; i < people.length; i += LOGIN_SLICE) {
    const slice = people.slice(i, i + LOGIN_SLICE).map((p) => ({ email: p.email.trim().toLowerCase(), companyId, userId: p.id }));
    await control.insert(loginEmails).values(slice).onConflictDoNothing();
    const held = await control
      .select()
      .from(loginEmails)
      .where(sql`${loginEmails.email} in (${sql.join(slice.map((s) => sql`${s.email}`), sql`, `)})`);
    const byEmail = new Map(held.map((h) => [h.email, h]));
    for (const wanted of slice) {
      const row = byEmail.get(wanted.email);
      if (row && row.companyId === companyId && row.userId === wanted.userId) indexed++;
      else loginSkipped.push({ email: wanted.email, reason: row?.companyId === companyId ? "another user of this company signs in with it" : "another company's user signs in with it" });
    }
  }

  // Connections: the index the session host and the external API read; cloud numbers by Meta's phone number id.
  const connections = db
    .select({ id: whatsapps.id, name: whatsapps.name, status: whatsapps.status, tokenHash: whatsapps.tokenHash, provider: whatsapps.provider, phoneNumberId: whatsapps.cloudPhoneNumberId, wabaId: whatsapps.cloudWabaId })
    .from(whatsapps)
    .where(eq(whatsapps.companyId, companyId))
    .all();
  if (!input.keepConnectionStatus) {
    db.update(whatsapps).set({ status: "DISCONNECTED", qrcode: "" }).where(and(eq(whatsapps.companyId, companyId))).run();
  }
  let cloud = 0;
  for (const c of connections) {
    const status = input.keepConnectionStatus ? c.status : "DISCONNECTED";
    const values = { whatsappId: c.id, companyId, name: c.name, status, tokenHash: c.tokenHash };
    try {
      await control.insert(connectionRoutes).values(values).onConflictDoUpdate({ target: connectionRoutes.whatsappId, set: values });
    } catch (err) {
      if (!isUniqueViolation(err, "connection_routes.token_hash")) throw err;
      // The same external-API token imported into two companies: only the first keeps it.
      await control.insert(connectionRoutes).values({ ...values, tokenHash: null }).onConflictDoUpdate({ target: connectionRoutes.whatsappId, set: { ...values, tokenHash: null } });
    }
    if (c.provider === "cloud" && c.phoneNumberId && c.wabaId) {
      const added = await control
        .insert(cloudNumbers)
        .values({ phoneNumberId: c.phoneNumberId, companyId, whatsappId: c.id, wabaId: c.wabaId })
        .onConflictDoNothing()
        .returning({ id: cloudNumbers.whatsappId });
      if (added.length > 0) cloud++;
    }
  }

  const tables: Record<string, number> = {};
  for (const name of IMPORT_TABLE_ORDER) {
    const table = ARCHIVE_TABLES[name]!;
    tables[name] = table.column.has("company_id")
      ? storage.sql.exec<{ n: number }>(`select count(*) as n from "${name}" where company_id = ?`, companyId).one().n
      : storage.sql.exec<{ n: number }>(`select count(*) as n from "${name}"`).one().n;
  }
  const detail = { importId: imp.id, source: imp.sourceKind, sourceCompanyId: imp.sourceCompanyId, users: people.length, loginEmailsSkipped: loginSkipped.length };
  db.update(dataImports).set({ finishedAt: new Date(), updatedAt: new Date() }).where(eq(dataImports.id, imp.id)).run();
  recordAudit(ctx, { action: "company.imported", actor: { kind: "super", id: input.actor.id, name: input.actor.name }, target: { type: "company", id: companyId }, detail });
  forgetHubMemory(db);
  await ctx.hub.companyChanged();
  await ctx.hub.workChanged();
  return { id: imp.id, companyId, tables, loginEmails: { indexed, skipped: loginSkipped }, connections: connections.length, cloudNumbers: cloud };
}
