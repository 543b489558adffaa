import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEnvelope, webhookEventData } from "../worker/contracts/publicApi/events";
import { host } from "./support/api";
import { axeViolations, describeViolations } from "./support/axe";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { closeBrowser, hydrated, newContext, screenshot } from "./support/browser";
import { allowSignups, signUpThroughPage } from "./support/signup";
import { signedBy, startWebhookReceiver, type ReceivedCall } from "./support/webhookReceiver";

/**
 * Journey: the admin of a company that signed up subscribes a webhook to the company's own receiver (a small HTTP
 * server on 127.0.0.1, the journeys' port on the egress allow-list), keeps the secret shown once, presses Testar:
 * the receiver gets a `webhook.test` signed with that secret (checked with the documented recipe) and the log shows
 * it delivered; a contact writes through the simulator and a signed `message.created` arrives; paused, the webhook
 * gets nothing more.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Webhook", company: `Loja Integrada ${stamp}`, email: `webhooks-${stamp}@ganchos.test`, password: "Ganchos-123" };
const contact = { number: "5511987004400", name: "Rui Integrado" };

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const contexts: BrowserContext[] = [];
let page: Page;
let secret = "";
let hookUrl = "";
let connectionId = 0;
let logPath = "";
let ticketId = 0;

const callsOf = (type: string) => receiver.calls.filter((c) => c.body.type === type);
const row = () => page.getByTestId("webhook-row").filter({ hasText: hookUrl });

/** No sideways scroll on the page (a phone's 390 px). */
const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** No serious or critical WCAG 2 A/AA violation (axe) on the page as it is now. */
async function expectAccessible(p: Page, where: string) {
  // After the entry animations (a dialog fades and pops in): mid-way its colours are not yet its own.
  await p.waitForTimeout(400);
  const violations = await axeViolations(p);
  expect(violations.map((v) => v.id), describeViolations(where, violations)).toEqual([]);
}

/** The call as an integrator checks it: signed with the secret, the delivery header naming the event, the envelope's documented shape. */
function expectSignedEvent(call: ReceivedCall, type: string) {
  expect(signedBy(secret, call), `signature of ${call.raw.slice(0, 200)}`).toBe(true);
  expect(call.headers["x-zapdesk-event"]).toBe(type);
  expect(call.headers["x-zapdesk-delivery"]).toBe(call.body.id);
  expect(call.body.id).toMatch(/^evt_/);
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  hookUrl = `${receiver.url}/zapdesk/${stamp}`;
  await allowSignups();
});

afterAll(async () => {
  await closeBrowser(contexts);
  await receiver?.close();
});

describe("journey: an admin subscribes a webhook and its receiver gets signed events", () => {
  it("signs a company up, with a simulator number", async () => {
    const context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);

    ({ connectionId } = await connectSimulatorNumber(page));
  });

  it("creates a webhook from the sidebar's page and is shown its signing secret once", async () => {
    await page.getByRole("link", { name: "Webhooks" }).first().click();
    await page.waitForURL((url) => url.pathname === "/webhooks");
    await expect.poll(() => page.getByText("Nenhum webhook ainda").isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "webhooks-01-empty-desktop-light");

    await page.getByRole("button", { name: "Novo webhook" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL").fill(hookUrl);
    await dialog.getByLabel("Descrição").fill("ERP da loja");
    // No event chosen: the form says so and sends nothing.
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await expect.poll(() => dialog.getByText("Escolha ao menos um evento").isVisible()).toBe(true);
    await dialog.getByLabel("Todos: Mensagens").check();
    await dialog.getByLabel(/^Ticket criado/).check();
    await screenshot(page, "webhooks-02-dialog-desktop-light");
    await dialog.getByRole("button", { name: "Adicionar" }).click();

    const secretDialog = page.getByRole("dialog", { name: "Segredo de assinatura" });
    await secretDialog.waitFor();
    secret = await secretDialog.getByRole("textbox", { name: "Segredo" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await secretDialog.getByText("X-Zapdesk-Signature").count()).toBeGreaterThan(0);
    expect(await secretDialog.getByRole("link", { name: "Referência da API" }).getAttribute("href")).toBe("/api/docs");
    await screenshot(page, "webhooks-03-secret-desktop-light");
    await secretDialog.getByRole("button", { name: "Pronto, guardei" }).click();
    await secretDialog.waitFor({ state: "hidden" });

    await expect.poll(() => row().isVisible()).toBe(true);
    expect(await row().innerText()).toContain("Ativo");
    // The secret is shown once: the list and the API never carry it again.
    expect(await page.getByText(secret).count()).toBe(0);
    expect(JSON.stringify((await apiOf(page).get("/webhook-subscriptions")).json)).not.toContain(secret);

    // Edited: the dialog comes back with its events ticked, and one group more is added.
    await row().getByRole("button", { name: `Editar ${hookUrl}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar webhook" });
    expect(await edit.getByLabel("Todos: Mensagens").isChecked()).toBe(true);
    await edit.getByLabel("Todos: Contatos").check();
    await edit.getByRole("button", { name: "Salvar" }).click();
    await edit.waitFor({ state: "hidden" });
    await expect.poll(() => row().innerText()).toContain("5 eventos");
  });

  it("sends a signed webhook.test on Testar, and the log shows it delivered", async () => {
    await row().getByRole("button", { name: `Testar ${hookUrl}` }).click();
    await expect.poll(() => page.getByText("Evento de teste enviado").isVisible()).toBe(true);
    await expect.poll(() => callsOf("webhook.test").length, { timeout: 20_000 }).toBe(1);
    const test = callsOf("webhook.test")[0]!;
    expectSignedEvent(test, "webhook.test");
    expect(test.path).toBe(`/zapdesk/${stamp}`);
    await screenshot(page, "webhooks-04-list-desktop-light");

    await row().getByRole("link", { name: hookUrl }).click();
    await page.waitForURL((url) => /^\/webhooks\/\d+$/.test(url.pathname));
    logPath = new URL(page.url()).pathname;
    const testRow = page.locator('[data-testid="delivery-row"][data-event="webhook.test"]').first();
    await expect.poll(() => testRow.getAttribute("data-status"), { timeout: 20_000 }).toBe("delivered");
    expect(await testRow.innerText()).toContain("200");
    await testRow.getByRole("button", { name: "Evento de teste" }).click();
    const drawer = page.getByRole("dialog");
    await expect.poll(() => drawer.getByTestId("delivery-payload").innerText(), { timeout: 10_000 }).toContain(test.body.id);
    await screenshot(page, "webhooks-05-log-drawer-desktop-light");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    // "Reenviar": the same event again (the same id, for the receiver to tell), as a new row of the log.
    await testRow.getByRole("button", { name: `Reenviar ${test.body.id}` }).click();
    await expect.poll(() => page.getByText("Entrega reenviada").isVisible()).toBe(true);
    await expect.poll(() => callsOf("webhook.test").length, { timeout: 20_000 }).toBe(2);
    const again = callsOf("webhook.test")[1]!;
    expectSignedEvent(again, "webhook.test");
    expect(again.body.id).toBe(test.body.id);
    await expect.poll(() => page.locator('[data-testid="delivery-row"][data-event="webhook.test"][data-status="delivered"]').count(), { timeout: 20_000 }).toBe(2);
  });

  it("delivers a signed message.created when a contact writes", async () => {
    const words = `Oi, quero um orçamento ${stamp}`;
    expect((await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: words })).status).toBe(200);
    await expect.poll(() => callsOf("message.created").some((c) => JSON.stringify(c.body.data).includes(words)), { timeout: 20_000 }).toBe(true);
    const created = callsOf("message.created").find((c) => JSON.stringify(c.body.data).includes(words))!;
    expectSignedEvent(created, "message.created");
    const event = webhookEnvelope("message.created", webhookEventData["message.created"]).parse(created.body);
    expect(event.data.message).toMatchObject({ body: words, fromMe: false });
    expect(event.data.contact.number).toBe(contact.number);
    ticketId = event.data.ticket.id;
    // Subscribed to messages, new tickets and contacts only: the ticket it opened was told, nothing else.
    expect(callsOf("ticket.created").length).toBeGreaterThanOrEqual(1);
    expect(receiver.calls.every((c) => ["webhook.test", "message.created", "message.status", "ticket.created", "contact.created", "contact.updated"].includes(c.body.type))).toBe(true);

    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.locator('[data-testid="delivery-row"][data-event="message.created"][data-status="delivered"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, "webhooks-06-log-desktop-light");
  });

  it("stops delivering once paused", async () => {
    await page.goto("/webhooks");
    await hydrated(page);
    await row().getByRole("button", { name: `Pausar ${hookUrl}` }).click();
    await expect.poll(() => row().getAttribute("data-status")).toBe("paused");
    expect(await row().innerText()).toContain("Pausado");
    const before = receiver.calls.length;

    const words = `Ainda está aí? ${stamp}`;
    expect((await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: words })).status).toBe(200);
    // The message is in (the event happened), and some seconds later still nothing came.
    await expect
      .poll(async () => JSON.stringify((await apiOf(page).get(`/messages/${ticketId}`)).json).includes(words), { timeout: 15_000 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(receiver.calls.slice(before).map((c) => c.body.type)).toEqual([]);
    await screenshot(page, "webhooks-07-paused-desktop-light");
  });

  it("reads well dark, and on a phone without sideways scroll", async () => {
    const looks = [
      { viewport: { width: 1280, height: 800 }, colorScheme: "dark" as const, name: "desktop-dark" },
      { viewport: { width: 390, height: 844 }, colorScheme: "light" as const, name: "phone-light" },
      { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const, name: "phone-dark" },
    ];
    for (const look of looks) {
      const context = await newContext({ viewport: look.viewport, colorScheme: look.colorScheme });
      contexts.push(context);
      await context.addCookies(await contexts[0]!.cookies());
      const p = await context.newPage();
      await p.goto("/webhooks");
      await hydrated(p);
      await expect.poll(() => p.getByTestId("webhook-row").count(), { timeout: 15_000 }).toBe(1);
      expect(await fitsWidth(p)).toBe(true);
      await expectAccessible(p, `/webhooks ${look.name}`);
      await screenshot(p, `webhooks-08-list-${look.name}`);
      await p.getByRole("button", { name: "Novo webhook" }).click();
      await p.getByRole("dialog").getByLabel("Todos: Tickets").waitFor();
      expect(await fitsWidth(p)).toBe(true);
      await expectAccessible(p, `new webhook dialog ${look.name}`);
      await screenshot(p, `webhooks-08-dialog-${look.name}`);
      await p.keyboard.press("Escape");
      await p.getByRole("dialog").waitFor({ state: "hidden" });
      await p.goto(logPath);
      await hydrated(p);
      await expect.poll(() => p.getByTestId("delivery-row").count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await fitsWidth(p)).toBe(true);
      await expectAccessible(p, `delivery log ${look.name}`);
      await screenshot(p, `webhooks-09-log-${look.name}`);
      await p.getByTestId("delivery-row").first().getByRole("button", { name: /^Entrega / }).click();
      await p.getByTestId("delivery-payload").waitFor();
      await expectAccessible(p, `delivery drawer ${look.name}`);
      await screenshot(p, `webhooks-10-drawer-${look.name}`);
    }
  });
});
