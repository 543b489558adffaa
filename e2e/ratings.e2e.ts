import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, host } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const CONNECTION = demo.connectionId;
/** Numbers not in the demo: each first message opens a new ticket and runs the chatbot. */
const FIRST = { number: "5511987120001", name: "Helena Rocha" };
const SECOND = { number: "5511987120002", name: "Oliver Hart" };

interface PhoneMessage {
  direction: "in" | "out";
  body: string;
}

/** What the contact's phone has received from the product. */
async function received(number: string): Promise<PhoneMessage[]> {
  const res = await host<{ messages: PhoneMessage[] }>("GET", `/simulator/${CONNECTION}/conversation?with=${number}`);
  expect(res.status).toBe(200);
  return res.json.messages.filter((m) => m.direction === "out");
}

async function phoneReceives(number: string, match: (body: string) => boolean) {
  await expect.poll(async () => (await received(number)).some((m) => match(m.body)), { timeout: 20_000, interval: 300 }).toBe(true);
  return (await received(number)).find((m) => match(m.body))!.body;
}

async function writes(contact: { number: string; name: string }, body: string) {
  expect((await host("POST", `/simulator/${CONNECTION}/inbound`, { from: contact.number, name: contact.name, body })).status).toBe(200);
}

const chat = (page: Page) => page.getByTestId("ticket-chat");

/** Picks a value of a select on the settings page (a Radix select labelled by the setting's name). */
async function choose(page: Page, setting: string, value: string) {
  await page.getByLabel(setting, { exact: true }).click();
  await page.getByRole("option", { name: value }).click();
  await page.getByText("Operação atualizada com sucesso.").first().waitFor();
}

/** Diego (Entregas) takes the waiting ticket of `name` (the accept toast must leave the composer clear) and resolves it. */
async function acceptAndResolve(page: Page, name: string) {
  await page.goto("/tickets");
  await page.getByRole("tab", { name: /^Aguardando/ }).click();
  const accept = page.getByRole("button", { name: `Aceitar: ${name}` });
  await expect.poll(() => accept.isVisible(), { timeout: 15_000 }).toBe(true);
  await accept.click();
  await page.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
  // The toast says it at the top of the screen (for 2 s), clear of the composer and its microphone.
  const toast = page.locator("li", { hasText: "Ticket aceito." }).first();
  await toast.waitFor();
  const mic = chat(page).getByRole("button", { name: "Gravar áudio" });
  const [toastBox, micBox] = [await toast.boundingBox({ timeout: 1_000 }), await mic.boundingBox({ timeout: 1_000 })];
  expect(toastBox!.y).toBeLessThan(100);
  expect(toastBox!.y + toastBox!.height).toBeLessThan(micBox!.y);
  await chat(page).getByRole("button", { name: "Resolver" }).click();
  await page.locator("li", { hasText: "Ticket resolvido." }).first().waitFor();
}

/** The closed ticket of `name`, opened by an admin (who sees closed tickets). */
async function openClosed(page: Page, name: string) {
  const { tickets } = (await page.evaluate(
    async (search) => (await fetch(`/api/tickets?status=closed&showAll=true&searchParam=${encodeURIComponent(search)}`)).json(),
    name,
  )) as { tickets: { uuid: string }[] };
  await page.goto(`/tickets/${tickets[0]!.uuid}`);
  await chat(page).waitFor();
}

describe("journey: an admin switches ratings on and nothing else; contacts rate in the company's language, and the rating shows in the chat, the history and the drawer", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let diego: Page;

  beforeAll(async () => {
    // As the demo ships: ratings off, no rating message on the connection or the company, Portuguese.
    const token = await apiLogin(demo.admin, demo.password);
    for (const [key, value] of [["userRating", "disabled"], ["ratingMessage", ""], ["language", "pt-BR"]]) {
      expect((await api("PUT", `/settings/${key}`, { value }, token)).status).toBe(200);
    }
    expect((await api("PUT", `/whatsapp/${CONNECTION}`, { ratingMessage: "" }, token)).status).toBe(200);
    contexts.push(await newContext({ viewport: { width: 1366, height: 800 } }), await newContext({ viewport: { width: 1366, height: 800 } }));
    admin = await contexts[0]!.newPage();
    diego = await contexts[1]!.newPage();
    await login(admin, demo.admin, demo.password);
    await login(diego, demo.agents[1], demo.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
    // Back to the demo's settings, for the journeys that follow.
    const token = await apiLogin(demo.admin, demo.password);
    for (const [key, value] of [["userRating", "disabled"], ["ratingMessage", ""], ["language", "pt-BR"]]) await api("PUT", `/settings/${key}`, { value }, token);
  });

  it("switches Avaliações on in Settings, which shows the message that will be sent", async () => {
    await admin.goto("/settings");
    await choose(admin, "Avaliações", "Habilitado");
    const message = admin.getByLabel("Mensagem de avaliação", { exact: true });
    await expect.poll(() => message.getAttribute("placeholder")).toBe("Como você avalia o nosso atendimento? Responda com o número de uma opção:");
    await screenshot(admin, "ratings-settings-desktop-light");
  });

  it("sends the default prompt when a ticket is resolved, takes the reply as the rating and shows it under the reply", async () => {
    await writes(FIRST, "Oi, preciso de ajuda");
    await phoneReceives(FIRST.number, (b) => b.includes("*[ 2 ]* - Entregas"));
    await writes(FIRST, "2");
    await phoneReceives(FIRST.number, (b) => b.includes("*[ # ]* - Menu inicial"));
    await writes(FIRST, "2");
    await phoneReceives(FIRST.number, (b) => b.includes("Entregamos em até 5 km"));

    await acceptAndResolve(diego, FIRST.name);
    await screenshot(diego, "ratings-toast-desktop-light");
    const prompt = await phoneReceives(FIRST.number, (b) => b.startsWith("Como você avalia"));
    expect(prompt).toBe("Como você avalia o nosso atendimento? Responda com o número de uma opção:\n\n*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito satisfeito");
    await writes(FIRST, "3");
    await phoneReceives(FIRST.number, (b) => b === "Atendimento finalizado. Obrigado pela preferência!");

    await openClosed(admin, FIRST.name);
    const note = chat(admin).getByTestId("rating-note");
    await expect.poll(() => note.innerText(), { timeout: 15_000 }).toContain("Avaliou o atendimento: Muito satisfeito");
    // Under the contact's reply "3".
    expect(await chat(admin).locator("[data-message-id]").filter({ has: admin.getByTestId("rating-note") }).innerText()).toMatch(/^3\b/);
    await screenshot(admin, "ratings-chat-desktop-light");
  });

  it("lists the rating in the ticket's history and on the contact drawer", async () => {
    await chat(admin).getByRole("button", { name: `Dados de ${FIRST.name}` }).click();
    const drawer = admin.getByRole("complementary", { name: "Dados do contato" });
    await expect.poll(() => drawer.getByRole("region", { name: "Avaliações" }).innerText()).toContain("Última: Muito satisfeito");
    await expect.poll(() => drawer.getByText("O contato avaliou o atendimento de Diego").isVisible()).toBe(true);
    expect(await drawer.getByText("Média 3 de 3 (1 avaliação)").isVisible()).toBe(true);
    await screenshot(admin, "ratings-drawer-desktop-light");
  });

  it("speaks English once the company's language is English, with the company's own rating message", async () => {
    await admin.goto("/settings");
    await choose(admin, "Idioma das mensagens aos contatos", "English");
    const message = admin.getByLabel("Mensagem de avaliação", { exact: true });
    await expect.poll(() => message.getAttribute("placeholder")).toBe("How would you rate our service? Reply with the number of an option:");
    await message.fill("Rate us, please:");
    await admin.getByText("Ver o que o contato recebe").click();
    await admin.getByText("*[ 3 ]* - Very satisfied").waitFor();
    await admin.getByRole("button", { name: "Salvar", exact: true }).click();
    await admin.getByText("Operação atualizada com sucesso.").first().waitFor();

    await writes(SECOND, "Hello");
    await phoneReceives(SECOND.number, (b) => b.includes("*[ 2 ]* - Entregas"));
    await writes(SECOND, "2");
    await phoneReceives(SECOND.number, (b) => b.includes("*[ # ]* - Main menu"));
    await writes(SECOND, "7");
    await phoneReceives(SECOND.number, (b) => b.startsWith("Invalid option. Please choose one of the menu options."));
    await writes(SECOND, "2");
    await phoneReceives(SECOND.number, (b) => b.includes("Entregamos em até 5 km"));

    await acceptAndResolve(diego, SECOND.name);
    const prompt = await phoneReceives(SECOND.number, (b) => b.startsWith("Rate us"));
    expect(prompt).toBe("Rate us, please:\n\n*[ 1 ]* - Unsatisfied\n*[ 2 ]* - Satisfied\n*[ 3 ]* - Very satisfied");
    await screenshot(admin, "ratings-settings-english-desktop-light");
  });

  it("reads well on a phone in dark mode: the settings, the chat's rating and the drawer", async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    try {
      const small = await phone.newPage();
      await login(small, demo.admin, demo.password);
      await small.goto("/settings");
      await small.getByLabel("Mensagem de avaliação", { exact: true }).scrollIntoViewIfNeeded();
      expect(await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await screenshot(small, "ratings-settings-phone-dark");

      await openClosed(small, FIRST.name);
      await chat(small).getByTestId("rating-note").scrollIntoViewIfNeeded();
      await screenshot(small, "ratings-chat-phone-dark");
      await chat(small).getByRole("button", { name: `Dados de ${FIRST.name}` }).click();
      await small.getByRole("complementary", { name: "Dados do contato" }).getByText("Última: Muito satisfeito").waitFor();
      await screenshot(small, "ratings-drawer-phone-dark");
    } finally {
      await phone.close();
    }
  });
});
