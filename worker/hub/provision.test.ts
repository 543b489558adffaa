import { runInDurableObject } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTenantDb, migrateTenantDb } from "../db/client";
import { loginEmails, pendingTenantRows } from "../db/control";
import migrations from "../db/tenant-migrations/migrations.js";
import { campaignOptOuts, companies, contactConsentChanges, contacts, tickets, users } from "../db/tenant";
import { hashPlainOptOuts } from "../domain/consent/hashedOptOuts";
import { marketingBlocked } from "../domain/consent/marketingBlocked";
import { optOutKey } from "../domain/privacy/optOutKey";
import { hashPassword } from "../lib/crypto";
import { call, companyWithTeam, control, createCompany, inTenant, loginAs, PASSWORD } from "../testing/fixtures";
import { createContact, createTicketRow } from "../testing/inbox";
import { ID_RANGE } from "./provision";
import { hubFor } from "./ports";

type Sql = SqlStorage;
const dropWhere = (sql: Sql, type: "trigger" | "table" | "index", like: string) => {
  for (const row of sql.exec<{ name: string }>("select name from sqlite_master where type = ? and name like ?", type, like).toArray()) {
    sql.exec(`drop ${type} "${row.name}"`);
  }
};
/** How to take each tenant migration after the first back out, for the upgrade test below. */
const UNDO: Record<string, (sql: Sql) => void> = {
  "0001_fts": (sql) => {
    dropWhere(sql, "trigger", "%_fts_%");
    sql.exec("drop table messages_fts");
    sql.exec("drop table contacts_fts");
  },
  "0002_kanban": (sql) => {
    sql.exec("alter table tags drop column kanban_order");
    sql.exec("alter table ticket_trackings drop column from_tag_id");
    sql.exec("alter table ticket_trackings drop column to_tag_id");
    sql.exec("alter table tickets drop column kanban_lane_at");
  },
  "0003_service_periods": (sql) => {
    dropWhere(sql, "trigger", "service_periods_%");
    dropWhere(sql, "trigger", "message_hours_%");
    sql.exec("drop table ticket_service_periods");
    sql.exec("drop table message_hours");
    sql.exec("drop index contacts_company_created_idx");
  },
  "0004_service_rollups": (sql) => {
    dropWhere(sql, "trigger", "service_rollup_%");
    sql.exec("drop table service_days");
    sql.exec("drop table service_hours");
  },
  "0006_team": (sql) => {
    sql.exec("drop table announcement_receipts");
    sql.exec("drop table chat_mentions");
    sql.exec("drop index chats_direct_key_unique");
    sql.exec("alter table chats drop column direct_key");
    sql.exec("alter table chat_users drop column last_read_message_id");
  },
  "0005_outbound": (sql) => {
    sql.exec("drop index schedules_message_idx");
    for (const column of ["error", "message_id", "recurrence", "series_id"]) sql.exec(`alter table schedules drop column ${column}`);
    sql.exec("alter table contact_list_items drop column variables");
  },
  "0007_assistant": (sql) => {
    sql.exec("drop table prompt_usage");
    sql.exec("alter table prompts drop column api_key_hint");
    sql.exec("alter table prompts drop column base_url");
    sql.exec("alter table prompts drop column model");
    sql.exec("alter table queue_integrations drop column secret");
  },
  "0008_service_durations": (sql) => {
    dropWhere(sql, "trigger", "service_durations_%");
    sql.exec("drop table service_durations");
  },
  "0011_ai_sessions": (sql) => {
    sql.exec("drop table typebot_sessions");
  },
  "0012_campaign_outreach": (sql) => {
    sql.exec("alter table tickets drop column outreach");
  },
  "0013_cloud_channel": (sql) => {
    sql.exec("drop table whatsapp_templates");
    sql.exec("drop index whatsapps_cloud_number_uq");
    for (const column of ["channel", "cloud_phone_number_id", "cloud_waba_id", "cloud_access_token", "cloud_route_key", "cloud_error"]) sql.exec(`alter table whatsapps drop column ${column}`);
    sql.exec("alter table tickets drop column customer_wrote_at");
  },
  "0014_automatic_templates": (sql) => {
    sql.exec("drop table whatsapp_automatic_templates");
  },
  "0015_contact_cloud_ids": (sql) => {
    sql.exec("drop table contact_cloud_ids");
  },
  "0016_campaign_template": (sql) => {
    sql.exec("alter table campaigns drop column template");
  },
  "0017_cloud_errors": (sql) => {
    sql.exec("alter table contacts drop column undeliverable_at");
    sql.exec("alter table messages drop column retry_at");
  },
  "0018_public_api": (sql) => {
    for (const table of ["api_requests", "webhook_deliveries", "webhook_subscriptions", "api_tokens"]) sql.exec(`drop table ${table}`);
  },
  "0019_tickets_by_change": (sql) => {
    sql.exec("drop index tickets_company_changed_idx");
  },
  "0020_automation": (sql) => {
    for (const table of ["automation_runs", "automation_rules", "macros"]) sql.exec(`drop table ${table}`);
    sql.exec("alter table tickets drop column priority");
  },
  "0021_automation_settings": (sql) => {
    for (const column of ["max_open_tickets", "assignment_paused", "last_assigned_at"]) sql.exec(`alter table users drop column ${column}`);
    for (const column of ["assignment_mode", "last_assigned_user_id"]) sql.exec(`alter table queues drop column ${column}`);
    sql.exec("drop index tickets_company_sla_next_due_idx");
    for (const column of ["sla_started_at", "first_response_due_at", "resolution_due_at", "first_responded_at", "resolved_at", "first_response_breached_at", "resolution_breached_at", "sla_next_due_at"]) {
      sql.exec(`alter table tickets drop column ${column}`);
    }
    for (const column of ["sla_first_response_minutes", "sla_resolution_minutes"]) sql.exec(`alter table queues drop column ${column}`);
    sql.exec("alter table ticket_notes drop column by_automation");
  },
  "0022_audit_log": (sql) => {
    sql.exec("drop table audit_log");
  },
  "0023_two_factor": (sql) => {
    for (const table of ["recovery_codes", "sign_ins"]) sql.exec(`drop table ${table}`);
    for (const column of ["totp_secret", "totp_enabled_at", "totp_last_step"]) sql.exec(`alter table users drop column ${column}`);
  },
  "0024_push": (sql) => {
    for (const table of ["push_subscriptions", "push_preferences"]) sql.exec(`drop table ${table}`);
  },
  "0025_retention_index": (sql) => {
    sql.exec("drop index tickets_company_closed_updated_idx");
  },
  "0026_media_index": (sql) => {
    sql.exec("drop index messages_company_media_idx");
  },
  "0027_marketing_consent": (sql) => {
    sql.exec("drop table contact_consent_changes");
    sql.exec("drop index contacts_company_consent_idx");
    for (const column of ["marketing_consent", "marketing_consent_at", "marketing_consent_how", "marketing_consent_by"]) sql.exec(`alter table contacts drop column ${column}`);
    sql.exec("alter table queue_options drop column marketing_consent");
    sql.exec("alter table schedules drop column marketing");
  },
  "0028_message_client_id": (sql) => {
    sql.exec("drop index messages_company_user_client_uq");
    sql.exec("alter table messages drop column client_id");
  },
  "0029_data_imports": (sql) => {
    sql.exec("drop table data_imports");
  },
  "0030_company_exports": (sql) => {
    sql.exec("drop table company_exports");
  },
  "0031_import_carry_sessions": (sql) => {
    sql.exec("alter table data_imports drop column carry_sessions");
  },
  "0032_schedules_ticket_index": (sql) => {
    sql.exec("drop index schedules_ticket_idx");
  },
  "0009_campaigns": (sql) => {
    for (const table of ["campaign_opt_outs", "campaign_sends", "campaign_paces"]) sql.exec(`drop table ${table}`);
    for (const index of ["campaigns_company_status_idx", "campaign_shippings_campaign_status_idx", "campaign_shippings_message_idx", "campaign_shippings_company_number_idx"]) {
      sql.exec(`drop index ${index}`);
    }
    for (const column of ["started_at", "last_sent_at", "media_type"]) sql.exec(`alter table campaigns drop column ${column}`);
    for (const column of ["status", "name", "email", "variables", "message_id", "ticket_id", "sent_at", "replied_at", "opted_out_at", "error"]) {
      sql.exec(`alter table campaign_shippings drop column ${column}`);
    }
  },
  "0010_file_lists": (sql) => {
    sql.exec("drop table contact_list_checks");
    sql.exec("drop index contact_list_items_list_check_idx");
    sql.exec("alter table contact_list_items drop column whatsapp_check");
    sql.exec("alter table contact_list_items drop column whatsapp_checked_at");
    sql.exec("alter table queue_options drop column file_list_id");
    sql.exec("drop index file_lists_company_name_idx");
    sql.exec("drop index file_list_options_list_position_idx");
    for (const column of ["description", "position", "size", "file_name"]) sql.exec(`alter table file_list_options drop column ${column}`);
  },
};

describe("a company's own database", () => {
  it("is created by the company's first request, with its copy of the company", async () => {
    const company = await createCompany({ name: `Primeira ${Date.now()}` });
    const copy = await inTenant(company.id, (db) => db.select().from(companies).all());
    expect(copy).toEqual([expect.objectContaining({ id: company.id, name: company.name, planId: company.planId })]);
  });

  it("numbers each company's rows in its own id range, so an id names one company's row", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const ticketOf = async (companyId: number) => createTicketRow(companyId, { contactId: (await createContact(companyId)).id });
    const [ta, tb] = [await ticketOf(a.company.id), await ticketOf(b.company.id)];
    expect(ta.id).toBeGreaterThan((a.company.id - 1) * ID_RANGE);
    expect(ta.id).toBeLessThanOrEqual(a.company.id * ID_RANGE);
    expect(tb.id).toBeGreaterThan((b.company.id - 1) * ID_RANGE);
    // Another company's ticket id is not a row of this company: 404, nothing of it shown.
    const res = await call("GET", `/api/tickets/${tb.id}`, { token: a.admin.token });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain(tb.uuid);
  });

  it("takes in the rows the control database holds for it (a deployment's first admin), once", async () => {
    const company = await createCompany();
    const email = `primeiro-${Date.now()}@test.dev`;
    const now = Date.now();
    const userRow = {
      id: (company.id - 1) * ID_RANGE + 1,
      company_id: company.id,
      name: "Primeiro",
      email,
      password_hash: await hashPassword(PASSWORD),
      profile: "admin",
      super: 0,
      all_ticket: "enabled",
      online: 0,
      created_at: now,
      updated_at: now,
    };
    await control.insert(pendingTenantRows).values({ companyId: company.id, tableName: "users", row: userRow });
    await control.insert(loginEmails).values({ email, companyId: company.id, userId: userRow.id });

    const token = await loginAs(email);
    expect((await call("GET", "/api/auth/me", { token })).json).toMatchObject({ email, profile: "admin" });
    expect(await control.select().from(pendingTenantRows).where(eq(pendingTenantRows.companyId, company.id))).toEqual([]);
    expect(await inTenant(company.id, (db) => db.select({ id: users.id }).from(users).all())).toEqual([{ id: userRow.id }]);
  });

  it("brings an older schema up to date with the migrations the hub runs when it wakes", async () => {
    const { company, admin } = await companyWithTeam();
    const stub = hubFor((await import("../testing/fixtures")).testEnv, company.id);
    const later = migrations.journal.entries.slice(1).map((e) => e.tag);
    // Every migration after the first must be undoable here, so that this test starts from the first schema.
    expect(later.filter((tag) => !(tag in UNDO))).toEqual([]);
    await runInDurableObject(stub, async (_hub, state) => {
      // The schema as the first migration left it: each later one undone, newest first, and unrecorded.
      for (const tag of [...later].reverse()) UNDO[tag]!(state.storage.sql);
      state.storage.sql.exec("delete from __drizzle_migrations where created_at > (select min(created_at) from __drizzle_migrations)");
      await migrateTenantDb(createTenantDb(state.storage), migrations);
      const tables = state.storage.sql.exec<{ name: string }>("select name from sqlite_master where name in ('messages_fts', 'contacts_fts')").toArray();
      expect(tables.map((t) => t.name).sort()).toEqual(["contacts_fts", "messages_fts"]);
      const ticketColumns = state.storage.sql.exec<{ name: string }>("select name from pragma_table_info('tickets')").toArray();
      expect(ticketColumns.map((c) => c.name)).toContain("kanban_lane_at");
      const triggers = state.storage.sql.exec<{ name: string }>("select name from sqlite_master where type = 'trigger' and name like 'service_periods_%'").toArray();
      expect(triggers.length).toBeGreaterThan(0);
    });
    const contact = await createContact(company.id, { name: "Zuleica Fonseca" });
    const found = await call("GET", `/api/contacts?searchParam=Zuleica`, { token: admin.token });
    expect(found.json.contacts.map((c: { id: number }) => c.id)).toContain(contact.id);
  });

  it("moves opt-outs by number to the contacts' consent (0027), keeping numbers without a contact only as hashes", async () => {
    const { company } = await companyWithTeam();
    const stopped = await createContact(company.id, { number: "5511911110001" });
    const blocked = await createContact(company.id, { number: "5511911110002" });
    const stub = hubFor((await import("../testing/fixtures")).testEnv, company.id);
    const alreadyHashed = optOutKey("5511911110004");
    await runInDurableObject(stub, async (_hub, state) => {
      const sql = state.storage.sql;
      // The schema as it was before 0027: it and every later migration undone, newest first, and unrecorded.
      const entries = migrations.journal.entries;
      const from = entries.findIndex((e) => e.tag === "0027_marketing_consent");
      for (const entry of entries.slice(from).reverse()) UNDO[entry.tag]!(sql);
      sql.exec("delete from __drizzle_migrations where created_at >= ?", entries[from]!.when);
      const at = Date.UTC(2026, 10, 1);
      for (const [number, word] of [["5511911110001", "sair"], ["5511911110002", "131050"], ["5511911110003", "parar"], [alreadyHashed, "sair"]]) {
        sql.exec("insert into campaign_opt_outs (company_id, number, word, created_at) values (?, ?, ?, ?)", company.id, number, word, at);
      }
      const db = createTenantDb(state.storage);
      await migrateTenantDb(db, migrations);
      hashPlainOptOuts(db);
    });
    const consent = await inTenant(company.id, (db) =>
      db.select({ id: contacts.id, state: contacts.marketingConsent, how: contacts.marketingConsentHow }).from(contacts).where(inArray(contacts.id, [stopped.id, blocked.id])).orderBy(contacts.id).all(),
    );
    expect(consent).toEqual([
      { id: stopped.id, state: "revoked", how: "stopWord" },
      { id: blocked.id, state: "revoked", how: "cloud131050" },
    ]);
    const history = await inTenant(company.id, (db) => db.select().from(contactConsentChanges).orderBy(contactConsentChanges.contactId).all());
    expect(history).toEqual([
      expect.objectContaining({ contactId: stopped.id, state: "revoked", how: "stopWord", detail: "sair" }),
      expect.objectContaining({ contactId: blocked.id, state: "revoked", how: "cloud131050", detail: "" }),
    ]);
    // The history's ids are in the company's range.
    expect(history[0]!.id).toBeGreaterThan((company.id - 1) * ID_RANGE);
    const kept = await inTenant(company.id, (db) => db.select({ number: campaignOptOuts.number, word: campaignOptOuts.word }).from(campaignOptOuts).all());
    expect(kept.sort((a, b) => a.number.localeCompare(b.number))).toEqual(
      [{ number: optOutKey("5511911110003"), word: "parar" }, { number: alreadyHashed, word: "sair" }].sort((a, b) => a.number.localeCompare(b.number)),
    );
    const blockedNumbers = await inTenant(company.id, (db) => ["5511911110001", "5511911110002", "5511911110003", "5511911110004", "5511911110005"].map((n) => marketingBlocked(db, company.id, n)));
    expect(blockedNumbers).toEqual([true, true, true, true, false]);
  });

  it("writes all of a batch or none of it", async () => {
    const { company } = await companyWithTeam();
    const contact = await createContact(company.id);
    const uuid = crypto.randomUUID();
    await expect(
      inTenant(company.id, (db) =>
        db.batch([
          db.insert(tickets).values({ companyId: company.id, contactId: contact.id, status: "pending" }),
          db.insert(tickets).values({ companyId: company.id, contactId: contact.id, status: "closed", uuid }),
          // The third row repeats the second one's uuid: the unique index refuses it, after two rows were written.
          db.insert(tickets).values({ companyId: company.id, contactId: contact.id, status: "closed", uuid }),
        ]),
      ),
    ).rejects.toThrow(/UNIQUE/);
    const rows = await inTenant(company.id, (db) => db.select({ id: tickets.id }).from(tickets).where(eq(tickets.contactId, contact.id)).all());
    expect(rows).toEqual([]);
  });
});
