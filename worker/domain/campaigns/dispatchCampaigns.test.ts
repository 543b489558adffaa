import { runDurableObjectAlarm } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { campaignPaces, campaignSends, campaigns, contacts, messages } from "../../db/tenant";
import { MAX_DELIVERY_ATTEMPTS } from "../../jobs/outbound";
import { deliver as deliverInbound, inbound } from "../../testing/bridge";
import { createFileList, createRecipientList, deliverJobs, openAllDay, runCampaigns, setTimeZone, shippingsOf } from "../../testing/campaigns";
import { useFakeHost, type HostCall } from "../../testing/fakeHost";
import { call, hubOf, inTenant } from "../../testing/fixtures";
import { createContact, createTicketRow, inboxCompany } from "../../testing/inbox";

afterEach(() => vi.restoreAllMocks());

const SECOND = 1000;
/** Monday 2030-01-07 12:00 UTC: far from the test's real clock, so the hub's own alarm never finds this work due. */
const T0 = Date.UTC(2030, 0, 7, 12, 0, 0);

/** A company with a list of `n` and a campaign on it, programmed for T0. */
async function programmed(n: number, extra: Record<string, unknown> = {}, pacing: Record<string, number> = {}) {
  const inbox = await inboxCompany();
  await setTimeZone(inbox.company.id, "UTC");
  await openAllDay(inbox.admin.token, pacing);
  const { list, numbers } = await createRecipientList(inbox.company.id, n);
  const res = await call("POST", "/api/campaigns", {
    token: inbox.admin.token,
    body: { name: "Oferta", whatsappId: inbox.connection.id, contactListId: list.id, message1: "Olá {nome}, oferta para {numero}", scheduledAt: new Date(T0).toISOString(), ...extra },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.json));
  return { ...inbox, campaignId: res.json.id as number, numbers };
}

/** Runs the alarm's campaign work at each connection's next allowed time until nothing is left to send. */
async function runToEnd(companyId: number, connectionId: number, from: number, maxSteps = 100) {
  let now = from;
  const jobs = [];
  for (let i = 0; i < maxSteps; i++) {
    const step = await runCampaigns(companyId, now);
    jobs.push(...step.jobs);
    const pace = await inTenant(companyId, (db) => db.select().from(campaignPaces).where(eq(campaignPaces.whatsappId, connectionId)).get());
    if (step.sent === 0 && (!pace || pace.nextAt.getTime() <= now)) break;
    now = Math.max(now, pace!.nextAt.getTime());
  }
  return { jobs, now };
}

const sendsOf = (companyId: number, connectionId: number) =>
  inTenant(companyId, (db) => db.select().from(campaignSends).where(eq(campaignSends.whatsappId, connectionId)).orderBy(asc(campaignSends.at), asc(campaignSends.id)).all());
const okHost = () => useFakeHost((c) => ({ body: { id: (c.body as { id: string }).id } }));

describe("sending a campaign", () => {
  it("sends each contact exactly once through a campaign restarted twice mid-run", async () => {
    const { company, admin, connection, campaignId, numbers } = await programmed(6);
    const host = okHost();
    const jobs = [];
    // Two sends, cancel, restart; one more, cancel, restart (an outstanding job redelivered on each); then the rest.
    let now = T0;
    for (const sends of [2, 1]) {
      for (let i = 0; i < sends; i++) {
        const step = await runCampaigns(company.id, now);
        jobs.push(...step.jobs);
        now += 60 * SECOND;
      }
      expect((await call("POST", `/api/campaigns/${campaignId}/cancel`, { token: admin.token })).status).toBe(200);
      expect((await call("POST", `/api/campaigns/${campaignId}/restart`, { token: admin.token })).status).toBe(200);
      await deliverJobs(jobs);
    }
    const rest = await runToEnd(company.id, connection.id, now + 60 * SECOND);
    await deliverJobs([...jobs, ...rest.jobs]);
    await deliverJobs(rest.jobs); // redelivered jobs

    const sendsTo = host.calls.filter((c) => c.path === "/bridge/send").map((c) => (c.body as { to: string }).to);
    expect(sendsTo.sort()).toEqual([...numbers].sort());
    const stored = await inTenant(company.id, (db) => db.select().from(messages).where(and(eq(messages.companyId, company.id), eq(messages.fromMe, true))).all());
    expect(stored).toHaveLength(6);
    expect((await shippingsOf(company.id, campaignId)).map((s) => s.status)).toEqual(Array(6).fill("delivered"));
    const campaign = await inTenant(company.id, (db) => db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get()!);
    expect(campaign.status).toBe("FINALIZADA");
    // Typing shows before each campaign message.
    expect(host.calls.filter((c) => c.path === "/bridge/send").every((c) => ((c.body as { typingMs?: number }).typingMs ?? 0) > 0)).toBe(true);
  });

  it("counts a message as delivered when WhatsApp's ack gets in before the session host's answer, and on a retry after it", async () => {
    const { company, connection, campaignId } = await programmed(3);
    const { jobs } = await runToEnd(company.id, connection.id, T0);
    expect(jobs).toHaveLength(3);
    // The phone acknowledges each message while the host is still answering the send (as the simulator and
    // WhatsApp can): the message's ack is already 1 when the delivery comes to record it.
    const ack = (wid: string) => ({ type: "ack" as const, connectionId: connection.id, messageId: wid, ack: 1, at: Date.now() });
    useFakeHost(async (c) => {
      const wid = (c.body as { id: string }).id;
      await deliverInbound(ack(wid));
      return { body: { id: wid } };
    });
    await deliverJobs(jobs.slice(0, 2));
    // The third: acknowledged before its job ran at all (a retry after a lost answer finds it so).
    const third = await inTenant(company.id, (db) => db.select({ wid: messages.wid }).from(messages).where(eq(messages.id, (jobs[2] as { messageId: number }).messageId)).get());
    await deliverInbound(ack(third!.wid));
    await deliverJobs(jobs.slice(2));
    expect((await shippingsOf(company.id, campaignId)).map((s) => s.status)).toEqual(["delivered", "delivered", "delivered"]);
    const campaign = await inTenant(company.id, (db) => db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get()!);
    expect(campaign.status).toBe("FINALIZADA");
  });

  it("counts a send WhatsApp refuses as failed with its reason (and an unknown number as invalid), never as delivered", async () => {
    const { company, admin, connection, campaignId, numbers } = await programmed(3);
    const { jobs } = await runToEnd(company.id, connection.id, T0);
    expect(jobs).toHaveLength(3);
    useFakeHost((c) => {
      const to = (c.body as { to: string }).to;
      if (to === numbers[0]) return { status: 400, body: { error: "ERR_WAPP_INVALID_CONTACT", message: "not on WhatsApp" } };
      if (to === numbers[1]) return { status: 502, body: { error: "ERR_SENDING_WAPP_MSG", message: "WhatsApp did not take it" } };
      return { body: { id: (c.body as { id: string }).id } };
    });
    await deliverJobs(jobs, MAX_DELIVERY_ATTEMPTS);
    const byNumber = Object.fromEntries((await shippingsOf(company.id, campaignId)).map((s) => [s.number, [s.status, s.error]]));
    expect(byNumber).toEqual({ [numbers[0]!]: ["invalid", "ERR_WAPP_INVALID_CONTACT"], [numbers[1]!]: ["failed", "ERR_SENDING_WAPP_MSG"], [numbers[2]!]: ["delivered", null] });
    const report = await call("GET", `/api/campaigns/${campaignId}/report`, { token: admin.token });
    expect(report.json.counts).toMatchObject({ total: 3, valid: 2, delivered: 1, failed: 1, invalid: 1 });
    expect(report.json.progress).toBe(50);
    expect(report.json.failures).toEqual(expect.arrayContaining([{ error: "ERR_SENDING_WAPP_MSG", count: 1 }, { error: "ERR_WAPP_INVALID_CONTACT", count: 1 }]));
  });

  it("paces one connection by its recorded send times: never below messageInterval, the long pause after every longerIntervalAfter sends, shared by two campaigns", async () => {
    const { company, admin, connection, campaignId } = await programmed(5, {}, { messageInterval: 10, longerIntervalAfter: 3, greaterInterval: 40 });
    const { list } = await createRecipientList(company.id, 4, "Outra lista");
    const second = await call("POST", "/api/campaigns", {
      token: admin.token,
      body: { name: "Segunda", whatsappId: connection.id, contactListId: list.id, message1: "Oi {nome}", scheduledAt: new Date(T0).toISOString() },
    });
    // Not before its time: a step just before the pace allows sends nothing.
    await runCampaigns(company.id, T0);
    const pace = await inTenant(company.id, (db) => db.select().from(campaignPaces).where(eq(campaignPaces.whatsappId, connection.id)).get()!);
    expect((await runCampaigns(company.id, pace.nextAt.getTime() - 1)).sent).toBe(0);
    await runToEnd(company.id, connection.id, pace.nextAt.getTime());

    const sends = await sendsOf(company.id, connection.id);
    expect(sends).toHaveLength(9);
    expect(new Set(sends.map((s) => s.campaignId))).toEqual(new Set([campaignId, second.json.id]));
    const gaps = sends.slice(1).map((s, i) => s.at.getTime() - sends[i]!.at.getTime());
    gaps.forEach((gap, i) => {
      const afterLong = (i + 1) % 3 === 0;
      expect(gap, `gap ${i + 1}`).toBeGreaterThanOrEqual((afterLong ? 40 : 10) * SECOND);
      // Jitter only adds, and at most a quarter.
      expect(gap, `gap ${i + 1}`).toBeLessThanOrEqual((afterLong ? 40 : 10) * SECOND * 1.25);
    });
  });

  it("waits for the next window when a send falls outside it (the company's time zone and days), and stops at the daily cap", async () => {
    const { company, admin, connection, campaignId } = await programmed(4);
    await setTimeZone(company.id, "America/Sao_Paulo");
    // 09:00–18:00 São Paulo (12:00–21:00 UTC), Monday to Friday, two a day.
    await call("POST", "/api/campaign-settings", { token: admin.token, body: { windowStart: "09:00", windowEnd: "18:00", days: [1, 2, 3, 4, 5], dailyCap: 2, messageInterval: 5 } });
    // Friday 2030-01-11 20:30 São Paulo: after the window. The next opening is Monday 14th 09:00 (12:00 UTC).
    const friday = Date.UTC(2030, 0, 11, 23, 30);
    await inTenant(company.id, (db) => db.update(campaigns).set({ scheduledAt: new Date(friday) }).where(eq(campaigns.id, campaignId)).run());
    expect((await runCampaigns(company.id, friday)).sent).toBe(0);
    const monday = Date.UTC(2030, 0, 14, 12, 0);
    const pace = await inTenant(company.id, (db) => db.select().from(campaignPaces).where(eq(campaignPaces.whatsappId, connection.id)).get()!);
    expect(pace.nextAt.getTime()).toBe(monday);
    expect((await runCampaigns(company.id, monday - 1)).sent).toBe(0);
    await runToEnd(company.id, connection.id, monday);
    const sends = await sendsOf(company.id, connection.id);
    // Two on Monday (the cap), two on Tuesday from 09:00.
    expect(sends.map((s) => s.at.toISOString().slice(0, 13))).toEqual(["2030-01-14T12", "2030-01-14T12", "2030-01-15T12", "2030-01-15T12"]);
  });

  it("starts a campaign whose time passed while the system was down, on the hub's own alarm", async () => {
    const inbox = await inboxCompany();
    await openAllDay(inbox.admin.token, { messageInterval: 0 });
    await setTimeZone(inbox.company.id, "UTC");
    const { list } = await createRecipientList(inbox.company.id, 2);
    const created = await call("POST", "/api/campaigns", {
      token: inbox.admin.token,
      body: { name: "Perdida", whatsappId: inbox.connection.id, contactListId: list.id, message1: "Olá", scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    // Its time came an hour ago, while nothing ran.
    await inTenant(inbox.company.id, (db) => db.update(campaigns).set({ scheduledAt: new Date(Date.now() - 3_600_000) }).where(eq(campaigns.id, created.json.id)).run());
    await runDurableObjectAlarm(hubOf(inbox.company.id));
    await expect.poll(async () => (await shippingsOf(inbox.company.id, created.json.id)).filter((s) => s.status !== "queued").length, { timeout: 10_000 }).toBeGreaterThan(0);
    const campaign = await inTenant(inbox.company.id, (db) => db.select().from(campaigns).where(eq(campaigns.id, created.json.id)).get()!);
    expect(campaign.status).not.toBe("PROGRAMADA");
  });

  it("counts a confirmation and an opt-out from recipients who already have a live ticket, arriving together in one batch (the batched inbound path)", async () => {
    const { company, connection, campaignId, numbers } = await programmed(3, { confirmation: true, confirmationMessage1: "Podemos enviar a oferta, {nome}?" });
    okHost();
    const first = await runToEnd(company.id, connection.id, T0);
    await deliverJobs(first.jobs);
    // Each recipient already talks to the company: an open ticket on the campaign's connection.
    for (const number of numbers) {
      const contact = await inTenant(company.id, (db) => db.select().from(contacts).where(and(eq(contacts.companyId, company.id), eq(contacts.number, number))).get()!);
      await createTicketRow(company.id, { contactId: contact.id, whatsappId: connection.id, status: "open" });
    }

    await deliverInbound(inbound(connection.id, numbers[0]!, "Sim, pode mandar"), inbound(connection.id, numbers[1]!, "SAIR"), inbound(connection.id, numbers[2]!, "Bom dia"));

    const shippings = await shippingsOf(company.id, campaignId);
    expect(shippings.map((s) => s.status)).toEqual(["confirmed", "skipped", "confirmed"]);
    expect(shippings[1]!.optedOutAt).not.toBeNull();
    expect(await inTenant(company.id, (db) => db.select().from(contacts).where(eq(contacts.marketingConsent, "revoked")).all().map((o) => o.number))).toEqual([numbers[1]]);
  });

  it("skips exactly the recipients whose marketing consent is revoked (a contact's, or a deleted contact's kept hash) and its report counts them", async () => {
    const { company, admin, agent, connection, campaignId, numbers } = await programmed(4);
    const revoked = await createContact(company.id, { number: numbers[1]! });
    const deletedLater = await createContact(company.id, { number: numbers[2]! });
    const granted = await createContact(company.id, { number: numbers[3]! });
    for (const [id, state] of [[revoked.id, "revoked"], [deletedLater.id, "revoked"], [granted.id, "granted"]] as const) {
      expect((await call("PUT", `/api/contacts/${id}/consent`, { token: agent.token, body: { state } })).status).toBe(200);
    }
    // Deleting a contact that revoked keeps its number's hash: the list still names the number, and it stays skipped.
    expect((await call("DELETE", `/api/contacts/${deletedLater.id}`, { token: admin.token })).status).toBe(200);
    okHost();
    await runToEnd(company.id, connection.id, T0);
    const shippings = await shippingsOf(company.id, campaignId);
    expect(shippings.map((s) => [s.number, s.status, s.error])).toEqual([
      [numbers[0], "sending", null],
      [numbers[1], "skipped", "ERR_CAMPAIGN_OPTED_OUT"],
      [numbers[2], "skipped", "ERR_CAMPAIGN_OPTED_OUT"],
      [numbers[3], "sending", null],
    ]);
    const report = await call("GET", `/api/campaigns/${campaignId}/report`, { token: admin.token });
    expect(report.json.counts).toMatchObject({ total: 4, skipped: 2, valid: 2 });
  });

  it("asks for confirmation first; only that contact's reply on that connection confirms; then the message follows; an opt-out word skips them in later campaigns", async () => {
    const { company, admin, connection, campaignId, numbers } = await programmed(3, { confirmation: true, confirmationMessage1: "Podemos enviar a oferta, {nome}?" });
    okHost();
    const first = await runToEnd(company.id, connection.id, T0);
    await deliverJobs(first.jobs);
    let shippings = await shippingsOf(company.id, campaignId);
    expect(shippings.map((s) => s.status)).toEqual(["confirming", "confirming", "confirming"]);
    expect(shippings.every((s) => s.confirmationRequestedAt !== null)).toBe(true);

    // Someone else writing does not confirm anyone; the first contact confirms, the second opts out.
    await deliverInbound(inbound(connection.id, "5511955554444", "sim"));
    await deliverInbound(inbound(connection.id, numbers[0]!, "Sim, pode mandar"));
    await deliverInbound(inbound(connection.id, numbers[1]!, "SAIR"));
    shippings = await shippingsOf(company.id, campaignId);
    expect(shippings.map((s) => s.status)).toEqual(["confirmed", "skipped", "confirming"]);

    const second = await runToEnd(company.id, connection.id, first.now + 3600 * SECOND);
    await deliverJobs(second.jobs);
    shippings = await shippingsOf(company.id, campaignId);
    expect(shippings.map((s) => s.status)).toEqual(["delivered", "skipped", "confirming"]);
    const delivered = await inTenant(company.id, (db) => db.select().from(messages).where(eq(messages.id, shippings[0]!.messageId!)).get()!);
    expect(delivered.body).toBe(`Olá Cliente 1, oferta para ${numbers[0]}`);
    const report = await call("GET", `/api/campaigns/${campaignId}/report`, { token: admin.token });
    expect(report.json.counts).toMatchObject({ confirmationRequested: 3, confirmed: 1, replied: 2, optedOut: 1, delivered: 1 });

    // A later campaign to the same list skips the number that opted out.
    const { contactListId } = (await call("GET", `/api/campaigns/${campaignId}`, { token: admin.token })).json;
    const again = await call("POST", "/api/campaigns", {
      token: admin.token,
      body: { name: "Depois", whatsappId: connection.id, contactListId, message1: "Oi", scheduledAt: new Date(T0).toISOString() },
    });
    await runToEnd(company.id, connection.id, second.now + 3600 * SECOND);
    const later = await shippingsOf(company.id, again.json.id);
    expect(later.find((s) => s.number === numbers[1])).toMatchObject({ status: "skipped", error: "ERR_CAMPAIGN_OPTED_OUT" });
    expect(later.filter((s) => s.status === "sending")).toHaveLength(2);
  });
});

describe("a campaign with a file list", () => {
  const TWO_FILES = [
    { fileName: "catalogo.pdf", type: "application/pdf", content: "%PDF-1.4 catálogo", description: "Nosso catálogo" },
    { fileName: "tabela.pdf", type: "application/pdf", content: "%PDF-1.4 tabela" },
  ];
  /** What each number got from the session host, in order: a file's name, or the message's text. */
  const sentTo = (host: { calls: HostCall[] }) => {
    const byNumber: Record<string, string[]> = {};
    for (const c of host.calls.filter((c) => c.path === "/bridge/send")) {
      const body = c.body as { to: string; body: string; media?: { filename: string } };
      (byNumber[body.to] ??= []).push(body.media ? `file:${body.media.filename}` : body.body);
    }
    return byNumber;
  };

  it("sends the list's files in order, then the message, to each contact; restarted mid-run and with a failed message tried again, no contact gets its files twice", async () => {
    const { company, admin, connection, campaignId, numbers } = await programmed(3);
    const fileList = await createFileList(admin.token, TWO_FILES);
    expect((await call("PUT", `/api/campaigns/${campaignId}`, { token: admin.token, body: { fileListId: fileList.id } })).json).toMatchObject({ fileListId: fileList.id });
    let failSecondMessage = false;
    const host = useFakeHost((c) => {
      const body = c.body as { id: string; to: string; media?: unknown };
      if (failSecondMessage && body.to === numbers[1] && !body.media) return { status: 502, body: { error: "ERR_SENDING_WAPP_MSG", message: "WhatsApp did not take it" } };
      return { body: { id: body.id } };
    });

    // The first contact's send: its two files and its message, claimed together and queued in that order.
    const first = await runCampaigns(company.id, T0);
    expect(first.sent).toBe(1);
    expect(first.jobs).toHaveLength(3);
    const ids = first.jobs.map((j) => (j as { messageId: number }).messageId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Cancelled and restarted before delivery: the job is requeued (files first), and the original is delivered too.
    expect((await call("POST", `/api/campaigns/${campaignId}/cancel`, { token: admin.token })).status).toBe(200);
    expect((await call("POST", `/api/campaigns/${campaignId}/restart`, { token: admin.token })).status).toBe(200);
    await deliverJobs(first.jobs);
    await deliverJobs(first.jobs);

    // The second contact's message fails; a restart tries it again, without its files.
    const second = await runCampaigns(company.id, T0 + 60 * SECOND);
    expect(second.jobs).toHaveLength(3);
    failSecondMessage = true;
    await deliverJobs(second.jobs, MAX_DELIVERY_ATTEMPTS);
    failSecondMessage = false;
    expect((await shippingsOf(company.id, campaignId))[1]).toMatchObject({ status: "failed" });
    expect((await call("POST", `/api/campaigns/${campaignId}/cancel`, { token: admin.token })).status).toBe(200);
    expect((await call("POST", `/api/campaigns/${campaignId}/restart`, { token: admin.token })).status).toBe(200);

    const rest = await runToEnd(company.id, connection.id, T0 + 120 * SECOND);
    await deliverJobs(rest.jobs);
    await deliverJobs(rest.jobs); // redelivered jobs

    const message = (i: number) => `Olá Cliente ${i + 1}, oferta para ${numbers[i]}`;
    const files = ["file:catalogo.pdf", "file:tabela.pdf"];
    const got = sentTo(host);
    expect(got[numbers[0]!]).toEqual([...files, message(0)]);
    // The failed message's attempt reached the host; its retry went alone.
    expect(got[numbers[1]!]).toEqual([...files, message(1), message(1)]);
    expect(got[numbers[2]!]).toEqual([...files, message(2)]);
    // Each contact's history holds the two files once, before its message.
    for (const [i, number] of numbers.entries()) {
      const shipping = (await shippingsOf(company.id, campaignId))[i]!;
      // (A message tried again may go on a new ticket: the contact's, whichever ticket holds it.)
      const stored = await inTenant(company.id, (db) => {
        const { contactId } = db.select({ contactId: messages.contactId }).from(messages).where(eq(messages.id, shipping.messageId!)).get()!;
        return db.select().from(messages).where(and(eq(messages.contactId, contactId!), eq(messages.fromMe, true))).orderBy(asc(messages.id)).all();
      });
      expect(stored.filter((m) => m.mediaName).map((m) => m.mediaName), number).toEqual(["catalogo.pdf", "tabela.pdf"]);
      expect(stored.findIndex((m) => m.mediaName === "tabela.pdf")).toBeLessThan(stored.findIndex((m) => m.body === message(i)));
    }
    expect((await shippingsOf(company.id, campaignId)).map((s) => s.status)).toEqual(["delivered", "delivered", "delivered"]);
    // Pacing counts the message as one send: the files ride with it.
    expect((await sendsOf(company.id, connection.id)).filter((s) => s.kind === "message")).toHaveLength(4);
  });

  it("in confirmation mode sends the files before the message that follows the confirmation, not before the confirmation", async () => {
    const { company, admin, connection, campaignId, numbers } = await programmed(1, { confirmation: true, confirmationMessage1: "Podemos enviar, {nome}?" });
    const fileList = await createFileList(admin.token, TWO_FILES);
    await call("PUT", `/api/campaigns/${campaignId}`, { token: admin.token, body: { fileListId: fileList.id } });
    const host = okHost();
    const first = await runToEnd(company.id, connection.id, T0);
    expect(first.jobs).toHaveLength(1);
    await deliverJobs(first.jobs);
    await deliverInbound(inbound(connection.id, numbers[0]!, "sim"));
    const second = await runToEnd(company.id, connection.id, first.now + 3600 * SECOND);
    await deliverJobs(second.jobs);
    expect(sentTo(host)[numbers[0]!]).toEqual(["Podemos enviar, Cliente 1?", "file:catalogo.pdf", "file:tabela.pdf", `Olá Cliente 1, oferta para ${numbers[0]}`]);
  });
});
