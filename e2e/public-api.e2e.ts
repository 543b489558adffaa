import type { BrowserContext, Page } from "playwright-core";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeWhenResolved, createReceiver } from "../docs/examples/webhook-receiver.mjs";
import { api, apiLogin, host } from "./support/api";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { signUpThroughApi } from "./support/signup";
import { closeBrowser, hydrated, login, newContext } from "./support/browser";
import { baseUrl, platform } from "./support/env";

/**
 * Journey (issue 25): the admin of a company that signed up makes an API token and a webhook to the company's own
 * receiver — the documented example, docs/examples/webhook-receiver.mjs, which checks every signature. A contact
 * writes through the simulator; the receiver gets the signed `message.created`, and when the contact says
 * "resolvido" the receiver's script closes the ticket through the public API. The admin sees it closed.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Integra", company: `Loja API ${stamp}`, email: `api-${stamp}@integra.test`, password: "Integra-123" };
const contact = { number: "5511987005500", name: "Célia Cliente" };
const contexts: BrowserContext[] = [];
let page: Page;
let server: Server | undefined;
let connectionId = 0;
const received: { type: string; body: string }[] = [];
const closedByScript: number[] = [];

beforeAll(async () => {
  const platformAdmin = await apiLogin(platform.admin, platform.password);
  for (const key of ["viewregister", "allowregister"]) expect((await api("PUT", `/settings/${key}`, { value: "enabled" }, platformAdmin)).status).toBe(200);
});

afterAll(async () => {
  await closeBrowser(contexts);
  server?.close();
});

describe("journey: an integrator's receiver closes a ticket when the contact says it is resolved", () => {
  it("signs a company up with a simulator number", async () => {
    const plans = (await api<{ id: number; queues: number; connections: number }[]>("GET", "/plans/list")).json;
    const plan = plans.find((p) => p.queues >= 1 && p.connections >= 1);
    const signup = await signUpThroughApi({ name: owner.company, ownerName: owner.name, email: owner.email, password: owner.password, planId: String(plan!.id) });
    expect(signup.status, JSON.stringify(signup.json)).toBe(201);
    const context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    await login(page, owner.email, owner.password);
    await hydrated(page);
    ({ connectionId } = await connectSimulatorNumber(page));
  });

  it("makes a token that may read and act on tickets, and a webhook of new messages to its receiver", async () => {
    await page.goto("/api-tokens");
    await page.getByRole("button", { name: "Novo token" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo token" });
    await dialog.getByLabel("Nome").fill("Robô de encerramento");
    await dialog.getByRole("checkbox", { name: /tickets:read/ }).check();
    await dialog.getByRole("checkbox", { name: /tickets:write/ }).check();
    await dialog.getByRole("button", { name: "Criar token" }).click();
    const created = page.getByRole("dialog", { name: "Token criado" });
    const token = await created.getByLabel("Token", { exact: true }).inputValue();
    expect(token).toMatch(/^zdk_\d+_/);
    await created.getByRole("button", { name: "Concluir" }).click();

    const port = Number(process.env.E2E_JOURNEY_FAKE_PORT);
    await page.goto("/webhooks");
    await page.getByRole("button", { name: "Novo webhook" }).click();
    const hook = page.getByRole("dialog");
    await hook.getByLabel("URL").fill(`http://127.0.0.1:${port}/zapdesk`);
    await hook.getByLabel("Descrição").fill("Robô de encerramento");
    await hook.getByLabel("Todos: Mensagens").check();
    await hook.getByRole("button", { name: "Adicionar" }).click();
    const secretDialog = page.getByRole("dialog", { name: "Segredo de assinatura" });
    const secret = await secretDialog.getByRole("textbox", { name: "Segredo" }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole("button", { name: "Pronto, guardei" }).click();

    const close = closeWhenResolved({ baseUrl: baseUrl(), token, onClosed: (ticket: { id: number }) => closedByScript.push(ticket.id) });
    server = createReceiver({
      secret,
      onEvent: async (event: { type: string; data: { message: { body: string } } }) => {
        received.push({ type: event.type, body: event.data.message?.body });
        await close(event);
      },
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
  });

  it("hears the contact's messages, signed, and closes the ticket through the API once the contact says it is resolved", async () => {
    await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: "Oi, meu pedido chegou?" });
    await expect.poll(() => received.some((e) => e.type === "message.created" && e.body === "Oi, meu pedido chegou?"), { timeout: 20_000 }).toBe(true);
    expect(closedByScript).toEqual([]);

    await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: "Chegou sim, obrigada! Resolvido." });
    await expect.poll(() => closedByScript.length, { timeout: 20_000 }).toBe(1);
    const ticketId = closedByScript[0]!;
    expect((await apiOf(page).get(`/tickets/${ticketId}`)).json.status).toBe("closed");

    // The admin's inbox shows it among the resolved ones.
    await page.goto("/tickets");
    await page.getByRole("tab", { name: /Resolvidos/ }).click();
    await page.getByText(contact.name).first().waitFor();
  });
});
