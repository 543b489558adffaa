import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listPublicTicketsQuery } from "../../contracts/publicApi/tickets";
import { encodeCursor } from "../../contracts/publicApi/paging";
import { companyWithTeam, inTenant } from "../../testing/fixtures";
import { ticketPageKeysQuery } from "./listTicketsPage";

describe("the public API's ticket pages", () => {
  it("walk an index from the cursor on, never the whole table nor a sort of it", async () => {
    const { company } = await companyWithTeam();
    const cursor = encodeCursor([Date.UTC(2026, 10, 29), 9_000_000_001]);
    const queries = [
      {},
      { cursor, updatedSince: "2026-11-28T00:00:00Z" },
      { cursor, status: "closed", queueId: "9000000002", userId: "9000000003" },
      { cursor, contactId: "9000000004" },
    ];
    await inTenant(company.id, async (db) => {
      for (const query of queries) {
        const { sql: text, params } = ticketPageKeysQuery(db, company.id, listPublicTicketsQuery.parse(query)).toSQL();
        const plan = await db.all<{ detail: string }>(sql.raw(`explain query plan ${text.replace(/\?/g, () => JSON.stringify(params.shift()))}`));
        const steps = plan.map((row) => row.detail).join("; ");
        expect(steps, JSON.stringify(query)).toMatch(/^SEARCH tickets USING INDEX tickets_company_(changed_idx|contact_whatsapp_status_idx)/);
        if (!("contactId" in query)) expect(steps, JSON.stringify(query)).not.toMatch(/TEMP B-TREE/);
      }
    });
  });
});
