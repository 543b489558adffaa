import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, host } from "./support/api";
import { apiOf } from "./support/pageApi";
import { closeBrowser, login, newContext, OTHER_LOOKS, screenshotInto } from "./support/browser";
import { demo } from "./support/env";

/** A number not in the demo: it writes, and its ticket is transferred to the new queue. */
const CONTACT = { number: "5511987650301", name: "Heitor Assis" };
const QUEUE = `Distribuição ${Date.now().toString().slice(-5)}`;
const SHOTS = "/work/shots/assign";
/** Luana: the demo's first agent (queues Encomendas and Entregas, ids 1 and 2 of the Padaria's range). */
const LUANA = demo.names.agents[0];

/** The menu's fade-in has ended (a screenshot taken during it shows the page through the menu). */
const menuShown = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));

/**
 * Automatic assignment (issue 26 §1): an admin makes a queue whose tickets are handed out in turn ("Rodízio") and gives
 * Luana a limit of open tickets; Luana, online, finds "Receber tickets automaticamente" on in her account menu, and a
 * contact's ticket sent to that queue appears in her "Atendendo" list without her clicking anything.
 */
describe("journey: an agent online in a round-robin queue gets a contact's ticket without clicking", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let luana: Page;
  let queueId = 0;
  let luanaId = 0;
  let luanaQueues: number[] = [];

  beforeAll(async () => {
    contexts.push(await newContext(), await newContext());
    admin = await contexts[0]!.newPage();
    luana = await contexts[1]!.newPage();
    await login(admin, demo.admin, demo.password);
  });

  afterAll(async () => {
    // The demo as it was for the journeys after this one: Luana's queues and no limit, the queue gone.
    const token = await apiLogin(demo.admin, demo.password);
    if (luanaId) await api("PUT", `/users/${luanaId}`, { queueIds: luanaQueues, maxOpenTickets: null }, token);
    if (queueId) await api("DELETE", `/queue/${queueId}`, undefined, token);
    await closeBrowser(contexts);
  });

  it("an admin adds a queue with 'Distribuição automática: Rodízio'", async () => {
    await admin.goto("/queues");
    await admin.getByRole("button", { name: "Adicionar fila" }).click();
    const dialog = admin.getByRole("dialog", { name: "Adicionar fila" });
    await dialog.getByLabel("Nome").fill(QUEUE);
    await dialog.getByRole("combobox", { name: "Distribuição automática" }).click();
    await admin.getByRole("option", { name: "Rodízio" }).click();
    await dialog.getByText("Entrega os tickets que aguardam nesta fila").waitFor();
    await screenshotInto(admin, "queue-dialog-desktop-light", SHOTS);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await admin.getByRole("row").filter({ hasText: QUEUE }).first().waitFor();
    const queues: { id: number; name: string; assignmentMode: string }[] = (await apiOf(admin).get("/queue")).json;
    const made = queues.find((q) => q.name === QUEUE)!;
    expect(made.assignmentMode).toBe("roundRobin");
    queueId = made.id;
  });

  it("an admin puts Luana in it and sets her most open tickets; the users list shows the limit", async () => {
    const users: { id: number; name: string; queues: { id: number }[] }[] = (await apiOf(admin).get(`/users?searchParam=${encodeURIComponent(LUANA)}`)).json.users;
    const row = users.find((u) => u.name === LUANA)!;
    luanaId = row.id;
    luanaQueues = row.queues.map((q) => q.id);
    expect((await apiOf(admin).put(`/users/${luanaId}`, { queueIds: [...luanaQueues, queueId] })).status).toBe(200);

    await admin.goto("/users");
    await admin.getByRole("button", { name: `Editar ${LUANA}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Editar usuário" });
    await dialog.getByLabel("Máximo de tickets abertos").fill("5");
    await screenshotInto(admin, "user-dialog-desktop-light", SHOTS);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await admin.getByRole("row").filter({ hasText: LUANA }).getByText("até 5 abertos").first().waitFor();
    await screenshotInto(admin, "users-list-desktop-light", SHOTS);
  });

  it("Luana, online, has 'Receber tickets automaticamente' on and is given the contact's ticket without clicking", async () => {
    await login(luana, demo.agents[0], demo.password);
    await luana.getByRole("button", { name: "Minha conta" }).click();
    const toggle = luana.getByRole("menuitemcheckbox", { name: "Receber tickets automaticamente" });
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await menuShown(luana);
    await screenshotInto(luana, "account-menu-desktop-light", SHOTS);
    await luana.keyboard.press("Escape");
    await luana.goto("/tickets");

    const sent = await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: CONTACT.number, name: CONTACT.name, body: "Oi, quero fazer um pedido" });
    expect(sent.status).toBe(200);
    // The chatbot's menu holds it (no queue yet); the admin sends it to the new queue, and the hub gives it to Luana.
    let ticketId = 0;
    await expect
      .poll(async () => {
        const res = await apiOf(admin).get(`/tickets?searchParam=${CONTACT.number}&showAll=true&status=pending`);
        ticketId = (res.json.tickets as { id: number; contact: { number: string } }[] | undefined)?.find((t) => t.contact.number === CONTACT.number)?.id ?? 0;
        return ticketId;
      }, { timeout: 20_000, interval: 300 })
      .toBeGreaterThan(0);
    expect((await apiOf(admin).put(`/tickets/${ticketId}`, { queueId, userId: null, status: "pending" })).status).toBe(200);

    await luana.getByRole("list", { name: "Atendendo" }).getByRole("link", { name: CONTACT.name }).waitFor({ timeout: 20_000 });
    const ticket = (await apiOf(admin).get(`/tickets/${ticketId}`)).json;
    expect(ticket).toMatchObject({ status: "open", userId: luanaId });
    await screenshotInto(luana, "tickets-assigned-desktop-light", SHOTS);
    await apiOf(admin).put(`/tickets/${ticketId}`, { status: "closed" });
  });

  it("shows the queue dialog, the user dialog and the account menu on a phone and in dark mode", async () => {
    for (const [label, options] of OTHER_LOOKS) {
      const context = await newContext(options);
      contexts.push(context);
      const look = await context.newPage();
      await login(look, demo.admin, demo.password);
      await look.goto("/queues");
      await look.getByRole("button", { name: `Editar ${QUEUE}` }).click();
      await look.getByRole("dialog", { name: "Editar fila" }).getByRole("combobox", { name: "Distribuição automática" }).waitFor();
      await screenshotInto(look, `queue-dialog-${label}`, SHOTS);
      await look.goto("/users");
      await look.getByText("até 5 abertos").first().waitFor();
      await screenshotInto(look, `users-list-${label}`, SHOTS);
      await look.getByRole("button", { name: `Editar ${LUANA}` }).click();
      await screenshotInto(look, `user-dialog-${label}`, SHOTS);
      await context.close();
      const agentContext = await newContext(options);
      contexts.push(agentContext);
      const agent = await agentContext.newPage();
      await login(agent, demo.agents[0], demo.password);
      await agent.getByRole("button", { name: "Minha conta" }).click();
      await agent.getByRole("menuitemcheckbox", { name: "Receber tickets automaticamente" }).waitFor();
      await menuShown(agent);
      await screenshotInto(agent, `account-menu-${label}`, SHOTS);
      await agentContext.close();
    }
  });
});
