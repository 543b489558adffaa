import { asc, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listPublicTicketsQuery } from "../../contracts/publicApi/tickets";
import { encodeCursor } from "../../contracts/publicApi/paging";
import { messages } from "../../db/tenant";
import { companyWithTeam, inTenant } from "../../testing/fixtures";
import { planOf } from "../../testing/queryPlan";
import { ticketMessagesPageWhere } from "./listTicketMessagesPage";
import { ticketPageKeysQuery } from "./listTicketsPage";


describe("the public API's pages", () => {
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
        const steps = await planOf(db, ticketPageKeysQuery(db, company.id, listPublicTicketsQuery.parse(query)).toSQL());
        expect(steps, JSON.stringify(query)).toMatch(/^SEARCH tickets USING INDEX tickets_company_(changed_idx|contact_whatsapp_status_idx)/);
        if (!("contactId" in query)) expect(steps, JSON.stringify(query)).not.toMatch(/TEMP B-TREE/);
      }
    });
  });

  it("walk a ticket's messages by the ticket's index, not the company's", async () => {
    const { company } = await companyWithTeam();
    await inTenant(company.id, async (db) => {
      for (const cursor of [undefined, [Date.UTC(2026, 10, 29), 9_000_000_001] as [number, number]]) {
        const where: SQL = ticketMessagesPageWhere(company.id, 9_000_000_002, cursor);
        const page = db.select({ id: messages.id }).from(messages).where(where).orderBy(asc(messages.createdAt), asc(messages.id)).limit(51);
        expect(await planOf(db, page.toSQL())).toMatch(/^SEARCH messages USING (COVERING )?INDEX messages_ticket_created_idx \(ticket_id=\?( AND created_at>\?)?\)$/);
      }
    });
  });
});
