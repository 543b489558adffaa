import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, changeSetting, fakes } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey on the official WhatsApp Cloud API (ADR 0050): the demo's customer company has "WhatsApp Oficial", a Cloud
 * API number on the fake Graph API (worker/testing/fakes/cloudCustomers.ts). A customer's message from yesterday
 * waits; the admin takes it: the 24-hour window has closed, so the composer offers only approved templates; the
 * template goes through Meta, the customer's reply reopens the window and free text goes again.
 */
const CUSTOMER = `55119${String(Date.now()).slice(-8)}`;
const CUSTOMER_NAME = "Cliente da API Oficial";

type FakeSend = { wamid: string; type: string; text: string; body: Record<string, any> };
const sendsTo = async (to = CUSTOMER) => (await fakes<{ sends: FakeSend[] }>("GET", `/graph/sends?to=${to}`)).json.sends;

async function customerWrites(text: string, hoursAgo = 0, customer = { waId: CUSTOMER, name: CUSTOMER_NAME }) {
  const res = await fakes("POST", "/graph/customers", { ...customer, text, hoursAgo });
  expect(res.status).toBe(200);
}

const chat = (page: Page) => page.getByTestId("ticket-chat");
const bubble = (page: Page, text: string) => chat(page).locator("[data-message-id]").filter({ hasText: text }).last();

describe("journey: a customer of the official number, the 24-hour window, a template, and the window reopened", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let token: string;
  let connectionId: number;
  const templateName = `retomar_${Date.now() % 100000}`;

  beforeAll(async () => {
    token = await apiLogin(demo.admin, demo.password);
    const connections = (await api("GET", "/whatsapp", undefined, token)).json as { id: number; channel: string; name: string }[];
    connectionId = connections.find((c) => c.channel === "cloud")!.id;
    contexts.push(await newContext());
    admin = await contexts[0]!.newPage();
  });

  afterAll(() => closeBrowser(contexts));

  it("has an approved template once Meta has reviewed it (by webhook)", async () => {
    const created = await api(
      "POST",
      `/whatsapp/${connectionId}/templates`,
      { name: templateName, category: "UTILITY", body: "Olá {{1}}, podemos continuar o seu atendimento?", examples: ["Maria"], footer: "Padaria Pão Quente" },
      token,
    );
    expect(created.status).toBe(201);
    expect(created.json.status).toBe("PENDING");
    await expect
      .poll(async () => ((await api("GET", `/whatsapp/${connectionId}/templates`, undefined, token)).json as { name: string; status: string }[]).find((x) => x.name === templateName)?.status, { timeout: 20_000 })
      .toBe("APPROVED");
  });

  it("locks free text on yesterday's conversation and sends the template the agent fills in", async () => {
    await customerWrites("Oi, ontem fiz um pedido e ninguém respondeu", 25);
    let ticket: { id: number; uuid: string } | undefined;
    await expect
      .poll(async () => (ticket = (await api("GET", `/tickets?status=pending&showAll=true&searchParam=${CUSTOMER}`, undefined, token)).json.tickets[0]), { timeout: 20_000 })
      .toBeTruthy();
    expect((await api("PUT", `/tickets/${ticket!.id}`, { status: "open", userId: (await api("GET", "/auth/me", undefined, token)).json.id }, token)).status).toBe(200);

    await login(admin, demo.admin, demo.password);
    await admin.goto(`/tickets/${ticket!.uuid}`);
    await chat(admin).waitFor();
    const closed = admin.getByTestId("customer-window-closed");
    await closed.waitFor();
    expect(await chat(admin).locator("textarea").count()).toBe(0);
    await screenshot(admin, "cloud-window-closed");

    await closed.getByRole("button", { name: "Enviar modelo" }).click();
    const dialog = admin.getByRole("dialog", { name: "Enviar modelo" });
    await dialog.getByRole("combobox").click();
    await admin.getByRole("option", { name: new RegExp(`^${templateName}`) }).click();
    await dialog.getByLabel("Valor de 1").fill("Joana");
    await expect.poll(() => dialog.getByTestId("template-preview").textContent()).toBe("Olá Joana, podemos continuar o seu atendimento?");
    await screenshot(admin, "cloud-template-dialog");
    await dialog.getByRole("button", { name: "Enviar modelo" }).click();
    await dialog.waitFor({ state: "hidden" });

    await expect.poll(async () => (await sendsTo()).find((s) => s.type === "template"), { timeout: 20_000 }).toBeTruthy();
    const sent = (await sendsTo()).find((s) => s.type === "template")!;
    expect(sent.body.template).toMatchObject({ name: templateName, language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: "Joana" }] }] });
    await expect.poll(() => bubble(admin, "Olá Joana, podemos continuar").isVisible()).toBe(true);
    // Meta's statuses come back by webhook: the template shows delivered.
    await expect.poll(() => bubble(admin, "Olá Joana").locator("[data-ack]").getAttribute("data-ack"), { timeout: 20_000 }).toMatch(/^[3-5]$/);
  });

  it("reopens the window when the customer answers: free text goes again, with the time left shown", async () => {
    await customerWrites("Sim, por favor!");
    await admin.getByTestId("customer-window").waitFor({ timeout: 20_000 });
    expect(await admin.getByTestId("customer-window").textContent()).toMatch(/fecha em 23 h 5\d min/);
    const reply = `Claro! O seu pedido sai hoje ${Date.now() % 1000}`;
    const composer = chat(admin).locator("textarea").first();
    await composer.fill(reply);
    await composer.press("Enter");
    await expect.poll(async () => (await sendsTo()).some((s) => s.type === "text" && s.text.includes(reply)), { timeout: 20_000 }).toBe(true);
    await screenshot(admin, "cloud-window-open");
  });

  it("shows the window on a phone, in dark mode", async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    contexts.push(phone);
    const page = await phone.newPage();
    await login(page, demo.admin, demo.password);
    await page.goto(admin.url().replace(/^https?:\/\/[^/]+/, ""));
    await page.getByTestId("customer-window").waitFor();
    await screenshot(page, "cloud-window-phone-dark");
  });

  it("sends the rating request of a ticket closed on a closed window as the template the admin chose for it", async () => {
    const restoreRating = await changeSetting("userRating", "enabled");
    try {
      // One session per user: the phone's sign-in above ended this page's.
      await login(admin, demo.admin, demo.password);
      await admin.goto(`/connections/${connectionId}/templates`);
      await admin.getByRole("tab", { name: "Mensagens automáticas" }).click();
      const rating = admin.getByRole("combobox", { name: "Pedido de avaliação: Modelo" });
      await rating.click();
      await admin.getByRole("option", { name: new RegExp(`^${templateName}`) }).click();
      const variable = admin.getByRole("combobox", { name: "Variável {{1}}" });
      await variable.click();
      await admin.getByRole("option", { name: "Nome do contato" }).click();
      await expect.poll(() => admin.getByLabel("Prévia").first().textContent()).toBe("Olá [Nome do contato], podemos continuar o seu atendimento?");
      await screenshot(admin, "cloud-automatic-templates");
      await admin.getByRole("button", { name: "Salvar" }).click();
      await admin.getByText("Modelos das mensagens automáticas salvos.").first().waitFor();

      // The page's sign-in ended the API's session (one per user): sign in again for the calls below.
      token = await apiLogin(demo.admin, demo.password);
      const late = { waId: `55119${String(Date.now() + 7).slice(-8)}`, name: "Cliente de anteontem" };
      await customerWrites("Bom dia, ainda estão aí?", 25, late);
      let ticket: { id: number } | undefined;
      await expect
        .poll(async () => (ticket = (await api("GET", `/tickets?status=pending&showAll=true&searchParam=${late.waId}`, undefined, token)).json.tickets[0]), { timeout: 20_000 })
        .toBeTruthy();
      const me = (await api("GET", "/auth/me", undefined, token)).json.id;
      expect((await api("PUT", `/tickets/${ticket!.id}`, { status: "open", userId: me }, token)).status).toBe(200);
      expect((await api("PUT", `/tickets/${ticket!.id}`, { status: "closed" }, token)).status).toBe(200);

      await expect.poll(async () => (await sendsTo(late.waId)).find((x) => x.type === "template"), { timeout: 20_000 }).toBeTruthy();
      const sent = (await sendsTo(late.waId)).find((x) => x.type === "template")!;
      expect(sent.body.template).toMatchObject({ name: templateName, components: [{ type: "body", parameters: [{ type: "text", text: late.name }] }] });
      expect((await sendsTo(late.waId)).filter((x) => x.type !== "template")).toEqual([]);
    } finally {
      await restoreRating();
    }
  });

  it("shows the automatic messages' templates on a phone and in dark mode", async () => {
    for (const [name, options] of [
      ["cloud-automatic-templates-phone", { viewport: { width: 390, height: 844 } }],
      ["cloud-automatic-templates-dark", { colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await login(page, demo.admin, demo.password);
      await page.goto(`/connections/${connectionId}/templates`);
      await page.getByRole("tab", { name: "Mensagens automáticas" }).click();
      await page.getByRole("combobox", { name: "Pedido de avaliação: Modelo" }).waitFor();
      await screenshot(page, name);
    }
  });
});
