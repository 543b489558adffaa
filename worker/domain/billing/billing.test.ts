import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { companies, invoices, pixPayments, plans } from "../../db/control";
import { openDueInvoices } from "./openInvoices";
import { addDaysToDate, addMonthsToDate } from "../../lib/time";
import { crc16 } from "../../lib/pix/brCode";
import { useFakePsp, withoutPsp } from "../../testing/fakePsp";
import { deliver, inbound } from "../../testing/bridge";
import { call, companyWithTeam, connectWs, control, createPlan, platformAdmin, testEnv } from "../../testing/fixtures";
import { createConnection } from "../../testing/inbox";
import { todayIn } from "../auth/companyAccess";

afterEach(() => vi.restoreAllMocks());

const today = () => todayIn("America/Sao_Paulo");

beforeAll(async () => {
  await platformAdmin();
});

/** A company due in 5 days on a R$ 100/month plan, billed every `recurrence`, with its team logged in. */
async function billedCompany(recurrence: "MENSAL" | "TRIMESTRAL" = "MENSAL", dueInDays = 5) {
  const plan = await createPlan({ value: 100 });
  return companyWithTeam({ planId: plan.id, dueDate: addDaysToDate(today(), dueInDays), recurrence });
}
const invoicesOf = (companyId: number) => control.select().from(invoices).where(eq(invoices.companyId, companyId)).all();

describe("the invoice job", () => {
  it("opens one invoice per company and due date, with the plan's value times the recurrence, however often it runs", async () => {
    const { company } = await billedCompany("TRIMESTRAL");
    await openDueInvoices(testEnv);
    await openDueInvoices(testEnv);
    await Promise.all([openDueInvoices(testEnv), openDueInvoices(testEnv)]);
    const rows = await invoicesOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: 300, dueDate: company.dueDate, status: "open" });
  });

  it("does not open one for a company due later than the lead time", async () => {
    const { company } = await billedCompany("MENSAL", 40);
    await openDueInvoices(testEnv);
    expect(await invoicesOf(company.id)).toHaveLength(0);
  });
});

async function companyWithInvoice(recurrence: "MENSAL" | "TRIMESTRAL" = "MENSAL") {
  const team = await billedCompany(recurrence);
  await openDueInvoices(testEnv);
  const [invoice] = await invoicesOf(team.company.id);
  return { ...team, invoice: invoice! };
}

describe("GET /api/invoices/all", () => {
  it("lists the company's own invoices to its admin", async () => {
    const { admin, invoice } = await companyWithInvoice();
    const res = await call("GET", "/api/invoices/all?pageNumber=1", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ hasMore: false, invoices: [{ id: invoice.id, value: 100, status: "open" }] });
  });

  it("shows another company's admin none of them, and refuses an agent (403)", async () => {
    const { agent } = await companyWithInvoice();
    const other = await companyWithTeam();
    expect((await call("GET", "/api/invoices/all", { token: other.admin.token })).json.invoices).toEqual([]);
    expect((await call("GET", "/api/invoices/all", { token: agent.token })).status).toBe(403);
  });

  it("validates the page number", async () => {
    const { admin } = await companyWithInvoice();
    expect((await call("GET", "/api/invoices/all?pageNumber=zero", { token: admin.token })).status).toBe(400);
  });
});

describe("POST /api/subscription", () => {
  it("answers a static BR Code for the invoice's amount when no PSP is configured, whatever price the body names", async () => {
    await withoutPsp();
    const { admin, invoice } = await companyWithInvoice();
    const res = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, price: 1, plan: { price: 1 } } });
    expect(res.status).toBe(200);
    expect(res.json.valor).toEqual({ original: "100.00" });
    const code = res.json.qrcode.qrcode as string;
    expect(code).toContain("5406100.00");
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
  });

  it("creates a charge at the PSP for the invoice's amount and shows its copy-paste code", async () => {
    const { psp } = await useFakePsp();
    const { admin, invoice } = await companyWithInvoice("TRIMESTRAL");
    const res = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id } });
    expect(res.status).toBe(200);
    const charge = psp.charges.get(res.json.txid)!;
    expect(charge.valor.original).toBe("300.00");
    expect(res.json.qrcode.qrcode).toBe(charge.pixCopiaECola);
    // Asked again while the charge lives: the same charge.
    expect((await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id } })).json.txid).toBe(res.json.txid);
  });

  it("keeps the checkout's payer as the company's billing record, and refuses a blank required field with the spec's message", async () => {
    await withoutPsp();
    const { admin, invoice, company } = await companyWithInvoice();
    const payer = { firstName: "Loja da Ana", address2: "Rua do Comércio, 1", city: "Campinas", state: "SP", zipcode: "13000-000", country: "BR" };
    const blank = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, ...payer, city: " " } });
    expect(blank.status).toBe(400);
    expect(blank.json.fields).toMatchObject({ city: "Cidade é obrigatória" });
    expect((await invoicesOf(company.id))[0]).toMatchObject({ txId: null });
    expect((await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, ...payer } })).status).toBe(200);
    const record = (await call("GET", `/api/companies/${company.id}`, { token: admin.token })).json;
    expect(record).toMatchObject({ billingName: "Loja da Ana", addressStreet: "Rua do Comércio, 1", addressCity: "Campinas", addressState: "SP", addressZipCode: "13000-000" });
  });

  it("answers 404 for another company's invoice, 403 to an agent, 400 without an invoice", async () => {
    await withoutPsp();
    const { agent, invoice } = await companyWithInvoice();
    const other = await companyWithTeam();
    expect((await call("POST", "/api/subscription", { token: other.admin.token, body: { invoiceId: invoice.id } })).status).toBe(404);
    expect((await call("POST", "/api/subscription", { token: agent.token, body: { invoiceId: invoice.id } })).status).toBe(403);
    expect((await call("POST", "/api/subscription", { token: other.admin.token, body: {} })).status).toBe(400);
  });
});

describe("POST /api/subscription/webhook/pix", () => {
  async function charged() {
    const fake = await useFakePsp();
    const team = await companyWithInvoice();
    const res = await call("POST", "/api/subscription", { token: team.admin.token, body: { invoiceId: team.invoice.id } });
    return { ...team, ...fake, txid: res.json.txid as string };
  }
  const notify = (body: unknown, suffix = "") => call("POST", `/api/subscription/webhook/pix${suffix}`, { body });
  const companyRow = (id: number) => control.select().from(companies).where(eq(companies.id, id)).get();

  it("pays the invoice once the PSP confirms it, extends the due date by the recurrence, and tells the admins", async () => {
    const { company, admin, psp, txid, invoice } = await charged();
    const ws = await connectWs(admin.token);
    const payment = (await psp.pay(txid))!;
    const res = await notify({ pix: [payment] }, "/pix");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ applied: 1 });
    // From the later of today and the due date (5 days ahead): the due date, plus one month (MENSAL).
    const expected = addMonthsToDate(company.dueDate!, 1);
    expect((await companyRow(company.id))!.dueDate).toBe(expected);
    expect((await invoicesOf(company.id))[0]).toMatchObject({ id: invoice.id, status: "paid" });
    await ws.waitFor((e) => e.type === "payment" && e.action === "CONCLUIDA" && e.company.dueDate === expected);
    ws.close?.();
  });

  it("ends a trial still running, and tells everyone of the company that it changed, so their pages follow the payment", async () => {
    const { company, agent, psp, txid } = await charged();
    const trialEnd = new Date(Date.now() + 3 * 86_400_000);
    await control.update(companies).set({ trialExpiration: trialEnd }).where(eq(companies.id, company.id));
    const agentWs = await connectWs(agent.token);
    const before = Date.now();
    expect((await notify({ pix: [(await psp.pay(txid))!] })).json).toEqual({ applied: 1 });
    const ended = (await companyRow(company.id))!.trialExpiration!;
    expect(ended.getTime()).toBeGreaterThanOrEqual(before);
    expect(ended.getTime()).toBeLessThanOrEqual(Date.now());
    // An agent hears no payment (an admin's business) but does hear the company change: the banner follows it.
    await agentWs.waitFor((e) => e.type === "company" && e.action === "update" && e.companyId === company.id);
    expect(agentWs.events.some((e) => e.type === "payment")).toBe(false);
    agentWs.close();
  });

  it("leaves a trial that already ended as it was", async () => {
    const { company, psp, txid } = await charged();
    const trialEnd = new Date(Date.now() - 20 * 86_400_000);
    await control.update(companies).set({ trialExpiration: trialEnd }).where(eq(companies.id, company.id));
    expect((await notify({ pix: [(await psp.pay(txid))!] })).json).toEqual({ applied: 1 });
    expect((await companyRow(company.id))!.trialExpiration).toEqual(trialEnd);
  });

  it("changes nothing on a repeated or replayed notice", async () => {
    const { company, psp, txid } = await charged();
    const payment = (await psp.pay(txid))!;
    expect((await notify({ pix: [payment] })).json).toEqual({ applied: 1 });
    const after = (await companyRow(company.id))!.dueDate;
    expect((await notify({ pix: [payment] })).json).toEqual({ applied: 0 });
    expect((await notify({ pix: [payment, payment] }, "/pix")).json).toEqual({ applied: 0 });
    expect((await companyRow(company.id))!.dueDate).toBe(after);
    expect(await control.select().from(pixPayments).where(eq(pixPayments.txId, txid)).all()).toHaveLength(1);
  });

  it("believes nothing in a forged body: an unpaid charge stays unpaid", async () => {
    const { company, invoice, txid } = await charged();
    const before = (await companyRow(company.id))!.dueDate;
    const res = await notify({ pix: [{ endToEndId: "E00000000202611251200abcdefghijk", txid, valor: "100.00", horario: new Date().toISOString() }] });
    expect(res.json).toEqual({ applied: 0 });
    expect((await companyRow(company.id))!.dueDate).toBe(before);
    expect((await invoicesOf(company.id))[0]).toMatchObject({ id: invoice.id, status: "open" });
  });

  it("does not pay an invoice with a different amount", async () => {
    const { company, psp, txid } = await charged();
    const payment = (await psp.pay(txid))!;
    psp.charges.get(txid)!.valor.original = "1.00";
    expect((await notify({ pix: [payment] })).json).toEqual({ applied: 0 });
    expect((await invoicesOf(company.id))[0]!.status).toBe("open");
  });

  it("ignores an unknown txid, and refuses a body that is not a Pix notice", async () => {
    await useFakePsp();
    expect((await notify({ pix: [{ endToEndId: "E1", txid: "unknowntxid000000000000000000" }] })).json).toEqual({ applied: 0 });
    expect((await notify({ hello: "world" })).status).toBe(400);
    expect((await control.select().from(invoices).where(and(eq(invoices.status, "paid"), eq(invoices.txId, "unknowntxid000000000000000000"))).all())).toEqual([]);
  });
});

describe("choosing a plan in the checkout (POST /api/subscription with a planId)", () => {
  const notify = (body: unknown) => call("POST", "/api/subscription/webhook/pix", { body });
  const companyRow = (id: number) => control.select().from(companies).where(eq(companies.id, id)).get();

  it("charges another public plan's value times the recurrence, and puts the company on it when the payment is confirmed, once", async () => {
    const { psp } = await useFakePsp();
    const { company, admin, invoice } = await companyWithInvoice("TRIMESTRAL");
    const bigger = await createPlan({ value: 150, useInternal: true });
    const res = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId: bigger.id, price: 1, value: 1, valor: { original: "1.00" } } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ planId: bigger.id, valor: { original: "450.00" } });
    expect(psp.charges.get(res.json.txid)!.valor.original).toBe("450.00");
    expect((await invoicesOf(company.id))[0]).toMatchObject({ planId: bigger.id, value: 450, txId: res.json.txid, status: "open" });
    // Not before the payment.
    expect((await companyRow(company.id))!.planId).toBe(company.planId);

    const payment = (await psp.pay(res.json.txid))!;
    expect((await notify({ pix: [payment] })).json).toEqual({ applied: 1 });
    const after = (await companyRow(company.id))!;
    expect(after).toMatchObject({ planId: bigger.id, dueDate: addMonthsToDate(company.dueDate!, 3) });
    expect((await invoicesOf(company.id))[0]).toMatchObject({ status: "paid", value: 450 });
    // The hub's copy follows: the company's own plan answers the new one.
    expect((await call("GET", `/api/companies/listPlan/${company.id}`, { token: admin.token })).json).toMatchObject({ value: 150 });

    // Repeated: nothing more.
    expect((await notify({ pix: [payment] })).json).toEqual({ applied: 0 });
    expect(await companyRow(company.id)).toEqual(after);
    expect(await control.select().from(pixPayments).where(eq(pixPayments.txId, res.json.txid)).all()).toHaveLength(1);
  });

  it("makes a new charge when the choice changes the price, and shows the live one again when it does not", async () => {
    const { psp } = await useFakePsp();
    const { admin, invoice, company } = await companyWithInvoice();
    const first = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id } });
    const same = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId: company.planId } });
    expect(same.json.txid).toBe(first.json.txid);
    const other = await createPlan({ value: 40, useInternal: true });
    const changed = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId: other.id } });
    expect(changed.json.txid).not.toBe(first.json.txid);
    expect(psp.charges.get(changed.json.txid)!.valor.original).toBe("40.00");
    // The first charge no longer pays the invoice: paid, it is ignored.
    const stale = (await psp.pay(first.json.txid))!;
    expect((await notify({ pix: [stale] })).json).toEqual({ applied: 0 });
    expect((await companyRow(company.id))!.planId).toBe(company.planId);
  });

  it("refuses a plan that is not public (404) or does not exist, and changes nothing", async () => {
    const { psp } = await useFakePsp();
    const { company, admin, invoice } = await companyWithInvoice();
    const internal = await createPlan({ value: 1, useInternal: false });
    const charges = psp.charges.size;
    for (const planId of [internal.id, 99_999_999]) {
      const res = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId } });
      expect(res.status).toBe(404);
      expect(res.json.error).toBe("ERR_NO_PLAN_FOUND");
    }
    expect((await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId: "cheap" } })).status).toBe(400);
    expect(psp.charges.size).toBe(charges);
    expect((await invoicesOf(company.id))[0]).toMatchObject({ planId: company.planId, value: 100, txId: null });
    expect((await companyRow(company.id))!.planId).toBe(company.planId);
  });

  it("accepts the company's own plan even when it is not public", async () => {
    await withoutPsp();
    const own = await createPlan({ value: 70, useInternal: false });
    const team = await companyWithTeam({ planId: own.id, dueDate: addDaysToDate(today(), 5) });
    await openDueInvoices(testEnv);
    const [invoice] = await invoicesOf(team.company.id);
    const res = await call("POST", "/api/subscription", { token: team.admin.token, body: { invoiceId: invoice!.id, planId: own.id } });
    expect(res.status).toBe(200);
    expect(res.json.valor.original).toBe("70.00");
  });

  it("refuses a plan smaller than what the company has (409, the first limit it is over), and changes nothing", async () => {
    const { psp } = await useFakePsp();
    const { company, admin, invoice } = await companyWithInvoice();
    // The company has three users (admin, supervisor, agent).
    const tooFewUsers = await createPlan({ value: 30, users: 2, useInternal: true });
    const res = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId: tooFewUsers.id } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: "ERR_PLAN_TOO_SMALL", resource: "users", limit: 2, used: 3 });
    expect(psp.charges.size).toBe(0);
    expect((await invoicesOf(company.id))[0]).toMatchObject({ planId: company.planId, value: 100, txId: null });
    // Exactly as many as the plan allows fits.
    const fits = await createPlan({ value: 30, users: 3, connections: 0, queues: 0, useInternal: true });
    expect((await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId: fits.id } })).status).toBe(200);
  });

  it("keeps the company's current plan payable even when it has gone over it", async () => {
    await withoutPsp();
    const { admin, invoice, company } = await companyWithInvoice();
    await control.update(plans).set({ users: 1 }).where(eq(plans.id, company.planId!));
    const res = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id, planId: company.planId } });
    expect(res.status).toBe(200);
  });

  it("answers 404 for another company's invoice and 403 to an agent, whatever the plan", async () => {
    await withoutPsp();
    const { agent, invoice, company } = await companyWithInvoice();
    const other = await companyWithTeam();
    const plan = await createPlan({ value: 10, useInternal: true });
    expect((await call("POST", "/api/subscription", { token: other.admin.token, body: { invoiceId: invoice.id, planId: plan.id } })).status).toBe(404);
    expect((await call("POST", "/api/subscription", { token: agent.token, body: { invoiceId: invoice.id, planId: plan.id } })).status).toBe(403);
    expect((await invoicesOf(company.id))[0]).toMatchObject({ planId: company.planId, value: 100 });
  });
});

describe("GET /api/subscription/usage", () => {
  it("answers the company's users, connections and queues to its admin, 403 to an agent", async () => {
    const { admin, agent } = await companyWithTeam();
    const res = await call("GET", "/api/subscription/usage", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ users: 3, connections: 0, queues: 0 });
    expect((await call("GET", "/api/subscription/usage", { token: agent.token })).status).toBe(403);
  });
});

describe("an expired company (ADR 0036)", () => {
  async function expiredWithInvoice() {
    const team = await companyWithInvoice();
    const superToken = (await platformAdmin()).user.token;
    // Past due: the platform moves the date back (the hub's copy follows at once).
    expect((await call("PUT", `/api/companies/${team.company.id}`, { token: superToken, body: { dueDate: addDaysToDate(today(), -2) } })).status).toBe(200);
    return { ...team, superToken };
  }

  /** Past due by `days` (negative), as the platform moves a date back: the hub's copy follows at once. */
  async function expire(companyId: number, days: number) {
    const superToken = (await platformAdmin()).user.token;
    const dueDate = addDaysToDate(today(), days);
    expect((await call("PUT", `/api/companies/${companyId}`, { token: superToken, body: { dueDate } })).status).toBe(200);
    return (await control.select().from(companies).where(eq(companies.id, companyId)).get())!;
  }

  it("lets its admin log in and pay the open invoice, and answers 402 to anything else", async () => {
    await withoutPsp();
    const { admin, invoice } = await expiredWithInvoice();
    const login = await call("POST", "/api/auth/login", { body: { email: admin.email, password: "Secret123" } });
    expect(login.status).toBe(200);
    const token = login.json.token as string;
    expect((await call("GET", "/api/invoices/all", { token })).json.invoices).toEqual([expect.objectContaining({ id: invoice.id, status: "open" })]);
    const pix = await call("POST", "/api/subscription", { token, body: { invoiceId: invoice.id } });
    expect(pix.status).toBe(200);
    expect(pix.json.valor.original).toBe("100.00");
    expect((await call("GET", `/api/companies/${admin.companyId}`, { token })).status).toBe(200);
    expect((await call("GET", "/api/subscription/usage", { token })).status).toBe(200);

    const tickets = await call("GET", "/api/tickets", { token });
    expect(tickets.status).toBe(402);
    expect(tickets.json).toMatchObject({ error: "ERR_PAYMENT_REQUIRED" });
    expect((await call("POST", "/api/queue", { token, body: { name: "Vendas", color: "#123456" } })).status).toBe(402);
  });

  it("still refuses its agents, at login and on their sessions, with the due date", async () => {
    const { agent } = await expiredWithInvoice();
    const me = await call("GET", "/api/auth/me", { token: agent.token });
    expect(me.status).toBe(401);
    expect(me.json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
    expect((await call("GET", "/api/invoices/all", { token: agent.token })).status).toBe(401);
    const login = await call("POST", "/api/auth/login", { body: { email: agent.email, password: "Secret123" } });
    expect(login.status).toBe(401);
    expect(login.json.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });

  it("lets its admin's socket hear the payment but not the inbox until the company pays; then every socket hears everything", async () => {
    const fake = await useFakePsp();
    const { admin, company, invoice } = await expiredWithInvoice();
    const connection = await createConnection(company.id);
    const contact = "5511988887777";
    const ws = await connectWs(admin.token);
    // Another company, active, hears its own contact as usual meanwhile.
    const other = await companyWithTeam();
    const otherConnection = await createConnection(other.company.id);
    const otherWs = await connectWs(other.admin.token);

    await deliver(inbound(connection.id, contact, "Olá, alguém aí?"));
    await deliver(inbound(otherConnection.id, contact, "Bom dia"));
    await otherWs.waitFor((e) => e.type === "ticket" && e.ticket.lastMessage === "Bom dia");

    const charge = await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: invoice.id } });
    const payment = (await fake.psp.pay(charge.json.txid as string))!;
    expect((await call("POST", "/api/subscription/webhook/pix/pix", { body: { pix: [payment] } })).json).toEqual({ applied: 1 });
    await ws.waitFor((e) => e.type === "payment" && e.action === "CONCLUIDA");
    // Frames arrive in the order the hub sent them: what the message published came before the payment, if at all.
    expect(ws.events.filter((e) => e.type === "appMessage" || e.type === "ticket" || e.type === "contact")).toEqual([]);

    const fresh = await connectWs(admin.token);
    await deliver(inbound(connection.id, contact, "Paguei, e agora?"));
    await fresh.waitFor((e) => e.type === "ticket" && e.ticket.lastMessage === "Paguei, e agora?");
    await ws.waitFor((e) => e.type === "ticket" && e.ticket.lastMessage === "Paguei, e agora?");
    for (const socket of [ws, fresh, otherWs]) socket.close();
  });

  it("always has an invoice to pay: one is opened when its admin reads the invoices, once however many read at once", async () => {
    // Overdue longer than the hourly job's window: the job opens nothing for it.
    const plan = await createPlan({ value: 100 });
    const { company: created, admin } = await companyWithTeam({ planId: plan.id, dueDate: addDaysToDate(today(), 40), recurrence: "TRIMESTRAL" });
    const company = await expire(created.id, -90);
    await openDueInvoices(testEnv);
    expect(await invoicesOf(company.id)).toEqual([]);
    const reads = await Promise.all([0, 1, 2].map(() => call("GET", "/api/invoices/all?pageNumber=1", { token: admin.token })));
    const rows = await invoicesOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dueDate: company.dueDate, value: 300, status: "open", planId: plan.id });
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(read.json.invoices).toEqual([expect.objectContaining({ id: rows[0]!.id, status: "open" })]);
    }
    // It is the one to pay.
    await withoutPsp();
    expect((await call("POST", "/api/subscription", { token: admin.token, body: { invoiceId: rows[0]!.id } })).json.valor.original).toBe("300.00");
    // Read again: still that one.
    await call("GET", "/api/invoices/all", { token: admin.token });
    expect(await invoicesOf(company.id)).toHaveLength(1);
  });

  it("opens none for a company that is not expired, nor one on a plan worth nothing", async () => {
    const { company, admin } = await billedCompany("MENSAL", 40);
    await call("GET", "/api/invoices/all", { token: admin.token });
    expect(await invoicesOf(company.id)).toEqual([]);
    const free = await createPlan({ value: 0 });
    const gratis = await companyWithTeam({ planId: free.id, dueDate: addDaysToDate(today(), 40) });
    await expire(gratis.company.id, -3);
    expect((await call("GET", "/api/invoices/all", { token: gratis.admin.token })).json.invoices).toEqual([]);
  });

  it("refuses the admin of a blocked company even the invoices", async () => {
    const { admin, company, superToken } = await expiredWithInvoice();
    await call("PUT", `/api/companies/${company.id}`, { token: superToken, body: { status: false } });
    const res = await call("GET", "/api/invoices/all", { token: admin.token });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("ERR_COMPANY_INACTIVE");
  });
});
