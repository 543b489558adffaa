import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const ticketTabs = (page: Page) => page.getByRole("tablist", { name: "Listas de tickets" }).getByRole("tab");
const attendingRows = (page: Page) => page.getByRole("list", { name: "Atendendo" }).getByRole("listitem");
const chat = (page: Page) => page.getByTestId("ticket-chat");
const chatHeader = (page: Page) => chat(page).locator("header").first();
const topBar = (page: Page) => page.getByRole("button", { name: "Expandir menu" });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out (hidden?)");
  return found;
}

/** Every ticket list tab shows its name in words, whole (not only an icon, not cut off). */
async function tabWords(page: Page) {
  return ticketTabs(page).evaluateAll((tabs) =>
    tabs.map((tab) => {
      const words = [...tab.querySelectorAll("span")].find((s) => s.textContent?.trim());
      const style = words && getComputedStyle(words);
      return {
        text: words?.textContent?.trim() ?? "",
        shown: !!words && style!.display !== "none" && style!.visibility !== "hidden" && words.getBoundingClientRect().width > 0,
        whole: !!words && words.scrollWidth <= words.clientWidth + 1,
        fontPx: style ? parseFloat(style.fontSize) : 0,
      };
    }),
  );
}

describe("journey: an agent works the inbox on a phone, and the list and the chat get the screen", () => {
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    await closeBrowser(contexts);
  });

  describe.each(["light", "dark"] as const)("%s", (colorScheme) => {
    let page: Page;

    beforeAll(async () => {
      const context = await newContext({ viewport: PHONE, colorScheme });
      contexts.push(context);
      page = await context.newPage();
      await login(page, demo.agents[0], demo.password);
    });

    it("starts the first ticket within the top quarter of the screen, under tabs named in words", async () => {
      await page.goto("/tickets");
      const first = attendingRows(page).first();
      await first.waitFor();
      const row = await box(first);
      await screenshot(page, `phone-list-${colorScheme}`);
      console.log(`phone (${colorScheme}): first ticket row at y=${row.y}px of ${PHONE.height} (${((row.y / PHONE.height) * 100).toFixed(1)} %)`);
      expect(row.y).toBeLessThanOrEqual(PHONE.height * 0.25);
      // The top bar stays, for the menu and the rest.
      expect(await topBar(page).isVisible()).toBe(true);
      const tabs = await tabWords(page);
      expect(tabs.length).toBeGreaterThanOrEqual(2);
      for (const tab of tabs) {
        expect(tab, JSON.stringify(tab)).toMatchObject({ shown: true, whole: true });
        expect(tab.fontPx).toBeGreaterThanOrEqual(14);
      }
      expect(tabs.map((tab) => tab.text)).toContain("Busca");
      // The two sections of the phone's page are at the bottom, named.
      const sections = page.getByRole("tablist", { name: "Seções" });
      expect((await box(sections)).y).toBeGreaterThan(PHONE.height * 0.85);
    });

    it("opens a chat whose header is at the top of the screen, and the back arrow leads to the list", async () => {
      await attendingRows(page).first().getByRole("link").first().click();
      await chatHeader(page).waitFor();
      await page.waitForTimeout(300);
      const header = await box(chatHeader(page));
      console.log(`phone (${colorScheme}): chat header at y=${header.y}px`);
      expect(header.y).toBeLessThanOrEqual(56);
      // The composer is on screen too, at the bottom.
      const composer = await box(chat(page).getByRole("textbox", { name: "Digite uma mensagem" }));
      expect(composer.y + composer.height).toBeLessThanOrEqual(PHONE.height);
      expect(composer.y).toBeGreaterThan(PHONE.height * 0.8);
      await screenshot(page, `phone-chat-${colorScheme}`);

      await chat(page).getByRole("button", { name: "Voltar para a lista" }).click();
      await page.waitForURL((url) => url.pathname === "/tickets");
      await attendingRows(page).first().waitFor();
      expect(await topBar(page).isVisible()).toBe(true);
      // The Ticket tab still offers to choose one.
      await page.getByRole("tab", { name: "Ticket", exact: true }).click();
      await page.getByRole("button", { name: "Selecionar ticket" }).waitFor();
      await screenshot(page, `phone-ticket-tab-${colorScheme}`);
      await page.getByRole("button", { name: "Selecionar ticket" }).click();
      await attendingRows(page).first().waitFor();
    });

    it("keeps the desktop's layout: the list beside the chat, under the top bar", async () => {
      await page.setViewportSize(DESKTOP);
      await attendingRows(page).first().getByRole("link").first().click();
      await chatHeader(page).waitFor();
      await page.waitForTimeout(300);
      const list = await box(page.getByRole("list", { name: "Atendendo" }));
      const header = await box(chatHeader(page));
      expect(list.x + list.width).toBeLessThanOrEqual(header.x);
      expect(header.y).toBeGreaterThanOrEqual(64);
      expect(await topBar(page).or(page.getByRole("button", { name: "Recolher menu" })).first().isVisible()).toBe(true);
      expect(await page.getByRole("tablist", { name: "Seções" }).isVisible()).toBe(false);
      const tabs = await tabWords(page);
      for (const tab of tabs) expect(tab, JSON.stringify(tab)).toMatchObject({ shown: true, whole: true });
      await screenshot(page, `desktop-chat-${colorScheme}`);
      await page.setViewportSize(PHONE);
    });
  });
});
