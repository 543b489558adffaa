import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyOfId, ID_RANGE } from "../worker/contracts/ids";
import { api, apiLogin, host, ownAddress } from "./support/api";
import { apiOf } from "./support/pageApi";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";

/**
 * Two companies that signed up at the same moment work side by side: each with its own simulator number, queue and
 * agent, their contacts (one of them the same person, writing to both) writing and being answered at the same time,
 * each running a campaign. Each company sees only its own tickets, messages, websocket events and campaign sends,
 * and gets 404 for the other's ticket, messages and connection by id.
 */
const stamp = Date.now().toString(36);
/** The same person, on WhatsApp, writes to both companies' numbers. */
const SHARED = { number: "5511987003300", name: "Paula Duarte" };

/** One of the two companies: who signs it up, what only its traffic carries, and what the journey learns of it. */
class Company {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly agent: { name: string; email: string; password: string };
  /** A contact of this company only. */
  readonly own: { number: string; name: string };
  /** Words only this company's traffic carries: finding one in the other company's data is a leak. */
  readonly mark: string;
  admin!: Page;
  agentPage!: Page;
  companyId = 0;
  queueId = 0;
  connectionId = 0;
  campaignId = 0;
  /** Every text frame the company's pages (admin and agent) received on their websockets. */
  readonly frames: string[] = [];
  ticketIds: number[] = [];
  ticketUuids: string[] = [];

  constructor(readonly key: "A" | "B") {
    const k = key.toLowerCase();
    this.name = key === "A" ? `Ótica Central ${stamp}` : `Pet Shop Amigo ${stamp}`;
    this.email = `dono-${k}-${stamp}@duas.test`;
    this.password = `Senha-${k}-123`;
    this.agent = { name: `Agente ${key} ${stamp}`, email: `agente-${k}-${stamp}@duas.test`, password: "Agente123" };
    this.own = key === "A" ? { number: "5511987003311", name: "Álvaro Otica" } : { number: "5511987003322", name: "Bianca Pet" };
    this.mark = `marca${key}${stamp}`;
  }
}

const companies = [new Company("A"), new Company("B")];
const [A, B] = companies as [Company, Company];
const other = (c: Company) => (c === A ? B : A);

const chat = (page: Page) => page.getByTestId("ticket-chat");
const bubble = (page: Page, text: string) => chat(page).locator("[data-message-id]").filter({ hasText: text }).last();

/** Keeps every text frame the page's websockets receive (listening starts before the page opens one). */
function recordFrames(page: Page, into: string[]) {
  page.on("websocket", (ws) => {
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload === "string") into.push(payload);
    });
  });
}

/** Every number under a key named `id` or `…Id` in a frame: the ids an event carries. */
function idsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) idsIn(v, found);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if ((key === "id" || key.endsWith("Id")) && typeof v === "number") found.push(v);
      else idsIn(v, found);
    }
  }
  return found;
}

interface PhoneMessage {
  direction: "in" | "out";
  body: string;
  to?: string;
  from?: string;
}

async function conversation(c: Company, number: string): Promise<PhoneMessage[]> {
  const res = await host<{ messages: PhoneMessage[] }>("GET", `/simulator/${c.connectionId}/conversation?with=${number}`);
  expect(res.status).toBe(200);
  return res.json.messages;
}

async function outbox(c: Company): Promise<PhoneMessage[]> {
  const res = await host<{ messages: PhoneMessage[] }>("GET", `/simulator/${c.connectionId}/outbox`);
  expect(res.status).toBe(200);
  return res.json.messages;
}

async function writes(c: Company, from: { number: string; name: string }, body: string) {
  const res = await host("POST", `/simulator/${c.connectionId}/inbound`, { from: from.number, name: from.name, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** The plan both take: public, with campaigns and room for an admin, an agent, a queue and a connection. */
async function campaignPlan(): Promise<number> {
  const plans = (await api<{ id: number; users: number; queues: number; connections: number; useCampaigns: boolean }[]>("GET", "/plans/list")).json;
  const plan = plans.find((p) => p.useCampaigns && p.users >= 2 && p.queues >= 1 && p.connections >= 1);
  expect(plan, `a public plan with campaigns among ${JSON.stringify(plans)}`).toBeTruthy();
  return plan!.id;
}

describe("journey: two companies that signed up at once work side by side, and nothing crosses", () => {
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const platformAdmin = await apiLogin(platform.admin, platform.password);
    for (const key of ["viewregister", "allowregister"]) {
      expect((await api("PUT", `/settings/${key}`, { value: "enabled" }, platformAdmin)).status).toBe(200);
    }
  });

  afterAll(async () => {
    for (const c of companies) {
      if (c.campaignId && c.admin) await apiOf(c.admin).post(`/campaigns/${c.campaignId}/cancel`).catch(() => undefined);
    }
    await closeBrowser(contexts);
  });

  it("signs both companies up through /signup at the same moment", async () => {
    const planId = await campaignPlan();
    for (const c of companies) {
      const context = await newContext();
      contexts.push(context);
      c.admin = await context.newPage();
      c.admin.on("pageerror", (err) => console.error(`[admin ${c.key} page error]`, err.message));
      recordFrames(c.admin, c.frames);
      // A signup counts against its address's hourly budget: this journey's own, not the whole run's 127.0.0.1.
      await c.admin.setExtraHTTPHeaders(ownAddress());
      await c.admin.goto("/signup");
      await hydrated(c.admin);
      await c.admin.getByLabel("Seu nome").fill(`Dono ${c.key}`);
      await c.admin.getByLabel("Nome da empresa").fill(c.name);
      await c.admin.getByLabel("Email").fill(c.email);
      await c.admin.getByLabel("Senha", { exact: true }).fill(c.password);
      await c.admin.locator(`input[name="planId"][value="${planId}"]`).check();
    }
    await Promise.all(
      companies.map(async (c) => {
        await c.admin.getByRole("button", { name: "Cadastrar" }).click();
        await c.admin.waitForURL((url) => url.pathname.startsWith("/tickets"), { timeout: 30_000 });
        await hydrated(c.admin);
      }),
    );
    for (const c of companies) {
      const me = (await apiOf(c.admin).get("/auth/me")).json;
      expect(me).toMatchObject({ email: c.email, profile: "admin" });
      c.companyId = me.companyId;
      expect(c.companyId).toBeGreaterThan(1);
      // Its rows take ids from its own range.
      expect(companyOfId(me.id)).toBe(c.companyId);
    }
    expect(A.companyId).not.toBe(B.companyId);
    await screenshot(A.admin, "two-companies-01-signed-up-a");
    await screenshot(B.admin, "two-companies-01-signed-up-b");
  });

  it("sets each one up at the same time: a queue, an agent and a simulator number of its own", async () => {
    await Promise.all(
      companies.map(async (c) => {
        const call = apiOf(c.admin);
        const queue = await call.post("/queue", { name: "Atendimento", color: "#7C3AED" });
        expect(queue.status, JSON.stringify(queue.json)).toBe(201);
        c.queueId = queue.json.id;
        const agent = await call.post("/users", { ...c.agent, profile: "user", queueIds: [c.queueId] });
        expect(agent.status, JSON.stringify(agent.json)).toBe(201);
        const connection = await call.post("/whatsapp", { name: `Número ${c.key}`, isDefault: true, queueIds: [c.queueId], greetingMessage: `Olá! ${c.mark}` });
        expect(connection.status, JSON.stringify(connection.json)).toBe(201);
        expect(connection.json.sessionError ?? null).toBeNull();
        c.connectionId = connection.json.id;
        for (const id of [c.queueId, agent.json.id, c.connectionId]) expect(companyOfId(id)).toBe(c.companyId);
      }),
    );
    // Both phones scan at once.
    await Promise.all(companies.map(async (c) => expect((await host("POST", `/simulator/${c.connectionId}/scan`)).status).toBe(200)));
    for (const c of companies) {
      await expect.poll(async () => (await apiOf(c.admin).get(`/whatsapp/${c.connectionId}`)).json.status, { timeout: 15_000 }).toBe("CONNECTED");
    }
    const numbers = await Promise.all(companies.map(async (c) => (await apiOf(c.admin).get(`/whatsapp/${c.connectionId}`)).json.number as string));
    expect(numbers[0]).toBeTruthy();
    expect(numbers[0]).not.toBe(numbers[1]);
    for (const c of companies) {
      await c.admin.goto("/connections");
      await expect.poll(() => c.admin.getByRole("row").filter({ hasText: `Número ${c.key}` }).innerText(), { timeout: 15_000 }).toContain("Conectado");
      // Its own number only.
      expect(await c.admin.getByRole("row").filter({ hasText: `Número ${other(c).key}` }).count()).toBe(0);
      await screenshot(c.admin, `two-companies-02-connected-${c.key.toLowerCase()}`);
    }
  });

  it("lets contacts write to both at once, each company's agent seeing only its own waiting tickets", async () => {
    for (const c of companies) {
      const context = await newContext();
      contexts.push(context);
      c.agentPage = await context.newPage();
      c.agentPage.on("pageerror", (err) => console.error(`[agent ${c.key} page error]`, err.message));
      recordFrames(c.agentPage, c.frames);
      await login(c.agentPage, c.agent.email, c.agent.password);
      await c.agentPage.goto("/tickets");
      await c.agentPage.getByRole("tab", { name: /^Aguardando/ }).click();
      // The admin's page listens too, from its inbox.
      await c.admin.goto("/tickets");
      await hydrated(c.admin);
    }
    // The same person writes to both numbers, and each company's own contact writes too: all at the same time.
    await Promise.all(
      companies.flatMap((c) => [writes(c, SHARED, `Oi, é a Paula ${c.mark}`), writes(c, c.own, `Bom dia ${c.mark}`)]),
    );
    for (const c of companies) {
      for (const name of [SHARED.name, c.own.name]) {
        await expect.poll(() => c.agentPage.getByRole("button", { name: `Aceitar: ${name}` }).isVisible(), { timeout: 20_000 }).toBe(true);
      }
      expect(await c.agentPage.getByRole("button", { name: `Aceitar: ${other(c).own.name}` }).count()).toBe(0);
      await screenshot(c.agentPage, `two-companies-03-waiting-${c.key.toLowerCase()}`);
    }
  });

  it("has both agents accept and answer at the same time; each phone gets only its company's answers", async () => {
    await Promise.all(
      companies.map(async (c) => {
        const page = c.agentPage;
        await page.getByRole("button", { name: `Aceitar: ${SHARED.name}` }).click();
        await page.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
        await chat(page).waitFor();
        await expect.poll(() => bubble(page, `Oi, é a Paula ${c.mark}`).isVisible()).toBe(true);
        const composer = chat(page).locator("textarea").first();
        await composer.fill(`Olá Paula, resposta ${c.mark}`);
        await composer.press("Enter");
        await expect.poll(() => bubble(page, `resposta ${c.mark}`).isVisible()).toBe(true);
      }),
    );
    // The same person wrote to both: each number's conversation holds that company's words, never the other's.
    for (const c of companies) {
      await expect
        .poll(async () => (await conversation(c, SHARED.number)).some((m) => m.direction === "out" && m.body.includes(`resposta ${c.mark}`)), { timeout: 20_000 })
        .toBe(true);
      const words = JSON.stringify(await conversation(c, SHARED.number));
      expect(words).toContain(c.mark);
      expect(words).not.toContain(other(c).mark);
      await screenshot(c.agentPage, `two-companies-04-answered-${c.key.toLowerCase()}`);
    }
    // Each company's API lists its own tickets only.
    for (const c of companies) {
      const listed = (await apiOf(c.admin).get("/tickets?showAll=true&status=open")).json.tickets as { id: number; uuid: string; contact: { name: string; number: string }; whatsappId: number }[];
      const pending = (await apiOf(c.admin).get("/tickets?showAll=true&status=pending")).json.tickets as typeof listed;
      const all = [...listed, ...pending];
      expect(all.map((t) => t.contact.name).sort()).toEqual([SHARED.name, c.own.name].sort());
      for (const t of all) {
        expect(companyOfId(t.id)).toBe(c.companyId);
        expect(t.whatsappId).toBe(c.connectionId);
      }
      c.ticketIds = all.map((t) => t.id);
      c.ticketUuids = all.map((t) => t.uuid);
      const messages = (await apiOf(c.admin).get(`/messages/${c.ticketIds[0]}`)).json.messages as { body: string }[];
      expect(JSON.stringify(messages)).not.toContain(other(c).mark);
    }
  });

  it("delivered each company's websocket events to its own pages only", async () => {
    for (const c of companies) {
      const text = c.frames.join("\n");
      // The pages did hear their own company's traffic live…
      expect(text).toContain(c.mark);
      // …and nothing of the other's: no words, no ids from its range.
      expect(text).not.toContain(other(c).mark);
      expect(text).not.toContain(other(c).own.name);
      const ids = c.frames.flatMap((frame) => {
        try {
          return idsIn(JSON.parse(frame));
        } catch {
          return [];
        }
      });
      expect(ids.filter((id) => companyOfId(id) === c.companyId).length).toBeGreaterThan(0);
      const foreign = ids.filter((id) => id > ID_RANGE && companyOfId(id) !== c.companyId);
      expect(foreign, `ids of another company in ${c.key}'s frames`).toEqual([]);
    }
  });

  it("answers 404 to one company's admin for the other's ticket, messages and connection", async () => {
    for (const c of companies) {
      const theirs = other(c);
      const call = apiOf(c.admin);
      for (const path of [
        `/tickets/${theirs.ticketIds[0]}`,
        `/tickets/u/${theirs.ticketUuids[0]}`,
        `/messages/${theirs.ticketIds[0]}`,
        `/whatsapp/${theirs.connectionId}`,
        `/queue/${theirs.queueId}`,
      ]) {
        const res = await call.get(path);
        expect(res.status, `${c.key} GET ${path}: ${JSON.stringify(res.json)}`).toBe(404);
        expect(JSON.stringify(res.json)).not.toContain(theirs.mark);
      }
      // Writing to it is refused the same way, and changes nothing.
      const send = await c.admin.request.post(`/api/messages/${theirs.ticketIds[0]}`, { multipart: { body: `intruso ${c.mark}` }, headers: { origin: new URL(c.admin.url()).origin } });
      expect(send.status()).toBe(404);
      const update = await call.put(`/tickets/${theirs.ticketIds[0]}`, { status: "closed" });
      expect(update.status).toBe(404);
      // The chat page of the other's ticket shows nothing of it: the app says so and goes back to the inbox.
      await c.admin.goto(`/tickets/${theirs.ticketUuids[0]}`);
      await c.admin.waitForURL((url) => url.pathname === "/tickets", { timeout: 15_000 });
      await c.admin.locator("li", { hasText: "Nenhum ticket encontrado com este ID." }).first().waitFor();
      expect(await c.admin.locator("body").innerText()).not.toContain(theirs.mark);
      expect(await chat(c.admin).count()).toBe(0);
      await screenshot(c.admin, `two-companies-05-other-ticket-${c.key.toLowerCase()}`);
    }
    for (const c of companies) {
      expect(JSON.stringify(await conversation(other(c), SHARED.number))).not.toContain(`intruso ${c.mark}`);
    }
  });

  it("runs a campaign in each at the same time; each number sends only its own company's campaign", async () => {
    await Promise.all(
      companies.map(async (c) => {
        const call = apiOf(c.admin);
        const settings = await call.post("/campaign-settings", { messageInterval: 1, longerIntervalAfter: 0, windowStart: "00:00", windowEnd: "23:59", days: [0, 1, 2, 3, 4, 5, 6], dailyCap: 0 });
        expect(settings.status, JSON.stringify(settings.json)).toBe(200);
        const list = await call.post("/contact-lists", { name: `Clientes ${c.key}` });
        expect(list.status, JSON.stringify(list.json)).toBe(201);
        for (const contact of [SHARED, { number: c.own.number.replace(/\d$/, "9"), name: `Lista ${c.key}` }]) {
          expect((await call.post("/contact-list-items", { contactListId: list.json.id, ...contact })).status).toBe(201);
        }
        const created = await call.post("/campaigns", {
          name: `Campanha ${c.key}`,
          whatsappId: c.connectionId,
          contactListId: list.json.id,
          message1: `Promoção de hoje ${c.mark} para {nome}`,
          scheduledAt: new Date().toISOString(),
        });
        expect(created.status, JSON.stringify(created.json)).toBe(201);
        c.campaignId = created.json.id;
        expect(companyOfId(c.campaignId)).toBe(c.companyId);
      }),
    );
    for (const c of companies) {
      await expect
        .poll(async () => (await outbox(c)).filter((m) => m.body.startsWith("Promoção de hoje")).length, { timeout: 60_000, interval: 500 })
        .toBe(2);
      const sent = await outbox(c);
      const campaign = sent.filter((m) => m.body.startsWith("Promoção de hoje"));
      for (const m of campaign) expect(m.body).toContain(c.mark);
      expect(campaign.map((m) => m.to).sort()).toEqual([SHARED.number, c.own.number.replace(/\d$/, "9")].sort());
      expect(JSON.stringify(sent)).not.toContain(other(c).mark);
      await c.admin.goto(`/campaign/${c.campaignId}/report`);
      await expect.poll(() => c.admin.locator('[data-count="delivered"] p.text-2xl').innerText(), { timeout: 20_000 }).toBe("2");
      await screenshot(c.admin, `two-companies-06-campaign-${c.key.toLowerCase()}`);
      // The other's campaign is not there.
      expect((await apiOf(c.admin).get(`/campaigns/${other(c).campaignId}`)).status).toBe(404);
    }
    // And the campaigns' events reached only their company's pages.
    for (const c of companies) expect(c.frames.join("\n")).not.toContain(other(c).mark);
  });
});
