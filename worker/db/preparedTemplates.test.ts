import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketsQuery } from "../domain/tickets/presentTicket";
import { companyWithTeam, inTenant } from "../testing/fixtures";
import { createConnection, createContact, createTicketRow } from "../testing/inbox";
import { tickets } from "./tenant";
import { templateFamily } from "./preparedTemplates";

async function ticketsOfNewCompany(n: number) {
  const { company } = await companyWithTeam();
  const conn = await createConnection(company.id);
  const made = [];
  for (let i = 0; i < n; i++) {
    const contact = await createContact(company.id, { name: `Cliente ${company.id}.${i}` });
    made.push(await createTicketRow(company.id, { contactId: contact.id, whatsappId: conn.id }));
  }
  return made;
}

const byId = (t: { companyId: number; id: number }) => and(eq(tickets.companyId, t.companyId), eq(tickets.id, t.id));

describe("prepared query templates", () => {
  it("binds each call's own values to the template its shape shares, awaited alone or in a batch", async () => {
    const [a, b] = await ticketsOfNewCompany(2);
    const [other] = await ticketsOfNewCompany(1);
    await inTenant(a!.companyId, async (db) => {
      expect((await ticketsQuery(db, byId(a!))).map((t) => [t.id, t.contact.name])).toEqual([[a!.id, `Cliente ${a!.companyId}.0`]]);
      expect((await ticketsQuery(db, byId(b!))).map((t) => [t.id, t.contact.name])).toEqual([[b!.id, `Cliente ${b!.companyId}.1`]]);
      // The same shape with another company's ids finds nothing: the values are bound, not the first call's.
      expect(await ticketsQuery(db, byId(other!))).toEqual([]);
      expect(await ticketsQuery(db, and(eq(tickets.companyId, other!.companyId), eq(tickets.id, a!.id)))).toEqual([]);

      const [first, second, plain] = await db.batch([
        ticketsQuery(db, byId(b!), { limit: 1 }),
        ticketsQuery(db, byId(a!), { limit: 1 }),
        db.select({ id: tickets.id }).from(tickets).where(byId(a!)),
      ]);
      expect([first.map((t) => t.id), second.map((t) => t.id), plain.map((t) => t.id)]).toEqual([[b!.id], [a!.id], [a!.id]]);
    });
  });

  it("keeps each hub's templates on its own database", async () => {
    const [a] = await ticketsOfNewCompany(1);
    const [b] = await ticketsOfNewCompany(1);
    // Same shape in two hubs (one isolate in tests): each answers from its own SQLite.
    expect(await inTenant(a!.companyId, async (db) => (await ticketsQuery(db, byId(a!))).map((t) => t.id))).toEqual([a!.id]);
    expect(await inTenant(b!.companyId, async (db) => (await ticketsQuery(db, byId(b!))).map((t) => t.id))).toEqual([b!.id]);
    expect(await inTenant(b!.companyId, async (db) => ticketsQuery(db, byId(a!)))).toEqual([]);
  });

  it("refuses a condition whose text holds a literal '?', which would shift the values", async () => {
    const [a] = await ticketsOfNewCompany(1);
    const family = templateFamily<unknown[]>((client, where) => client.select({ id: tickets.id }).from(tickets).where(where));
    await inTenant(a!.companyId, (db) => {
      expect(() => family(db, sql`${tickets.uuid} = '?' and ${tickets.id} = ${1}`)).toThrow(/literal '\?'/);
    });
  });
});
