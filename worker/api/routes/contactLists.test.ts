import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactListItems, contactLists } from "../../db/tenant";
import { call, companyWithTeam, createPlan, inTenant } from "../../testing/fixtures";
import { createContact, createTicketRow } from "../../testing/inbox";
import { createTag, formWithFile, tagTicket } from "../../testing/records";
import { buildXlsx } from "../../testing/xlsx";

const listsOf = (companyId: number) => inTenant(companyId, (db) => db.select().from(contactLists).where(eq(contactLists.companyId, companyId)).all());
const itemsOf = (companyId: number, listId: number) =>
  inTenant(companyId, (db) => db.select().from(contactListItems).where(eq(contactListItems.contactListId, listId)).all());

async function listWithItem() {
  const team = await companyWithTeam();
  const list = await call("POST", "/api/contact-lists", { token: team.admin.token, body: { name: "Clientes VIP" } });
  const item = await call("POST", "/api/contact-list-items", { token: team.admin.token, body: { contactListId: list.json.id, name: "Maria Souza", number: "(11) 98765-4321", email: "MARIA@example.com" } });
  return { ...team, list: list.json, item: item.json };
}

describe("/api/contact-lists and /api/contact-list-items", () => {
  it("creates a list and its items, counts them, searches and pages them", async () => {
    const { admin, list, item } = await listWithItem();
    expect(list).toMatchObject({ name: "Clientes VIP", contactsCount: 0 });
    expect(item).toMatchObject({ contactListId: list.id, name: "Maria Souza", number: "5511987654321", email: "maria@example.com", isWhatsappValid: false, variables: {} });
    const lists = await call("GET", "/api/contact-lists?searchParam=vip", { token: admin.token });
    expect(lists.json).toMatchObject({ records: [{ id: list.id, name: "Clientes VIP", contactsCount: 1 }], hasMore: false });
    await call("POST", "/api/contact-list-items", { token: admin.token, body: { contactListId: list.id, name: "Outra Pessoa", number: "5511955550000" } });
    const empty = await call("POST", "/api/contact-lists", { token: admin.token, body: { name: "Vazia" } });
    const counted = await call("GET", "/api/contact-lists", { token: admin.token });
    expect(counted.json.records.map((r: { name: string; contactsCount: number }) => [r.name, r.contactsCount])).toEqual([["Clientes VIP", 2], ["Vazia", 0]]);
    await call("DELETE", `/api/contact-lists/${empty.json.id}`, { token: admin.token });
    expect((await call("GET", "/api/contact-lists/list", { token: admin.token })).json).toEqual([{ id: list.id, name: "Clientes VIP" }]);
    const items = await call("GET", `/api/contact-list-items?contactListId=${list.id}&searchParam=maria`, { token: admin.token });
    expect(items.json).toMatchObject({ contacts: [{ id: item.id }], count: 1, hasMore: false });
    const rows = await call("POST", `/api/contact-lists/${list.id}/import`, { token: admin.token, body: { rows: [{ name: "Linha Xls", number: "5511944443333" }, { name: "X", number: "1" }] } });
    expect(rows.json).toEqual({ imported: 1, updated: 0, skipped: [{ row: 2, number: "1", reason: "invalid_number" }] });
    const edited = await call("PUT", `/api/contact-list-items/${item.id}`, { token: admin.token, body: { name: "Maria S.", variables: { plano: "Ouro" } } });
    expect(edited.json).toMatchObject({ name: "Maria S.", variables: { plano: "Ouro" } });
    const renamed = await call("PUT", `/api/contact-lists/${list.id}`, { token: admin.token, body: { name: "Clientes Ouro" } });
    expect(renamed.json).toMatchObject({ name: "Clientes Ouro", contactsCount: 3 });
    expect((await call("DELETE", `/api/contact-list-items/${item.id}`, { token: admin.token })).status).toBe(200);
    expect((await call("DELETE", `/api/contact-lists/${list.id}`, { token: admin.token })).status).toBe(200);
    expect((await call("GET", `/api/contact-lists/${list.id}`, { token: admin.token })).status).toBe(404);
  });

  it("refuses a short list name, a short number, a bad email and a number already in the list, and writes nothing", async () => {
    const { company, admin, list } = await listWithItem();
    const short = await call("POST", "/api/contact-lists", { token: admin.token, body: { name: "A" } });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ name: "Too Short!" });
    expect((await call("POST", "/api/contact-lists", { token: admin.token, body: {} })).json.fields).toEqual({ name: "Required" });
    const bad = await call("POST", "/api/contact-list-items", { token: admin.token, body: { contactListId: list.id, name: "Jo", number: "1234", email: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ number: "Too Short!", email: "Invalid email" });
    const twice = await call("POST", "/api/contact-list-items", { token: admin.token, body: { contactListId: list.id, name: "Outra Maria", number: "5511987654321" } });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe("ERR_DUPLICATED_CONTACT_LIST_ITEM");
    expect((await listsOf(company.id)).length).toBe(1);
    expect((await itemsOf(company.id, list.id)).length).toBe(1);
  });

  it("does not show or change another company's lists and items (404)", async () => {
    const a = await listWithItem();
    const b = await companyWithTeam();
    expect((await call("GET", `/api/contact-lists/${a.list.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("PUT", `/api/contact-lists/${a.list.id}`, { token: b.admin.token, body: { name: "Roubada" } })).status).toBe(404);
    expect((await call("DELETE", `/api/contact-lists/${a.list.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("GET", `/api/contact-list-items?contactListId=${a.list.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("PUT", `/api/contact-list-items/${a.item.id}`, { token: b.admin.token, body: { name: "Outra" } })).status).toBe(404);
    expect((await call("DELETE", `/api/contact-list-items/${a.item.id}`, { token: b.admin.token })).status).toBe(404);
    expect((await call("POST", "/api/contact-list-items", { token: b.admin.token, body: { contactListId: a.list.id, name: "Intrusa", number: "5511912345678" } })).status).toBe(404);
    expect((await call("GET", "/api/contact-lists", { token: b.admin.token })).json.records).toEqual([]);
    expect((await itemsOf(a.company.id, a.list.id)).map((i) => i.name)).toEqual(["Maria Souza"]);
  });

  it("is for admins (403 to supervisors and agents) and refused when the plan has no campaigns", async () => {
    const { company, supervisor, agent, list } = await listWithItem();
    for (const token of [supervisor.token, agent.token]) {
      expect((await call("GET", "/api/contact-lists", { token })).status).toBe(403);
      expect((await call("POST", "/api/contact-lists", { token, body: { name: "Minha lista" } })).status).toBe(403);
      expect((await call("GET", `/api/contact-list-items?contactListId=${list.id}`, { token })).status).toBe(403);
    }
    const plan = await createPlan({ useCampaigns: false });
    const other = await companyWithTeam({ planId: plan.id });
    const refused = await call("POST", "/api/contact-lists", { token: other.admin.token, body: { name: "Sem plano" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect((await listsOf(other.company.id)).length).toBe(0);
    expect((await listsOf(company.id)).length).toBe(1);
  });
});

describe("POST /api/contact-lists/:id/upload", () => {
  it("imports a .csv's rows with their extra columns as variables, updates numbers already listed, and reports each row left out", async () => {
    const { company, admin, list } = await listWithItem();
    const csv = ["nome,numero,email,plano,vencimento", "Maria Souza,5511987654321,maria@example.com,Ouro,10/12", "João Lima,11 91234-5678,,Prata,", "Sem Número,123,,,", "João de novo,11912345678,,,", "Ana,11955554444,não-é-email,,"].join("\n");
    const res = await call("POST", `/api/contact-lists/${list.id}/upload`, { token: admin.token, rawBody: formWithFile("file", csv, "lista.csv", "text/csv") });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      imported: 1,
      updated: 1,
      skipped: [
        { row: 4, number: "123", reason: "invalid_number" },
        { row: 5, number: "5511912345678", reason: "duplicated_in_file" },
        { row: 6, number: "5511955554444", reason: "invalid_email" },
      ],
    });
    const items = (await itemsOf(company.id, list.id)).sort((x, y) => x.name.localeCompare(y.name));
    expect(items.map((i) => [i.name, i.number, i.variables])).toEqual([
      ["João Lima", "5511912345678", { plano: "Prata" }],
      ["Maria Souza", "5511987654321", { plano: "Ouro", vencimento: "10/12" }],
    ]);
  });

  it("reads an .xlsx the same way", async () => {
    const { company, admin, list } = await listWithItem();
    const xlsx = await buildXlsx([
      ["Nome", "Número", "Cidade"],
      ["Pedro Alves", "5511933332222", "Campinas"],
    ]);
    const res = await call("POST", `/api/contact-lists/${list.id}/upload`, {
      token: admin.token,
      rawBody: formWithFile("file", xlsx, "lista.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    });
    expect(res.json).toMatchObject({ imported: 1, updated: 0, skipped: [] });
    expect((await itemsOf(company.id, list.id)).find((i) => i.name === "Pedro Alves")?.variables).toEqual({ Cidade: "Campinas" });
  });
});

describe("POST /api/contact-lists/:id/add-tag", () => {
  it("adds every contact with a ticket carrying the tag, once, and refuses another company's tag", async () => {
    const { company, admin, list } = await listWithItem();
    const tag = await createTag(company.id, { name: "Inadimplente" });
    const one = await createContact(company.id, { name: "Carlos Dias" });
    const two = await createContact(company.id, { name: "Beatriz Melo" });
    const untagged = await createContact(company.id, { name: "Sem Tag" });
    for (const c of [one, one, two]) await tagTicket(company.id, (await createTicketRow(company.id, { contactId: c.id, status: "closed" })).id, tag.id);
    await createTicketRow(company.id, { contactId: untagged.id });
    const res = await call("POST", `/api/contact-lists/${list.id}/add-tag`, { token: admin.token, body: { tagId: tag.id } });
    expect(res.json).toEqual({ imported: 2, updated: 0 });
    expect((await itemsOf(company.id, list.id)).map((i) => i.name).sort()).toEqual(["Beatriz Melo", "Carlos Dias", "Maria Souza"]);
    const other = await companyWithTeam();
    const theirTag = await createTag(other.company.id, { name: "Deles" });
    expect((await call("POST", `/api/contact-lists/${list.id}/add-tag`, { token: admin.token, body: { tagId: theirTag.id } })).status).toBe(404);
    expect((await call("POST", `/api/contact-lists/${list.id}/add-tag`, { token: admin.token, body: {} })).json.fields).toEqual({ tagId: "Required" });
  });
});
