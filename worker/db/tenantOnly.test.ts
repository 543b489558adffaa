import { describe, expect, it } from "vitest";
import { createCompany, inTenant } from "../testing/fixtures";
import { invoices, loginEmails } from "./control";
import { companies, users } from "./tenant";

describe("the hub's database (Db)", () => {
  it("refuses control tables at typecheck, which its SQLite does not have, and takes tenant tables and its company copy", async () => {
    const company = await createCompany();
    await inTenant(company.id, (db) => {
      // @ts-expect-error login_emails is a control table (D1): the hub's database does not accept it
      expect(() => db.select().from(loginEmails).all()).toThrow(/no such table: login_emails/);
      // @ts-expect-error invoices likewise, in a transaction's statements too
      expect(() => db.transaction((tx) => tx.delete(invoices).run())).toThrow(/no such table: invoices/);
      expect(db.select({ id: companies.id }).from(companies).all()).toEqual([{ id: company.id }]);
      expect(db.select({ id: users.id }).from(users).all()).toEqual([]);
    });
  });
});
