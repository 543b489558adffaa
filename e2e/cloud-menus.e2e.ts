import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, fakes } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey on the official number's chatbot and its username customers (ADR 0050): the demo's "WhatsApp Oficial"
 * offers its queues as an interactive message; the customer taps one on the fake Graph API's page and lands in that
 * queue; the agent reads the menu as the text menu. A customer who hides their number writes with a username only:
 * the inbox files them by name and username, with no number shown.
 */
const CUSTOMER = `55118${String(Date.now()).slice(-8)}`;
const USER_ID = `BR.${Date.now()}`;
const USERNAME = `cliente.${Date.now() % 100000}`;

type FakeSend = { wamid: string; type: string; text: string; body: Record<string, any> };
const sendsTo = async (to: string) => (await fakes<{ sends: FakeSend[] }>("GET", `/graph/sends?to=${to}`)).json.sends;
const chat = (page: Page) => page.getByTestId("ticket-chat");
const bubble = (page: Page, text: string) => chat(page).locator("[data-message-id]").filter({ hasText: text }).last();

describe("journey: the official number's chatbot menu as buttons, a tap, and a customer known only by username", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let token: string;

  const ticketOf = async (search: string) => (await api("GET", `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(search)}`, undefined, token)).json.tickets[0];

  beforeAll(async () => {
    // The API as the supervisor: a login elsewhere would end the admin's session in the browser.
    token = await apiLogin(demo.supervisor, demo.password);
    contexts.push(await newContext());
    admin = await contexts[0]!.newPage();
    await login(admin, demo.admin, demo.password);
  });

  afterAll(() => closeBrowser(contexts));

  it("sends the queues as an interactive message, and the customer's tap puts the ticket in the queue tapped", async () => {
    expect((await fakes("POST", "/graph/customers", { waId: CUSTOMER, name: "Cliente do Menu", text: "Oi, bom dia" })).status).toBe(200);
    let menu: FakeSend | undefined;
    await expect.poll(async () => (menu = (await sendsTo(CUSTOMER)).find((s) => s.type === "interactive")), { timeout: 20_000 }).toBeTruthy();
    const action = menu!.body.interactive.action as { buttons?: { reply: { id: string; title: string } }[]; sections?: { rows: { id: string; title: string }[] }[] };
    const entries = action.buttons?.map((b) => b.reply) ?? action.sections!.flatMap((s) => s.rows);
    const chosen = entries[0]!;
    expect(chosen.id).toMatch(/^queue:\d+$/);

    expect((await fakes("POST", "/graph/customers", { waId: CUSTOMER, replyId: chosen.id })).status).toBe(200);
    let ticket: { id: number; uuid: string; queueId: number | null } | undefined;
    await expect.poll(async () => (ticket = await ticketOf(CUSTOMER))?.queueId, { timeout: 20_000 }).toBe(Number(chosen.id.split(":")[1]));

    await admin.goto(`/tickets/${ticket!.uuid}`);
    await chat(admin).waitFor();
    // The bot's menu reads as the text menu; the tap, as the title the customer chose.
    await expect.poll(() => bubble(admin, chosen.title).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await chat(admin).textContent()).toContain(`[ 1 ]`);
    await screenshot(admin, "cloud-menu-tapped");

    const phone = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    contexts.push(phone);
    const page = await phone.newPage();
    await login(page, demo.admin, demo.password);
    await page.goto(`/tickets/${ticket!.uuid}`);
    await chat(page).waitFor();
    await expect.poll(() => bubble(page, chosen.title).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, "cloud-menu-tapped-phone-dark");
  });

  it("files a customer who hides their number by name and username, shows no number, and answers them by their id", async () => {
    expect((await fakes("POST", "/graph/customers", { userId: USER_ID, username: USERNAME, name: "Rita", text: "Olá, vi o anúncio" })).status).toBe(200);
    let ticket: { id: number; uuid: string; contact: { name: string } } | undefined;
    await expect.poll(async () => (ticket = await ticketOf(USERNAME)), { timeout: 20_000 }).toBeTruthy();
    expect(ticket!.contact.name).toBe(`Rita (@${USERNAME})`);

    // The phone's login ended the desktop's session (one live session per user): in again.
    await login(admin, demo.admin, demo.password);
    await admin.goto(`/tickets/${ticket!.uuid}`);
    await chat(admin).waitFor();
    await expect.poll(() => bubble(admin, "Olá, vi o anúncio").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await chat(admin).textContent()).toContain(`Rita (@${USERNAME})`);
    expect(await admin.locator("body").innerText()).not.toContain(USER_ID);
    await screenshot(admin, "cloud-username-contact");
    const phone = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    contexts.push(phone);
    const page = await phone.newPage();
    await login(page, demo.admin, demo.password);
    await page.goto(`/tickets/${ticket!.uuid}`);
    await expect.poll(() => bubble(page, "Olá, vi o anúncio").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, "cloud-username-contact-phone-dark");
    // The bot's menu went to the id, as Meta's recipient.
    await expect.poll(async () => (await sendsTo(USER_ID)).some((s) => s.body.recipient === USER_ID && !("to" in s.body)), { timeout: 20_000 }).toBe(true);
  });
});
