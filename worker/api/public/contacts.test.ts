import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts } from "../../db/tenant";
import { companyWithTeam, inTenant } from "../../testing/fixtures";
import { createContact } from "../../testing/inbox";
import { apiTokenOf, callApi } from "../../testing/publicApi";

const contactCount = (companyId: number) => inTenant(companyId, (db) => db.select({ n: count() }).from(contacts).get());

describe("GET /api/v1/contacts", () => {
  it("pages the company's contacts by name, each once, and never another company's", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const names = ["Bruna", "Ana", "Carla", "Ana", "Diego"];
    const made = [];
    for (const name of names) made.push(await createContact(a.company.id, { name }));
    await createContact(b.company.id, { name: "Ana" });
    const { token } = await apiTokenOf(a.admin, { scopes: ["contacts:read"] });
    const items: { id: number; name: string }[] = [];
    let cursor: string | null = null;
    do {
      const res = await callApi("GET", `/contacts?limit=2${cursor ? `&cursor=${cursor}` : ""}`, token);
      expect(res.status).toBe(200);
      items.push(...res.json.items);
      cursor = res.json.cursor;
    } while (cursor);
    expect(items.map((c) => c.name)).toEqual(["Ana", "Ana", "Bruna", "Carla", "Diego"]);
    expect(new Set(items.map((c) => c.id))).toEqual(new Set(made.map((c) => c.id)));
  });

  it("finds contacts by a word or a number typed any way, and one by its exact number", async () => {
    const team = await companyWithTeam();
    const maria = await createContact(team.company.id, { name: "Maria Souza", number: "5511987650001", email: "maria@loja.com" });
    await createContact(team.company.id, { name: "João", number: "5511987650002" });
    const { token } = await apiTokenOf(team.admin);
    const ids = async (query: string) => (await callApi("GET", `/contacts?${query}`, token)).json.items.map((c: { id: number }) => c.id);
    expect(await ids("q=souza")).toEqual([maria.id]);
    expect(await ids(`q=${encodeURIComponent("(11) 98765-0001")}`)).toEqual([maria.id]);
    expect(await ids(`number=${encodeURIComponent("+55 11 98765-0001")}`)).toEqual([maria.id]);
    expect(await ids("number=551198765")).toEqual([]);
  });
});

describe("GET /api/v1/contacts/:id", () => {
  it("answers the contact with its custom fields, and 404 for another company's", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const { token } = await apiTokenOf(a.admin, { scopes: ["contacts:read", "contacts:write"] });
    const created = await callApi("POST", "/contacts", token, { body: { name: "Maria", number: "(11) 99999-8888", extraInfo: [{ name: "CPF", value: "123" }] } });
    const res = await callApi("GET", `/contacts/${created.json.id}`, token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(created.json);
    expect(res.json).toMatchObject({ name: "Maria", number: "5511999998888", email: "", extraInfo: [{ name: "CPF", value: "123" }] });
    const theirs = await createContact(b.company.id);
    expect((await callApi("GET", `/contacts/${theirs.id}`, token)).json.error).toBe("ERR_NO_CONTACT_FOUND");
  });
});

describe("POST /api/v1/contacts", () => {
  it("creates a contact with the number normalised, and refuses its number twice (409 naming the contact)", async () => {
    const team = await companyWithTeam();
    const { token } = await apiTokenOf(team.admin, { scopes: ["contacts:write"] });
    const res = await callApi("POST", "/contacts", token, { body: { name: "Pedro", number: "+55 (21) 98888-7777", email: "Pedro@Mail.com" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Pedro", number: "5521988887777", email: "pedro@mail.com", isGroup: false, disableBot: false, extraInfo: [] });
    const twice = await callApi("POST", "/contacts", token, { body: { name: "Pedro 2", number: "21988887777" } });
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", contactId: res.json.id });
    expect(await contactCount(team.company.id)).toEqual({ n: 1 });
  });

  it("refuses bad fields with 400 naming them, and a token without contacts:write with 403, creating nothing", async () => {
    const team = await companyWithTeam();
    const { token } = await apiTokenOf(team.admin, { scopes: ["contacts:write"] });
    const bad = await callApi("POST", "/contacts", token, { body: { name: "P", number: "12", email: "nope" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(["email", "name", "number"]);
    const { token: readOnly } = await apiTokenOf(team.admin, { scopes: ["contacts:read"] });
    const refused = await callApi("POST", "/contacts", readOnly, { body: { name: "Pedro", number: "21988887777" } });
    expect(refused.json).toMatchObject({ error: "ERR_API_SCOPE", scope: "contacts:write" });
    expect((await callApi("GET", "/contacts", (await apiTokenOf(team.admin, { scopes: ["company:read"] })).token)).status).toBe(403);
    expect(await contactCount(team.company.id)).toEqual({ n: 0 });
  });
});

describe("PUT /api/v1/contacts/:id", () => {
  it("changes the fields given, refuses another contact's number, and 404s another company's contact", async () => {
    const [a, b] = await Promise.all([companyWithTeam(), companyWithTeam()]);
    const { token } = await apiTokenOf(a.admin, { scopes: ["contacts:write"] });
    const maria = await createContact(a.company.id, { name: "Maria", number: "5511999990001" });
    const joao = await createContact(a.company.id, { name: "João", number: "5511999990002" });
    const res = await callApi("PUT", `/contacts/${maria.id}`, token, { body: { email: "maria@loja.com", extraInfo: [{ name: "Plano", value: "Ouro" }] } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: maria.id, name: "Maria", email: "maria@loja.com", extraInfo: [{ name: "Plano", value: "Ouro" }] });
    const taken = await callApi("PUT", `/contacts/${maria.id}`, token, { body: { number: joao.number } });
    expect(taken.json).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", contactId: joao.id });
    expect((await callApi("PUT", `/contacts/${maria.id}`, token, { body: {} })).status).toBe(400);
    const theirs = await createContact(b.company.id, { name: "Alheio" });
    expect((await callApi("PUT", `/contacts/${theirs.id}`, token, { body: { name: "Meu" } })).status).toBe(404);
    const row = await inTenant(b.company.id, (db) => db.select().from(contacts).where(eq(contacts.id, theirs.id)).get());
    expect(row?.name).toBe("Alheio");
  });
});
