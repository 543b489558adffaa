import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, changeSetting, host } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** A number that is not in the demo: its first message opens a new ticket and runs the chatbot. */
const CONTACT = "5511987123450";
const CONTACT_NAME = "Renata Prado";
const CONNECTION = demo.connectionId;

interface OutboxMessage {
  id: string;
  direction: "in" | "out";
  body: string;
  mediaType: string;
  ack?: number;
}

/** Both sides of the contact's conversation, as the simulated phone shows it. */
async function conversation(): Promise<OutboxMessage[]> {
  const res = await host<{ messages: OutboxMessage[] }>("GET", `/simulator/${CONNECTION}/conversation?with=${CONTACT}`);
  expect(res.status).toBe(200);
  return res.json.messages;
}
const received = async () => (await conversation()).filter((m) => m.direction === "out");

async function contactWrites(body: string, id?: string) {
  const res = await host("POST", `/simulator/${CONNECTION}/inbound`, { from: CONTACT, name: CONTACT_NAME, body, ...(id && { id }) });
  expect(res.status).toBe(200);
  return res.json.id as string;
}

/** Waits until the contact's phone has received a message matching `match`. */
async function phoneReceives(match: (m: OutboxMessage) => boolean, timeout = 20_000) {
  await expect.poll(async () => (await received()).some(match), { timeout, interval: 300 }).toBe(true);
  return (await received()).find(match)!;
}

const chat = (page: Page) => page.getByTestId("ticket-chat");
const bubble = (page: Page, text: string) => chat(page).locator("[data-message-id]").filter({ hasText: text }).last();

describe("journey: a contact writes on WhatsApp, the bot routes them, an agent answers and resolves, the contact rates", () => {
  const contexts: BrowserContext[] = [];
  let luana: Page;
  let adminToken: string;
  /** The company's admin (ids are the company's own: not 1). */
  let adminId: number;
  let restoreUserRating: (() => Promise<void>) | undefined;
  let ratingMessageBefore: string | undefined;

  beforeAll(async () => {
    // Ratings on: closing sends the connection's rating message (both put back after, for the journeys that follow).
    restoreUserRating = await changeSetting("userRating", "enabled");
    adminToken = await apiLogin(demo.admin, demo.password);
    adminId = (await api("GET", "/auth/me", undefined, adminToken)).json.id;
    ratingMessageBefore = (await api("GET", `/whatsapp/${CONNECTION}`, undefined, adminToken)).json.ratingMessage;
    const updated = await api("PUT", `/whatsapp/${CONNECTION}`, { ratingMessage: "Como foi o atendimento?" }, adminToken);
    expect(updated.status).toBe(200);
    contexts.push(await newContext());
    luana = await contexts[0]!.newPage();
    await login(luana, demo.agents[0], demo.password);
  });

  afterAll(async () => {
    // A new token: a journey's browser login as the admin ended adminToken.
    if (ratingMessageBefore !== undefined) {
      const token = await apiLogin(demo.admin, demo.password);
      expect((await api("PUT", `/whatsapp/${CONNECTION}`, { ratingMessage: ratingMessageBefore }, token)).status).toBe(200);
    }
    await restoreUserRating?.();
    await closeBrowser(contexts);
  });

  it("answers a new contact with the menu of queues and then the chosen queue's options", async () => {
    await contactWrites("Oi, boa tarde!");
    const menu = await phoneReceives((m) => m.body.includes("*[ 1 ]* - Encomendas"));
    expect(menu.body).toContain("*[ 2 ]* - Entregas");
    await contactWrites("1");
    await phoneReceives((m) => m.body.includes("*[ 2 ]* - Falar com um atendente"));
    await contactWrites("2");
    await phoneReceives((m) => m.body.includes("Um atendente vai falar com você em instantes."));
  });

  it("shows the waiting ticket to Luana (Encomendas), who accepts it, replies and sends a picture the phone receives with acks", async () => {
    await luana.goto("/tickets");
    await luana.getByRole("tab", { name: /^Aguardando/ }).click();
    const accept = luana.getByRole("button", { name: `Aceitar: ${CONTACT_NAME}` });
    await expect.poll(() => accept.isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(luana, "whatsapp-waiting-ticket");
    await accept.click();
    await luana.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
    await chat(luana).waitFor();
    // The bot's conversation is in the history, marked as the contact's and the bot's messages.
    await expect.poll(() => bubble(luana, "Oi, boa tarde!").isVisible()).toBe(true);

    const reply = `Olá Renata, aqui é a Luana ${Date.now() % 10000}`;
    const composer = chat(luana).locator("textarea").first();
    await composer.fill(reply);
    await composer.press("Enter");
    const delivered = await phoneReceives((m) => m.body.includes(reply));
    expect(delivered.body).toContain(demo.names.agents[0]);
    // The phone's acks (sent → delivered → read) come back through the bridge: blue ticks in the chat.
    await expect.poll(() => bubble(luana, reply).locator("[data-ack]").getAttribute("data-ack"), { timeout: 20_000 }).toMatch(/^[3-5]$/);

    await chat(luana)
      .locator('input[type="file"]')
      .setInputFiles({ name: "catalogo.png", mimeType: "image/png", buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64") });
    const preview = luana.getByRole("dialog", { name: /^Enviar 1 arquivo/ });
    await preview.getByRole("button", { name: "Enviar" }).click();
    await preview.waitFor({ state: "hidden" });
    const picture = await phoneReceives((m) => m.mediaType === "image");
    expect(picture.direction).toBe("out");
    await screenshot(luana, "whatsapp-agent-replied");
  });

  it("resolves the ticket; the contact's rating is recorded and the farewell arrives", async () => {
    await chat(luana).getByRole("button", { name: "Resolver" }).click();
    await phoneReceives((m) => m.body.startsWith("Como foi o atendimento?"));
    await contactWrites("3");
    await phoneReceives((m) => m.body === "Atendimento finalizado. Obrigado pela preferência!");
    const tickets = await api("GET", `/tickets?status=closed&showAll=true&searchParam=${CONTACT_NAME}`, undefined, adminToken);
    expect(tickets.json.tickets).toMatchObject([{ status: "closed", contact: { name: CONTACT_NAME } }]);
  });

  it("loses and duplicates nothing when the session host is killed and restarted mid-conversation", async () => {
    await contactWrites("Voltei com outra dúvida");
    // A new turn: the ticket is back in the waiting list and the bot offers the menu a second time.
    await expect.poll(async () => (await received()).filter((m) => m.body.includes("*[ 1 ]* - Encomendas")).length, { timeout: 20_000 }).toBe(2);

    const before = await host<{ pid: number }>("GET", "/health");
    process.kill(before.json.pid, "SIGKILL");
    // While the host is down an agent's reply waits in the delivery queue (retried with backoff).
    const [ticket] = (await api("GET", `/tickets?status=pending&showAll=true&searchParam=${CONTACT_NAME}`, undefined, adminToken)).json.tickets;
    expect(ticket).toBeTruthy();
    expect((await api("PUT", `/tickets/${ticket.id}`, { status: "open", userId: adminId }, adminToken)).status).toBe(200);
    const form = new FormData();
    form.set("body", "Resposta enviada com o celular fora do ar");
    const sent = await fetch(`${process.env.E2E_BASE_URL}/api/messages/${ticket.id}`, { method: "POST", body: form, headers: { authorization: `Bearer ${adminToken}` } });
    expect(sent.status).toBe(201);

    // start.mjs brings the host back; the simulator resumes the paired connection, the spool and leases resume.
    await expect
      .poll(async () => (await host<{ pid: number; bridge?: { leases: number[] } }>("GET", "/health").catch(() => null))?.json, { timeout: 60_000, interval: 500 })
      .toMatchObject({ bridge: { leases: expect.arrayContaining([CONNECTION]) } });
    const redelivered = await contactWrites("Mensagem depois do reinício");
    await contactWrites("Mensagem depois do reinício", redelivered); // the same WhatsApp id again: stored once
    await phoneReceives((m) => m.body.includes("Resposta enviada com o celular fora do ar"), 60_000);

    const storedBodies = async (): Promise<string[]> =>
      (await api("GET", `/messages/${ticket.id}`, undefined, adminToken)).json.messages.map((m: { body: string }) => m.body);
    // The contact's messages come through the bridge on their own way, not behind the reply: wait until one is stored.
    await expect.poll(async () => (await storedBodies()).includes("Mensagem depois do reinício"), { timeout: 20_000 }).toBe(true);
    const bodies = await storedBodies();
    expect(bodies.filter((b) => b === "Mensagem depois do reinício")).toHaveLength(1);
    expect(bodies.filter((b) => b === "Voltei com outra dúvida")).toHaveLength(1);
    expect(bodies.filter((b) => b.includes("Resposta enviada com o celular fora do ar"))).toHaveLength(1);
    const outbox = await received();
    expect(outbox.filter((m) => m.body.includes("Resposta enviada com o celular fora do ar"))).toHaveLength(1);
  });
});

describe("journey: an admin pairs a new connection by QR code", () => {
  it("shows the QR live and, when the phone scans it, says the connection is paired (its name and number)", async () => {
    const context = await newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    try {
      await login(page, demo.admin, demo.password);
      // The page's own session makes the API call (logging in again through the API would end it: one live session).
      const created = await page.request.post("/api/whatsapp", {
        data: { name: "Celular da loja", isDefault: false, greetingMessage: "Olá!" },
        headers: { origin: new URL(page.url()).origin },
      });
      expect(created.status()).toBe(201);
      const { id } = await created.json();
      await page.goto("/connections");
      const row = page.getByRole("row").filter({ hasText: "Celular da loja" });
      const qrButton = row.getByRole("button", { name: "QR CODE" });
      await expect.poll(() => qrButton.isVisible(), { timeout: 20_000 }).toBe(true);
      await qrButton.click();
      const dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.locator("canvas, img, svg").first().isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshot(page, "whatsapp-qr-dialog-dark");
      expect((await host("POST", `/simulator/${id}/scan`)).status).toBe(200);
      // Not a silent close (issue 31): the dialog says it worked, naming the connection and the phone's number.
      const paired = page.getByRole("dialog", { name: "WhatsApp conectado" });
      await paired.waitFor({ timeout: 15_000 });
      const status = paired.getByRole("status");
      expect(await status.innerText()).toContain("A conexão Celular da loja está pronta para atender.");
      const number = (await (await page.request.get(`/api/whatsapp/${id}`)).json()).number as string;
      expect(number).toMatch(/^\d{10,15}$/);
      expect((await status.innerText()).replace(/\D/g, "")).toContain(number);
      await screenshot(page, "whatsapp-qr-paired-dark");
      await paired.getByRole("button", { name: "Concluir" }).click();
      await paired.waitFor({ state: "hidden" });
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("Conectado");
    } finally {
      await context.close();
      await closeBrowser();
    }
  });
});
