import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketsQuery } from "../domain/tickets/presentTicket";
import { companyWithTeam, db } from "../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../testing/inbox";
import { tickets } from "./schema";
import { templateFamily } from "./preparedTemplates";

async function ticketOfNewCompany() {
  const { company } = await companyWithTeam();
  const conn = await createConnection(company.id);
  const contact = await createContact(company.id, { name: `Cliente ${company.id}` });
  return createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id });
}

describe("prepared query templates", () => {
  it("binds each call's own values to the template its shape shares, awaited alone or in a batch", async () => {
    const a = await ticketOfNewCompany();
    const b = await ticketOfNewCompany();
    const byId = (t: { companyId: number; id: number }) => and(eq(tickets.companyId, t.companyId), eq(tickets.id, t.id));

    expect((await ticketsQuery(db, byId(a))).map((t) => [t.id, t.contact.name])).toEqual([[a.id, `Cliente ${a.companyId}`]]);
    expect((await ticketsQuery(db, byId(b))).map((t) => [t.id, t.contact.name])).toEqual([[b.id, `Cliente ${b.companyId}`]]);
    // The same shape with another company's id finds nothing: the values are bound, not the first call's.
    expect(await ticketsQuery(db, and(eq(tickets.companyId, a.companyId), eq(tickets.id, b.id)))).toEqual([]);

    const [first, second, plain] = await db.batch([
      ticketsQuery(db, byId(b), { limit: 1 }),
      ticketsQuery(db, byId(a), { limit: 1 }),
      db.select({ id: tickets.id }).from(tickets).where(byId(a)),
    ]);
    expect([first.map((t) => t.id), second.map((t) => t.id), plain.map((t) => t.id)]).toEqual([[b.id], [a.id], [a.id]]);
  });

  it("refuses a condition whose text holds a literal '?', which would shift the values", () => {
    const family = templateFamily<unknown[]>((client, where) => client.select({ id: tickets.id }).from(tickets).where(where));
    expect(() => family(db, sql`${tickets.uuid} = '?' and ${tickets.id} = ${1}`)).toThrow(/literal '\?'/);
  });
});
