import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiAs, apiLogin, host } from "./support/api";
import { closeBrowser, login, newContext, screenshotInto } from "./support/browser";
import { demo } from "./support/env";

const RUN = Date.now().toString().slice(-6);
const QUEUE = `Urgências ${RUN}`;
const CONTACT = { name: `Otávio Reis ${RUN}`, number: `5511966${RUN}` };
const SHOTS = "/work/shots/sla";

/** Issue 26 §4: a queue with a 1-minute first-response target; a contact writes; the row counts down; "Urgente". */
describe("journey: a supervisor sets a queue's service level and sees each ticket's time left and priority", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let queueId = 0;
  let ticketId = 0;
  let uuid = "";

  beforeAll(async () => {
    // The queue is made through the API before the browser logs in (one live session per user).
    const token = await apiLogin(demo.admin, demo.password);
    const color = `#${RUN.slice(0, 6).padStart(6, "0")}`;
    const queue = await api("POST", "/queue", { name: QUEUE, color }, token);
    expect(queue.status, JSON.stringify(queue.json)).toBe(201);
    queueId = queue.json.id;
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    await login(page, demo.admin, demo.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
    const token = await apiLogin(demo.admin, demo.password);
    if (ticketId) await api("PUT", `/tickets/${ticketId}`, { status: "closed" }, token);
    if (queueId) await api("DELETE", `/queue/${queueId}`, undefined, token);
  });

  it("sets a 1-minute first-response target in the queue dialog", async () => {
    await page.goto("/queues");
    await page.getByRole("button", { name: `Editar ${QUEUE}` }).click();
    const dialog = page.getByRole("dialog", { name: "Editar fila" });
    await dialog.getByLabel("Meta de primeira resposta", { exact: true }).fill("1");
    await dialog.getByLabel("Meta de resolução", { exact: true }).fill("2");
    await dialog.getByRole("combobox", { name: "Unidade de Meta de resolução" }).click();
    await page.getByRole("option", { name: "horas" }).click();
    await screenshotInto(page, "sla-queue-dialog-light-1280", SHOTS);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "detached" });
    const saved = (await apiAs(page, "/queue")).find((q: { id: number }) => q.id === queueId);
    expect(saved).toMatchObject({ slaFirstResponseMinutes: 1, slaResolutionMinutes: 120 });
  });

  it("shows the time left on the contact's ticket once it enters the queue", async () => {
    expect((await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: CONTACT.number, name: CONTACT.name, body: "Preciso de ajuda!" })).status).toBe(200);
    await expect
      .poll(async () => (await apiAs(page, `/tickets?showAll=true&searchParam=${encodeURIComponent(CONTACT.name)}`)).tickets[0], { timeout: 20_000, interval: 300 })
      .toBeTruthy();
    const ticket = (await apiAs(page, `/tickets?showAll=true&searchParam=${encodeURIComponent(CONTACT.name)}`)).tickets[0];
    ticketId = ticket.id;
    uuid = ticket.uuid;
    // The supervisor moves it into the queue (not logged in the browser, so the admin's session stays).
    const moved = await api("PUT", `/tickets/${ticketId}`, { queueId }, await apiLogin(demo.supervisor, demo.password));
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);

    await page.goto("/tickets");
    await page.getByRole("tab", { name: /^Aguardando/ }).click();
    const row = page.getByRole("list", { name: "Aguardando" }).getByRole("listitem").filter({ hasText: CONTACT.name });
    const sla = row.getByTestId("ticket-sla");
    // Its visible words (the chip also holds its title for screen readers).
    await expect.poll(() => sla.locator("[aria-hidden]").last().innerText(), { timeout: 15_000 }).toMatch(/^(1 min|Atrasado)$/);
    expect(await sla.getAttribute("title")).toMatch(/^Primeira resposta: /);
    await screenshotInto(page, "sla-list-light-1280", SHOTS);
  });

  it("sets the priority to Urgente from the chat header and shows its chip in the header and the list", async () => {
    await page.goto(`/tickets/${uuid}`);
    await page.getByTestId("chat-priority").click();
    await page.getByRole("menuitem", { name: "Urgente" }).click();
    await expect.poll(() => page.getByTestId("chat-priority").innerText(), { timeout: 10_000 }).toContain("Urgente");
    await screenshotInto(page, "sla-chat-light-1280", SHOTS);
    await page.goto("/tickets");
    await page.getByRole("tab", { name: /^Aguardando/ }).click();
    const row = page.getByRole("list", { name: "Aguardando" }).getByRole("listitem").filter({ hasText: CONTACT.name });
    await expect.poll(() => row.getByTestId("ticket-priority").innerText(), { timeout: 10_000 }).toContain("Urgente");
    // The row's clock turns red once the minute passes (the breach comes from the hub's alarm).
    await expect.poll(() => row.getByTestId("ticket-sla").getAttribute("data-state"), { timeout: 90_000, interval: 1_000 }).toBe("late");
    expect(await row.getByTestId("ticket-sla").locator("[aria-hidden]").last().innerText()).toBe("Atrasado");
    await screenshotInto(page, "sla-list-late-light-1280", SHOTS);
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshotInto(page, "sla-list-dark-1280", SHOTS);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/tickets");
    await page.getByRole("tab", { name: /^Aguardando/ }).click();
    await page.getByRole("list", { name: "Aguardando" }).getByRole("listitem").filter({ hasText: CONTACT.name }).getByTestId("ticket-priority").waitFor();
    await screenshotInto(page, "sla-list-dark-390", SHOTS);
    await page.emulateMedia({ colorScheme: "light" });
    await screenshotInto(page, "sla-list-light-390", SHOTS);
    const breached = await apiAs(page, `/tickets/u/${uuid}`);
    await expect.poll(async () => (await apiAs(page, `/tickets/u/${uuid}`)).firstResponseBreachedAt, { timeout: 90_000, interval: 1_000 }).toBeTruthy();
    expect(breached.priority).toBe("urgent");
  });

  it("shows the share within target on the dashboard", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const panel = page.getByTestId("service-levels");
    await panel.waitFor();
    const byQueue = page.getByTestId("sla-by-queue");
    await expect.poll(() => byQueue.innerText(), { timeout: 15_000 }).toContain(QUEUE);
    await byQueue.scrollIntoViewIfNeeded();
    await screenshotInto(page, "sla-dashboard-light-1280", SHOTS);
  });
});
