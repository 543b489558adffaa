import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** Two colleagues of our own (the demo's agents belong to other journeys). */
const stamp = Date.now().toString(36);
const ANA = { name: `Lia Chat ${stamp}`, email: `lia.chat.${stamp}@demo.com`, password: "Segredo123" };
const BETO = { name: `Téo Chat ${stamp}`, email: `teo.chat.${stamp}@demo.com`, password: "Segredo123" };
const TITLE = `Plantão ${stamp}`;

const chatsButton = (page: Page) => page.getByRole("button", { name: /^Chat interno/ }).first();
/** A message in the open conversation (the list and the popover show the last one too). */
const bubble = (page: Page, text: string) => page.getByTestId("chat-messages").getByText(text);
const chimes = (page: Page) => page.evaluate(() => (window as unknown as { __chimes?: number }).__chimes ?? 0);

/** Counts the chimes the page plays (the sound module announces each on the window). */
async function countChimes(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __chimes?: number };
    w.__chimes = 0;
    window.addEventListener("zapdesk:chime", () => {
      w.__chimes = (w.__chimes ?? 0) + 1;
    });
  });
}

describe("journey: two agents talk in the internal chat", () => {
  const contexts: BrowserContext[] = [];
  let lia: Page;
  let teo: Page;

  beforeAll(async () => {
    const token = await apiLogin(demo.admin, demo.password);
    for (const user of [ANA, BETO]) {
      const res = await api("POST", "/users", { ...user, profile: "user" }, token);
      expect(res.status).toBe(201);
    }
    contexts.push(await newContext(), await newContext({ colorScheme: "dark" }));
    lia = await contexts[0]!.newPage();
    teo = await contexts[1]!.newPage();
    await login(lia, ANA.email, ANA.password);
    await login(teo, BETO.email, BETO.password);
  });
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("a message arrives live with the count, the menu's dot and the sound; opening the chat clears it", async () => {
    await teo.goto("/");
    await countChimes(teo);
    await lia.goto("/chats");
    await lia.getByRole("button", { name: "Nova conversa" }).click();
    const dialog = lia.getByRole("dialog");
    // The spec's alerts: the dialog refuses a chat with no title or no members.
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => dialog.getByText("Por favor, preencha o título da conversa.").isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("Por favor, selecione pelo menos um usuário.").isVisible()).toBe(true);
    await dialog.getByLabel("Título").fill(TITLE);
    await dialog.getByLabel("Filtrar usuários").fill(BETO.name);
    await dialog.getByLabel(BETO.name).check();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await lia.waitForURL(/\/chats\/[0-9a-f-]{36}$/);

    const composer = lia.getByRole("textbox", { name: /Digite uma mensagem/ });
    await composer.fill("   ");
    await composer.press("Enter");
    await composer.fill("Bom dia, equipe! Alguém cobre o almoço?");
    await composer.press("Enter");
    await expect.poll(() => bubble(lia, "Bom dia, equipe! Alguém cobre o almoço?").isVisible()).toBe(true);
    // The blank one was never sent.
    expect(await lia.locator("[data-message-id]").count()).toBe(1);
    await screenshot(lia, "chats-desktop-light");

    // Téo never reloads: the top bar's count, the menu's dot and the chime arrive by the hub.
    await expect.poll(() => chatsButton(teo).textContent(), { timeout: 10_000 }).toBe("Chat interno, 1");
    await expect.poll(() => teo.getByText("Há conversas não lidas").count()).toBeGreaterThan(0);
    await expect.poll(() => chimes(teo)).toBeGreaterThan(0);

    await chatsButton(teo).click();
    await screenshot(teo, "chats-popover-desktop-dark");
    await teo.getByRole("button", { name: new RegExp(TITLE) }).click();
    await teo.waitForURL(/\/chats\//);
    await expect.poll(() => bubble(teo, "Bom dia, equipe! Alguém cobre o almoço?").isVisible()).toBe(true);
    await expect.poll(() => chatsButton(teo).textContent()).toBe("Chat interno");
    await expect.poll(() => teo.getByText("Há conversas não lidas").count()).toBe(0);
    // Lia sees how far Téo has read.
    await expect.poll(() => lia.getByText(`Visto por ${BETO.name}`).isVisible()).toBe(true);
    await screenshot(teo, "chats-desktop-dark");

    // While Téo looks at the chat, Lia's answer is read at once: no count comes back.
    await lia.getByRole("textbox", { name: /Digite uma mensagem/ }).fill("Eu cubro!");
    await lia.keyboard.press("Enter");
    await expect.poll(() => bubble(teo, "Eu cubro!").isVisible()).toBe(true);
    expect(await chatsButton(teo).textContent()).toBe("Chat interno");
  });

  it("a mention rings the bell live, with the count in the tab's title; opening it reads the chat", async () => {
    await lia.goto("/tickets");
    const bell = lia.getByRole("button", { name: /^Notificações/ }).first();
    await expect.poll(() => bell.textContent()).toBe("Notificações");
    const composer = teo.getByRole("textbox", { name: /Digite uma mensagem/ });
    await composer.fill("@Lia");
    // The @ offers the chat's members; Tab picks the first.
    await teo.getByRole("listbox", { name: "Mencionar" }).getByRole("button", { name: `@${ANA.name}` }).waitFor();
    await composer.press("Tab");
    await composer.pressSequentially("pode conferir a escala?");
    await composer.press("Enter");
    await expect.poll(() => bubble(teo, "pode conferir a escala?").isVisible()).toBe(true);

    await expect.poll(() => bell.textContent(), { timeout: 10_000 }).toBe("Notificações, 1");
    await expect.poll(() => lia.title()).toMatch(/^\(1\) /);
    await bell.click();
    const item = lia.getByRole("button", { name: new RegExp(`${BETO.name} mencionou você em ${TITLE}`) });
    await item.waitFor();
    await screenshot(lia, "notifications-bell-desktop-light");
    await item.click();
    await lia.waitForURL(/\/chats\//);
    await expect.poll(() => bubble(lia, "pode conferir a escala?").isVisible()).toBe(true);
    await expect.poll(() => bell.textContent(), { timeout: 10_000 }).toBe("Notificações");
    await expect.poll(() => lia.title()).not.toMatch(/^\(\d+\) /);
  });

  it("on a phone the page has the Chats and Mensagens tabs", async () => {
    await lia.setViewportSize({ width: 390, height: 844 });
    await lia.goto("/chats");
    const tabs = lia.getByRole("tablist", { name: "Chat interno" });
    await expect.poll(() => tabs.getByRole("tab", { name: "Chats" }).getAttribute("aria-selected")).toBe("true");
    await screenshot(lia, "chats-phone-light");
    await lia.getByRole("tabpanel").getByRole("button", { name: new RegExp(TITLE) }).click();
    await expect.poll(() => tabs.getByRole("tab", { name: "Mensagens" }).getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => bubble(lia, "Eu cubro!").isVisible()).toBe(true);
    await screenshot(lia, "chats-phone-messages-light");
  });
});
