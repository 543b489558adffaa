import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** Luana's open ticket in Encomendas (demo). */
const CONTACT = "Cláudia Ramos";
/** Luana's other open ticket (Entregas), whose first message she forwards. */
const OTHER_CONTACT = "Marcos Vieira";
const FORWARDED_TEXT = "O entregador consegue achar o meu endereço?";
/** A demo contact without any ticket: forwarding opens one for Luana. */
const FORWARD_TO = "Leandro Tavares";
/** The agent (the demo's first). */
const AGENT = demo.names.agents[0];

const chat = (page: Page) => page.getByTestId("ticket-chat");
const bubble = (page: Page, text: string) => chat(page).locator("[data-message-id]").filter({ hasText: text }).last();
const composer = (page: Page) => chat(page).locator("textarea").first();
const attendingList = (page: Page) => page.getByRole("list", { name: "Atendendo" });
/** Whether the chat's message log shows its newest message (scrolled to the bottom, as on open). */
const logAtBottom = (page: Page) =>
  chat(page)
    .getByRole("log")
    .evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight < 80);

/** A real picture, drawn by the browser itself. */
async function pngFrom(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext("2d")!;
    const gradient = g.createLinearGradient(0, 0, 320, 200);
    gradient.addColorStop(0, "#ffb347");
    gradient.addColorStop(1, "#7ec8e3");
    g.fillStyle = gradient;
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = "#222";
    g.font = "bold 28px sans-serif";
    g.fillText("Orçamento", 90, 110);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

async function openFromList(page: Page, contact: string): Promise<string> {
  await page.goto("/tickets");
  await attendingList(page).getByRole("link", { name: contact }).click();
  await page.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
  await chat(page).waitFor();
  return new URL(page.url()).pathname.split("/").pop()!;
}

describe("journey: an agent works a conversation in the chat panel while an admin watches", () => {
  const contexts: BrowserContext[] = [];
  let luana: Page;
  let admin: Page;
  let uuid: string;

  beforeAll(async () => {
    contexts.push(await newContext(), await newContext({ colorScheme: "dark" }));
    luana = await contexts[0]!.newPage();
    admin = await contexts[1]!.newPage();
    await login(luana, demo.agents[0], demo.password);
    await login(admin, demo.admin, demo.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("sends a text and a picture from Luana's open ticket; the admin watching sees them arrive live", async () => {
    uuid = await openFromList(luana, CONTACT);
    await admin.goto(`/tickets/${uuid}`);
    await expect.poll(() => bubble(admin, "Para umas 30 pessoas").isVisible()).toBe(true);
    // A short first page fetches older messages by itself; the chat stays on its newest message meanwhile.
    await expect.poll(() => chat(admin).getByRole("log").getAttribute("aria-busy")).toBe("false");
    expect(await logAtBottom(admin)).toBe(true);

    const text = `Olá Cláudia, segue o orçamento do bolo ${Date.now()}`;
    await composer(luana).fill(text);
    await composer(luana).press("Enter");
    await expect.poll(() => bubble(luana, text).isVisible()).toBe(true);
    await expect.poll(() => composer(luana).inputValue()).toBe("");
    // The admin never reloads: the message comes through the chat box room.
    await expect.poll(() => bubble(admin, text).isVisible(), { timeout: 15_000 }).toBe(true);
    // Signed with Luana's name (the sign option is on by default).
    expect(await bubble(admin, text).innerText()).toContain(AGENT);
    expect(await logAtBottom(admin)).toBe(true);

    await chat(luana).locator('input[type="file"]').setInputFiles({ name: "proposta.png", mimeType: "image/png", buffer: await pngFrom(luana) });
    const preview = luana.getByRole("dialog", { name: /^Enviar 1 arquivo/ });
    await preview.getByRole("textbox", { name: "Legenda (opcional)" }).fill("Proposta em imagem");
    await preview.getByRole("button", { name: "Enviar" }).click();
    await preview.waitFor({ state: "hidden" });
    await expect.poll(() => bubble(luana, "Proposta em imagem").locator("img").count()).toBe(1);
    await expect.poll(() => bubble(admin, "Proposta em imagem").locator("img").count(), { timeout: 15_000 }).toBe(1);
    // Fetched with the session into a blob: URL, never a public address.
    expect(await bubble(admin, "Proposta em imagem").locator("img").getAttribute("src")).toMatch(/^blob:/);
    await screenshot(luana, "inbox-chat-sent");
    await screenshot(admin, "inbox-chat-admin-live");
  });

  it("adds a note to the ticket in the contact drawer", async () => {
    await chat(luana).getByRole("button", { name: `Dados de ${CONTACT}` }).click();
    const drawer = luana.getByRole("complementary", { name: "Dados do contato" });
    const note = drawer.getByRole("textbox", { name: "Escreva uma observação" });
    // At least 2 characters (spec).
    await note.fill("x");
    await drawer.getByRole("button", { name: "Adicionar" }).click();
    await expect.poll(() => drawer.getByRole("alert").innerText()).toBe("Muito curto!");
    await note.fill("Enviar contrato na segunda-feira.");
    await drawer.getByRole("button", { name: "Adicionar" }).click();
    await expect.poll(() => luana.getByText("Observação adicionada com sucesso!", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => drawer.getByRole("listitem").filter({ hasText: "Enviar contrato na segunda-feira." }).isVisible()).toBe(true);
    // The history reads as sentences.
    await expect.poll(() => drawer.getByText(`${AGENT} aceitou`).isVisible()).toBe(true);
    await screenshot(luana, "inbox-chat-drawer");
    await drawer.getByRole("button", { name: "Fechar" }).click();
  });

  it("transfers the ticket to another queue and goes back to the list", async () => {
    // On a desktop, Transfer sits in the header, not behind the options menu.
    await chat(luana).getByRole("button", { name: "Transferir" }).click();
    const dialog = luana.getByRole("dialog", { name: "Transferir ticket" });
    // The focus lands on the dialog's first field, and Esc closes it (Radix), the focus back in the header.
    await expect.poll(() => luana.evaluate(() => document.activeElement?.id)).toBe("transfer-queue");
    await luana.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await chat(luana).getByRole("button", { name: "Transferir" }).click();
    // The queue is required.
    await dialog.getByRole("button", { name: "Transferir" }).click();
    await expect.poll(() => dialog.getByRole("alert").filter({ hasText: "Selecione uma fila" }).isVisible()).toBe(true);
    await dialog.getByRole("combobox", { name: "Fila" }).click();
    await luana.getByRole("option", { name: "Entregas" }).click();
    await dialog.getByRole("button", { name: "Transferir" }).click();
    await luana.waitForURL((url) => url.pathname === "/tickets");

    // No user chosen: it waits in Entregas.
    expect(await apiAs(luana, `/tickets/u/${uuid}`)).toMatchObject({ status: "pending", userId: null, queue: { name: "Entregas" } });
    // The admin's open chat follows: the header shows the new queue and the composer offers to accept.
    await expect.poll(() => chat(admin).getAttribute("data-status"), { timeout: 15_000 }).toBe("pending");
    await expect.poll(() => chat(admin).getByTestId("chat-queue").innerText()).toContain("Entregas");
  });

  it("forwards a message of another ticket to a contact, which opens a ticket for Luana", async () => {
    await openFromList(luana, OTHER_CONTACT);
    const message = bubble(luana, FORWARDED_TEXT);
    await message.hover();
    await message.getByRole("button", { name: "Opções da mensagem" }).click();
    await luana.getByRole("menuitem", { name: "Encaminhar" }).click();
    const bar = luana.getByRole("toolbar", { name: "Encaminhar mensagens" });
    await expect.poll(() => bar.innerText()).toContain("1 mensagem selecionada");
    await screenshot(luana, "inbox-chat-forward-selection");
    await bar.getByRole("button", { name: "Encaminhar" }).click();

    const dialog = luana.getByRole("dialog", { name: /^Encaminhar 1 mensagem/ });
    await dialog.getByRole("searchbox").fill(FORWARD_TO.slice(0, 4));
    await dialog.getByRole("option", { name: new RegExp(FORWARD_TO) }).click();
    await dialog.getByRole("button", { name: `Encaminhar para ${FORWARD_TO}` }).click();
    await expect.poll(() => luana.getByText(`Mensagem encaminhada para ${FORWARD_TO}.`, { exact: true }).isVisible()).toBe(true);
    await dialog.waitFor({ state: "hidden" });

    const open = await apiAs(luana, "/tickets?status=open");
    const ticket = open.tickets.find((t: { contact: { name: string } }) => t.contact.name === FORWARD_TO);
    expect(ticket).toMatchObject({ status: "open", userId: expect.any(Number) });
    const messages = await apiAs(luana, `/messages/${ticket.id}`);
    expect(messages.messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ isForwarded: true, body: expect.stringContaining(FORWARDED_TEXT) })]),
    );
  });
});
