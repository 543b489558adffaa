import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, contactConsentChanges, contacts } from "../../db/tenant";
import { call, companyWithTeam, inTenant } from "../../testing/fixtures";
import { createContact } from "../../testing/inbox";

const consentOf = (companyId: number, id: number) =>
  inTenant(companyId, (db) => db.select({ state: contacts.marketingConsent, how: contacts.marketingConsentHow, by: contacts.marketingConsentBy }).from(contacts).where(eq(contacts.id, id)).get());
const historyOf = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(contactConsentChanges).where(eq(contactConsentChanges.contactId, id)).all());

describe("PUT /api/contacts/:id/consent", () => {
  it("records an agent's revocation with how, who and a history row, and audits it", async () => {
    const { company, agent } = await companyWithTeam();
    const contact = await createContact(company.id);
    const res = await call("PUT", `/api/contacts/${contact.id}/consent`, { token: agent.token, body: { state: "revoked" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: contact.id, marketingConsent: "revoked", marketingConsentHow: "agent" });
    expect(await consentOf(company.id, contact.id)).toEqual({ state: "revoked", how: "agent", by: agent.id });
    expect(await historyOf(company.id, contact.id)).toEqual([expect.objectContaining({ state: "revoked", how: "agent", userId: agent.id })]);
    const audit = await inTenant(company.id, (db) => db.select().from(auditLog).where(eq(auditLog.action, "contact.consentChanged")).all());
    expect(audit).toEqual([expect.objectContaining({ targetId: String(contact.id), actorId: agent.id, outcome: "ok" })]);
    const read = await call("GET", `/api/contacts/${contact.id}/consent`, { token: agent.token });
    expect(read.json).toMatchObject({ state: "revoked", how: "agent", history: [expect.objectContaining({ state: "revoked", how: "agent" })] });
    // The same state again changes nothing.
    await call("PUT", `/api/contacts/${contact.id}/consent`, { token: agent.token, body: { state: "revoked" } });
    expect(await historyOf(company.id, contact.id)).toHaveLength(1);
  });

  it("answers 404 for another company's contact and 400 for a bad state, changing nothing", async () => {
    const a = await companyWithTeam();
    const b = await companyWithTeam();
    const theirs = await createContact(b.company.id);
    expect((await call("PUT", `/api/contacts/${theirs.id}/consent`, { token: a.admin.token, body: { state: "revoked" } })).status).toBe(404);
    expect((await call("GET", `/api/contacts/${theirs.id}/consent`, { token: a.admin.token })).status).toBe(404);
    const mine = await createContact(a.company.id);
    const bad = await call("PUT", `/api/contacts/${mine.id}/consent`, { token: a.admin.token, body: { state: "maybe" } });
    expect(bad.status).toBe(400);
    expect((await consentOf(b.company.id, theirs.id))!.state).toBe("unknown");
    expect((await consentOf(a.company.id, mine.id))!.state).toBe("unknown");
  });

  it("filters the contacts page by consent", async () => {
    const { company, admin } = await companyWithTeam();
    const granted = await createContact(company.id);
    await createContact(company.id);
    await call("PUT", `/api/contacts/${granted.id}/consent`, { token: admin.token, body: { state: "granted" } });
    const res = await call("GET", "/api/contacts?consent=granted", { token: admin.token });
    expect(res.json.contacts.map((c: { id: number }) => c.id)).toEqual([granted.id]);
  });
});

describe("POST /api/contacts/import with a consent column", () => {
  it("records yes and no as imported; a yes does not re-grant a contact who revoked", async () => {
    const { company, admin } = await companyWithTeam();
    const revoked = await createContact(company.id, { number: "5511988887777" });
    await call("PUT", `/api/contacts/${revoked.id}/consent`, { token: admin.token, body: { state: "revoked" } });
    const res = await call("POST", "/api/contacts/import", {
      token: admin.token,
      body: {
        rows: [
          { name: "Sim Silva", number: "5511977776666", consent: "Sim" },
          { name: "Nao Souza", number: "5511966665555", consent: "não" },
          { name: "Revogado", number: "5511988887777", consent: "sim" },
        ],
      },
    });
    expect(res.status).toBe(200);
    const rows = await inTenant(company.id, (db) => db.select({ number: contacts.number, state: contacts.marketingConsent, how: contacts.marketingConsentHow }).from(contacts).all());
    expect(rows).toEqual(
      expect.arrayContaining([
        { number: "5511977776666", state: "granted", how: "imported" },
        { number: "5511966665555", state: "revoked", how: "imported" },
        { number: "5511988887777", state: "revoked", how: "agent" },
      ]),
    );
  });
});
