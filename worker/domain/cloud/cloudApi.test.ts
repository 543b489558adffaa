import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { cloudNumbers, connectionRoutes } from "../../db/control";
import { contactConsentChanges, contacts, tickets, webhookDeliveries, whatsapps } from "../../db/tenant";
import { hubDirectory } from "../../hub/ports";
import { cloudSignature } from "../../lib/whatsappCloud";
import { agentSends, cloudConversation as conversation, connectCloud, deliver, graph, holdingOutbound, ingest, messagesOf, metaNumber, PLATFORM_SECRET, useFakeGraph } from "../../testing/cloud";
import { call, companyWithTeam, control, inTenant, testEnv } from "../../testing/fixtures";
import { connect } from "../../testing/sockets";
import { holdWebhookJobs, subscribeHook } from "../../testing/webhooks";
import { ingestCloudWebhooks } from "./ingestCloudWebhook";

let seq = 0;
useFakeGraph();

async function signedUp() {
  return companyWithTeam();
}

describe("connecting a Cloud API number", () => {
  it("checks the id and token with Meta, connects at once, seals the token and routes the number; the answer never carries a secret", async () => {
    const team = await signedUp();
    const { res, number } = await connectCloud(team);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ channel: "cloud", status: "CONNECTED", number: number.displayPhoneNumber.replace(/\D/g, ""), cloud: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, webhookPath: "/webhooks/whatsapp", ownApp: false, error: null } });
    expect(JSON.stringify(res.json)).not.toContain(number.accessToken);
    const row = await inTenant(team.company.id, (db) => db.select().from(whatsapps).where(eq(whatsapps.id, res.json.id)).get());
    expect(row!.cloudAccessToken).toMatch(/^v1\./);
    expect(row!.cloudAccessToken).not.toContain(number.accessToken);
    expect(await control.select().from(cloudNumbers).where(eq(cloudNumbers.phoneNumberId, number.phoneNumberId)).get()).toMatchObject({ companyId: team.company.id, whatsappId: res.json.id, routeKey: null });
  });

  it("refuses a token Meta does not accept, and saves nothing", async () => {
    const team = await signedUp();
    const number = metaNumber();
    graph.numbers.set(number.phoneNumberId, { ...number, accessToken: "another-token-entirely-000" });
    const res = await call("POST", "/api/whatsapp", { token: team.admin.token, body: { name: "Oficial ruim", channel: "cloud", cloud: { phoneNumberId: number.phoneNumberId, wabaId: number.wabaId, accessToken: number.accessToken } } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("ERR_WAPP_CLOUD_CREDENTIALS");
    expect(await inTenant(team.company.id, (db) => db.select().from(whatsapps).where(eq(whatsapps.companyId, team.company.id)).all())).toEqual([]);
  });

  it("refuses a number another company has connected, an agent (403), and a cloud connection without credentials (400)", async () => {
    const [a, b] = [await signedUp(), await signedUp()];
    const { number } = await connectCloud(a);
    const again = await connectCloud(b, number);
    expect(again.res.status).toBe(409);
    expect(again.res.json).toMatchObject({ error: "ERR_DUPLICATED_WHATSAPP", field: "cloud.phoneNumberId" });
    const byAgent = await call("POST", "/api/whatsapp", { token: b.agent.token, body: { name: "X", channel: "cloud", cloud: { phoneNumberId: "123456", wabaId: "123456", accessToken: "x".repeat(30) } } });
    expect(byAgent.status).toBe(403);
    const bare = await call("POST", "/api/whatsapp", { token: b.admin.token, body: { name: "Sem dados", channel: "cloud" } });
    expect(bare.status).toBe(400);
    expect(bare.json.fields).toMatchObject({ cloud: "Required" });
  });

  it("is never handed to a session host", async () => {
    const team = await signedUp();
    const { res } = await connectCloud(team);
    const { connectionsToRun } = await import("../sessionHost/connectionsToRun");
    const ids = (await connectionsToRun(control, "host-test")).map((c) => c.id);
    expect(ids).not.toContain(res.json.id);
    expect(await control.select().from(connectionRoutes).where(eq(connectionRoutes.whatsappId, res.json.id)).get()).toMatchObject({ status: "CONNECTED" });
  });
});

describe("the webhook's edge", () => {
  it("answers Meta's handshake with the challenge only for the right verify token", async () => {
    const ok = await call("GET", "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=platform-verify-token&hub.challenge=1158201444");
    expect(ok.status).toBe(200);
    expect(ok.json).toBe(1158201444);
    const wrong = await call("GET", "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=platform-verify-tokeN&hub.challenge=1158201444");
    expect(wrong.status).toBe(403);
  });

  it("takes a delivery whose signature matches its bytes, and refuses one with a byte changed or no signature (401)", async () => {
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    const bytes = new TextEncoder().encode(body);
    const signature = await cloudSignature(PLATFORM_SECRET, bytes);
    const send = vi.spyOn(testEnv.INBOUND, "send");
    const ok = await call("POST", "/webhooks/whatsapp", { rawBody: body, headers: { "x-hub-signature-256": signature, "content-type": "application/json" } });
    expect(ok.status).toBe(200);
    const changed = body.replace("[]", "[ ]");
    const tampered = await call("POST", "/webhooks/whatsapp", { rawBody: changed, headers: { "x-hub-signature-256": signature } });
    expect(tampered.status).toBe(401);
    expect(tampered.json.error).toBe("ERR_WEBHOOK_SIGNATURE");
    const unsigned = await call("POST", "/webhooks/whatsapp", { rawBody: body });
    expect(unsigned.status).toBe(401);
    send.mockRestore();
  });

  it("checks a company's own app's deliveries with that app's secret at its own path; an unknown path is 404", async () => {
    const team = await signedUp();
    const own = metaNumber("own-app-secret-abcdefghij");
    const { res } = await connectCloud(team, own, { verifyToken: "minha-palavra" });
    expect(res.json.cloud).toMatchObject({ ownApp: true, webhookPath: expect.stringMatching(/^\/webhooks\/whatsapp\/[0-9a-f]{32}$/) });
    const path = res.json.cloud.webhookPath as string;
    expect((await call("GET", `${path}?hub.mode=subscribe&hub.verify_token=minha-palavra&hub.challenge=42`)).json).toBe(42);
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    const bytes = new TextEncoder().encode(body);
    expect((await call("POST", path, { rawBody: body, headers: { "x-hub-signature-256": await cloudSignature(own.appSecret, bytes) } })).status).toBe(200);
    // Signed with the platform's secret: not this app's.
    expect((await call("POST", path, { rawBody: body, headers: { "x-hub-signature-256": await cloudSignature(PLATFORM_SECRET, bytes) } })).status).toBe(401);
    expect((await call("POST", "/webhooks/whatsapp/0123456789abcdef0123456789abcdef", { rawBody: body, headers: { "x-hub-signature-256": await cloudSignature(own.appSecret, bytes) } })).status).toBe(404);
  });
});

describe("a customer writes to a Cloud API number", () => {
  it("opens a ticket in the number's company with the customer's name, once however often Meta redelivers", async () => {
    const [a, b] = [await signedUp(), await signedUp()];
    const { res, number } = await connectCloud(a);
    await connectCloud(b);
    const { hook, wamid } = await graph.customerWrites(number.phoneNumberId, { waId: "5511987650001", name: "Dona Maria" }, { type: "text", text: { body: "Bom dia, quero um orçamento" } });
    await ingest(hook);
    await ingest(hook);
    const rows = await messagesOf(a.company.id);
    expect(rows.filter((m) => m.wid === wamid)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: "Bom dia, quero um orçamento", fromMe: false, mediaType: "chat" });
    const contact = await inTenant(a.company.id, (db) => db.select().from(contacts).where(eq(contacts.id, rows[0]!.contactId!)).get());
    expect(contact).toMatchObject({ name: "Dona Maria", number: "5511987650001" });
    const ticket = await inTenant(a.company.id, (db) => db.select().from(tickets).where(eq(tickets.id, rows[0]!.ticketId)).get());
    expect(ticket!.whatsappId).toBe(res.json.id);
    expect(await messagesOf(b.company.id)).toEqual([]);
  });

  it("stores a picture's file, fetched from Meta with the token, under the company's prefix", async () => {
    const team = await signedUp();
    const { number } = await connectCloud(team);
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    await ingest((await graph.customerWrites(number.phoneNumberId, { waId: "5511987650002" }, { type: "image", image: { caption: "Olha isso" } }, { bytes: png, mimetype: "image/png" })).hook);
    const [row] = await messagesOf(team.company.id);
    expect(row).toMatchObject({ mediaType: "image", body: "Olha isso" });
    expect(row!.mediaUrl).toMatch(new RegExp(`^companies/${team.company.id}/messages/`));
    const stored = await testEnv.MEDIA.get(row!.mediaUrl!);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(png);
  });

  it("reads voice notes, documents, locations, contacts, list and button replies, and reactions", async () => {
    const team = await signedUp();
    const { number } = await connectCloud(team);
    const from = { waId: "5511987650003" };
    const pid = number.phoneNumberId;
    const ogg = { bytes: new Uint8Array([0x4f, 0x67, 0x67, 0x53]), mimetype: "audio/ogg; codecs=opus" };
    const { wamid: first } = await graph.customerWrites(pid, from, { type: "text", text: { body: "oi" } });
    const hooks = [
      graph.hooks.at(-1)!,
      (await graph.customerWrites(pid, from, { type: "audio", audio: { voice: true } }, ogg)).hook,
      (await graph.customerWrites(pid, from, { type: "document", document: { filename: "contrato.pdf", caption: "segue" } }, { bytes: new Uint8Array([37, 80, 68, 70]), mimetype: "application/pdf" })).hook,
      (await graph.customerWrites(pid, from, { type: "location", location: { latitude: -23.55, longitude: -46.63, name: "Loja Centro" } })).hook,
      (await graph.customerWrites(pid, from, { type: "contacts", contacts: [{ name: { formatted_name: "João" }, phones: [{ phone: "+55 11 91234-5678", wa_id: "5511912345678" }] }] })).hook,
      (await graph.customerWrites(pid, from, { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "2", title: "Financeiro" } } })).hook,
      (await graph.customerWrites(pid, from, { type: "button", button: { payload: "SIM", text: "Sim, quero" } })).hook,
      (await graph.customerWrites(pid, from, { type: "reaction", reaction: { message_id: first, emoji: "👍" } })).hook,
    ];
    for (const hook of hooks) await ingest(hook);
    const rows = (await messagesOf(team.company.id)).sort((x, y) => x.id - y.id);
    expect(rows.map((m) => [m.mediaType, m.body])).toEqual([
      ["chat", "oi"],
      ["ptt", ""],
      ["application", "segue"],
      ["locationMessage", "|https://maps.google.com/maps?q=-23.55%2C-46.63&z=17|Loja Centro"],
      ["contactMessage", expect.stringContaining("FN:João\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678")],
      ["list", "Financeiro"],
      ["button", "Sim, quero"],
      ["reactionMessage", "👍"],
    ]);
    expect(rows[1]!.mediaUrl).toMatch(/\.ogg$/);
    expect(rows[2]!.mediaName).toBe("contrato.pdf");
  });

  it("takes a queue batch together: two companies' numbers side by side, a delivery repeated inside it kept once", async () => {
    const [a, b] = [await signedUp(), await signedUp()];
    const { number: na } = await connectCloud(a);
    const { number: nb } = await connectCloud(b);
    const first = await graph.customerWrites(na.phoneNumberId, { waId: "5511987650011" }, { type: "text", text: { body: "para A" } });
    const second = await graph.customerWrites(nb.phoneNumberId, { waId: "5511987650012" }, { type: "text", text: { body: "para B" } });
    const jobs = [first.hook, second.hook, first.hook].map((h) => ({ kind: "cloudWebhook" as const, routeKey: null, body: h.body, receivedAt: Date.now() }));
    expect(await ingestCloudWebhooks(hubDirectory(testEnv), control, testEnv, jobs)).toMatchObject({ ingested: 2 });
    expect((await messagesOf(a.company.id)).map((m) => m.body)).toEqual(["para A"]);
    expect((await messagesOf(b.company.id)).map((m) => m.body)).toEqual(["para B"]);
  });

  it("takes nothing from a company's own app for a number that is not on its route", async () => {
    const [a, b] = [await signedUp(), await signedUp()];
    const { number: platformNumber } = await connectCloud(a);
    const { res: own } = await connectCloud(b, metaNumber("b-own-app-secret-0123456"), { verifyToken: "palavra-b" });
    const { hook } = await graph.customerWrites(platformNumber.phoneNumberId, { waId: "5511987650004" }, { type: "text", text: { body: "spoofed" } });
    const routeKey = (own.json.cloud.webhookPath as string).split("/").at(-1)!;
    expect(await ingest(hook, routeKey)).toMatchObject({ ingested: 0 });
    expect(await messagesOf(a.company.id)).toEqual([]);
  });
});

describe("an agent answers on a Cloud API number", () => {
  it("sends through Meta, takes the wamid as the message's id, and follows Meta's statuses to delivered", async () => {
    const { team, customer, ticketId } = await conversation();
    const id = await agentSends(team, ticketId, "Em que posso ajudar?");
    expect(graph.sends).toHaveLength(1);
    expect(graph.sends[0]).toMatchObject({ to: customer.waId, body: { type: "text", text: { body: expect.stringContaining("Em que posso ajudar?") } } });
    let row = (await messagesOf(team.company.id)).find((m) => m.id === id)!;
    expect(row).toMatchObject({ wid: graph.sends[0]!.wamid, ack: 1, sendError: null });
    await graph.flushStatuses();
    for (const hook of graph.hooks.slice(-2)) await ingest(hook);
    row = (await messagesOf(team.company.id)).find((m) => m.id === id)!;
    expect(row.ack).toBe(3);
  });

  it("tells Meta the customer's message was read when the agent opens the conversation (blue ticks)", async () => {
    const { team, ticketId } = await conversation();
    const { result: opened, jobs } = await holdingOutbound(() => call("GET", `/api/messages/${ticketId}`, { token: team.agent.token }));
    expect(opened.status).toBe(200);
    expect(jobs).toEqual([expect.objectContaining({ kind: "read" })]);
    await deliver(jobs);
    const [customerMessage] = await messagesOf(team.company.id);
    expect(graph.reads).toEqual([expect.objectContaining({ messageId: customerMessage!.wid })]);
  });

  it("shows Meta's 131047 on the message when the customer's 24-hour window has closed", async () => {
    const { team, number, customer, ticketId } = await conversation();
    graph.lastInbound.set(`${number.phoneNumberId}:${customer.waId}`, Date.now() - 25 * 60 * 60 * 1000);
    const id = await agentSends(team, ticketId, "Ainda precisa de ajuda?");
    await graph.flushStatuses();
    await ingest(graph.hooks.at(-1)!);
    expect((await messagesOf(team.company.id)).find((m) => m.id === id)).toMatchObject({ sendError: "ERR_WAPP_WINDOW_CLOSED" });
  });

  it("opts the contact out of campaigns when Meta says the person stopped marketing messages (131050)", async () => {
    const { team, customer, ticketId } = await conversation();
    await agentSends(team, ticketId, "Promoção de hoje!");
    const [sent] = graph.sends.slice(-1);
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "x", changes: [{ field: "messages", value: { metadata: { phone_number_id: sent!.phoneNumberId }, statuses: [{ id: sent!.wamid, status: "failed", timestamp: "1", recipient_id: customer.waId, errors: [{ code: 131050, title: "User stopped marketing" }] }] } }] }],
    });
    await ingest({ body, signature: "", phoneNumberId: sent!.phoneNumberId });
    expect((await messagesOf(team.company.id)).find((m) => m.wid === sent!.wamid)).toMatchObject({ sendError: "ERR_WAPP_OPTED_OUT" });
    const revoked = await inTenant(team.company.id, (db) => db.select().from(contacts).where(eq(contacts.marketingConsent, "revoked")).all());
    expect(revoked).toEqual([expect.objectContaining({ number: customer.waId, marketingConsentHow: "cloud131050", marketingConsentBy: null })]);
    const changes = await inTenant(team.company.id, (db) => db.select().from(contactConsentChanges).all());
    expect(changes).toEqual([expect.objectContaining({ contactId: revoked[0]!.id, state: "revoked", how: "cloud131050", userId: null })]);
  });

  it("marks the connection when Meta no longer takes its token (190), and the message failed with why", async () => {
    const { team, number, ticketId, connectionId } = await conversation();
    holdWebhookJobs();
    await subscribeHook(team.admin, "/ok", ["connection.status"]);
    graph.numbers.set(number.phoneNumberId, { ...number, accessToken: "rotated-token-0000000000" });
    const id = await agentSends(team, ticketId, "Oi?");
    expect((await messagesOf(team.company.id)).find((m) => m.id === id)).toMatchObject({ sendError: "ERR_WAPP_TOKEN_EXPIRED" });
    const connection = await inTenant(team.company.id, (db) => db.select().from(whatsapps).where(and(eq(whatsapps.id, connectionId))).get());
    expect(connection).toMatchObject({ status: "DISCONNECTED", cloudError: "ERR_WAPP_TOKEN_EXPIRED" });
    // The connections page's row says so (the list carries a cloud connection's state, never its ids or secrets).
    const listed = await call("GET", "/api/whatsapp", { token: team.admin.token });
    expect(listed.json.find((c: { id: number }) => c.id === connectionId)).toMatchObject({ channel: "cloud", status: "DISCONNECTED", cloud: { error: "ERR_WAPP_TOKEN_EXPIRED" } });
    expect(JSON.stringify(listed.json)).not.toContain(number.phoneNumberId);
    // Integrators hear it too: the connection's status event.
    const events = await inTenant(team.company.id, (db) => db.select().from(webhookDeliveries).where(eq(webhookDeliveries.companyId, team.company.id)).all());
    expect(events.map((e) => JSON.parse(e.payload))).toMatchObject([{ type: "connection.status", data: { connection: { id: connectionId, status: "DISCONNECTED" }, previousStatus: "CONNECTED" } }]);
  });

  it("uploads a file first and sends it by its media id, with the caption", async () => {
    const { team, ticketId } = await conversation();
    const form = new FormData();
    form.append("medias", new File([new Uint8Array([1, 2, 3, 4])], "tabela.pdf", { type: "application/pdf" }));
    form.append("body", "Nossa tabela");
    const { result: res } = await holdingOutbound(() => call("POST", `/api/messages/${ticketId}`, { token: team.agent.token, rawBody: form }));
    expect(res.status).toBe(201);
    const stored = (await messagesOf(team.company.id)).find((m) => m.fromMe && m.mediaName === "tabela.pdf")!;
    await deliver([{ kind: "send", companyId: team.company.id, messageId: stored.id }]);
    const sent = graph.sends.at(-1)!;
    expect(sent.body).toMatchObject({ type: "document", document: { filename: "tabela.pdf" } });
    expect(sent.media).toMatchObject({ mimetype: "application/pdf", bytes: new Uint8Array([1, 2, 3, 4]) });
  });
});

describe("the 24-hour window and templates", () => {
  async function closedWindow() {
    const team = await signedUp();
    const { number, res } = await connectCloud(team);
    const customer = { waId: `55119877${String(++seq).padStart(5, "0")}`, name: "Cliente antigo" };
    await ingest((await graph.customerWrites(number.phoneNumberId, customer, { type: "text", text: { body: "Oi" } })).hook);
    const [first] = await messagesOf(team.company.id);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await inTenant(team.company.id, (db) => db.update(tickets).set({ status: "open", userId: team.agent.id, customerWroteAt: dayAgo }).where(eq(tickets.id, first!.ticketId)).run());
    graph.lastInbound.set(`${number.phoneNumberId}:${customer.waId}`, dayAgo.getTime());
    return { team, number, customer, ticketId: first!.ticketId, connectionId: res.json.id as number };
  }

  async function approvedTemplate(team: Awaited<ReturnType<typeof signedUp>>, connectionId: number, body = "Olá {{1}}, seu pedido {{2}} saiu para entrega.") {
    const created = await call("POST", `/api/whatsapp/${connectionId}/templates`, {
      token: team.admin.token,
      body: { name: `pedido_${++seq}`, language: "pt_BR", category: "UTILITY", body, examples: ["Maria", "123"], footer: "Loja Demo", buttons: [{ type: "QUICK_REPLY", text: "Falar com atendente" }] },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: "PENDING", variables: 2, footer: "Loja Demo", buttons: [{ type: "QUICK_REPLY", text: "Falar com atendente" }] });
    await graph.flushStatuses();
    await ingest(graph.hooks.at(-1)!);
    return created.json.id as number;
  }

  it("refuses an agent's free text once the window has closed, and stores nothing", async () => {
    const { team, ticketId } = await closedWindow();
    const before = (await messagesOf(team.company.id)).length;
    const res = await call("POST", `/api/messages/${ticketId}`, { token: team.agent.token, body: { body: "Ainda está aí?" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("ERR_WAPP_WINDOW_CLOSED");
    expect(await messagesOf(team.company.id)).toHaveLength(before);
    const ticket = await call("GET", `/api/tickets/${ticketId}`, { token: team.agent.token });
    expect(ticket.json).toMatchObject({ whatsapp: { channel: "cloud" }, customerWroteAt: expect.any(String) });
  });

  it("sends an approved template with its values outside the window, and the customer's reply reopens it", async () => {
    const { team, number, customer, ticketId, connectionId } = await closedWindow();
    const templateId = await approvedTemplate(team, connectionId);
    const listed = await call("GET", `/api/whatsapp/${connectionId}/templates`, { token: team.agent.token });
    expect(listed.json).toEqual([expect.objectContaining({ id: templateId, status: "APPROVED", body: "Olá {{1}}, seu pedido {{2}} saiu para entrega." })]);

    const wrong = await call("POST", `/api/messages/${ticketId}/template`, { token: team.agent.token, body: { templateId, params: ["Maria"] } });
    expect(wrong.status).toBe(400);
    const sent = await call("POST", `/api/messages/${ticketId}/template`, { token: team.agent.token, body: { templateId, params: ["Maria", "4521"] } });
    expect(sent.status).toBe(201);
    expect(sent.json[0]).toMatchObject({ mediaType: "template", body: "Olá Maria, seu pedido 4521 saiu para entrega.\n\n_Loja Demo_" });
    await deliver([{ kind: "send", companyId: team.company.id, messageId: sent.json[0].id }]);
    expect(graph.sends.at(-1)!.body).toMatchObject({ type: "template", template: { language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: "Maria" }, { type: "text", text: "4521" }] }] } });
    await graph.flushStatuses();
    for (const hook of graph.hooks.slice(-2)) await ingest(hook);
    expect((await messagesOf(team.company.id)).find((m) => m.id === sent.json[0].id)).toMatchObject({ ack: 3, sendError: null });

    await ingest((await graph.customerWrites(number.phoneNumberId, customer, { type: "button", button: { text: "Falar com atendente", payload: "x" } })).hook);
    const reply = await call("POST", `/api/messages/${ticketId}`, { token: team.agent.token, body: { body: "Claro, estou aqui." } });
    expect(reply.status).toBe(201);
  });

  it("keeps templates to admins and to the company's own Cloud API connections", async () => {
    const [a, b] = [await signedUp(), await signedUp()];
    const { res } = await connectCloud(a);
    const body = { name: "aviso", language: "pt_BR", category: "UTILITY", body: "Aviso {{1}}", examples: ["x"] };
    expect((await call("POST", `/api/whatsapp/${res.json.id}/templates`, { token: a.agent.token, body })).status).toBe(403);
    expect((await call("POST", `/api/whatsapp/${res.json.id}/templates`, { token: a.admin.token, body: { ...body, examples: [] } })).json.fields).toMatchObject({ examples: expect.any(String) });
    expect((await call("GET", `/api/whatsapp/${res.json.id}/templates`, { token: b.admin.token })).status).toBe(404);
    expect((await call("POST", `/api/whatsapp/${res.json.id}/templates/sync`, { token: b.admin.token })).status).toBe(404);
    const web = await call("POST", "/api/whatsapp", { token: b.admin.token, body: { name: "Web" } });
    expect((await call("GET", `/api/whatsapp/${web.json.id}/templates`, { token: b.admin.token })).json.error).toBe("ERR_WAPP_NOT_SUPPORTED");
  });

  it("creates a template with an image header, its example sent to Meta by the Resumable Upload API", async () => {
    const team = await signedUp();
    const { res } = await connectCloud(team);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const example = (format: string, file: File) => {
      const form = new FormData();
      form.append("format", format);
      form.append("file", file);
      return form;
    };
    const uploaded = await call("POST", `/api/whatsapp/${res.json.id}/templates/header-example`, { token: team.admin.token, rawBody: example("IMAGE", new File([png], "oferta.png", { type: "image/png" })) });
    expect(uploaded.status).toBe(200);
    expect(uploaded.json).toEqual({ format: "IMAGE", handle: expect.stringMatching(/^4::/) });
    expect(graph.handles.get(uploaded.json.handle)).toMatchObject({ mimetype: "image/png", filename: "oferta.png", bytes: png });

    const created = await call("POST", `/api/whatsapp/${res.json.id}/templates`, {
      token: team.admin.token,
      body: { name: "oferta_da_semana", category: "MARKETING", headerMedia: { format: "IMAGE", handle: uploaded.json.handle }, body: "Oferta para {{1}}!", examples: ["Maria"] },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ header: null, headerFormat: "IMAGE", variables: 1 });
    expect([...graph.templates.values()].find((t) => t.name === "oferta_da_semana")!.components[0]).toEqual({ type: "HEADER", format: "IMAGE", example: { header_handle: [uploaded.json.handle] } });

    // Meta refuses a media header whose example it never received; a file of another kind is refused here first.
    const unknown = await call("POST", `/api/whatsapp/${res.json.id}/templates`, { token: team.admin.token, body: { name: "sem_exemplo", category: "MARKETING", headerMedia: { format: "IMAGE", handle: "4::made-up" }, body: "Oi" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe("ERR_WAPP_TEMPLATE");
    const wrongKind = await call("POST", `/api/whatsapp/${res.json.id}/templates/header-example`, { token: team.admin.token, rawBody: example("VIDEO", new File([png], "oferta.png", { type: "image/png" })) });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.json.fields).toMatchObject({ file: expect.stringContaining("video/mp4") });
    expect((await call("POST", `/api/whatsapp/${res.json.id}/templates`, { token: team.admin.token, body: { name: "dois", category: "MARKETING", header: "Oi", headerMedia: { format: "IMAGE", handle: "h" }, body: "Oi" } })).json.fields).toMatchObject({ headerMedia: expect.any(String) });
  });

  it("keeps template examples and deletions to the company's admins", async () => {
    const [a, b] = [await signedUp(), await signedUp()];
    const { res } = await connectCloud(a);
    graph.templates.set("777009", { id: "777009", name: "aviso", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Aviso" }], wabaId: graph.numbers.get(res.json.cloud.phoneNumberId)!.wabaId });
    const [template] = (await call("POST", `/api/whatsapp/${res.json.id}/templates/sync`, { token: a.admin.token })).json;
    const form = () => {
      const f = new FormData();
      f.append("format", "IMAGE");
      f.append("file", new File([new Uint8Array([1])], "x.png", { type: "image/png" }));
      return f;
    };
    expect((await call("POST", `/api/whatsapp/${res.json.id}/templates/header-example`, { token: a.agent.token, rawBody: form() })).status).toBe(403);
    expect((await call("POST", `/api/whatsapp/${res.json.id}/templates/header-example`, { token: b.admin.token, rawBody: form() })).status).toBe(404);
    expect((await call("DELETE", `/api/whatsapp/${res.json.id}/templates/${template.id}`, { token: a.agent.token })).status).toBe(403);
    expect((await call("DELETE", `/api/whatsapp/${res.json.id}/templates/${template.id}`, { token: b.admin.token })).status).toBe(404);
    expect(graph.handles.size).toBe(0);
    expect(graph.templates.has("777009")).toBe(true);
  });

  it("syncs the list from Meta, follows a rejection, and deletes at Meta", async () => {
    const team = await signedUp();
    const { res, number } = await connectCloud(team);
    graph.templates.set("777001", { id: "777001", name: "boas_vindas", language: "pt_BR", category: "MARKETING", status: "APPROVED", components: [{ type: "BODY", text: "Bem-vindo!" }], wabaId: number.wabaId });
    const synced = await call("POST", `/api/whatsapp/${res.json.id}/templates/sync`, { token: team.admin.token });
    expect(synced.json).toEqual([expect.objectContaining({ name: "boas_vindas", status: "APPROVED", variables: 0 })]);
    const rejected = await call("POST", `/api/whatsapp/${res.json.id}/templates`, { token: team.admin.token, body: { name: "rejected_promo", category: "MARKETING", body: "Promo" } });
    const [adminSocket, agentSocket] = [await connect(team.admin.token), await connect(team.agent.token)];
    await graph.flushStatuses();
    await ingest(graph.hooks.at(-1)!);
    // The templates page follows Meta's review live: admins are told, agents are not.
    const told = await adminSocket.next((e) => e.type === "whatsappTemplate");
    expect(told).toMatchObject({ type: "whatsappTemplate", action: "update", template: { id: rejected.json.id, whatsappId: res.json.id, status: "REJECTED", reason: "INVALID_FORMAT" } });
    expect((await agentSocket.quiet()).filter((e) => e.type === "whatsappTemplate")).toEqual([]);
    adminSocket.ws.close(1000);
    agentSocket.ws.close(1000);
    const listed = await call("GET", `/api/whatsapp/${res.json.id}/templates`, { token: team.admin.token });
    expect(listed.json.find((t: { id: number }) => t.id === rejected.json.id)).toMatchObject({ status: "REJECTED", reason: "INVALID_FORMAT" });
    const gone = await call("DELETE", `/api/whatsapp/${res.json.id}/templates/${synced.json[0].id}`, { token: team.admin.token });
    expect(gone.status).toBe(200);
    expect(graph.templates.has("777001")).toBe(false);
  });
});

