import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schedules, tickets, whatsapps } from "../../db/tenant";
import { SerialQueue } from "../../lib/serialQueue";
import { approvedTemplate, connectedNumber, customerWithClosedWindow, deliver, graph, holdingOutbound, ingest, messagesOf, useFakeGraph } from "../../testing/cloud";
import { call, companyWithTeam, inHub, inTenant, setSetting } from "../../testing/fixtures";
import { storeOutboundMessage, type OutboundMessage } from "../messages/storeOutboundMessage";
import { dispatchDueSchedules } from "../schedules/dispatchDueSchedules";

useFakeGraph();

const queuedBy = async (work: () => Promise<unknown>) => (await holdingOutbound(work)).jobs;

/** A signed-up company with a Cloud API number, a customer whose window closed yesterday, and an approved template. */
async function closedWindowWithTemplate(body = "Olá {{1}}, {{2}} pede sua opinião: {{3}}", examples = ["Maria", "Ana", "Como foi?"]) {
  const team = await companyWithTeam();
  const { connectionId, number } = await connectedNumber(team);
  const { customer, ticketId } = await customerWithClosedWindow(team, number, "Dona Maria");
  const templateId = await approvedTemplate(team, connectionId, body, examples);
  return { team, connectionId, number, customer, ticketId, templateId };
}

const choose = (team: { admin: { token: string } }, connectionId: number, uses: unknown[], token = team.admin.token) =>
  call("PUT", `/api/whatsapp/${connectionId}/automatic-templates`, { token, body: { uses } });

const closeTicket = (token: string, ticketId: number) => queuedBy(() => call("PUT", `/api/tickets/${ticketId}`, { token, body: { status: "closed" } }));

describe("the product's own messages once the customer's window has closed", () => {
  it("sends the rating request as the connection's rating template, each value from its source, and the chat shows what went", async () => {
    const { team, connectionId, customer, ticketId, templateId } = await closedWindowWithTemplate();
    const chosen = await choose(team, connectionId, [{ purpose: "rating", templateId, params: [{ source: "contactName" }, { source: "agentName" }, { source: "message" }] }]);
    expect(chosen.status).toBe(200);
    expect(chosen.json).toEqual([expect.objectContaining({ purpose: "rating", templateId })]);
    await setSetting(team.company.id, "userRating", "enabled");

    await deliver(await closeTicket(team.agent.token, ticketId));

    const sent = graph.sends.at(-1)!;
    expect(sent).toMatchObject({ to: customer.waId, body: { type: "template" } });
    const params = (sent.body.template as { components: { parameters: { text: string }[] }[] }).components[0]!.parameters.map((p) => p.text);
    expect(params[0]).toBe("Dona Maria");
    expect(params[1]).toBe(team.agent.name);
    // The rating prompt, made one line: Meta refuses line breaks in a value.
    expect(params[2]).toMatch(/\*\[ 3 \]\*/);
    expect(params[2]).not.toMatch(/\n/);
    const rating = (await messagesOf(team.company.id)).find((m) => m.fromMe && m.mediaType === "template")!;
    expect(rating).toMatchObject({ ack: 1, wid: sent.wamid, sendError: null, body: expect.stringMatching(/^Olá Dona Maria, /) });
    expect(JSON.parse(rating.dataJson!)).toMatchObject({ automatic: "rating", template: { params } });
  });

  it("does not send a message whose purpose has no template: it shows the window closed, and Meta hears nothing", async () => {
    const { team, connectionId, ticketId } = await closedWindowWithTemplate();
    await inTenant(team.company.id, (db) => db.update(whatsapps).set({ complationMessage: "Obrigado, até logo!" }).where(eq(whatsapps.id, connectionId)).run());
    const before = graph.sends.length;

    await deliver(await closeTicket(team.agent.token, ticketId));

    expect(graph.sends).toHaveLength(before);
    expect((await messagesOf(team.company.id)).find((m) => m.body === "Obrigado, até logo!")).toMatchObject({ sendError: "ERR_WAPP_WINDOW_CLOSED", mediaType: "chat" });
  });

  it("sends the product's own text as it is while the window is open", async () => {
    const team = await companyWithTeam();
    const { connectionId, number } = await connectedNumber(team);
    await inTenant(team.company.id, (db) => db.update(whatsapps).set({ complationMessage: "Obrigado, até logo!" }).where(eq(whatsapps.id, connectionId)).run());
    const customer = { waId: "5511987001122", name: "Cliente novo" };
    await ingest((await graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body: "Oi" } })).hook);
    const [first] = await messagesOf(team.company.id);
    await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "open", userId: team.agent.id }).where(eq(tickets.id, first!.ticketId)).run());

    await deliver(await closeTicket(team.agent.token, first!.ticketId));

    expect(graph.sends.at(-1)!.body).toMatchObject({ type: "text", text: { body: "Obrigado, até logo!" } });
  });

  it("sends a schedule due on a closed window as the schedule template, with the schedule's text (signed, as it would go) as a value", async () => {
    const { team, connectionId, customer, ticketId, templateId } = await closedWindowWithTemplate("Lembrete da {{1}}: {{2}}", ["Loja", "Sua consulta é amanhã"]);
    await choose(team, connectionId, [{ purpose: "schedule", templateId, params: [{ source: "text", text: "Clínica Sorriso" }, { source: "message" }] }]);
    const ticket = (await messagesOf(team.company.id)).find((m) => m.ticketId === ticketId)!;
    await inTenant(team.company.id, (db) =>
      db.insert(schedules).values({ companyId: team.company.id, contactId: ticket.contactId!, ticketId, whatsappId: connectionId, userId: team.agent.id, body: "Sua consulta é amanhã às 10h", sendAt: new Date(Date.now() - 1000) }).run(),
    );

    const jobs = await queuedBy(() => inHub(team.company.id, (hub) => dispatchDueSchedules({ ctx: hub.systemCtx(team.company.id), input: { now: Date.now() }, serially: (task) => new SerialQueue().run(task) })));
    await deliver(jobs);

    expect(graph.sends.at(-1)).toMatchObject({
      to: customer.waId,
      body: { type: "template", template: { components: [{ type: "body", parameters: [{ text: "Clínica Sorriso" }, { text: `*${team.agent.name}*: Sua consulta é amanhã às 10h` }] }] } },
    });
    const schedule = await inTenant(team.company.id, (db) => db.select().from(schedules).where(and(eq(schedules.companyId, team.company.id), eq(schedules.ticketId, ticketId))).get());
    expect(schedule).toMatchObject({ status: "ENVIADA" });
  });
});

describe("which purpose a message nobody typed serves", () => {
  it("takes each kind of automatic message to its purpose's template; menus and answers have none and are not sent", async () => {
    const { team, connectionId, ticketId, templateId } = await closedWindowWithTemplate("Aviso: {{1}}", ["Olá"]);
    const purposes = ["greeting", "outOfHours", "notice", "rating", "completion", "autoClose"] as const;
    await choose(team, connectionId, purposes.map((purpose) => ({ purpose, templateId, params: [{ source: "text", text: purpose }] })));
    const said: [OutboundMessage, string | null][] = [
      [{ body: "Bem-vindo!", bot: { kind: "greeting" } }, "greeting"],
      [{ body: "Estamos fechados.", bot: { kind: "outOfHours" } }, "outOfHours"],
      [{ body: "Transferido para Vendas.", automatic: true }, "notice"],
      [{ body: "Avalie de 1 a 3", bot: { kind: "ratingRepeat" } }, "rating"],
      [{ body: "Até logo!", bot: { kind: "completion" } }, "completion"],
      [{ body: "Encerrado por inatividade.", bot: { kind: "expired" } }, "autoClose"],
      [{ body: "*[ 1 ]* - Vendas", bot: { kind: "queuesMenu" } }, null],
      [{ body: "Resposta da IA", bot: { kind: "assistant" } }, null],
    ];
    for (const [message, purpose] of said) {
      const sends = graph.sends.length;
      await deliver(await queuedBy(() => inHub(team.company.id, (hub) => storeOutboundMessage(hub.systemCtx(team.company.id), ticketId, message))));
      const row = (await messagesOf(team.company.id)).at(-1)!;
      if (purpose) {
        expect(graph.sends.at(-1)!.body, message.body).toMatchObject({ type: "template", template: { components: [{ parameters: [{ text: purpose }] }] } });
        expect(row, message.body).toMatchObject({ mediaType: "template", body: `Aviso: ${purpose}`, ack: 1 });
      } else {
        expect(graph.sends, message.body).toHaveLength(sends);
        expect(row, message.body).toMatchObject({ body: message.body, sendError: "ERR_WAPP_WINDOW_CLOSED" });
      }
    }
  });
});

describe("choosing the templates (PUT /api/whatsapp/:id/automatic-templates)", () => {
  it("takes only this connection's approved templates with one source per variable; anything wrong changes nothing", async () => {
    const { team, connectionId, templateId } = await closedWindowWithTemplate();
    const good = [{ purpose: "completion", templateId, params: [{ source: "contactName" }, { source: "companyName" }, { source: "text", text: "Até logo" }] }];
    expect((await choose(team, connectionId, good)).status).toBe(200);

    const tooFew = await choose(team, connectionId, [{ purpose: "rating", templateId, params: [{ source: "contactName" }] }]);
    expect(tooFew.status).toBe(400);
    expect(tooFew.json.fields).toMatchObject({ "uses.0.params": "This template takes 3 values" });
    const twice = await choose(team, connectionId, [...good, ...good]);
    expect(twice.json.fields).toMatchObject({ "uses.1.purpose": expect.any(String) });
    const badSource = await choose(team, connectionId, [{ purpose: "rating", templateId, params: [{ source: "password" }] }]);
    expect(badSource.status).toBe(400);
    const pending = await call("POST", `/api/whatsapp/${connectionId}/templates`, { token: team.admin.token, body: { name: "ainda_em_analise", category: "UTILITY", body: "Oi" } });
    const notApproved = await choose(team, connectionId, [{ purpose: "rating", templateId: pending.json.id, params: [] }]);
    expect(notApproved.json.fields).toMatchObject({ "uses.0.templateId": "Only an approved template" });

    const kept = await call("GET", `/api/whatsapp/${connectionId}/automatic-templates`, { token: team.admin.token });
    expect(kept.json).toEqual([expect.objectContaining({ purpose: "completion", templateId, params: good[0]!.params })]);
  });

  it("is for the company's admins, on its own Cloud API connections: another company gets 404, an agent 403", async () => {
    const { team, connectionId, templateId } = await closedWindowWithTemplate();
    const other = await companyWithTeam();
    const otherNumber = await connectedNumber(other);
    const uses = [{ purpose: "rating", templateId, params: [{ source: "contactName" }, { source: "agentName" }, { source: "message" }] }];
    expect((await choose(other, connectionId, uses)).status).toBe(404);
    expect((await call("GET", `/api/whatsapp/${connectionId}/automatic-templates`, { token: other.admin.token })).status).toBe(404);
    expect((await choose(team, connectionId, uses, team.agent.token)).status).toBe(403);
    expect((await choose(team, connectionId, { not: "a list" } as never, team.agent.token)).status).toBe(403);
    expect((await call("GET", `/api/whatsapp/${connectionId}/automatic-templates`, { token: team.supervisor.token })).status).toBe(403);
    // Another company's template on our connection: not ours to use.
    expect((await choose(other, otherNumber.connectionId, uses)).json.fields).toMatchObject({ "uses.0.templateId": "Not a template of this connection" });
    const web = await call("POST", "/api/whatsapp", { token: team.admin.token, body: { name: "Web" } });
    expect((await call("GET", `/api/whatsapp/${web.json.id}/automatic-templates`, { token: team.admin.token })).json.error).toBe("ERR_WAPP_NOT_SUPPORTED");
  });
});
