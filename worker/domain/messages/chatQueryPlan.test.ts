import { count, desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../db/tenant";
import { companyWithTeam, inTenant } from "../../testing/fixtures";
import { planOf } from "../../testing/queryPlan";
import { ticketMessagesWhere } from "./listMessages";

describe("a chat's page of messages", () => {
  it("is read by the ticket's index, not by walking the company's messages", async () => {
    const { company } = await companyWithTeam();
    await inTenant(company.id, async (db) => {
      const where = ticketMessagesWhere(company.id, 9_000_000_002);
      const page = db.select({ id: messages.id }).from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(31);
      expect(await planOf(db, page.toSQL())).toMatch(/^SEARCH messages USING (COVERING )?INDEX messages_ticket_created_idx \(ticket_id=\?\)$/);
      expect(await planOf(db, db.select({ n: count() }).from(messages).where(where).toSQL())).toMatch(/USING (COVERING )?INDEX messages_ticket_created_idx/);
    });
  });
});
