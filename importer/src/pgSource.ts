// Reading a Whaticket SaaS / ticketz PostgreSQL: the catalogue, the companies and plans, and every table in keyset
// pages of one company (`where key > last order by key limit n`), never a whole table in memory.
import pg from "pg";
import { ContactMerger } from "./normalize";
import type { Catalogue, Detection } from "./detect";
import type { LegacyMessage, Row, TableSpec } from "./legacyTables";

export const PAGE_ROWS = 2000;

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export class PgSource {
  private constructor(readonly client: pg.Client) {}

  static async open(url: string): Promise<PgSource> {
    const client = new pg.Client({ connectionString: url, application_name: "zapdesk-importer" });
    await client.connect();
    // The importer never writes to the old database: it only reads, and numbers messages in a temporary table.
    return new PgSource(client);
  }

  async close() {
    await this.client.end();
  }

  async catalogue(): Promise<Catalogue> {
    const { rows } = await this.client.query<{ table_name: string; column_name: string; data_type: string }>(
      "select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position",
    );
    const catalogue: Catalogue = new Map();
    for (const r of rows) {
      let table = catalogue.get(r.table_name);
      if (!table) catalogue.set(r.table_name, (table = new Map()));
      table.set(r.column_name, r.data_type);
    }
    return catalogue;
  }

  /** A fingerprint of the installation: its migrations and its oldest company, stable across runs. */
  async fingerprint(catalogue: Catalogue): Promise<string> {
    const parts: string[] = [];
    if (catalogue.has("SequelizeMeta")) {
      const { rows } = await this.client.query<{ name: string }>('select name from "SequelizeMeta" order by name limit 1');
      parts.push(rows[0]?.name ?? "");
    }
    const { rows } = await this.client.query('select id, "createdAt" from "Companies" order by id limit 1');
    parts.push(String(rows[0]?.id ?? ""), rows[0]?.createdAt ? new Date(rows[0].createdAt).toISOString() : "");
    return parts.join("|");
  }

  async companies(only?: number): Promise<Row[]> {
    const { rows } = only
      ? await this.client.query('select * from "Companies" where id = $1', [only])
      : await this.client.query('select * from "Companies" order by id');
    return rows;
  }

  async plan(id: unknown): Promise<Row | null> {
    if (id == null) return null;
    const { rows } = await this.client.query('select * from "Plans" where id = $1', [id]);
    return rows[0] ?? null;
  }

  /** Counts of a table's rows for the company (the progress bar's total). */
  async count(spec: TableSpec, catalogue: Catalogue, companyId: number): Promise<number> {
    const { from, where } = scopeSql(spec, catalogue);
    const { rows } = await this.client.query(`select count(*)::int as n from ${from} where ${where}`, [companyId]);
    return rows[0].n;
  }

  /** The contacts of a company, folded into one per person (numbers normalised, LID duplicates). */
  async merger(catalogue: Catalogue, companyId: number): Promise<ContactMerger> {
    const merger = new ContactMerger();
    if (catalogue.get("WhatsappLidMaps")?.has("contactId")) {
      const hasCompany = catalogue.get("WhatsappLidMaps")!.has("companyId");
      const { rows } = await this.client.query(
        `select l.lid, l."contactId" from "WhatsappLidMaps" l join "Contacts" c on c.id = l."contactId" where c."companyId" = $1 ${hasCompany ? 'and l."companyId" = $1' : ""} order by l.id`,
        [companyId],
      );
      for (const r of rows) if (r.lid) merger.addLidMap(String(r.lid), r.contactId);
    }
    const contacts = catalogue.get("Contacts")!;
    const lid = contacts.has("lid") ? ", lid" : "";
    const isGroup = contacts.has("isGroup") ? ', "isGroup"' : ", false as \"isGroup\"";
    let last = 0;
    for (;;) {
      const { rows } = await this.client.query(
        `select id, number${isGroup}${lid} from "Contacts" where "companyId" = $1 and id > $2 order by id limit ${PAGE_ROWS * 5}`,
        [companyId, last],
      );
      for (const r of rows) merger.add({ id: r.id, number: String(r.number ?? ""), isGroup: !!r.isGroup, lid: r.lid ?? null });
      if (rows.length < PAGE_ROWS * 5) break;
      last = rows[rows.length - 1].id;
    }
    merger.finish();
    return merger;
  }

  /** One page of a table after `after` (the keyset position, null from the start). */
  async page(spec: TableSpec, catalogue: Catalogue, companyId: number, after: unknown[] | null, limit = PAGE_ROWS): Promise<Row[]> {
    const { from, where, selects } = scopeSql(spec, catalogue);
    const params: unknown[] = [companyId];
    let keyset = "";
    if (after) {
      const placeholders = after.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      keyset = ` and (${spec.keys.map((k) => `t.${q(k)}`).join(", ")}) > (${placeholders.join(", ")})`;
    }
    const sql = `select ${selects.join(", ")} from ${from} where ${where}${keyset} order by ${spec.keys.map((k) => `t.${q(k)}`).join(", ")} limit ${limit}`;
    const { rows } = await this.client.query(sql, params);
    return rows;
  }

  /**
   * Numbers the company's messages once per run in a temporary table: the tenant id of a message is its place in
   * (createdAt, id, ticketId) order (legacy ids are WhatsApp ids, text), or its serial id where a fork made it one.
   * Messages written later sort after, so a resumed run numbers the earlier ones the same way.
   */
  async prepareMessages(detection: Detection, companyId: number): Promise<string> {
    const table = `zd_messages_${companyId}`;
    const n = detection.messageIdIsText ? 'row_number() over (order by "createdAt", id, "ticketId")' : "id::bigint";
    await this.client.query(`drop table if exists ${table}`);
    await this.client.query(
      `create temporary table ${table} as select id, "ticketId", ${n} as n, row_number() over (partition by id order by "ticketId") as dup from "Messages" where "companyId" = $1`,
      [companyId],
    );
    await this.client.query(`create index on ${table} (n)`);
    await this.client.query(`create index on ${table} (id)`);
    await this.client.query(`analyze ${table}`);
    return table;
  }

  async countMessages(table: string): Promise<number> {
    const { rows } = await this.client.query(`select count(*)::int as n from ${table}`);
    return rows[0].n;
  }

  async messagePage(table: string, catalogue: Catalogue, companyId: number, after: number, limit = PAGE_ROWS): Promise<LegacyMessage[]> {
    // The page's numbers are taken first (materialized): left to itself the planner misjudges the join, merges every
    // message after the position and sorts them all, so each page cost more than the last (2.4 s per page at the
    // middle of 1,000,000 messages, against 0.05 s this way).
    const { rows } = await this.client.query(
      `with z as materialized (select id, "ticketId", n, dup from ${table} where n > $2 order by n limit ${limit})
       select m.*, z.n::bigint::float8 as "_n", z.dup::int as "_dup", (tk.id is not null) as "_ticketOk",
        (select qz.n::float8 from ${table} qz where qz.id = m."quotedMsgId" order by (qz."ticketId" = m."ticketId") desc limit 1) as "_quoted"
       from z join "Messages" m on m.id = z.id and m."ticketId" = z."ticketId"
       left join "Tickets" tk on tk.id = m."ticketId" and tk."companyId" = $1
       order by z.n`,
      [companyId, after],
    );
    if (rows.length && catalogue.get("OldMessages")?.has("messageId")) {
      const ids = [...new Set(rows.map((r) => r.id))];
      const old = await this.client.query(
        'select "messageId", body, "createdAt" from "OldMessages" where "messageId" = any($1) order by "createdAt", id',
        [ids],
      );
      const byId = new Map<string, { body: string; at: number }[]>();
      for (const o of old.rows) {
        const list = byId.get(String(o.messageId)) ?? [];
        list.push({ body: String(o.body ?? ""), at: new Date(o.createdAt).getTime() });
        byId.set(String(o.messageId), list);
      }
      for (const r of rows) {
        const edits = byId.get(String(r.id));
        if (edits) r._edits = edits;
      }
    }
    return rows as LegacyMessage[];
  }

  /** A connection's Baileys credentials (Whatsapps.session, `{ creds, keys }` JSON), or null. */
  /** Whatsapps.session: Baileys' `{ creds, keys }` (BufferJSON text), parsed; null when empty or not JSON. */
  async session(whatsappId: number): Promise<{ creds?: unknown; keys?: Record<string, Record<string, unknown>> } | null> {
    const { rows } = await this.client.query('select session from "Whatsapps" where id = $1', [whatsappId]);
    const session = rows[0]?.session;
    if (!session) return null;
    try {
      const parsed = JSON.parse(session);
      return parsed && typeof parsed === "object" ? parsed : null;
    } catch {
      return null;
    }
  }
}

/** The FROM and WHERE of a table scoped to one company ($1), with the reference checks as `_ok_<column>` flags. */
export function scopeSql(spec: TableSpec, catalogue: Catalogue) {
  const columns = catalogue.get(spec.source)!;
  let from = `${q(spec.source)} t`;
  let where: string;
  if ("column" in spec.scope) where = `t.${q(spec.scope.column)} = $1`;
  else {
    from += ` join ${q(spec.scope.parent)} p on p.id = t.${q(spec.scope.via)}`;
    where = `p."companyId" = $1`;
  }
  const selects = ["t.*"];
  (spec.refs ?? []).forEach((ref, i) => {
    const target = catalogue.get(ref.table);
    if (!columns.has(ref.column) || !target) return;
    const alias = `r${i}`;
    const sameCompany = target.has("companyId") ? ` and ${alias}."companyId" = $1` : "";
    from += ` left join ${q(ref.table)} ${alias} on ${alias}.id = t.${q(ref.column)}${sameCompany}`;
    selects.push(`(t.${q(ref.column)} is null or ${alias}.id is not null) as ${q(`_ok_${ref.column}`)}`);
  });
  return { from, where, selects };
}
