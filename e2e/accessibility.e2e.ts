import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiAs, changeSetting, host } from "./support/api";
import { axeViolations, describeViolations } from "./support/axe";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { cutTexts, describeCuts } from "./support/clipped";
import { demo, platform } from "./support/env";

/** A contact of this journey only, who writes, so the inbox has a waiting ticket with an unread badge and "Aceitar". */
const CONTACT = { number: "5511987600456", name: "Olívia Acessível" };

/** Every page of the shell an admin can open: the built ones and those still "coming soon" under the menu. */
const SHELL_PAGES = [
  "/tickets",
  "/contacts",
  "/quick-messages",
  "/tags",
  "/queues",
  "/connections",
  "/users",
  "/settings",
  "/messages-api",
  "/api-tokens",
  "/webhooks",
  "/todolist",
  "/",
  "/kanban",
  "/schedules",
  "/schedules?view=calendar",
  "/chats",
  "/helps",
  "/campaigns",
  "/contact-lists",
  "/campaigns-config",
  "/announcements",
  "/prompts",
  "/queue-integration",
  "/files",
  "/financeiro",
  "/subscription",
];

const AUTH_PAGES = ["/login", "/signup", "/forgetpsw"];

const SCHEMES = ["light", "dark"] as const;

/** Lets the page finish what it loads after it renders (lists, the socket) and its entry animations. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  // Skeleton rows pulse (their opacity changes): wait for the lists they stand in for.
  await page.locator(".animate-shimmer, .animate-pulse").first().waitFor({ state: "detached", timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(250);
}

async function expectAccessible(page: Page, where: string, include?: string[]) {
  const violations = await axeViolations(page, { include });
  if (violations.length) await screenshot(page, `a11y-failed-${where}`);
  expect(violations.map((v) => v.id), describeViolations(where, violations)).toEqual([]);
}

const slug = (path: string) => (path === "/" ? "dashboard" : path.slice(1).replace(/\//g, "-"));

describe.each(SCHEMES)("journey: every page and the main dialogs pass axe's WCAG 2 A and AA rules, %s", (scheme) => {
  let context: BrowserContext;
  let page: Page;
  let uuid: string;
  let restoreScheduleType: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // So that the queue dialog shows its service hours tab too (spec 002: scheduleType "queue"); put back after.
    restoreScheduleType = await changeSetting("scheduleType", "queue");
    context = await newContext({ colorScheme: scheme });
    page = await context.newPage();
  });

  afterAll(async () => {
    await restoreScheduleType?.();
    await closeBrowser([context]);
  });

  it.each(AUTH_PAGES)(`shows %s to a visitor without a serious violation (${scheme})`, async (path) => {
    await page.goto(path);
    await page.locator("h1").first().waitFor();
    await settle(page);
    await expectAccessible(page, `${slug(path)}-${scheme}`);
  });

  it(`says a wrong password on the login page without a serious violation (${scheme})`, async () => {
    await page.goto("/login");
    await page.locator('input[type="email"]').fill("ninguem@exemplo.com");
    await page.locator('input[type="password"]').fill("not-the-password");
    await page.locator('button[type="submit"]').click();
    await page.getByRole("alert").first().waitFor();
    await settle(page);
    await expectAccessible(page, `login-failed-${scheme}`);
  });

  it(`opens the inbox with a waiting ticket, its unread badge and "Aceitar" (${scheme})`, async () => {
    await login(page, demo.admin, demo.password);
    const sent = await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: CONTACT.number, name: CONTACT.name, body: `Olá (${scheme})` });
    expect(sent.status).toBe(200);
    await expect
      .poll(async () => (uuid = (await apiAs(page, `/tickets?showAll=true&searchParam=${encodeURIComponent(CONTACT.name)}`)).tickets[0]?.uuid), {
        timeout: 20_000,
        interval: 300,
      })
      .toBeTruthy();
    await page.goto("/tickets");
    await page.getByRole("tab", { name: /^Aguardando/ }).click();
    await page.getByRole("button", { name: "Aceitar" }).first().waitFor();
    await settle(page);
    await screenshot(page, `a11y-tickets-waiting-${scheme}`);
    await expectAccessible(page, `tickets-waiting-${scheme}`);
  });

  it(`opens the waiting chat, accepts it, and the chat with its composer passes (${scheme})`, async () => {
    await page.goto(`/tickets/${uuid}`);
    const chat = page.getByTestId("ticket-chat");
    await chat.waitFor();
    await settle(page);
    if ((await chat.getAttribute("data-status")) === "pending") {
      await expectAccessible(page, `chat-pending-${scheme}`);
      await chat.getByRole("button", { name: "Aceitar", exact: true }).first().click();
    }
    await expect.poll(() => chat.getAttribute("data-status"), { timeout: 15_000 }).toBe("open");
    await settle(page);
    await screenshot(page, `a11y-chat-${scheme}`);
    await expectAccessible(page, `chat-open-${scheme}`);
  });

  it(`shows the transfer dialog without a serious violation (${scheme})`, async () => {
    const chat = page.getByTestId("ticket-chat");
    await chat.getByRole("button", { name: "Transferir" }).click();
    const dialog = page.getByRole("dialog", { name: "Transferir ticket" });
    await dialog.waitFor();
    await settle(page);
    await expectAccessible(page, `transfer-dialog-${scheme}`, ["[role=dialog]"]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it.each(SHELL_PAGES)(`shows %s without a serious violation (${scheme})`, async (path) => {
    await page.goto(path);
    await page.locator("main h1:visible, main [role=tablist]:visible").first().waitFor();
    await settle(page);
    await expectAccessible(page, `${slug(path)}-${scheme}`);
  });

  it(`shows the contact dialog without a serious violation (${scheme})`, async () => {
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar contato" });
    await dialog.waitFor();
    await settle(page);
    await expectAccessible(page, `contact-dialog-${scheme}`, ["[role=dialog]"]);
    // With the errors of an empty submit.
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.getByText("Obrigatório").first().waitFor();
    await expectAccessible(page, `contact-dialog-errors-${scheme}`, ["[role=dialog]"]);
    await page.keyboard.press("Escape");
  });

  it(`shows the queue dialog, both its tabs, without a serious violation (${scheme})`, async () => {
    await page.goto("/queues");
    await page.getByRole("button", { name: "Adicionar fila" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar fila" });
    await dialog.waitFor();
    await settle(page);
    await expectAccessible(page, `queue-dialog-${scheme}`, ["[role=dialog]"]);
    await dialog.getByRole("tab", { name: "Horários de atendimento" }).click();
    await settle(page);
    await expectAccessible(page, `queue-dialog-hours-${scheme}`, ["[role=dialog]"]);
    await page.keyboard.press("Escape");
  });

  it(`shows the phone's inbox and chat without a serious violation (${scheme})`, async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/tickets");
    await page.getByRole("tab", { name: /^Atendendo/ }).waitFor();
    await hydrated(page);
    await settle(page);
    await expectAccessible(page, `tickets-phone-${scheme}`);
    // The menu is a drawer on phones, with every label.
    await page.getByRole("button", { name: "Expandir menu" }).click();
    await page.getByRole("dialog").getByRole("navigation").waitFor();
    await settle(page);
    await expectAccessible(page, `menu-phone-${scheme}`);
    await page.keyboard.press("Escape");
    await page.goto(`/tickets/${uuid}`);
    await page.getByTestId("ticket-chat").waitFor();
    await settle(page);
    await expectAccessible(page, `chat-phone-${scheme}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

/** A contact with a long name, as real ones have: the chat header and the ticket list must show it whole where there is room. */
const LONG = { number: "5511987600457", name: "Maria Aparecida dos Santos Oliveira" };

/** The widths of issue 31 §5: a common laptop and a phone. */
const WIDTHS = [
  { name: "desktop", viewport: { width: 1366, height: 768 }, scheme: "light" },
  { name: "phone", viewport: { width: 390, height: 844 }, scheme: "dark" },
] as const;

async function expectNothingCut(page: Page, where: string) {
  const cuts = await cutTexts(page);
  if (cuts.length) await screenshot(page, `cut-failed-${where}`);
  expect(cuts, describeCuts(where, cuts)).toEqual([]);
}

describe.each(WIDTHS)("journey: no text is cut by its container on the busy pages, $name ($viewport.width px)", ({ name, viewport, scheme }) => {
  let context: BrowserContext;
  let page: Page;
  let uuid: string;

  beforeAll(async () => {
    context = await newContext({ viewport, colorScheme: scheme });
    page = await context.newPage();
  });

  afterAll(async () => {
    await closeBrowser([context]);
  });

  it(`gets a waiting ticket from a contact with a long name (${name})`, async () => {
    await login(page, demo.admin, demo.password);
    const sent = await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: LONG.number, name: LONG.name, body: `Bom dia, queria encomendar um bolo (${name})` });
    expect(sent.status).toBe(200);
    await expect
      .poll(async () => (uuid = (await apiAs(page, `/tickets?showAll=true&searchParam=${encodeURIComponent(LONG.name)}`)).tickets[0]?.uuid), {
        timeout: 20_000,
        interval: 300,
      })
      .toBeTruthy();
  });

  it(`shows the ticket list's tabs, rows and chips whole (${name})`, async () => {
    await page.goto("/tickets");
    await page.getByRole("tab", { name: /^Aguardando/ }).click();
    await page.getByRole("button", { name: "Aceitar" }).first().waitFor();
    await settle(page);
    await expectNothingCut(page, `tickets-waiting-${name}`);
  });

  it(`shows the chat's header with the contact's name and number whole (${name})`, async () => {
    await page.goto(`/tickets/${uuid}`);
    const chat = page.getByTestId("ticket-chat");
    await chat.waitFor();
    await hydrated(page);
    if ((await chat.getAttribute("data-status")) === "pending") await chat.getByRole("button", { name: "Aceitar", exact: true }).first().click();
    await expect.poll(() => chat.getAttribute("data-status"), { timeout: 15_000 }).toBe("open");
    await settle(page);
    await expectNothingCut(page, `chat-open-${name}`);
  });

  it.each(["/tickets", "/connections", "/contacts", "/schedules"])(`shows %s whole (${name})`, async (path) => {
    await page.goto(path);
    await page.locator("main h1:visible, main [role=tablist]:visible").first().waitFor();
    await hydrated(page);
    await settle(page);
    await expectNothingCut(page, `${slug(path)}-${name}`);
  });

  it(`shows the platform's companies, their plans and due dates whole (${name})`, async () => {
    const superPage = await context.newPage();
    await context.clearCookies();
    await login(superPage, platform.admin, platform.password);
    await superPage.goto("/settings");
    await superPage.getByRole("tab", { name: "Empresas", exact: true }).click();
    await superPage.getByText(demo.company).first().waitFor();
    await settle(superPage);
    await expectNothingCut(superPage, `settings-companies-${name}`);
    await superPage.close();
  });
});
