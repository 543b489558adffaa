import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, host } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const CONNECTION = demo.connectionId;
/** This journey's own agent and contact (never the demo's, which other journeys use). */
const run = Date.now().toString().slice(-6);
const AGENT = { name: `Agenda ${run}`, email: `agenda-${run}@demo.com`, password: "Agenda123" };
const CONTACT = { name: `Paciente ${run}`, number: `5511987${run}` };

interface PhoneMessage {
  direction: "in" | "out";
  body: string;
}

async function phoneReceived(): Promise<PhoneMessage[]> {
  const res = await host<{ messages: PhoneMessage[] }>("GET", `/simulator/${CONNECTION}/conversation?with=${CONTACT.number}`);
  expect(res.status).toBe(200);
  return res.json.messages.filter((m) => m.direction === "out");
}

/** The time input's value for the soonest minute the schedule may be set to (this minute while it is young). */
function soonestMinute(timeZone: string): { date: string; time: string } {
  const now = new Date();
  const at = new Date(now.getTime() + (now.getSeconds() < 30 ? 0 : 60_000));
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

const chat = (page: Page) => page.getByTestId("ticket-chat");

describe("journey: an agent schedules a message from a chat, and it reaches the contact and the history on time", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let ticketUuid: string;
  let timeZone: string;

  beforeAll(async () => {
    const adminToken = await apiLogin(demo.admin, demo.password);
    const created = await api("POST", "/users", { ...AGENT, profile: "admin" }, adminToken);
    expect(created.status).toBe(201);
    const token = await apiLogin(AGENT.email, AGENT.password);
    const me = await api("GET", "/auth/me", undefined, token);
    timeZone = me.json.company?.timezone ?? "America/Sao_Paulo";
    const contact = await api("POST", "/contacts", CONTACT, token);
    expect(contact.status, JSON.stringify(contact.json)).toBe(201);
    const ticket = await api("POST", "/tickets", { contactId: contact.json.id, whatsappId: CONNECTION, userId: created.json.id }, token);
    expect(ticket.status, JSON.stringify(ticket.json)).toBe(201);
    ticketUuid = ticket.json.uuid;
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    await login(page, AGENT.email, AGENT.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("schedules from the chat header's options menu, sees it on /schedules, and the phone and the history receive it", async () => {
    await page.goto(`/tickets/${ticketUuid}`);
    await chat(page).getByRole("button", { name: "Opções do ticket" }).click();
    await page.getByRole("menuitem", { name: "Agendar mensagem" }).click();
    const dialog = page.getByRole("dialog", { name: "Agendar mensagem" });
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByText(CONTACT.name).isVisible()).toBe(true);

    await dialog.getByLabel("Mensagem", { exact: true }).fill("Olá ");
    await dialog.getByRole("button", { name: "{nome}" }).click();
    await dialog.getByLabel("Mensagem", { exact: true }).press("End");
    await dialog.getByLabel("Mensagem", { exact: true }).pressSequentially(", sua consulta é amanhã.");
    const when = soonestMinute(timeZone);
    await dialog.getByLabel("Data").fill(when.date);
    await dialog.getByLabel("Hora").fill(when.time);
    await screenshot(page, "schedules-dialog-chat");
    await dialog.getByRole("button", { name: "Agendar", exact: true }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);

    const expected = `Olá ${CONTACT.name}, sua consulta é amanhã.`;
    // Sent by the company's hub on time (at most a minute ahead here), signed with the agent's name.
    await expect.poll(async () => (await phoneReceived()).some((m) => m.body.includes(expected)), { timeout: 90_000, interval: 500 }).toBe(true);
    expect((await phoneReceived()).find((m) => m.body.includes(expected))!.body).toContain(`*${AGENT.name}*`);
    await expect.poll(() => chat(page).locator("[data-message-id]").filter({ hasText: expected }).count(), { timeout: 10_000 }).toBe(1);

    await page.goto("/schedules");
    const row = page.locator("[data-schedule-id]").filter({ hasText: CONTACT.name });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => row.getByText("Enviada").last().isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "schedules-desktop-light");
  });

  it("checks a new schedule's contact and weekly rule before saving, and keeps the weekday the date gives", async () => {
    await page.goto("/schedules");
    await page.getByRole("button", { name: "Novo agendamento" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Agendar mensagem" });
    await dialog.getByLabel("Mensagem", { exact: true }).fill("Lembrete semanal");
    const date = await dialog.getByLabel("Data").inputValue();
    const weekday = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    await dialog.getByLabel("Repetir").click();
    await page.getByRole("option", { name: "Toda semana" }).click();
    const day = dialog.getByRole("button", { name: weekday, exact: true });
    await expect.poll(() => day.getAttribute("aria-pressed")).toBe("true");
    await day.click();
    await dialog.getByRole("button", { name: "Agendar", exact: true }).click();
    await dialog.getByText("Escolha um contato.").waitFor();
    await dialog.getByText("Escolha ao menos um dia.").waitFor();
    await day.click();
    await expect.poll(() => dialog.getByText("Escolha ao menos um dia.").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it("shows the page on a phone and in dark mode", async () => {
    for (const [name, options] of [
      ["schedules-phone-light", { viewport: { width: 390, height: 844 } }],
      ["schedules-desktop-dark", { colorScheme: "dark" as const }],
      ["schedules-phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const other = await context.newPage();
      await login(other, AGENT.email, AGENT.password);
      await other.goto("/schedules");
      await expect.poll(() => other.locator("[data-schedule-id]").filter({ hasText: CONTACT.name }).count(), { timeout: 10_000 }).toBe(1);
      await screenshot(other, name);
    }
  });
});
