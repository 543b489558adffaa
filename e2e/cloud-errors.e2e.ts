import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, fakes } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey on Meta's refusals (ADR 0050, issue 24 §4): a customer of the demo's official number writes; the agent's
 * answer is refused by Meta as undeliverable (131026). The message shows Meta's reason and no "retry" (another try
 * cannot help), and the conversation's header marks the number.
 */
const CUSTOMER = `55118${String(Date.now()).slice(-8)}`;

/** The conversation's message bubble holding `text` (the latest such). */
const bubble = (page: Page, text: string) => page.locator('[data-testid="ticket-chat"] [data-message-id]', { hasText: text }).last();

describe("journey: Meta cannot deliver to a customer of the official number", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let token: string;
  let ticketPath: string;
  const answer = `Seu pedido saiu ${Date.now() % 1000}`;

  beforeAll(async () => {
    token = await apiLogin(demo.admin, demo.password);
    contexts.push(await newContext());
    admin = await contexts[0]!.newPage();
  });

  afterAll(() => closeBrowser(contexts));

  it("shows Meta's reason on the refused message, offers no retry, and marks the number", async () => {
    expect((await fakes("POST", "/graph/customers", { waId: CUSTOMER, name: "Cliente sem app", text: "Oi, cadê meu pedido?" })).status).toBe(200);
    let ticket: { id: number; uuid: string } | undefined;
    await expect
      .poll(async () => (ticket = (await api("GET", `/tickets?status=pending&showAll=true&searchParam=${CUSTOMER}`, undefined, token)).json.tickets[0]), { timeout: 20_000 })
      .toBeTruthy();
    expect((await api("PUT", `/tickets/${ticket!.id}`, { status: "open", userId: (await api("GET", "/auth/me", undefined, token)).json.id }, token)).status).toBe(200);

    await login(admin, demo.admin, demo.password);
    ticketPath = `/tickets/${ticket!.uuid}`;
    await admin.goto(ticketPath);
    // The chatbot's greeting has gone (the count of sends to the customer holds still), so Meta refuses the agent's answer.
    const sendCount = async () => (await fakes<{ sends: unknown[] }>("GET", `/graph/sends?to=${CUSTOMER}`)).json.sends.length;
    let before = -1;
    await expect
      .poll(async () => {
        const [was, now] = [before, await sendCount()];
        before = now;
        return was === now;
      }, { timeout: 20_000, interval: 1500 })
      .toBe(true);
    expect((await fakes("POST", "/graph/refusals", { to: CUSTOMER, code: 131026 })).status).toBe(200);
    const composer = admin.getByTestId("ticket-chat").locator("textarea").first();
    await composer.fill(answer);
    await composer.press("Enter");
    // Meta took it (answered its wamid), then reported it undeliverable by webhook.
    await expect.poll(async () => (await fakes<{ sends: { text: string }[] }>("GET", `/graph/sends?to=${CUSTOMER}`)).json.sends.some((s) => s.text.includes(answer)), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => bubble(admin, answer).getByTestId("send-error").textContent(), { timeout: 20_000 }).toBe("Este não é um número de WhatsApp válido.");

    // Its menu has no "retry": sending it again cannot help.
    await bubble(admin, answer).hover();
    await bubble(admin, answer).getByRole("button", { name: "Opções da mensagem" }).click();
    expect(await admin.getByRole("menuitem", { name: "Tentar novamente" }).count()).toBe(0);
    await admin.keyboard.press("Escape");

    await admin.reload();
    await admin.getByTestId("chat-undeliverable").waitFor();
    await screenshot(admin, "cloud-errors-undeliverable-desktop-light");
  });

  for (const [name, viewport, colorScheme] of [
    ["desktop-dark", { width: 1280, height: 800 }, "dark"],
    ["phone-light", { width: 390, height: 844 }, "light"],
    ["phone-dark", { width: 390, height: 844 }, "dark"],
  ] as const) {
    it(`shows the same on ${name}`, async () => {
      const context = await newContext({ viewport, colorScheme });
      contexts.push(context);
      const page = await context.newPage();
      await login(page, demo.admin, demo.password);
      await page.goto(ticketPath);
      await bubble(page, answer).getByTestId("send-error").waitFor();
      await page.getByTestId("chat-undeliverable").waitFor();
      await screenshot(page, `cloud-errors-undeliverable-${name}`);
    });
  }
});
