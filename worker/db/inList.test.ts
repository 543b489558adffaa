import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { control, createCompany, inTenant } from "../testing/fixtures";
import { createContact } from "../testing/inbox";
import { companies } from "./control";
import { inList } from "./inList";
import { contacts } from "./tenant";

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe("inList", () => {
  it("is needed: a company's database binds at most 100 parameters per statement, so inArray of 100 ids and the company fails", async () => {
    const company = await createCompany();
    await inTenant(company.id, (db) => {
      const where = (list: number[]) => and(eq(contacts.companyId, company.id), inArray(contacts.id, list));
      expect(db.select().from(contacts).where(where(ids(99))).all()).toEqual([]);
      expect(() => db.select().from(contacts).where(where(ids(100))).all()).toThrow(/too many SQL variables/);
    });
  });

  it("matches a list of any length with one parameter, in the company's database and in D1", async () => {
    const company = await createCompany();
    const contact = await createContact(company.id);
    const many = [...ids(20_000, contact.id - 10_000), contact.id];
    await inTenant(company.id, (db) => {
      const where = (list: readonly number[]) => and(eq(contacts.companyId, company.id), inList(contacts.id, list));
      expect(db.select({ id: contacts.id }).from(contacts).where(where(many)).all()).toEqual([{ id: contact.id }]);
      expect(db.select({ id: contacts.id }).from(contacts).where(where([])).all()).toEqual([]);
      // Texts too, compared as text.
      const byNumber = inList(contacts.number, [...ids(500).map(String), contact.number]);
      expect(db.select({ id: contacts.id }).from(contacts).where(byNumber).all()).toEqual([{ id: contact.id }]);
    });
    const found = await control.select({ id: companies.id }).from(companies).where(inList(companies.id, [...ids(1000, 10_000_000), company.id]));
    expect(found).toEqual([{ id: company.id }]);
  });
});
