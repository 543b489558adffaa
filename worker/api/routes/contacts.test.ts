import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { contactCustomFields, contacts, tickets } from "../../db/tenant";
import { call, companyWithTeam, inTenant } from "../../testing/fixtures";
import { createContact, createTicketRow, inboxCompany } from "../../testing/inbox";
import { formWithFile, rawCall } from "../../testing/records";
import { useFakeHost } from "../../testing/fakeHost";
import { connect } from "../../testing/sockets";
import { buildXlsx, XLSX_TYPE } from "../../testing/xlsx";

type Team = Awaited<ReturnType<typeof companyWithTeam>>;
let teamA: Team;
let teamB: Team;
beforeAll(async () => {
  teamA = await companyWithTeam();
  teamB = await companyWithTeam();
});

let seq = 0;
/** A distinct valid Brazilian mobile per call: 55 11 9XXXX-XXXX. */
const mobile = () => `55119${String(70000000 + ++seq * 37).padStart(8, "0")}`;
const contactsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(contacts).where(eq(contacts.companyId, companyId)).all());
const contactCount = async (companyId: number) =>
  (await inTenant(companyId, (db) => db.select({ n: count() }).from(contacts).where(eq(contacts.companyId, companyId)).get()))!.n;

describe("GET /api/contacts", () => {
  it("lists the company's contacts by name with their extraInfo, 20 a page", async () => {
    const { company, agent } = await companyWithTeam();
    for (let i = 0; i < 21; i++) await createContact(company.id, { name: `Cliente ${String(i).padStart(2, "0")}` });
    const first = await createContact(company.id, { name: "Ana", email: "ana@mail.dev" });
    await inTenant(company.id, (db) => db.insert(contactCustomFields).values({ companyId: company.id, contactId: first.id, name: "CPF", value: "123" }).run());

    const page1 = await call("GET", "/api/contacts", { token: agent.token });
    expect(page1.status).toBe(200);
    expect(page1.json).toMatchObject({ count: 22, hasMore: true });
    expect(page1.json.contacts).toHaveLength(20);
    expect(page1.json.contacts[0]).toEqual({
      id: first.id,
      name: "Ana",
      number: first.number,
      email: "ana@mail.dev",
      profilePicUrl: "",
      active: true,
      isGroup: false,
      disableBot: false,
      presence: "available",
      lastInteractionAt: null,
      undeliverableAt: null,
      marketingConsent: "unknown",
      marketingConsentAt: null,
      marketingConsentHow: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      extraInfo: [{ id: expect.any(Number), name: "CPF", value: "123" }],
    });
    const page2 = await call("GET", "/api/contacts?pageNumber=2", { token: agent.token });
    expect(page2.json).toMatchObject({ count: 22, hasMore: false });
    expect(page2.json.contacts.map((c: { name: string }) => c.name)).toEqual(["Cliente 19", "Cliente 20"]);
  });

  it("searches names and emails by word prefix, accents aside", async () => {
    const { company, agent } = await companyWithTeam();
    await createContact(company.id, { name: "João Pereira" });
    await createContact(company.id, { name: "Maria", email: "maria.joana@empresa.dev" });
    await createContact(company.id, { name: "Pedro" });
    const res = await call("GET", `/api/contacts?searchParam=${encodeURIComponent("joa")}`, { token: agent.token });
    expect(res.json.contacts.map((c: { name: string }) => c.name)).toEqual(["João Pereira", "Maria"]);
    const none = await call("GET", "/api/contacts?searchParam=%22%29%28", { token: agent.token });
    expect(none.json).toEqual({ contacts: [], count: 0, hasMore: false });
  });

  it("matches a number by its leading digits, typed with or without 55 and punctuation", async () => {
    const { company, agent } = await companyWithTeam();
    await createContact(company.id, { name: "Alvo", number: "5511987650001" });
    await createContact(company.id, { name: "Outro", number: "5521987650001" });
    for (const typed of ["(11) 98765", "5511987", "+55 11 9876-5000", "11987650001"]) {
      const res = await call("GET", `/api/contacts?searchParam=${encodeURIComponent(typed)}`, { token: agent.token });
      expect(res.json.contacts.map((c: { name: string }) => c.name), typed).toEqual(["Alvo"]);
    }
    // A few digits from the end of a number are not its prefix.
    const tail = await call("GET", "/api/contacts?searchParam=0001", { token: agent.token });
    expect(tail.json.contacts).toEqual([]);
  });

  it("finds a number typed without its area code", async () => {
    const { company, agent } = await companyWithTeam();
    await createContact(company.id, { name: "Alvo", number: "5511988887777" });
    await createContact(company.id, { name: "Outro", number: "5511977776666" });
    const res = await call("GET", `/api/contacts?searchParam=${encodeURIComponent("98888-7777")}`, { token: agent.token });
    expect(res.json.contacts.map((c: { name: string }) => c.name)).toEqual(["Alvo"]);
    const other = await companyWithTeam();
    const foreign = await call("GET", "/api/contacts?searchParam=988887777", { token: other.agent.token });
    expect(foreign.json.contacts).toEqual([]);
  });

  it("filters by the day of last interaction in the company's time zone", async () => {
    const { company, agent } = await companyWithTeam();
    // 23:00 on 9 March in São Paulo (UTC-3) is already 10 March in UTC.
    await createContact(company.id, { name: "Noite", lastInteractionAt: new Date("2026-03-10T02:00:00Z") });
    await createContact(company.id, { name: "Dia 11", lastInteractionAt: new Date("2026-03-11T15:00:00Z") });
    await createContact(company.id, { name: "Nunca" });
    const names = async (q: string) =>
      (await call("GET", `/api/contacts?${q}`, { token: agent.token })).json.contacts.map((c: { name: string }) => c.name);
    expect(await names("date=2026-03-09")).toEqual(["Noite"]);
    expect(await names("date=2026-03-10")).toEqual([]);
    expect(await names("dateStart=2026-03-10")).toEqual(["Dia 11"]);
    expect(await names("dateStart=2026-03-09&dateEnd=2026-03-11")).toEqual(["Dia 11", "Noite"]);
    expect(await names("dateEnd=2026-03-09")).toEqual(["Noite"]);
  });

  it("never shows another company's contacts", async () => {
    const mine = await createContact(teamA.company.id, { name: "Somente A" });
    const res = await call("GET", "/api/contacts?searchParam=Somente", { token: teamB.admin.token });
    expect(res.status).toBe(200);
    expect(res.json.contacts.map((c: { id: number }) => c.id)).not.toContain(mine.id);
  });

  it("names invalid parameters with 400", async () => {
    const res = await call("GET", "/api/contacts?pageNumber=abc&date=10/03/2026", { token: teamA.agent.token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual(["date", "pageNumber"]);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/contacts")).status).toBe(401);
  });
});

describe("GET /api/contacts/list", () => {
  it("gives pickers id, name and number of at most 50 contacts, searchable", async () => {
    const { company, agent } = await companyWithTeam();
    for (let i = 0; i < 52; i++) await createContact(company.id, { name: `Pessoa ${String(i).padStart(2, "0")}` });
    await createContact(company.id, { name: "Zélia", number: "5511912340000" });
    const all = await call("GET", "/api/contacts/list", { token: agent.token });
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(50);
    expect(all.json[0]).toEqual({ id: expect.any(Number), name: "Pessoa 00", number: expect.any(String), isGroup: false });
    const found = await call("GET", "/api/contacts/list?searchParam=zel", { token: agent.token });
    expect(found.json).toEqual([{ id: expect.any(Number), name: "Zélia", number: "5511912340000", isGroup: false }]);
  });

  it("never lists another company's contacts", async () => {
    await createContact(teamA.company.id, { name: "Exclusivo de A" });
    const res = await call("GET", "/api/contacts/list?searchParam=Exclusivo", { token: teamB.agent.token });
    expect(res.json).toEqual([]);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/contacts/list")).status).toBe(401);
  });
});

describe("GET /api/contacts/:id", () => {
  it("shows a contact of the company with its extraInfo", async () => {
    const contact = await createContact(teamA.company.id, { name: "Detalhe" });
    await inTenant(contact.companyId, (db) => db.insert(contactCustomFields).values({ companyId: teamA.company.id, contactId: contact.id, name: "Plano", value: "Ouro" }).run());
    const res = await call("GET", `/api/contacts/${contact.id}`, { token: teamA.agent.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: contact.id, name: "Detalhe", extraInfo: [{ name: "Plano", value: "Ouro" }] });
  });

  it("says how many tickets the contact has (deleting it deletes them), and that it has no ratings yet", async () => {
    const contact = await createContact(teamA.company.id, { name: "Com tickets" });
    await createTicketRow(teamA.company.id, { contactId: contact.id, status: "closed" });
    await createTicketRow(teamA.company.id, { contactId: contact.id, status: "closed" });
    await createTicketRow(teamA.company.id, { contactId: contact.id });
    const other = await createContact(teamA.company.id);
    await createTicketRow(teamA.company.id, { contactId: other.id });
    const res = await call("GET", `/api/contacts/${contact.id}`, { token: teamA.admin.token });
    expect(res.json).toMatchObject({ id: contact.id, ticketCount: 3, ratings: { count: 0, average: null, last: null } });
    expect((await call("GET", `/api/contacts/${other.id}`, { token: teamA.admin.token })).json.ticketCount).toBe(1);
  });

  it("answers 404 for another company's contact, revealing nothing", async () => {
    const contact = await createContact(teamA.company.id);
    const res = await call("GET", `/api/contacts/${contact.id}`, { token: teamB.admin.token });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: "ERR_NO_CONTACT_FOUND", message: expect.any(String) });
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/contacts/1")).status).toBe(401);
  });
});

describe("POST /api/contacts", () => {
  it("adds a contact with its number in international digits and its extraInfo", async () => {
    const { company, agent } = await companyWithTeam();
    const res = await call("POST", "/api/contacts", {
      token: agent.token,
      body: { name: "  Carla Dias ", number: "(11) 99999-8888", email: "Carla@Mail.dev", disableBot: true, extraInfo: [{ name: "CPF", value: "1" }, { name: "Cidade", value: "SP" }] },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Carla Dias",
      number: "5511999998888",
      email: "carla@mail.dev",
      disableBot: true,
      isGroup: false,
      extraInfo: [{ name: "CPF", value: "1" }, { name: "Cidade", value: "SP" }],
    });
    const rows = await contactsOf(company.id);
    expect(rows).toHaveLength(1);
  });

  it("accepts an empty email and defaults the rest", async () => {
    const res = await call("POST", "/api/contacts", { token: teamA.agent.token, body: { name: "Sem Email", number: `+${mobile()}`, email: "" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: "", disableBot: false, extraInfo: [] });
  });

  it("refuses a number the company already has, however it is typed, with 409 naming the contact", async () => {
    const { company, agent } = await companyWithTeam();
    const existing = await createContact(company.id, { number: "5511988887777" });
    const res = await call("POST", "/api/contacts", { token: agent.token, body: { name: "Repetido", number: "+55 (11) 98888-7777" } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", contactId: existing.id });
    expect(await contactCount(company.id)).toBe(1);
  });

  it("lets two companies have the same number", async () => {
    const number = mobile();
    await createContact(teamA.company.id, { number });
    const res = await call("POST", "/api/contacts", { token: teamB.agent.token, body: { name: "Mesmo número", number } });
    expect(res.status).toBe(201);
  });

  it("names the invalid fields with the form's messages and writes nothing", async () => {
    const { company, agent } = await companyWithTeam();
    const short = await call("POST", "/api/contacts", { token: agent.token, body: { name: "A", number: "1234", email: "nope" } });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ name: "Too Short!", number: "Too Short!", email: "Invalid email" });
    const missing = await call("POST", "/api/contacts", { token: agent.token, body: {} });
    expect(missing.json.fields).toMatchObject({ name: "Required", number: "Required" });
    const long = await call("POST", "/api/contacts", { token: agent.token, body: { name: "x".repeat(51), number: "1".repeat(51) } });
    expect(long.json.fields).toMatchObject({ name: "Too Long!", number: "Too Long!" });
    const invalid = await call("POST", "/api/contacts", { token: agent.token, body: { name: "Número ruim", number: "12345678" } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.fields).toEqual({ number: "Invalid number" });
    const extra = await call("POST", "/api/contacts", { token: agent.token, body: { name: "Extra", number: mobile(), extraInfo: [{ value: "x" }] } });
    expect(extra.json.fields).toHaveProperty("extraInfo.0.name");
    expect(await contactCount(company.id)).toBe(0);
  });

  it("refuses a multipart body with 415 before reading it", async () => {
    const { company, agent } = await companyWithTeam();
    const form = new FormData();
    form.append("name", "Formulário");
    form.append("number", mobile());
    form.append("padding", "x".repeat(2 * 1024 * 1024));
    const res = await call("POST", "/api/contacts", { token: agent.token, rawBody: form });
    expect(res.status).toBe(415);
    expect(res.json.error).toBe("ERR_UNSUPPORTED_CONTENT_TYPE");
    expect(await contactCount(company.id)).toBe(0);
  });

  it("tells the company's open tabs, and no other company's", async () => {
    const { agent, admin } = await companyWithTeam();
    const mine = await connect(admin.token);
    const other = await connect(teamB.admin.token);
    const res = await call("POST", "/api/contacts", { token: agent.token, body: { name: "Ao Vivo", number: mobile() } });
    const event = await mine.next((e) => e.type === "contact" && e.action === "create");
    expect(event).toMatchObject({ contact: { id: res.json.id, name: "Ao Vivo", number: res.json.number } });
    expect((await other.quiet()).some((e) => e.type === "contact")).toBe(false);
  });

  it("answers 401 without a token and writes nothing", async () => {
    const before = await contactCount(teamA.company.id);
    expect((await call("POST", "/api/contacts", { body: { name: "Anônimo", number: mobile() } })).status).toBe(401);
    expect(await contactCount(teamA.company.id)).toBe(before);
  });
});

describe("PUT /api/contacts/:id", () => {
  it("edits a contact and replaces its extraInfo as a set", async () => {
    const contact = await createContact(teamA.company.id, { name: "Antes" });
    await inTenant(contact.companyId, (db) => db.insert(contactCustomFields).values([
      { companyId: teamA.company.id, contactId: contact.id, name: "Velho", value: "1" },
      { companyId: teamA.company.id, contactId: contact.id, name: "Outro", value: "2" },
    ]).run());
    const res = await call("PUT", `/api/contacts/${contact.id}`, {
      token: teamA.agent.token,
      body: { name: "Depois", number: "(21) 98765-4321", email: "novo@mail.dev", disableBot: true, extraInfo: [{ id: 999, name: "Novo", value: "3" }] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Depois", number: "5521987654321", email: "novo@mail.dev", disableBot: true });
    expect(res.json.extraInfo).toEqual([{ id: expect.any(Number), name: "Novo", value: "3" }]);
    const fields = await inTenant(contact.companyId, (db) => db.select().from(contactCustomFields).where(eq(contactCustomFields.contactId, contact.id)).all());
    expect(fields.map((f) => f.name)).toEqual(["Novo"]);
  });

  it("keeps extraInfo when it is not sent, and a number sent back unchanged even if the parser would not take it", async () => {
    const contact = await createContact(teamA.company.id, { number: "551188887777" });
    await inTenant(contact.companyId, (db) => db.insert(contactCustomFields).values({ companyId: teamA.company.id, contactId: contact.id, name: "Fica", value: "1" }).run());
    const res = await call("PUT", `/api/contacts/${contact.id}`, { token: teamA.agent.token, body: { name: "Renomeado", number: "551188887777" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Renomeado", number: "551188887777", extraInfo: [{ name: "Fica" }] });
  });

  it("keeps a group's id as it is", async () => {
    const group = await createContact(teamA.company.id, { number: "120363025246125486", isGroup: true });
    const res = await call("PUT", `/api/contacts/${group.id}`, { token: teamA.agent.token, body: { number: "120363025246125487@g.us" } });
    expect(res.status).toBe(200);
    expect(res.json.number).toBe("120363025246125487");
  });

  it("refuses another contact's number with 409 and changes nothing", async () => {
    const taken = await createContact(teamA.company.id);
    const contact = await createContact(teamA.company.id, { name: "Intacto" });
    const res = await call("PUT", `/api/contacts/${contact.id}`, { token: teamA.agent.token, body: { name: "Mudou", number: taken.number } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_DUPLICATED_CONTACT");
    expect((await inTenant(contact.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).get()))?.name).toBe("Intacto");
  });

  it("names invalid fields and changes nothing", async () => {
    const contact = await createContact(teamA.company.id, { name: "Original" });
    const res = await call("PUT", `/api/contacts/${contact.id}`, { token: teamA.agent.token, body: { name: "", email: "x@", extraInfo: "no" } });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ name: "Required", email: "Invalid email", extraInfo: "Must be a list" });
    expect((await inTenant(contact.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).get()))?.name).toBe("Original");
  });

  it("publishes the change to the company", async () => {
    const contact = await createContact(teamA.company.id);
    const socket = await connect(teamA.admin.token);
    await call("PUT", `/api/contacts/${contact.id}`, { token: teamA.agent.token, body: { name: "Atualizado Ao Vivo" } });
    const event = await socket.next((e) => e.type === "contact" && e.action === "update");
    expect(event).toMatchObject({ contact: { id: contact.id, name: "Atualizado Ao Vivo" } });
  });

  it("answers 404 to another company's user and changes nothing", async () => {
    const contact = await createContact(teamA.company.id, { name: "Protegido" });
    const res = await call("PUT", `/api/contacts/${contact.id}`, { token: teamB.admin.token, body: { name: "Invadido" } });
    expect(res.status).toBe(404);
    expect((await inTenant(contact.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).get()))?.name).toBe("Protegido");
  });

  it("answers 401 without a token", async () => {
    expect((await call("PUT", "/api/contacts/1", { body: { name: "Anônimo" } })).status).toBe(401);
  });
});

describe("DELETE /api/contacts/:id", () => {
  it("lets an admin delete a contact with its tickets, telling the open tabs", async () => {
    const { company, admin, agent, contact, sales } = await inboxCompany();
    const ticket = await createTicketRow(company.id, { contactId: contact.id, queueId: sales.id });
    const agentSocket = await connect(agent.token);
    const res = await call("DELETE", `/api/contacts/${contact.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(await agentSocket.next((e) => e.type === "contact" && e.action === "delete")).toMatchObject({ contactId: contact.id });
    expect(await agentSocket.next((e) => e.type === "ticket" && e.action === "delete")).toMatchObject({ ticketId: ticket.id });
    expect(await inTenant(company.id, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).all())).toHaveLength(0);
    expect(await inTenant(company.id, (db) => db.select().from(tickets).where(eq(tickets.id, ticket.id)).all())).toHaveLength(0);
  });

  it("refuses agents and supervisors (contacts-page:deleteContact) with 403", async () => {
    const contact = await createContact(teamA.company.id);
    expect((await call("DELETE", `/api/contacts/${contact.id}`, { token: teamA.agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/contacts/${contact.id}`, { token: teamA.supervisor.token })).status).toBe(403);
    expect(await inTenant(contact.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).all())).toHaveLength(1);
  });

  it("answers 404 for another company's contact and deletes nothing", async () => {
    const contact = await createContact(teamA.company.id);
    expect((await call("DELETE", `/api/contacts/${contact.id}`, { token: teamB.admin.token })).status).toBe(404);
    expect(await inTenant(contact.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).all())).toHaveLength(1);
  });

  it("answers 401 without a token", async () => {
    expect((await call("DELETE", "/api/contacts/1")).status).toBe(401);
  });
});

describe("POST /api/contacts/bulk-delete", () => {
  it("deletes the company's contacts among the ids and passes over the rest", async () => {
    const { company, admin } = await companyWithTeam();
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await createContact(company.id));
    const kept = await createContact(company.id);
    const foreign = await createContact(teamB.company.id);
    const res = await call("POST", "/api/contacts/bulk-delete", { token: admin.token, body: { ids: [...mine.map((c) => c.id), foreign.id, 999999] } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: 3 });
    expect((await contactsOf(company.id)).map((c) => c.id)).toEqual([kept.id]);
    expect(await inTenant(foreign.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, foreign.id)).all())).toHaveLength(1);
  });

  it("deletes up to 500 at once", async () => {
    const { company, admin } = await companyWithTeam();
    const rows = Array.from({ length: 500 }, (_, i) => ({ companyId: company.id, name: `Lote ${i}`, number: `55119${String(i).padStart(8, "0")}` }));
    await inTenant(company.id, (db) => {
      for (let i = 0; i < rows.length; i += 9) db.insert(contacts).values(rows.slice(i, i + 9)).run();
    });
    const ids = (await contactsOf(company.id)).map((c) => c.id);
    const res = await call("POST", "/api/contacts/bulk-delete", { token: admin.token, body: { ids } });
    expect(res.json).toEqual({ deleted: 500 });
    expect(await contactCount(company.id)).toBe(0);
  });

  it("names invalid ids with 400 and deletes nothing", async () => {
    const contact = await createContact(teamA.company.id);
    for (const ids of [[], ["x"], Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await call("POST", "/api/contacts/bulk-delete", { token: teamA.admin.token, body: { ids } });
      expect(res.status).toBe(400);
      expect(res.json.fields).toHaveProperty(ids.length === 1 ? "ids.0" : "ids");
    }
    expect(await inTenant(contact.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).all())).toHaveLength(1);
  });

  it("refuses agents with 403, other companies' ids delete nothing, and no token is 401", async () => {
    const contact = await createContact(teamA.company.id);
    expect((await call("POST", "/api/contacts/bulk-delete", { token: teamA.agent.token, body: { ids: [contact.id] } })).status).toBe(403);
    const foreign = await call("POST", "/api/contacts/bulk-delete", { token: teamB.admin.token, body: { ids: [contact.id] } });
    expect(foreign.json).toEqual({ deleted: 0 });
    expect((await call("POST", "/api/contacts/bulk-delete", { body: { ids: [contact.id] } })).status).toBe(401);
    expect(await inTenant(contact.companyId, (db) => db.select().from(contacts).where(eq(contacts.id, contact.id)).all())).toHaveLength(1);
  });
});

describe("POST /api/contacts/import", () => {
  it("imports valid rows and reports every row left out, with why", async () => {
    const { company, agent } = await companyWithTeam();
    const existing = await createContact(company.id, { number: "5511911110000" });
    const res = await call("POST", "/api/contacts/import", {
      token: agent.token,
      body: {
        rows: [
          { name: "Ana", number: "(11) 92222-0001", email: "ana@mail.dev" },
          { name: "Sem número", number: "abc" },
          { name: "Ana de novo", number: "5511922220001" },
          { name: "", number: 5511922220002 },
          { name: "Já existe", number: existing.number },
          { name: "Email ruim", number: "11922220003", email: "nope" },
          { name: "B", number: "11922220004" },
          { name: "Carlos", number: "+351 912 345 678", email: null },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      imported: 3,
      skipped: [
        { row: 2, number: "abc", reason: "invalid_number" },
        { row: 3, number: "5511922220001", reason: "duplicated_in_file" },
        { row: 5, number: existing.number, reason: "already_exists" },
        { row: 6, number: "5511922220003", reason: "invalid_email" },
        { row: 7, number: "5511922220004", reason: "invalid_name" },
      ],
    });
    const rows = await contactsOf(company.id);
    expect(rows.map((r) => [r.name, r.number, r.email]).sort()).toEqual([
      ["5511922220002", "5511922220002", ""],
      ["Ana", "5511922220001", "ana@mail.dev"],
      ["Carlos", "351912345678", ""],
      [existing.name, existing.number, ""],
    ]);
  });

  it("reports the row numbers the page sends, and counts only this company's contacts as existing", async () => {
    const number = mobile();
    await createContact(teamB.company.id, { number });
    const res = await call("POST", "/api/contacts/import", {
      token: teamA.agent.token,
      body: { rows: [{ row: 7, name: "Linha sete", number }, { row: 9, name: "Linha nove", number: "x" }] },
    });
    expect(res.json).toEqual({ imported: 1, skipped: [{ row: 9, number: "x", reason: "invalid_number" }] });
  });

  it("tells open tabs to reload the list once", async () => {
    const { agent, admin } = await companyWithTeam();
    const socket = await connect(admin.token);
    const other = await connect(teamB.admin.token);
    await call("POST", "/api/contacts/import", { token: agent.token, body: { rows: [{ name: "Um", number: mobile() }, { name: "Dois", number: mobile() }] } });
    await socket.next((e) => e.type === "contact" && e.action === "reload");
    expect((await socket.quiet()).filter((e) => e.type === "contact")).toEqual([]);
    expect((await other.quiet()).some((e) => e.type === "contact")).toBe(false);
  });

  it("refuses more than 5,000 rows or a body that is not rows with 400, writing nothing", async () => {
    const { company, agent } = await companyWithTeam();
    const rows = Array.from({ length: 5001 }, (_, i) => ({ number: `55119${String(i).padStart(8, "0")}` }));
    const many = await call("POST", "/api/contacts/import", { token: agent.token, body: { rows } });
    expect(many.status).toBe(400);
    expect(many.json.fields).toEqual({ rows: "At most 5000 rows" });
    const wrong = await call("POST", "/api/contacts/import", { token: agent.token, body: { rows: "nope" } });
    expect(wrong.json.fields).toEqual({ rows: "Must be a list of rows" });
    expect(await contactCount(company.id)).toBe(0);
  });

  it("answers 401 without a token", async () => {
    expect((await call("POST", "/api/contacts/import", { body: { rows: [] } })).status).toBe(401);
  });
});

describe("POST /api/contacts/upload", () => {
  const upload = (token: string | undefined, content: BlobPart, name = "contatos.xlsx", type = XLSX_TYPE) =>
    call("POST", "/api/contacts/upload", { token, rawBody: formWithFile("file", content, name, type) });

  it("imports a real .xlsx, finding columns by header name, and reports rows by their sheet row", async () => {
    const { company, agent } = await companyWithTeam();
    const existing = await createContact(company.id, { number: "5511933330000" });
    const xlsx = await buildXlsx([
      ["E-MAIL", "Número", "Observação", "NOME"],
      ["bia@mail.dev", "(11) 93333-0001", "vip", "Beatriz"],
      [null, 5511933330002, null, "Número como número"],
      [null, null, null, null],
      ["", "11 93333-0001", "", "Repetida"],
      ["", "123", "", "Inválido"],
      ["x@", "11933330003", "", "Email ruim"],
      ["", existing.number, "", "Antiga"],
      ["", "11933330004", "", ""],
    ]);
    const res = await upload(agent.token, xlsx);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      imported: 3,
      skipped: [
        { row: 5, number: "5511933330001", reason: "duplicated_in_file" },
        { row: 6, number: "123", reason: "invalid_number" },
        { row: 7, number: "5511933330003", reason: "invalid_email" },
        { row: 8, number: existing.number, reason: "already_exists" },
      ],
    });
    const byNumber = new Map((await contactsOf(company.id)).map((c) => [c.number, c]));
    expect(byNumber.get("5511933330001")).toMatchObject({ name: "Beatriz", email: "bia@mail.dev" });
    expect(byNumber.get("5511933330002")).toMatchObject({ name: "Número como número" });
    expect(byNumber.get("5511933330004")).toMatchObject({ name: "5511933330004" });
  });

  it("reads headers in any case or accents (nome, numero, telefone, email) and a sheet of 5,000 rows", async () => {
    const { company, agent } = await companyWithTeam();
    const rows: (string | number)[][] = [["nome", "TELEFONE", "e-mail"]];
    for (let i = 0; i < 5000; i++) rows.push([`Pessoa ${i} com um nome comprido o bastante`, `55119${String(i).padStart(8, "0")}`, `pessoa${i}@empresa.com.br`]);
    const res = await upload(agent.token, await buildXlsx(rows));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ imported: 5000, skipped: [] });
    expect(await contactCount(company.id)).toBe(5000);
  });

  it("refuses a sheet of more than 5,000 rows with 400 ERR_IMPORT_TOO_MANY_ROWS, writing nothing", async () => {
    const { company, agent } = await companyWithTeam();
    const rows: (string | number)[][] = [["Nome", "Número"]];
    for (let i = 0; i < 5001; i++) rows.push([`P${i}`, `55119${String(i).padStart(8, "0")}`]);
    const res = await upload(agent.token, await buildXlsx(rows));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: "ERR_IMPORT_TOO_MANY_ROWS", limit: 5000 });
    expect(await contactCount(company.id)).toBe(0);
  });

  it("refuses a file over 2 MB with 413 before reading it", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    const res = await upload(teamA.agent.token, big);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE", limit: 2 * 1024 * 1024 });
  });

  // workerd logs "read end of pipe was aborted" here: the upload is cut off on purpose.
  it("refuses a streamed body without a length as soon as it passes the limit (413)", async () => {
    const boundary = "----zapdesk";
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n`));
        if (sent++ > 60) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {},
    });
    const res = await call("POST", "/api/contacts/upload", {
      token: teamA.agent.token,
      rawBody: body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(413);
    expect(res.json.error).toBe("ERR_PAYLOAD_TOO_LARGE");
  });

  it("imports a .csv as spreadsheet programs save it: semicolons, quotes, Latin-1, headers in Spanish", async () => {
    const { company, agent } = await companyWithTeam();
    const latin1 = Uint8Array.from("Nombre;Teléfono;Correo\r\n\"Núñez; José\";(11) 93333-0101;jose@mail.dev\r\n;;\r\nSem nome;11933330102;\r\n", (c) => c.charCodeAt(0));
    const res = await upload(agent.token, latin1, "agenda.csv", "text/csv");
    expect(res.json).toEqual({ imported: 2, skipped: [] });
    const byNumber = new Map((await contactsOf(company.id)).map((c) => [c.number, c]));
    expect(byNumber.get("5511933330101")).toMatchObject({ name: "Núñez; José", email: "jose@mail.dev" });
    expect(byNumber.get("5511933330102")).toMatchObject({ name: "Sem nome" });
    const noNumber = await upload(agent.token, "Nome,Email\nAna,ana@mail.dev\n", "agenda.csv", "text/csv");
    expect(noNumber.json.error).toBe("ERR_IMPORT_NO_NUMBER_COLUMN");
  });

  it("refuses a legacy .xls with 400 ERR_IMPORT_XLS_UNSUPPORTED (the page converts those itself)", async () => {
    const ole2 = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    const res = await upload(teamA.agent.token, ole2, "contatos.xls", "application/vnd.ms-excel");
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_IMPORT_XLS_UNSUPPORTED");
    expect(res.json.message).toMatch(/browser/);
  });

  it("refuses what is not a spreadsheet, or has no number column, with 400", async () => {
    const text = await upload(teamA.agent.token, "name,number\nAna,5511999998888", "contatos.xlsx");
    expect(text.status).toBe(400);
    expect(text.json.error).toBe("ERR_IMPORT_INVALID_FILE");
    const broken = await upload(teamA.agent.token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(broken.json.error).toBe("ERR_IMPORT_INVALID_FILE");
    const noNumber = await upload(teamA.agent.token, await buildXlsx([["Nome", "Email"], ["Ana", "ana@mail.dev"]]));
    expect(noNumber.status).toBe(400);
    expect(noNumber.json.error).toBe("ERR_IMPORT_NO_NUMBER_COLUMN");
  });

  it("names a missing file with 400, and refuses a JSON body with 415", async () => {
    const form = new FormData();
    form.append("other", "x");
    const missing = await call("POST", "/api/contacts/upload", { token: teamA.agent.token, rawBody: form });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual({ file: "Required" });
    const json = await call("POST", "/api/contacts/upload", { token: teamA.agent.token, body: { rows: [] } });
    expect(json.status).toBe(415);
    expect(json.json).toMatchObject({ error: "ERR_UNSUPPORTED_CONTENT_TYPE", accepted: ["multipart/form-data"] });
  });

  it("imports into the uploader's company only", async () => {
    const number = mobile();
    const res = await upload(teamB.agent.token, await buildXlsx([["Nome", "Número"], ["Da B", number]]));
    expect(res.json.imported).toBe(1);
    expect(await inTenant(teamA.company.id, (db) => db.select().from(contacts).where(and(eq(contacts.companyId, teamA.company.id), eq(contacts.number, number))).all())).toHaveLength(0);
  });

  it("answers 401 without a token", async () => {
    expect((await upload(undefined, await buildXlsx([["Nome", "Número"]]))).status).toBe(401);
  });
});

describe("GET /api/contacts/export.csv", () => {
  it("exports the company's contacts as UTF-8 CSV with a BOM, semicolons for a pt-BR reader (Excel's), quoted and guarded against formulas", async () => {
    const { company, agent } = await companyWithTeam();
    await createContact(company.id, { name: "José, o \"Zé\"", number: "5511900000001", email: "ze@mail.dev" });
    await createContact(company.id, { name: "=HYPERLINK(\"http://evil\")", number: "5511900000002" });
    await createContact(company.id, { name: "@Ana", number: "5511900000003" });
    await createContact(teamB.company.id, { name: "Outra empresa", number: "5511900000004" });

    const res = await rawCall("GET", "/api/contacts/export.csv", agent.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Headers in the page's language (pt-BR unless asked), contacts in the page's order (by name).
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      // The consent column (empty while unknown) lets the file be imported back with it.
      "Nome;Número;Email;Consentimento\r\n" +
        '"\'=HYPERLINK(""http://evil"")";5511900000002;;\r\n' +
        "'@Ana;5511900000003;;\r\n" +
        '"José, o ""Zé""";5511900000001;ze@mail.dev;\r\n',
    );
  });

  it("exports only the contacts the page's search shows, with headers and separator in the page's language", async () => {
    const { company, agent } = await companyWithTeam();
    await createContact(company.id, { name: "Maria Souza", number: "5511900000011", email: "maria@mail.dev" });
    await createContact(company.id, { name: "Mário Lima", number: "5511900000012" });
    await createContact(company.id, { name: "Pedro Alves", number: "5521900000013" });
    const text = async (query: string) => (await (await rawCall("GET", `/api/contacts/export.csv?${query}`, agent.token)).text()).replace(/^\uFEFF/, "");
    expect(await text("searchParam=mar&lang=en")).toBe("Name,Number,Email,Consent\r\nMaria Souza,5511900000011,maria@mail.dev,\r\nMário Lima,5511900000012,,\r\n");
    expect(await text("searchParam=21&lang=es")).toBe("Nombre;Número;Email;Consentimiento\r\nPedro Alves;5521900000013;;\r\n");
    expect(await text("searchParam=ninguém")).toBe("Nome;Número;Email;Consentimento\r\n");
    expect((await call("GET", "/api/contacts/export.csv?lang=fr", { token: agent.token })).status).toBe(400);
  });

  it("writes a file the import reads back as it is, in every language", async () => {
    const from = await companyWithTeam();
    await createContact(from.company.id, { name: "Ana; da Silva", number: "5511900000021", email: "ana@mail.dev" });
    await createContact(from.company.id, { name: "=Fórmula", number: "5511900000022" });
    for (const lang of ["pt-BR", "en", "es"]) {
      const csv = await (await rawCall("GET", `/api/contacts/export.csv?lang=${lang}`, from.agent.token)).arrayBuffer();
      const to = await companyWithTeam();
      const res = await call("POST", "/api/contacts/upload", { token: to.agent.token, rawBody: formWithFile("file", csv, "contatos.csv", "text/csv") });
      expect(res.json, lang).toEqual({ imported: 2, skipped: [] });
      const imported = (await contactsOf(to.company.id)).map((c) => ({ name: c.name, number: c.number, email: c.email }));
      expect(imported.sort((x, y) => x.number.localeCompare(y.number))).toEqual([
        { name: "Ana; da Silva", number: "5511900000021", email: "ana@mail.dev" },
        { name: "=Fórmula", number: "5511900000022", email: "" },
      ]);
    }
  });

  it("streams a large company in chunks, every contact once", async () => {
    const { company, agent } = await companyWithTeam();
    const rows = Array.from({ length: 1203 }, (_, i) => ({ companyId: company.id, name: `C${i}`, number: `55119${String(i).padStart(8, "0")}` }));
    await inTenant(company.id, (db) => {
      for (let i = 0; i < rows.length; i += 9) db.insert(contacts).values(rows.slice(i, i + 9)).run();
    });
    const text = await (await rawCall("GET", "/api/contacts/export.csv", agent.token)).text();
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(1204);
    expect(new Set(lines.slice(1)).size).toBe(1203);
  });

  it("answers 401 without a token", async () => {
    expect((await call("GET", "/api/contacts/export.csv")).status).toBe(401);
  });
});

describe("POST /api/contacts/import-phone", () => {
  it("imports the connected phone's address book with the spreadsheet import's rules and report", async () => {
    const team = await inboxCompany();
    await createContact(team.company.id, { number: "5511966660001", name: "Já existe" });
    const host = useFakeHost(() => ({
      body: {
        contacts: [
          { number: "5511966660001", name: "Já existe" },
          { number: "5511966660002", name: "Nova Pessoa" },
          { number: "5511966660003", name: "Outra Pessoa" },
        ],
      },
    }));
    try {
      const res = await call("POST", "/api/contacts/import-phone", { token: team.agent.token, body: {} });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ imported: 2, skipped: [{ number: "5511966660001", reason: "already_exists" }] });
      expect(host.calls).toEqual([{ method: "GET", path: `/bridge/connections/${team.connection.id}/contacts`, body: undefined }]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("answers 409 when the session host cannot reach the phone, and imports nothing", async () => {
    const team = await inboxCompany();
    const before = await inTenant(team.company.id, (db) => db.select().from(contacts).where(eq(contacts.companyId, team.company.id)).all());
    const res = await call("POST", "/api/contacts/import-phone", { token: team.admin.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_WAPP_NOT_INITIALIZED");
    expect(await inTenant(team.company.id, (db) => db.select().from(contacts).where(eq(contacts.companyId, team.company.id)).all())).toHaveLength(before.length);
  });

  it("refuses another company's connection", async () => {
    const a = await inboxCompany();
    const b = await inboxCompany();
    const res = await call("POST", "/api/contacts/import-phone", { token: a.admin.token, body: { whatsappId: b.connection.id } });
    expect(res.status).toBe(400);
    expect(res.json.fields.whatsappId).toBeTruthy();
  });
});
