import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const RUN = Date.now().toString().slice(-6);
const CONTACT = { name: `Helena Prado ${RUN}`, number: `55119870${RUN}` };

/**
 * Issue 31 §4: "Já existe um ticket aberto para este contato." left an agent stuck. Luana holds a contact's ticket in
 * Encomendas, a queue Diego is not in: Diego learns which queue holds it (not who, nor the ticket) and asks for it.
 */
describe("journey: an agent meets a contact already served in another queue and asks for a transfer", () => {
  const contexts: BrowserContext[] = [];
  let diego: Page;
  let luana: Page;

  beforeAll(async () => {
    // Luana opens the ticket through the API before any browser login (one live session per user).
    const token = await apiLogin(demo.agents[0], demo.password);
    const contact = await api("POST", "/contacts", { name: CONTACT.name, number: CONTACT.number }, token);
    expect(contact.status, JSON.stringify(contact.json)).toBeLessThan(300);
    const queues = await api<{ id: number; name: string }[]>("GET", "/queue", undefined, token);
    const encomendas = queues.json.find((q) => q.name === "Encomendas")!;
    const ticket = await api("POST", "/tickets", { contactId: contact.json.id, queueId: encomendas.id }, token);
    expect(ticket.status, JSON.stringify(ticket.json)).toBe(201);

    contexts.push(await newContext(), await newContext({ colorScheme: "dark" }));
    diego = await contexts[0]!.newPage();
    luana = await contexts[1]!.newPage();
    await login(diego, demo.agents[1], demo.password);
    await login(luana, demo.agents[0], demo.password);
  });

  afterAll(() => closeBrowser(contexts));

  it("says the queue that holds the contact, without naming the agent, and sends the request", async () => {
    await diego.goto("/tickets");
    await diego.getByRole("button", { name: "Novo ticket" }).click();
    const dialog = diego.getByRole("dialog", { name: "Novo ticket" });
    await dialog.getByRole("searchbox", { name: "Contato" }).fill(CONTACT.name.slice(0, 6));
    await dialog.getByRole("option", { name: new RegExp(CONTACT.name) }).click();
    await dialog.getByRole("combobox", { name: "Fila" }).click();
    await diego.getByRole("option", { name: "Entregas" }).click();
    await dialog.getByRole("button", { name: "Abrir ticket" }).click();

    const notice = dialog.getByTestId("held-ticket");
    await expect.poll(() => notice.innerText()).toContain("Este contato já está em atendimento na fila Encomendas.");
    expect(await notice.innerText()).not.toContain(demo.names.agents[0]);
    await notice.getByRole("button", { name: "Pedir transferência" }).click();
    await expect.poll(() => notice.getByRole("status").innerText()).toBe("Pedido enviado ao atendente que está com o ticket.");
    await screenshot(diego, "held-ticket-asked");
  });

  it("reaches the agent who has it as a mention in their bell", async () => {
    await luana.goto("/tickets");
    await luana.getByRole("button", { name: /Notificações/ }).first().click();
    const mention = luana.getByRole("list", { name: "Notificações" }).getByRole("listitem").filter({ hasText: CONTACT.name });
    await expect.poll(() => mention.innerText(), { timeout: 15_000 }).toContain(`@${demo.names.agents[0]}, pode me transferir o atendimento de ${CONTACT.name}`);
    expect(await mention.innerText()).toContain(demo.names.agents[1]);
    await screenshot(luana, "held-ticket-bell");
  });
});
