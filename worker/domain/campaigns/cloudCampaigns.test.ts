import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { campaigns, contactCustomFields, contactListItems, contacts, messages } from "../../db/tenant";
import { hubDirectory } from "../../hub/ports";
import { createRecipientList, deliverJobs, openAllDay, runCampaigns, setTimeZone, shippingsOf } from "../../testing/campaigns";
import { fakeGraph, type FakeGraph, type SignedWebhook } from "../../testing/fakeGraph";
import { call, companyWithTeam, control, inTenant, testEnv } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";
import { formWithFile } from "../../testing/records";
import { useFakeService } from "../../testing/useFakeService";
import { ingestCloudWebhooks } from "../cloud/ingestCloudWebhook";

const GRAPH = "http://graph.test";
/** Monday 2030-01-07 12:00 UTC: far from the test's real clock, so the hub's own alarm never finds this work due. */
const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);

let seq = 0;
let graph: FakeGraph;
beforeEach(() => {
  graph = fakeGraph({ origin: GRAPH, numbers: [] });
  useFakeService(GRAPH, (r) => graph.handle(r));
});
afterEach(() => vi.restoreAllMocks());

const ingest = (hook: SignedWebhook) =>
  ingestCloudWebhooks(hubDirectory(testEnv), control, testEnv, [{ kind: "cloudWebhook", routeKey: null, body: hook.body, receivedAt: Date.now() }]);

/** A signed-up company with a Cloud API number connected and campaigns sending all day. */
async function cloudCompany() {
  const team = await companyWithTeam();
  await setTimeZone(team.company.id, "UTC");
  await openAllDay(team.admin.token);
  const n = `${Date.now()}${++seq}`.slice(-12);
  const number = { phoneNumberId: `10${n}`, wabaId: `20${n}`, displayPhoneNumber: `+55 11 9${n.slice(-8)}`, accessToken: `EAAG-token-${n}-abcdefghij`, appSecret: testEnv.META_APP_SECRET! };
  graph.numbers.set(number.phoneNumberId, number);
  const res = await call("POST", "/api/whatsapp", {
    token: team.admin.token,
    body: { name: `Oficial ${seq}`, channel: "cloud", cloud: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken } },
  });
  expect(res.status).toBe(201);
  return { ...team, connectionId: res.json.id as number };
}

/** A template of the connection, approved by Meta (its status webhook taken in) unless `approve` is false. */
async function template(team: Awaited<ReturnType<typeof cloudCompany>>, body = "Olá {{1}}, seu cupom {{2}} vale até {{3}}.", approve = true) {
  const examples = [...body.matchAll(/\{\{\d+\}\}/g)].map((_, i) => `exemplo ${i + 1}`);
  const created = await call("POST", `/api/whatsapp/${team.connectionId}/templates`, {
    token: team.admin.token,
    body: { name: `oferta_${++seq}`, language: "pt_BR", category: "MARKETING", body, examples },
  });
  expect(created.status).toBe(201);
  if (approve) {
    await graph.flushStatuses();
    await ingest(graph.hooks.at(-1)!);
  }
  return { id: created.json.id as number, name: created.json.name as string };
}

/** A contact list of three whose items carry a "cupom" column; the second has no name. */
async function listOfThree(companyId: number) {
  const { list, numbers } = await createRecipientList(companyId, 3);
  await inTenant(companyId, async (db) => {
    const items = await db.select().from(contactListItems).where(eq(contactListItems.contactListId, list.id)).all();
    for (const [i, item] of items.entries()) {
      await db.update(contactListItems).set({ variables: { Cupom: `CUPOM${i + 1}` }, ...(i === 1 ? { name: "" } : {}) }).where(eq(contactListItems.id, item.id)).run();
    }
  });
  return { list, numbers };
}

const mapping = [
  { source: "contact", field: "name" },
  { source: "list", key: "cupom" },
  { source: "text", value: "domingo" },
];

describe("a campaign on a Cloud API connection", () => {
  it("reaches each contact as the approved template with its own values, an empty one as the campaign's fallback", async () => {
    const team = await cloudCompany();
    const tpl = await template(team);
    const { list, numbers } = await listOfThree(team.company.id);
    const created = await call("POST", "/api/campaigns", {
      token: team.admin.token,
      body: { name: "Cupons", whatsappId: team.connectionId, contactListId: list.id, template: { templateId: tpl.id, params: mapping, fallback: "cliente" }, scheduledAt: new Date(T0).toISOString() },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: "PROGRAMADA", templateName: tpl.name, template: { templateId: tpl.id, params: mapping, fallback: "cliente" }, message1: "" });

    let now = T0;
    for (let i = 0; i < 3; i++) {
      const step = await runCampaigns(team.company.id, now);
      expect(step.sent).toBe(1);
      await deliverJobs(step.jobs);
      now += 60_000;
    }
    const bodies = graph.sends.map((s) => ({ to: s.to, body: s.body }));
    expect(bodies).toHaveLength(3);
    const names = ["Cliente 1", "cliente", "Cliente 3"];
    for (const [i, number] of numbers.entries()) {
      expect(bodies.find((b) => b.to === number)?.body).toMatchObject({
        type: "template",
        template: {
          name: tpl.name,
          language: { code: "pt_BR" },
          components: [{ type: "body", parameters: [{ type: "text", text: names[i] }, { type: "text", text: `CUPOM${i + 1}` }, { type: "text", text: "domingo" }] }],
        },
      });
    }
    // The history reads as the customer reads it.
    const stored = await inTenant(team.company.id, (db) => db.select().from(messages).where(and(eq(messages.companyId, team.company.id), eq(messages.fromMe, true))).all());
    expect(stored.map((m) => m.body).sort()).toEqual(["Olá Cliente 1, seu cupom CUPOM1 vale até domingo.", "Olá Cliente 3, seu cupom CUPOM3 vale até domingo.", "Olá cliente, seu cupom CUPOM2 vale até domingo."]);
    expect(stored.every((m) => m.mediaType === "template")).toBe(true);
    expect((await shippingsOf(team.company.id, created.json.id)).map((s) => s.status)).toEqual(["delivered", "delivered", "delivered"]);
  });

  it("takes a value from the contact's custom field", async () => {
    const team = await cloudCompany();
    const tpl = await template(team, "Olá {{1}}, sua loja é {{2}}.");
    const { list, numbers } = await createRecipientList(team.company.id, 1);
    await inTenant(team.company.id, async (db) => {
      const contact = await db.insert(contacts).values({ companyId: team.company.id, name: "Maria", number: numbers[0]! }).returning().get();
      await db.insert(contactCustomFields).values({ companyId: team.company.id, contactId: contact.id, name: "Loja", value: "Centro" }).run();
    });
    const created = await call("POST", "/api/campaigns", {
      token: team.admin.token,
      body: { name: "Lojas", whatsappId: team.connectionId, contactListId: list.id, template: { templateId: tpl.id, params: [{ source: "contact", field: "name" }, { source: "extra", name: "loja" }] }, scheduledAt: new Date(T0).toISOString() },
    });
    expect(created.status).toBe(201);
    await deliverJobs((await runCampaigns(team.company.id, T0)).jobs);
    expect(graph.sends.at(-1)!.body).toMatchObject({ template: { components: [{ parameters: [{ text: "Cliente 1" }, { text: "Centro" }] }] } });
  });

  it("refuses written messages, a template not approved, a mapping short of the body's variables or with an empty text, confirmation, and a programmed one without a template; nothing is saved", async () => {
    const team = await cloudCompany();
    const approved = await template(team);
    const pending = await template(team, "Oi {{1}}", false);
    const { list } = await createRecipientList(team.company.id, 1);
    const base = { name: "Recusada", whatsappId: team.connectionId, contactListId: list.id };
    const refusals: [Record<string, unknown>, string][] = [
      [{ message1: "Olá {nome}" }, "message1"],
      [{ template: { templateId: pending.id, params: [{ source: "contact", field: "name" }] } }, "template.templateId"],
      [{ template: { templateId: approved.id, params: mapping.slice(0, 2) } }, "template.params"],
      [{ template: { templateId: approved.id, params: [...mapping.slice(0, 2), { source: "text", value: "" }] } }, "template.params.2.value"],
      [{ template: { templateId: approved.id, params: mapping }, confirmation: true }, "confirmation"],
      [{ scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }, "template.templateId"],
    ];
    for (const [body, field] of refusals) {
      const res = await call("POST", "/api/campaigns", { token: team.admin.token, body: { ...base, ...body } });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.json.fields ?? {}), field).toContain(field);
    }
    expect(await inTenant(team.company.id, (db) => db.select().from(campaigns).where(eq(campaigns.companyId, team.company.id)).all())).toEqual([]);
  });

  it("refuses a template on a WhatsApp Web connection, whose campaigns keep their written messages", async () => {
    const team = await cloudCompany();
    const tpl = await template(team);
    const web = await createConnection(team.company.id);
    const { list } = await createRecipientList(team.company.id, 1);
    const withTemplate = await call("POST", "/api/campaigns", {
      token: team.admin.token,
      body: { name: "Web", whatsappId: web.id, contactListId: list.id, template: { templateId: tpl.id, params: mapping } },
    });
    expect(withTemplate.status).toBe(400);
    expect(withTemplate.json.fields).toMatchObject({ template: expect.any(String) });
    const written = await call("POST", "/api/campaigns", { token: team.admin.token, body: { name: "Web", whatsappId: web.id, contactListId: list.id, message1: "Olá {nome}" } });
    expect(written.status).toBe(201);
    expect(written.json).toMatchObject({ message1: "Olá {nome}", template: null, templateName: null });
  });

  it("answers 404 for another company's template and 403 to an agent", async () => {
    const a = await cloudCompany();
    const b = await cloudCompany();
    const theirs = await template(b);
    const { list } = await createRecipientList(a.company.id, 1);
    const body = { name: "Alheia", whatsappId: a.connectionId, contactListId: list.id, template: { templateId: theirs.id, params: mapping } };
    const foreign = await call("POST", "/api/campaigns", { token: a.admin.token, body });
    expect(foreign.status).toBe(404);
    const mine = await template(a);
    expect((await call("POST", "/api/campaigns", { token: a.agent.token, body: { ...body, template: { templateId: mine.id, params: mapping } } })).status).toBe(403);
    expect(await inTenant(a.company.id, (db) => db.select().from(campaigns).where(eq(campaigns.companyId, a.company.id)).all())).toEqual([]);
  });

  it("refuses an attachment on a cloud campaign, sends its test as the template, edits its mapping, and a switch to a WhatsApp Web connection drops the template for messages", async () => {
    const team = await cloudCompany();
    const tpl = await template(team);
    const web = await createConnection(team.company.id);
    const { list } = await createRecipientList(team.company.id, 1);
    const created = await call("POST", "/api/campaigns", { token: team.admin.token, body: { name: "Editada", whatsappId: team.connectionId, contactListId: list.id, template: { templateId: tpl.id, params: mapping } } });
    expect(created.status).toBe(201);
    // No attachment on a template; a test send goes as the template, filled for the number.
    const upload = await call("POST", `/api/campaigns/${created.json.id}/media-upload`, { token: team.admin.token, rawBody: formWithFile("file", "%PDF-1.4", "oferta.pdf", "application/pdf") });
    expect(upload.status).toBe(400);
    const test = await call("POST", `/api/campaigns/${created.json.id}/test`, { token: team.admin.token, body: { number: "5511988887777" } });
    expect(test.status).toBe(200);
    await deliverJobs(test.json.messageIds.map((messageId: number) => ({ kind: "send" as const, companyId: team.company.id, messageId })));
    expect(graph.sends.at(-1)).toMatchObject({ to: "5511988887777", body: { type: "template", template: { components: [{ parameters: [{ text: "5511988887777" }, { text: "cliente" }, { text: "domingo" }] }] } } });
    const remapped = [{ source: "contact", field: "number" }, ...mapping.slice(1)];
    const edited = await call("PUT", `/api/campaigns/${created.json.id}`, { token: team.admin.token, body: { template: { templateId: tpl.id, params: remapped, fallback: "amigo" } } });
    expect(edited.json).toMatchObject({ template: { params: remapped, fallback: "amigo" } });
    const moved = await call("PUT", `/api/campaigns/${created.json.id}`, { token: team.admin.token, body: { whatsappId: web.id, template: null, message1: "Olá {nome}" } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ whatsappId: web.id, template: null, message1: "Olá {nome}" });
  });
});
