import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboundJob } from "../contracts/outbound";
import { messages } from "../db/tenant";
import { useFakeHost } from "../testing/fakeHost";
import { control, inTenant, testEnv } from "../testing/fixtures";
import { createMessageRow, createTicketRow, inboxCompany } from "../testing/inbox";
import { handleOutboundBatch, MAX_DELIVERY_ATTEMPTS, notReadyDelaySeconds, retryDelaySeconds } from "./outbound";
import { sessionHosts, sessionLeases } from "../db/control";
import { useFakeHosts } from "../testing/fakeSessionHosts";

afterEach(() => vi.restoreAllMocks());

async function run(jobs: OutboundJob[], attempts = 1) {
  const batch = createMessageBatch<OutboundJob>(
    "zapdesk-outbound",
    jobs.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await handleOutboundBatch(batch as MessageBatch<unknown>, testEnv);
  return getQueueResult(batch, ctx);
}

const messageRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(messages).where(eq(messages.id, id)).get()!);

async function outgoing(body = "Olá!") {
  const { company, connection, contact } = await inboxCompany();
  const ticket = await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "open" });
  const message = await createMessageRow(company.id, { ticketId: ticket.id, body, fromMe: true, ack: 0 });
  return { company, connection, contact, ticket, message };
}

describe("the OUTBOUND consumer", () => {
  it("sends a stored message through the session host with its own WhatsApp id, and marks it sent", async () => {
    const { company, connection, contact, message } = await outgoing();
    const host = useFakeHost(() => ({ body: { id: message.wid } }));
    const result = await run([{ kind: "send", companyId: company.id, messageId: message.id }]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect(host.calls).toEqual([
      { method: "POST", path: "/bridge/send", body: expect.objectContaining({ connectionId: connection.id, to: contact.number, id: message.wid, body: "Olá!" }) },
    ]);
    expect((await messageRow(company.id, message.id)).ack).toBe(1);
  });

  it("does not send a message again once it was acknowledged (a redelivered job)", async () => {
    const { company, message } = await outgoing();
    await inTenant(company.id, (db) => db.update(messages).set({ ack: 3 }).where(eq(messages.id, message.id)).run());
    const host = useFakeHost();
    await run([{ kind: "send", companyId: company.id, messageId: message.id }]);
    expect(host.calls).toEqual([]);
  });

  it("sends media from R2 as base64 and a reply with the quoted message's id", async () => {
    const { company, ticket } = await outgoing();
    const key = `companies/${company.id}/messages/x/foto.png`;
    await testEnv.MEDIA.put(key, new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "image/png" } });
    const quoted = await createMessageRow(company.id, { ticketId: ticket.id, wid: "QUOTED-1", body: "pergunta" });
    const media = await createMessageRow(company.id, { ticketId: ticket.id, fromMe: true, body: "foto.png", mediaType: "image", mediaUrl: key, mediaName: "foto.png", quotedMsgId: quoted.id });
    const host = useFakeHost((c) => ({ body: { id: (c.body as { id: string }).id } }));
    await run([{ kind: "send", companyId: company.id, messageId: media.id }]);
    expect(host.calls[0]!.body).toMatchObject({ body: "", quotedId: "QUOTED-1", media: { mimetype: "image/png", filename: "foto.png", base64: "AQID" } });
  });

  it("retries with backoff while the host cannot send, and marks the message failed after the last attempt", async () => {
    const { company, message } = await outgoing();
    useFakeHost(() => ({ status: 409, body: { error: "ERR_WAPP_NOT_INITIALIZED", message: "not connected" } }));
    const first = await run([{ kind: "send", companyId: company.id, messageId: message.id }], 1);
    expect(first.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m0"]);
    expect((await messageRow(company.id, message.id)).sendError).toBeNull();

    const last = await run([{ kind: "send", companyId: company.id, messageId: message.id }], MAX_DELIVERY_ATTEMPTS);
    expect(last.explicitAcks).toEqual(["m0"]);
    expect((await messageRow(company.id, message.id)).sendError).toBe("ERR_SENDING_WAPP_MSG");
  });

  it("marks a send to a number that is not on WhatsApp failed at once with ERR_WAPP_INVALID_CONTACT", async () => {
    const { company, message } = await outgoing();
    useFakeHost(() => ({ status: 400, body: { error: "ERR_WAPP_INVALID_CONTACT", message: "not on WhatsApp" } }));
    const result = await run([{ kind: "send", companyId: company.id, messageId: message.id }]);
    expect(result.explicitAcks).toEqual(["m0"]);
    expect((await messageRow(company.id, message.id)).sendError).toBe("ERR_WAPP_INVALID_CONTACT");
  });

  it("retries when the session host is unreachable", async () => {
    const { company, message } = await outgoing();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("connection refused"));
    const result = await run([{ kind: "send", companyId: company.id, messageId: message.id }]);
    expect(result.retryMessages).toHaveLength(1);
  });

  it("passes edits and deletions on to WhatsApp", async () => {
    const { company, message } = await outgoing("editado");
    const host = useFakeHost();
    await run([
      { kind: "edit", companyId: company.id, messageId: message.id },
      { kind: "delete", companyId: company.id, messageId: message.id },
    ]);
    expect(host.calls.map((c) => [c.path, (c.body as { id: string }).id])).toEqual([
      ["/bridge/edit", message.wid],
      ["/bridge/delete", message.wid],
    ]);
  });

  it("drops a malformed job and a job of another company's message without sending", async () => {
    const { message } = await outgoing();
    const other = await inboxCompany();
    const host = useFakeHost();
    const result = await run([{ kind: "send", companyId: other.company.id, messageId: message.id }, { nonsense: true } as unknown as OutboundJob]);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1"]);
    expect(host.calls).toEqual([]);
  });
});

describe("a send while its connection has no session host (a failover, ADR 0056)", () => {
  afterEach(async () => {
    await control.delete(sessionLeases);
    await control.delete(sessionHosts);
  });

  it("waits, without calling any host, until a host holds the connection, then goes out once", async () => {
    const { company, connection, message } = await outgoing("depois da falha");
    const origin = "http://survivor.hosts.test";
    const host = useFakeHosts([origin], (c) => ({ body: { id: (c.body as { id: string }).id } }));
    // Hosts are registered, but the dead host's lease ran out and nobody holds the connection yet.
    await control.insert(sessionHosts).values({ id: "survivor", url: origin, capacity: 10, startedAt: new Date(), heartbeatAt: new Date() });
    const waiting = await run([{ kind: "send", companyId: company.id, messageId: message.id }], 1);
    expect(waiting.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m0"]);
    expect(host.calls).toEqual([]);
    expect((await messageRow(company.id, message.id)).sendError).toBeNull();

    await control.insert(sessionLeases).values({ whatsappId: connection.id, hostId: "survivor", expiresAt: new Date(Date.now() + 60_000) });
    const sent = await run([{ kind: "send", companyId: company.id, messageId: message.id }], 2);
    expect(sent.explicitAcks).toEqual(["m0"]);
    // A redelivered job after the send does not send it again.
    await run([{ kind: "send", companyId: company.id, messageId: message.id }], 3);
    expect(host.calls.map((c) => [c.origin, c.path, (c.body as { id: string }).id])).toEqual([[origin, "/bridge/send", message.wid]]);
    expect((await messageRow(company.id, message.id)).ack).toBe(1);
    host.restore();
  });

  it("spreads its attempts over far more than a failover takes (lease TTL, placement, start)", () => {
    let least = 0;
    for (let attempt = 1; attempt < MAX_DELIVERY_ATTEMPTS; attempt++) least += notReadyDelaySeconds(attempt, () => 0);
    expect(least).toBeGreaterThan(60 + 30 + 15 + 60);
    expect(notReadyDelaySeconds(30, () => 1)).toBe(300);
  });
});

describe("retryDelaySeconds", () => {
  it("grows exponentially with jitter and is capped at five minutes", () => {
    expect(retryDelaySeconds(1, () => 1)).toBe(2);
    expect(retryDelaySeconds(4, () => 1)).toBe(16);
    expect(retryDelaySeconds(20, () => 1)).toBe(300);
    expect(retryDelaySeconds(4, () => 0)).toBe(1);
  });
});
