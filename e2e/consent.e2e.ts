import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, host } from "./support/api";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { signUpThroughApi } from "./support/signup";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";

/**
 * Journey (issue 28): in a company that signed up, an agent revokes a contact's marketing consent from the contact
 * drawer; a campaign to a list that includes the contact skips it, and the campaign's report says so.
 */
const stamp = Date.now().toString(36);
const run = Date.now().toString().slice(-6);
const owner = { name: "Dona Consentimento", company: `Loja Consent ${stamp}`, email: `consent-${stamp}@loja.test`, password: "Consent-123" };
const agent = { name: "Ágata Atendente", email: `agata-${stamp}@loja.test`, password: "Agata-12345" };
const customer = { number: `5511974${run}`, name: `Rita Revoga ${run}` };
const other = { number: `5511975${run}`, name: `Olga Outra ${run}` };
const contexts: BrowserContext[] = [];
let adminPage: Page;
let agentPage: Page;
let connectionId = 0;
let campaignId = 0;

const count = (page: Page, key: string) => page.locator(`[data-count="${key}"] p.text-2xl`).innerText();

beforeAll(async () => {
  const platformAdmin = await apiLogin(platform.admin, platform.password);
  for (const key of ["viewregister", "allowregister"]) expect((await api("PUT", `/settings/${key}`, { value: "enabled" }, platformAdmin)).status).toBe(200);
});

afterAll(async () => {
  if (campaignId && adminPage) await apiOf(adminPage).post(`/campaigns/${campaignId}/cancel`).catch(() => undefined);
  await closeBrowser(contexts);
});

describe("journey: an agent revokes a contact's marketing consent and a campaign skips the contact", () => {
  it("signs a company up with a simulator number and an agent on its queue", async () => {
    const plans = (await api<{ id: number; queues: number; connections: number; campaigns?: boolean }[]>("GET", "/plans/list")).json;
    const plan = plans.find((p) => p.queues >= 1 && p.connections >= 1 && p.campaigns !== false);
    const signup = await signUpThroughApi({ name: owner.company, ownerName: owner.name, email: owner.email, password: owner.password, planId: String(plan!.id) });
    expect(signup.status, JSON.stringify(signup.json)).toBe(201);
    contexts.push(await newContext());
    adminPage = await contexts[0]!.newPage();
    await login(adminPage, owner.email, owner.password);
    await hydrated(adminPage);
    const connected = await connectSimulatorNumber(adminPage);
    connectionId = connected.connectionId;
    const made = await apiOf(adminPage).post("/users", { ...agent, profile: "user", queueIds: [connected.queueId] });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const settings = await apiOf(adminPage).post("/campaign-settings", { messageInterval: 1, longerIntervalAfter: 0, windowStart: "00:00", windowEnd: "23:59", days: [0, 1, 2, 3, 4, 5, 6], dailyCap: 0 });
    expect(settings.status, JSON.stringify(settings.json)).toBe(200);
  });

  it("lets the agent revoke the contact's consent from the drawer, with a confirmation", async () => {
    expect((await host("POST", `/simulator/${connectionId}/inbound`, { from: customer.number, name: customer.name, body: "Oi, quero saber do meu pedido" })).status).toBe(200);
    const call = apiOf(adminPage);
    let uuid = "";
    await expect
      .poll(async () => {
        const list = await call.get(`/tickets?searchParam=${encodeURIComponent(customer.number)}&status=pending&showAll=true`);
        uuid = list.json?.tickets?.[0]?.uuid ?? "";
        return uuid;
      }, { timeout: 20_000 })
      .not.toBe("");
    contexts.push(await newContext());
    agentPage = await contexts[1]!.newPage();
    await login(agentPage, agent.email, agent.password);
    await agentPage.goto(`/tickets/${uuid}`);
    await hydrated(agentPage);
    await agentPage.getByRole("button", { name: `Dados de ${customer.name}` }).click();
    const drawer = agentPage.getByRole("complementary", { name: "Dados do contato" });
    const consent = drawer.getByTestId("contact-consent");
    await expect.poll(() => consent.innerText(), { timeout: 15_000 }).toContain("Não informado");
    await consent.getByRole("button", { name: "Revogar consentimento" }).click();
    const confirm = agentPage.getByRole("dialog", { name: `Revogar o consentimento de ${customer.name}?` });
    await confirm.getByRole("button", { name: "Revogar" }).click();
    await expect.poll(() => agentPage.getByText("Consentimento revogado", { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => consent.innerText()).toContain("Não aceita receber");
    expect(await consent.innerText()).toContain(agent.name);
    await consent.getByText("Histórico").click();
    await expect.poll(() => consent.getByRole("listitem").first().innerText()).toContain("atendente");
    await screenshot(agentPage, "consent-drawer-desktop-light");
  });

  it("skips the contact in a campaign to a list that includes it, and the report says so", async () => {
    const call = apiOf(adminPage);
    const list = await call.post("/contact-lists", { name: `Lista ${run}` });
    for (const person of [customer, other]) {
      expect((await call.post("/contact-list-items", { contactListId: list.json.id, name: person.name, number: person.number })).status).toBe(201);
    }
    const created = await call.post("/campaigns", { name: `Oferta ${run}`, whatsappId: connectionId, contactListId: list.json.id, message1: "Oferta para {nome}: 20% hoje!", scheduledAt: new Date().toISOString() });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    campaignId = created.json.id;
    await adminPage.goto(`/campaign/${campaignId}/report`);
    await hydrated(adminPage);
    await expect.poll(() => count(adminPage, "skipped"), { timeout: 45_000 }).toBe("1");
    await expect.poll(() => count(adminPage, "delivered"), { timeout: 45_000 }).toBe("1");
    const toCustomer = await host<{ messages: { direction: string; body: string }[] }>("GET", `/simulator/${connectionId}/conversation?with=${customer.number}`);
    expect(toCustomer.json.messages.filter((m) => m.direction === "out").map((m) => m.body)).not.toContain(`Oferta para ${customer.name}: 20% hoje!`);
    expect(await adminPage.getByText("Ignorados por opt-out").first().isVisible()).toBe(true);
    await screenshot(adminPage, "consent-campaign-report-desktop-light");
  });

  it("shows the drawer, the contacts filter and the report in dark mode and on a phone", async () => {
    for (const [scheme, viewport, suffix] of [
      ["dark", { width: 1280, height: 800 }, "desktop-dark"],
      ["light", { width: 390, height: 844 }, "phone-light"],
      ["dark", { width: 390, height: 844 }, "phone-dark"],
    ] as const) {
      const context = await newContext({ colorScheme: scheme, viewport });
      contexts.push(context);
      const page = await context.newPage();
      await login(page, owner.email, owner.password);
      await page.goto(`/campaign/${campaignId}/report`);
      await expect.poll(() => count(page, "skipped"), { timeout: 15_000 }).toBe("1");
      await screenshot(page, `consent-campaign-report-${suffix}`);
      await page.goto("/contacts");
      await hydrated(page);
      await page.getByRole("combobox", { name: "Consentimento" }).click();
      await page.getByRole("option", { name: "Consentimento: Não aceita receber" }).click();
      await expect.poll(() => page.getByText(customer.name).first().isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.getByText(other.name).count()).toBe(0);
      await screenshot(page, `consent-contacts-filter-${suffix}`);
    }
  });
});
