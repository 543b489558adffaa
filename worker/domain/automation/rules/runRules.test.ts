import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tags, ticketNotes, ticketTags, ticketTracking, webhookDeliveries } from "../../../db/tenant";
import { addRule, runsOf, saidOn, settled, ticketOf, ticketsOf } from "../../../testing/automationRules";
import { deliver, inbound } from "../../../testing/bridge";
import { call, createQueue, inHub, inTenant } from "../../../testing/fixtures";
import { inboxCompany } from "../../../testing/inbox";
import { holdWebhookJobs, subscribeHook } from "../../../testing/webhooks";
import { slaBreached } from "../changes";

afterEach(() => vi.restoreAllMocks());

const NUMBER = "5511988887777";
let numbers = 0;
const aNumber = () => `55119777${String(++numbers).padStart(5, "0")}`;

async function tag(companyId: number, name: string) {
  return inTenant(companyId, (db) => db.insert(tags).values({ companyId, name, color: "#333" }).returning().get());
}
const tagsOf = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) => db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId)).all().map((t) => t.tagId));

/** A contact writes; the rules it sets off run; answers the contact's ticket. */
async function contactWrites(team: Awaited<ReturnType<typeof inboxCompany>>, body: string, from = NUMBER) {
  await deliver(inbound(team.connection.id, from, body));
  await settled(team.company.id);
  const all = await ticketsOf(team.company.id);
  return all[all.length - 1]!;
}

describe("automation rules on a contact's message", () => {
  it("act when every condition holds: tags, priority and a note without author, each logged", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const vip = await tag(company, "Boleto");
    const rule = await addRule(company, {
      name: "Boleto",
      trigger: "messageReceived",
      conditions: [{ field: "messageText", op: "contains", value: "BOLETO", caseSensitive: false }],
      actions: [{ type: "addTags", tagIds: [vip.id] }, { type: "setPriority", priority: "high" }, { type: "addNote", body: "Pediu boleto" }],
    });

    const ticket = await contactWrites(team, "quero a segunda via do boleto");

    expect(await tagsOf(company, ticket.id)).toEqual([vip.id]);
    expect((await ticketOf(company, ticket.id)).priority).toBe("high");
    const notes = await inTenant(company, (db) => db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id)).all());
    expect(notes).toMatchObject([{ note: "Pediu boleto", userId: null, byAutomation: true }]);
    expect(await runsOf(company, rule.id)).toMatchObject([
      {
        ticketId: ticket.id,
        trigger: "messageReceived",
        outcome: "acted",
        detail: [{ code: "action.addTags", args: { tags: "Boleto" } }, { code: "action.setPriority", args: { priority: "high" } }, { code: "action.addNote" }],
      },
    ]);
  });

  it("skip, logging the first condition that did not hold, and change nothing", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const rule = await addRule(company, {
      trigger: "messageReceived",
      conditions: [
        { field: "connection", op: "in", whatsappIds: [team.connection.id] },
        { field: "messageText", op: "matches", value: "pedido\\s*#?\\d{4}", caseSensitive: false },
      ],
      actions: [{ type: "setPriority", priority: "urgent" }],
    });

    const ticket = await contactWrites(team, "bom dia");

    expect((await ticketOf(company, ticket.id)).priority).toBe("normal");
    expect(await runsOf(company, rule.id)).toMatchObject([{ ticketId: ticket.id, outcome: "skipped", detail: [{ code: "condition.messageText" }] }]);

    await contactWrites(team, "meu PEDIDO #1234 atrasou");
    expect((await ticketOf(company, ticket.id)).priority).toBe("urgent");
  });

  it("run in their order, each seeing what the ones before did", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const first = await tag(company, "Primeira");
    await addRule(company, { trigger: "messageReceived", actions: [{ type: "addTags", tagIds: [first.id] }] });
    const second = await addRule(company, {
      trigger: "messageReceived",
      conditions: [{ field: "tag", op: "has", tagId: first.id }],
      actions: [{ type: "setPriority", priority: "low" }],
    });

    const ticket = await contactWrites(team, "oi");

    expect((await ticketOf(company, ticket.id)).priority).toBe("low");
    expect(await runsOf(company, second.id)).toMatchObject([{ outcome: "acted" }]);
  });

  it("take tags off as well as put them on", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const [a, b] = [await tag(company, "A"), await tag(company, "B")];
    await addRule(company, { trigger: "messageReceived", actions: [{ type: "addTags", tagIds: [a.id, b.id] }] });
    const removing = await addRule(company, { trigger: "messageReceived", actions: [{ type: "removeTags", tagIds: [a.id] }] });

    const ticket = await contactWrites(team, "oi");

    expect(await tagsOf(company, ticket.id)).toEqual([b.id]);
    expect(await runsOf(company, removing.id)).toMatchObject([{ outcome: "acted", detail: [{ code: "action.removeTags", args: { tags: "A" } }] }]);
  });

  it("do nothing when disabled, and never run on another company's tickets", async () => {
    const team = await inboxCompany();
    const other = await inboxCompany();
    await addRule(team.company.id, { trigger: "messageReceived", enabled: false, actions: [{ type: "setPriority", priority: "urgent" }] });
    const elsewhere = await addRule(other.company.id, { trigger: "messageReceived", actions: [{ type: "setPriority", priority: "urgent" }] });

    const ticket = await contactWrites(team, "oi");

    expect((await ticketOf(team.company.id, ticket.id)).priority).toBe("normal");
    expect(await runsOf(team.company.id)).toEqual([]);
    expect(await runsOf(other.company.id, elsewhere.id)).toEqual([]);
  });

  it("stop at the first refused action, logging it as failed, and keep what the actions before it did", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const other = await inboxCompany();
    const done = await tag(company, "Feito");
    const rule = await addRule(company, {
      trigger: "messageReceived",
      // The agent is another company's: refused.
      actions: [{ type: "addTags", tagIds: [done.id] }, { type: "assignAgent", userId: other.agent.id }, { type: "close" }],
    });

    const ticket = await contactWrites(team, "oi");

    expect(await tagsOf(company, ticket.id)).toEqual([done.id]);
    expect((await ticketOf(company, ticket.id)).status).toBe("pending");
    expect(await runsOf(company, rule.id)).toMatchObject([
      { outcome: "failed", detail: [{ code: "action.addTags" }, { code: "actionFailed.assignAgent", args: { error: "ERR_NO_USER_FOUND" } }] },
    ]);
  });
});

describe("automation rules' actions", () => {
  it("assign the ticket to an agent (open, theirs) through the system's move, with its history row", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const rule = await addRule(company, { trigger: "ticketCreated", actions: [{ type: "assignAgent", userId: team.agent.id }] });

    const ticket = await contactWrites(team, "oi");

    expect(await ticketOf(company, ticket.id)).toMatchObject({ status: "open", userId: team.agent.id });
    const history = await inTenant(company, (db) => db.select().from(ticketTracking).where(and(eq(ticketTracking.ticketId, ticket.id), eq(ticketTracking.action, "transfer"))).all());
    expect(history).toMatchObject([{ toStatus: "open", toUserId: team.agent.id, byUserId: null }]);
    expect(await runsOf(company, rule.id)).toMatchObject([{ trigger: "ticketCreated", outcome: "acted", detail: [{ code: "action.assignAgent", args: { agent: team.agent.name } }] }]);
  });

  it("move the ticket to a queue, waiting and nobody's, and say a message with the contact's variables filled", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    await addRule(company, {
      trigger: "messageReceived",
      actions: [{ type: "assignQueue", queueId: team.support.id }, { type: "sendMessage", body: "Olá {{name}}, já vamos te atender ({nome})." }],
    });

    const ticket = await contactWrites(team, "oi");

    expect(await ticketOf(company, ticket.id)).toMatchObject({ status: "pending", queueId: team.support.id, userId: null });
    const said = await saidOn(company, ticket.id);
    expect(said.at(-1)).toMatchObject({ sentByBot: true });
    expect(said.at(-1)!.body).toMatch(/^Olá .+, já vamos te atender \(.+\)\.$/);
    expect(said.at(-1)!.body).not.toContain("{");
  });

  it("close the ticket, skip a template on a connection that is not the Cloud API, and raise automation.triggered", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    holdWebhookJobs();
    await subscribeHook(team.admin, "/ok", ["automation.triggered"]);
    const rule = await addRule(company, {
      name: "Encerrar",
      trigger: "messageReceived",
      actions: [{ type: "sendTemplate", templateId: 1, params: [] }, { type: "sendWebhookEvent", label: "encerrado" }, { type: "close" }],
    });

    const ticket = await contactWrites(team, "tchau");

    expect((await ticketOf(company, ticket.id)).status).toBe("closed");
    expect(await runsOf(company, rule.id)).toMatchObject([
      { outcome: "acted", detail: [{ code: "actionSkipped.sendTemplate", args: { reason: "notCloud" } }, { code: "action.sendWebhookEvent", args: { label: "encerrado" } }, { code: "action.close" }] },
    ]);
    const events = await inTenant(company, (db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, company)).all());
    expect(events.map((e) => [e.eventType, JSON.parse(e.payload).data])).toMatchObject([
      ["automation.triggered", { rule: { id: rule.id, name: "Encerrar" }, label: "encerrado", ticket: { id: ticket.id } }],
    ]);
  });
});

describe("automation rules' triggers", () => {
  it("ticketTransferred and ticketClosed follow an agent's moves; a reopen or an acceptance is neither", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const moved = await addRule(company, { trigger: "ticketTransferred", actions: [{ type: "setPriority", priority: "high" }] });
    const closed = await addRule(company, { trigger: "ticketClosed", actions: [{ type: "addNote", body: "Fechado" }] });
    const ticket = await contactWrites(team, "oi");
    const put = (body: object) => call("PUT", `/api/tickets/${ticket.id}`, { token: team.admin.token, body });

    expect((await put({ status: "open", userId: team.admin.id })).status).toBe(200);
    await settled(company);
    expect(await runsOf(company, moved.id)).toEqual([]);

    expect((await put({ queueId: team.sales.id, userId: team.agent.id })).status).toBe(200);
    await settled(company);
    expect(await runsOf(company, moved.id)).toMatchObject([{ trigger: "ticketTransferred", outcome: "acted" }]);

    expect((await put({ status: "closed" })).status).toBe(200);
    await settled(company);
    expect(await runsOf(company, closed.id)).toMatchObject([{ trigger: "ticketClosed", outcome: "acted" }]);
    expect(await runsOf(company, moved.id)).toHaveLength(1);
  });

  it("slaBreached runs its rules on the ticket", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const rule = await addRule(company, { trigger: "slaBreached", actions: [{ type: "setPriority", priority: "urgent" }] });
    const ticket = await contactWrites(team, "oi");

    await inHub(company, (hub) => slaBreached(hub.systemCtx(company), ticket.id, "firstResponse"));
    await settled(company);

    expect((await ticketOf(company, ticket.id)).priority).toBe("urgent");
    expect(await runsOf(company, rule.id)).toMatchObject([{ trigger: "slaBreached", outcome: "acted" }]);
  });

  it("outsideServiceHours runs only when the company is out of hours at the message", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const rule = await addRule(company, { trigger: "outsideServiceHours", actions: [{ type: "addNote", body: "Fora do horário" }] });
    const closedAllWeek = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((weekdayEn, weekday) => ({ weekday: String(weekday), weekdayEn, startTime: "", endTime: "" }));
    const { companies } = await import("../../../db/tenant");
    const { settings } = await import("../../../db/tenant");

    await contactWrites(team, "oi", aNumber());
    expect(await runsOf(company, rule.id)).toEqual([]);

    await inTenant(company, (db) => {
      db.update(companies).set({ schedules: closedAllWeek }).where(eq(companies.id, company)).run();
      db.insert(settings).values({ companyId: company, key: "scheduleType", value: "company" }).onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: "company" } }).run();
    });
    const ticket = await contactWrites(team, "oi", aNumber());
    expect(await runsOf(company, rule.id)).toMatchObject([{ ticketId: ticket.id, trigger: "outsideServiceHours", outcome: "acted" }]);
  });
});

describe("the loop guard", () => {
  it("stops two rules that transfer a ticket back and forth: each acts 3 times in the chain, then logs one loopGuard line", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    await addRule(company, { trigger: "messageReceived", actions: [{ type: "assignQueue", queueId: team.sales.id }] });
    const toSupport = await addRule(company, {
      trigger: "ticketTransferred",
      conditions: [{ field: "queue", op: "in", queueIds: [team.sales.id], none: false }],
      actions: [{ type: "assignQueue", queueId: team.support.id }],
    });
    const toSales = await addRule(company, {
      trigger: "ticketTransferred",
      conditions: [{ field: "queue", op: "in", queueIds: [team.support.id], none: false }],
      actions: [{ type: "assignQueue", queueId: team.sales.id }],
    });

    const ticket = await contactWrites(team, "oi");

    for (const rule of [toSupport, toSales]) {
      const runs = (await runsOf(company, rule.id)).filter((r) => r.outcome !== "skipped");
      expect(runs.map((r) => r.outcome)).toEqual(["acted", "acted", "acted", "loopGuard"]);
      expect(runs[3]!.detail).toEqual([{ code: "loopGuard", args: { times: 3 } }]);
    }
    expect([team.sales.id, team.support.id]).toContain((await ticketOf(company, ticket.id)).queueId);

    // An agent's move is a new chain: the rules act again.
    const now = (await ticketOf(company, ticket.id)).queueId;
    const moved = await call("PUT", `/api/tickets/${ticket.id}`, { token: team.admin.token, body: { queueId: now === team.sales.id ? team.support.id : team.sales.id } });
    expect(moved.status).toBe(200);
    await settled(company);
    const acted = async (ruleId: number) => (await runsOf(company, ruleId)).filter((r) => r.outcome === "acted").length;
    expect((await acted(toSupport.id)) + (await acted(toSales.id))).toBeGreaterThan(6);
  });

  it("stops a chain at depth 10, however many different rules it passes through", async () => {
    const team = await inboxCompany();
    const company = team.company.id;
    const queues = [];
    for (let i = 0; i <= 11; i++) queues.push(await createQueue(company, { name: `Fila ${i}` }));
    await addRule(company, { trigger: "messageReceived", actions: [{ type: "assignQueue", queueId: queues[1]!.id }] });
    // Last step first: in one turn only the rule of the ticket's queue acts, so each step is a link of its own.
    for (let i = 10; i >= 1; i--) {
      await addRule(company, {
        trigger: "ticketTransferred",
        conditions: [{ field: "queue", op: "in", queueIds: [queues[i]!.id], none: false }],
        actions: [{ type: "assignQueue", queueId: queues[i + 1]!.id }],
      });
    }

    const ticket = await contactWrites(team, "oi");

    // The message's turn is depth 0 (to queue 1); turns 1 to 9 move it on to queue 10; the tenth link is not queued.
    expect((await ticketOf(company, ticket.id)).queueId).toBe(queues[10]!.id);
  });
});
