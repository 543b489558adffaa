import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const RUN = Date.now().toString().slice(-6);
const CONTACT = { name: `Helena Prado ${RUN}`, number: `5511987${RUN}` };

/**
 * Issue 31 §4: "Já existe um ticket aberto para este contato." left an agent stuck. Renata holds a contact's ticket in
 * Encomendas, a queue Diego is not in: Diego learns which queue holds it (not who, nor the ticket) and asks for it.
 */
describe("journey: an agent meets a contact already served in another queue and asks for a transfer", () => {
  const contexts: BrowserContext[] = [];
  let diego: Page;
  let renata: Page;
  let ticketId = 0;

  beforeAll(async () => {
    // Renata opens the ticket through the API before any browser login (one live session per user).
    const token = await apiLogin(demo.supervisor, demo.password);
    const contact = await api("POST", "/contacts", { name: CONTACT.name, number: CONTACT.number }, token);
    expect(contact.status, JSON.stringify(contact.json)).toBeLessThan(300);
    const queues = await api<{ id: number; name: string }[]>("GET", "/queue", undefined, token);
    const encomendas = queues.json.find((q) => q.name === "Encomendas")!;
    const ticket = await api("POST", "/tickets", { contactId: contact.json.id, queueId: encomendas.id }, token);
    expect(ticket.status, JSON.stringify(ticket.json)).toBe(201);
    ticketId = ticket.json.id;

    contexts.push(await newContext(), await newContext({ colorScheme: "dark" }));
    diego = await contexts[0]!.newPage();
    renata = await contexts[1]!.newPage();
    await login(diego, demo.agents[1], demo.password);
    await login(renata, demo.supervisor, demo.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
    // Leave the demo as it was for the other journeys: the ticket resolved.
    if (ticketId) await api("PUT", `/tickets/${ticketId}`, { status: "closed" }, await apiLogin(demo.supervisor, demo.password));
  });

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
    expect(await notice.innerText()).not.toContain(demo.names.supervisor);
    await notice.getByRole("button", { name: "Pedir transferência" }).click();
    await expect.poll(() => notice.getByRole("status").innerText()).toBe("Pedido enviado ao atendente que está com o ticket.");
    await screenshot(diego, "held-ticket-asked");
  });

  it("reaches the agent who has it as a mention in their bell, which opens the conversation with the asker", async () => {
    await renata.goto("/tickets");
    await renata.getByRole("button", { name: /Notificações/ }).first().click();
    const mention = renata.getByRole("list", { name: "Notificações" }).getByRole("listitem").filter({ hasText: CONTACT.name });
    await expect.poll(() => mention.innerText(), { timeout: 15_000 }).toContain(`@${demo.names.supervisor}, pode me transferir o atendimento de ${CONTACT.name}`);
    expect(await mention.innerText()).toContain(demo.names.agents[1]);
    await screenshot(renata, "held-ticket-bell");
    // Read, it leaves the bell (and the tab's count) as it found them.
    await mention.getByRole("button").click();
    await renata.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    await expect.poll(async () => (await renata.request.get("/api/notifications").then((r) => r.json())).records.some((r: { kind: string }) => r.kind === "mention"), { timeout: 10_000 }).toBe(false);
  });
});
