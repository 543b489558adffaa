import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaigns, messages } from "../../db/tenant";
import { createFileList, createRecipientList, openAllDay, shippingsOf } from "../../testing/campaigns";
import { call, companyWithTeam, createPlan, inTenant } from "../../testing/fixtures";
import { inboxCompany } from "../../testing/inbox";
import { formWithFile } from "../../testing/records";
import { connect } from "../../testing/sockets";

afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => new Date(Date.now() + DAY).toISOString();

async function campaignCompany() {
  const inbox = await inboxCompany();
  const { list } = await createRecipientList(inbox.company.id, 3);
  const draft = (extra: Record<string, unknown> = {}) => ({ name: "Black Friday", whatsappId: inbox.connection.id, contactListId: list.id, message1: "Olá {nome}!", ...extra });
  return { ...inbox, list, draft };
}

describe("GET and POST /api/campaign-settings", () => {
  it("answers the spec's defaults as key and value, saves what is given and keeps the rest", async () => {
    const { admin } = await inboxCompany();
    const before = await call("GET", "/api/campaign-settings", { token: admin.token });
    expect(before.status).toBe(200);
    expect(before.json).toEqual(expect.arrayContaining([{ key: "messageInterval", value: 20 }, { key: "longerIntervalAfter", value: 20 }, { key: "greaterInterval", value: 60 }]));
    const saved = await call("POST", "/api/campaign-settings", {
      token: admin.token,
      body: { messageInterval: 10, windowStart: "09:00", windowEnd: "18:00", days: [5, 1, 1], optOutWords: ["SAIR"], variables: [{ key: "loja", value: "Centro" }] },
    });
    expect(saved.status).toBe(200);
    const values = Object.fromEntries((saved.json as { key: string; value: unknown }[]).map((e) => [e.key, e.value]));
    expect(values).toMatchObject({ messageInterval: 10, greaterInterval: 60, windowStart: "09:00", windowEnd: "18:00", days: [1, 5], optOutWords: ["sair"], variables: [{ key: "loja", value: "Centro" }] });
  });

  it("refuses bad values, naming the fields, and changes nothing", async () => {
    const { admin } = await inboxCompany();
    const cases: [unknown, string][] = [
      [{ messageInterval: -1 }, "messageInterval"],
      [{ longerIntervalAfter: 2.5 }, "longerIntervalAfter"],
      [{ windowStart: "25:00" }, "windowStart"],
      [{ windowStart: "18:00", windowEnd: "09:00" }, "windowEnd"],
      [{ days: [] }, "days"],
      [{ variables: [{ key: "a b", value: "x" }] }, "variables.0.key"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", "/api/campaign-settings", { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.fields)).toContain(field);
    }
    // An end alone that comes before the stored start.
    expect((await call("POST", "/api/campaign-settings", { token: admin.token, body: { windowEnd: "07:00" } })).json.fields).toHaveProperty("windowEnd");
    expect((await call("POST", "/api/campaign-settings", { token: admin.token, body: {} })).status).toBe(400);
    const after = await call("GET", "/api/campaign-settings", { token: admin.token });
    expect(after.json).toEqual(expect.arrayContaining([{ key: "messageInterval", value: 20 }, { key: "windowEnd", value: "20:00" }]));
  });

  it("is an admin's (403 for a supervisor or an agent) and needs the plan's campaigns (403)", async () => {
    const { agent, supervisor } = await inboxCompany();
    expect((await call("GET", "/api/campaign-settings", { token: agent.token })).status).toBe(403);
    expect((await call("POST", "/api/campaign-settings", { token: supervisor.token, body: { messageInterval: 5 } })).status).toBe(403);
    const plan = await createPlan({ useCampaigns: false });
    const { admin } = await companyWithTeam({ planId: plan.id });
    const refused = await call("POST", "/api/campaign-settings", { token: admin.token, body: { messageInterval: 5 } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
  });
});

describe("POST /api/campaigns", () => {
  it("creates an inactive campaign without a time and a programmed one with a time, listed newest first, told to the admins live", async () => {
    const { admin, connection, list, draft } = await campaignCompany();
    const socket = await connect(admin.token);
    const inactive = await call("POST", "/api/campaigns", { token: admin.token, body: draft({ message2: "", confirmationMessage1: null }) });
    expect(inactive.status).toBe(201);
    expect(inactive.json).toMatchObject({ name: "Black Friday", status: "INATIVA", message1: "Olá {nome}!", message2: "", confirmationMessage1: "", whatsapp: { id: connection.id }, contactList: { id: list.id }, editable: true });
    expect(await socket.next((e) => e.type === "campaign" && e.action === "create")).toMatchObject({ campaign: { id: inactive.json.id } });
    const programmed = await call("POST", "/api/campaigns", { token: admin.token, body: draft({ name: "Natal", scheduledAt: tomorrow() }) });
    expect(programmed.json).toMatchObject({ status: "PROGRAMADA", editable: true });
    const listed = await call("GET", "/api/campaigns", { token: admin.token });
    expect(listed.json).toMatchObject({ records: [{ id: programmed.json.id }, { id: inactive.json.id }], count: 2, hasMore: false });
    expect((await call("GET", "/api/campaigns?searchParam=natal", { token: admin.token })).json.records).toHaveLength(1);
  });

  it("refuses a bad name, a past time, a programmed campaign without a message, and a file list id that is not one, writing nothing", async () => {
    const { company, admin, draft } = await campaignCompany();
    const cases: [unknown, string][] = [
      [draft({ name: "A" }), "name"],
      [draft({ name: "x".repeat(51) }), "name"],
      [draft({ scheduledAt: "ontem" }), "scheduledAt"],
      [draft({ scheduledAt: new Date(Date.now() - DAY).toISOString() }), "scheduledAt"],
      [draft({ scheduledAt: tomorrow(), message1: "" }), "message1"],
      [draft({ scheduledAt: tomorrow(), confirmation: true }), "confirmationMessage1"],
      [draft({ fileListId: "3" }), "fileListId"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", "/api/campaigns", { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.fields ?? {}), JSON.stringify(res.json)).toContain(field);
    }
    expect(await inTenant(company.id, (db) => db.select().from(campaigns).all())).toEqual([]);
  });

  it("is an admin's, needs useCampaigns, and cannot point at or reach another company's rows (404)", async () => {
    const a = await campaignCompany();
    const b = await campaignCompany();
    expect((await call("POST", "/api/campaigns", { token: a.agent.token, body: a.draft() })).status).toBe(403);
    expect((await call("GET", "/api/campaigns", { token: a.supervisor.token })).status).toBe(403);
    expect((await call("POST", "/api/campaigns", { token: a.admin.token, body: a.draft({ contactListId: b.list.id }) })).status).toBe(404);
    expect((await call("POST", "/api/campaigns", { token: a.admin.token, body: a.draft({ whatsappId: b.connection.id }) })).status).toBe(404);
    // Another company's file list, or a missing one: the file list's not-found, nothing saved.
    const theirList = await createFileList(b.admin.token, [{ fileName: "deles.pdf", type: "application/pdf", content: "%PDF-1.4" }]);
    for (const fileListId of [theirList.id, 999_999]) {
      const refused = await call("POST", "/api/campaigns", { token: a.admin.token, body: a.draft({ fileListId }) });
      expect(refused.status).toBe(404);
      expect(refused.json.error).toBe("ERR_NO_FILE_LIST_FOUND");
    }
    expect(await inTenant(a.company.id, (db) => db.select().from(campaigns).all())).toEqual([]);
    const theirs = await call("POST", "/api/campaigns", { token: b.admin.token, body: b.draft() });
    for (const [method, path, body] of [
      ["GET", `/api/campaigns/${theirs.json.id}`, undefined],
      ["PUT", `/api/campaigns/${theirs.json.id}`, { name: "Minha" }],
      ["DELETE", `/api/campaigns/${theirs.json.id}`, undefined],
      ["POST", `/api/campaigns/${theirs.json.id}/cancel`, undefined],
      ["POST", `/api/campaigns/${theirs.json.id}/restart`, undefined],
      ["POST", `/api/campaigns/${theirs.json.id}/test`, { number: "5511999990000" }],
      ["GET", `/api/campaigns/${theirs.json.id}/report`, undefined],
      ["GET", `/api/campaigns/${theirs.json.id}/report.csv`, undefined],
    ] as const) {
      expect((await call(method, path, { token: a.admin.token, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await call("GET", "/api/campaigns", { token: a.admin.token })).json.records).toEqual([]);
    const plan = await createPlan({ useCampaigns: false });
    const off = await companyWithTeam({ planId: plan.id });
    const refused = await call("GET", "/api/campaigns", { token: off.admin.token });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe("ERR_PLAN_FEATURE_DISABLED");
  });
});

describe("PUT, DELETE and the actions of /api/campaigns/:id", () => {
  it("edits until it starts, then refuses (409); cancels, restarts, pauses and resumes only from the right states", async () => {
    const { admin, company, draft } = await campaignCompany();
    const created = await call("POST", "/api/campaigns", { token: admin.token, body: draft({ scheduledAt: tomorrow() }) });
    const edited = await call("PUT", `/api/campaigns/${created.json.id}`, { token: admin.token, body: { message2: "Oi {nome}, tudo bem?" } });
    expect(edited.json).toMatchObject({ message2: "Oi {nome}, tudo bem?", status: "PROGRAMADA" });
    expect((await call("PUT", `/api/campaigns/${created.json.id}`, { token: admin.token, body: {} })).status).toBe(400);
    // Within the hour before its time: read-only.
    await inTenant(company.id, (db) => db.update(campaigns).set({ scheduledAt: new Date(Date.now() + 30 * 60 * 1000) }).where(eq(campaigns.id, created.json.id)).run());
    const late = await call("PUT", `/api/campaigns/${created.json.id}`, { token: admin.token, body: { name: "Outra" } });
    expect(late.status).toBe(409);
    expect(late.json.error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");

    expect((await call("POST", `/api/campaigns/${created.json.id}/pause`, { token: admin.token })).json.error).toBe("ERR_CAMPAIGN_WRONG_STATUS");
    expect((await call("POST", `/api/campaigns/${created.json.id}/cancel`, { token: admin.token })).json.status).toBe("CANCELADA");
    expect((await call("POST", `/api/campaigns/${created.json.id}/cancel`, { token: admin.token })).status).toBe(409);
    const restarted = await call("POST", `/api/campaigns/${created.json.id}/restart`, { token: admin.token });
    expect(restarted.json).toMatchObject({ status: "EM_ANDAMENTO", editable: false });
    expect((await shippingsOf(company.id, created.json.id)).map((s) => s.status)).toEqual(["queued", "queued", "queued"]);
    expect((await call("DELETE", `/api/campaigns/${created.json.id}`, { token: admin.token })).status).toBe(409);
    expect((await call("POST", `/api/campaigns/${created.json.id}/pause`, { token: admin.token })).json.status).toBe("PAUSADA");
    expect((await call("POST", `/api/campaigns/${created.json.id}/resume`, { token: admin.token })).json.status).toBe("EM_ANDAMENTO");
    await call("POST", `/api/campaigns/${created.json.id}/cancel`, { token: admin.token });
    expect((await call("DELETE", `/api/campaigns/${created.json.id}`, { token: admin.token })).status).toBe(200);
    expect((await call("GET", `/api/campaigns/${created.json.id}`, { token: admin.token })).status).toBe(404);
  });

  it("keeps one attachment while editable and sends a test to one number through the delivery queue", async () => {
    const { admin, agent, company, draft } = await campaignCompany();
    const created = await call("POST", "/api/campaigns", { token: admin.token, body: draft({ confirmation: true, confirmationMessage1: "Posso enviar a oferta, {nome}?" }) });
    const upload = await call("POST", `/api/campaigns/${created.json.id}/media-upload`, { token: admin.token, rawBody: formWithFile("file", "%PDF-1.4", "oferta.pdf", "application/pdf") });
    expect(upload.json).toMatchObject({ mediaName: "oferta.pdf", mediaPath: `/api/campaigns/${created.json.id}/media` });
    const test = await call("POST", `/api/campaigns/${created.json.id}/test`, { token: admin.token, body: { number: "+55 (11) 98888-7777" } });
    expect(test.status).toBe(200);
    expect(test.json.sent).toBe(2);
    const sent = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.fromMe, true)).all());
    expect(sent.map((m) => [m.body, m.mediaName])).toEqual([
      ["Posso enviar a oferta, 5511988887777?", null],
      ["Olá 5511988887777!", "oferta.pdf"],
    ]);
    expect((await call("POST", `/api/campaigns/${created.json.id}/test`, { token: admin.token, body: { number: "12" } })).status).toBe(400);
    expect((await call("DELETE", `/api/campaigns/${created.json.id}/media-upload`, { token: admin.token })).json.mediaPath).toBeNull();
    expect((await call("POST", `/api/campaigns/${created.json.id}/test`, { token: agent.token, body: { number: "5511988887777" } })).status).toBe(403);
  });

  it("takes the company's file list as the attachment, or a single file, not both (400); another company's list is not found (404) and nothing changes", async () => {
    const { admin, company, draft } = await campaignCompany();
    const other = await campaignCompany();
    const ours = await createFileList(admin.token, [{ fileName: "catalogo.pdf", type: "application/pdf", content: "%PDF-1.4" }]);
    const theirs = await createFileList(other.admin.token, [{ fileName: "deles.pdf", type: "application/pdf", content: "%PDF-1.4" }]);
    // A file list alone makes a programmed campaign complete (it has something to send).
    const created = await call("POST", "/api/campaigns", { token: admin.token, body: draft({ message1: "", fileListId: ours.id, scheduledAt: tomorrow() }) });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ fileListId: ours.id, status: "PROGRAMADA" });
    const foreign = await call("PUT", `/api/campaigns/${created.json.id}`, { token: admin.token, body: { fileListId: theirs.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error).toBe("ERR_NO_FILE_LIST_FOUND");
    // With a file list, no single attachment; with an attachment, no file list.
    const upload = () => call("POST", `/api/campaigns/${created.json.id}/media-upload`, { token: admin.token, rawBody: formWithFile("file", "%PDF-1.4", "oferta.pdf", "application/pdf") });
    const both = await upload();
    expect(both.status).toBe(400);
    expect(Object.keys(both.json.fields)).toEqual(["fileListId"]);
    expect((await call("PUT", `/api/campaigns/${created.json.id}`, { token: admin.token, body: { fileListId: null, message1: "Olá!" } })).json.fileListId).toBeNull();
    expect((await upload()).status).toBe(200);
    const again = await call("PUT", `/api/campaigns/${created.json.id}`, { token: admin.token, body: { fileListId: ours.id } });
    expect(again.status).toBe(400);
    expect(Object.keys(again.json.fields)).toEqual(["fileListId"]);
    const stored = await inTenant(company.id, (db) => db.select().from(campaigns).where(eq(campaigns.id, created.json.id)).get()!);
    expect(stored).toMatchObject({ fileListId: null, mediaName: "oferta.pdf" });
  });

  it("reports the counts, the recipients and a CSV", async () => {
    const { admin, draft } = await campaignCompany();
    await openAllDay(admin.token);
    const created = await call("POST", "/api/campaigns", { token: admin.token, body: draft() });
    const started = await call("PUT", `/api/campaigns/${created.json.id}`, { token: admin.token, body: { scheduledAt: tomorrow() } });
    expect(started.json.status).toBe("PROGRAMADA");
    await call("POST", `/api/campaigns/${created.json.id}/cancel`, { token: admin.token });
    await call("POST", `/api/campaigns/${created.json.id}/restart`, { token: admin.token });
    const report = await call("GET", `/api/campaigns/${created.json.id}/report`, { token: admin.token });
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({ counts: { total: 3, valid: 3, delivered: 0, failed: 0 }, progress: 0, count: 3, hasMore: false });
    // Running: the hub's own alarm may have made its first send already.
    expect(report.json.counts.queued + report.json.counts.sending).toBe(3);
    expect(report.json.estimatedFinishAt).toEqual(expect.any(Number));
    expect((await call("GET", `/api/campaigns/${created.json.id}/report?status=nada`, { token: admin.token })).status).toBe(400);
    const csv = await call("GET", `/api/campaigns/${created.json.id}/report.csv`, { token: admin.token });
    const text = csv.json as string;
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(4);
    // The reader's spreadsheet dialect: semicolons for pt-BR (the default) and es, commas for en.
    expect(text).toContain("number;name;email;status");
    const english = (await call("GET", `/api/campaigns/${created.json.id}/report.csv?lang=en`, { token: admin.token })).json as string;
    expect(english).toContain("number,name,email,status");
    expect((await call("GET", `/api/campaigns/${created.json.id}/report.csv?lang=fr`, { token: admin.token })).status).toBe(400);
  });
});
