import { strFromU8, unzipSync } from "fflate";
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASED_CONTACT_NAME } from "../worker/contracts/privacy";
import { host } from "./support/api";
import { closeBrowser, hydrated, login, newContext, OTHER_LOOKS, screenshot } from "./support/browser";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { allowSignups, signUpThroughPage } from "./support/signup";

/**
 * Journey (issue 28): a contact writes to a company that signed up, with a photo; an agent answers and leaves a note;
 * the admin exports everything about the contact from the chat's drawer, corrects the contact's name on the contacts
 * page, then erases the contact: no text, name or file of theirs is left, the dashboard's figures stay the same, and
 * the agent never sees the erase action.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Privacidade", company: `Loja Discreta ${stamp}`, email: `privacy-${stamp}@discreta.test`, password: "Privado-123" };
const agent = { name: `Téo Atendente ${stamp}`, email: `teo-${stamp}@discreta.test`, password: "Agente-123" };
/** Letters only: one token for the full-text search. */
const WORD = `pitangueira${stamp.replace(/\d/g, "")}q`;
const contact = { number: "5511987006611", name: "Hermenegilda Quaresma", corrected: "Hermenegilda Q. Souza" };
const FIRST = `Oi, meu pedido de ${WORD} atrasou`;
const CAPTION = `Foto do pacote de ${WORD}`;
const LAST = "Podem me ligar depois das 18h?";
const ANSWER = `Olá! Já vamos ver o seu ${WORD}.`;
const NOTE = `Cliente ligou sobre o ${WORD}; reenviar na segunda.`;
const FIELD = { name: "CPF", value: "123.456.789-09" };

const contexts: BrowserContext[] = [];
let admin: Page;
let teo: Page;
let connectionId = 0;
let uuid = "";
let contactId = 0;
let mediaUrl = "";
let totalsBefore: Record<string, unknown> = {};
let cardsBefore: string[] = [];

const chat = (page: Page) => page.getByTestId("ticket-chat");
const drawerOf = (page: Page) => page.getByRole("complementary", { name: "Dados do contato" });
const privacyOf = (page: Page) => drawerOf(page).getByRole("region", { name: "Dados pessoais (LGPD)" });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A real little picture (a 1-pixel one shows nothing in the screenshots), drawn by the browser. */
async function parcel(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 200;
    canvas.height = 140;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#fef3c7";
    g.fillRect(0, 0, 200, 140);
    g.fillStyle = "#b45309";
    g.fillRect(50, 35, 100, 70);
    g.fillStyle = "#78350f";
    g.fillRect(95, 35, 10, 70);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

async function contactWrites(body: Record<string, unknown>) {
  const res = await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

/** The dashboard's figures over the last month, as the API answers them (the page shows these). */
async function dashboardTotals(page: Page) {
  const res = await apiOf(page).get(`/dashboard?date_from=${day(-30)}&date_to=${day(1)}`);
  expect(res.status).toBe(200);
  return res.json as Record<string, unknown>;
}

/** The dashboard page's cards, label and figure, as the admin reads them. */
async function dashboardCards(page: Page): Promise<string[]> {
  await page.goto("/");
  await hydrated(page);
  await page.getByTestId("card-resolved").waitFor();
  const ids = ["card-in-service", "card-waiting", "card-resolved", "card-new-contacts", "card-wait", "card-first-response", "card-resolution"];
  const cards: string[] = [];
  for (const id of ids) cards.push((await page.getByTestId(id).innerText()).replace(/\s+/g, " "));
  return cards;
}

/** The chat of the journey's ticket, its drawer open, in `page`. */
async function openDrawer(page: Page, name: string) {
  await page.goto(`/tickets/${uuid}`);
  await hydrated(page);
  await chat(page).waitFor();
  await chat(page).getByRole("button", { name: `Dados de ${name}` }).click();
  await drawerOf(page).waitFor();
}

/** Every look besides desktop light, as the admin (the session's cookies). */
async function inOtherLooks(use: (page: Page, look: string) => Promise<void>) {
  for (const [look, options] of OTHER_LOOKS) {
    const context = await newContext(options);
    try {
      await context.addCookies(await contexts[0]!.cookies());
      const page = await context.newPage();
      page.on("pageerror", (err) => console.error(`[${look} page error]`, err.message));
      await use(page, look);
    } finally {
      await context.close();
    }
  }
}

/** No sideways scroll (a phone's 390 px). */
const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

beforeAll(async () => {
  await allowSignups();
});
afterAll(() => closeBrowser(contexts));

describe("journey: a contact's data exported, corrected and erased from the chat's drawer", () => {
  it("signs a company up with a simulator number and an agent in its queue", async () => {
    const context = await newContext();
    contexts.push(context);
    admin = await context.newPage();
    admin.on("pageerror", (err) => console.error("[admin page error]", err.message));
    await signUpThroughPage(admin, owner);
    const { queueId, connectionId: id } = await connectSimulatorNumber(admin);
    connectionId = id;
    const created = await apiOf(admin).post("/users", { ...agent, profile: "user", queueIds: [queueId] });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  });

  it("takes the contact's messages and photo; the agent answers and leaves a note, and sees no erase action", async () => {
    await contactWrites({ body: FIRST });
    await contactWrites({ body: CAPTION, media: { mimetype: "image/png", filename: "pacote.png", base64: (await parcel(admin)).toString("base64") } });
    await contactWrites({ body: LAST });

    const context = await newContext();
    contexts.push(context);
    teo = await context.newPage();
    teo.on("pageerror", (err) => console.error("[agent page error]", err.message));
    await login(teo, agent.email, agent.password);
    await teo.goto("/tickets");
    await hydrated(teo);
    await teo.getByRole("tab", { name: /^Aguardando/ }).click();
    const accept = teo.getByRole("button", { name: `Aceitar: ${contact.name}` });
    await expect.poll(() => accept.isVisible(), { timeout: 20_000 }).toBe(true);
    await accept.click();
    await teo.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
    uuid = new URL(teo.url()).pathname.split("/").pop()!;
    await chat(teo).locator("[data-message-id]").filter({ hasText: LAST }).waitFor();
    const composer = chat(teo).locator("textarea").first();
    await composer.fill(ANSWER);
    await composer.press("Enter");
    await chat(teo).locator("[data-message-id]").filter({ hasText: ANSWER }).waitFor();

    await chat(teo).getByRole("button", { name: `Dados de ${contact.name}` }).click();
    const drawer = drawerOf(teo);
    await drawer.getByRole("textbox", { name: "Escreva uma observação" }).fill(NOTE);
    await drawer.getByRole("button", { name: "Adicionar" }).click();
    await teo.getByText("Observação adicionada com sucesso!").first().waitFor();
    await drawer.getByRole("listitem").filter({ hasText: NOTE }).waitFor();
    // An agent (a lesser profile) has neither the export nor the erasure, here nor on the contacts page.
    await drawer.getByRole("heading", { name: "Histórico do ticket" }).waitFor();
    expect(await drawer.getByRole("button", { name: "Apagar dados pessoais" }).count()).toBe(0);
    expect(await drawer.getByRole("button", { name: "Exportar dados" }).count()).toBe(0);
    await teo.goto("/contacts");
    await hydrated(teo);
    await teo.getByRole("row").filter({ hasText: contact.name }).waitFor();
    expect(await teo.getByRole("button", { name: `Apagar dados pessoais: ${contact.name}` }).count()).toBe(0);
    expect(await teo.getByRole("button", { name: /^Apagar dados pessoais/ }).count()).toBe(0);
    const own = (await apiOf(teo).get(`/tickets/u/${uuid}`)).json.contact.id as number;
    expect((await apiOf(teo).post(`/contacts/${own}/erase`, { confirm: "APAGAR" })).status).toBe(403);
    expect((await apiOf(teo).get(`/contacts/${own}/export`)).status).toBe(403);
  });

  it("exports everything about the contact from the drawer: messages, the note, the photo, the fields", async () => {
    const ticket = await apiOf(admin).get(`/tickets/u/${uuid}`);
    contactId = ticket.json.contact.id;
    expect((await apiOf(admin).put(`/contacts/${contactId}`, { extraInfo: [FIELD] })).status).toBe(200);
    const messages = await apiOf(admin).get(`/messages/${ticket.json.id}`);
    mediaUrl = messages.json.messages.find((m: { mediaType: string; mediaUrl: string | null }) => m.mediaType === "image")?.mediaUrl ?? "";
    expect(mediaUrl).not.toBe("");
    expect((await admin.request.get(mediaUrl)).status()).toBe(200);

    await openDrawer(admin, contact.name);
    const privacy = privacyOf(admin);
    await privacy.scrollIntoViewIfNeeded();
    await screenshot(admin, "contact-privacy-01-drawer-desktop-light");
    const [download] = await Promise.all([admin.waitForEvent("download"), privacy.getByRole("button", { name: "Exportar dados" }).click()]);
    await admin.getByText("Arquivo de dados do contato baixado").first().waitFor();
    expect(download.suggestedFilename()).toMatch(new RegExp(`^dados-contato-${contactId}.*\\.zip$`));
    const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const names = Object.keys(zip);
    expect(names).toEqual(expect.arrayContaining(["contact.json", "tickets.json", "messages.json"]));
    const person = JSON.parse(strFromU8(zip["contact.json"]!));
    expect(person).toMatchObject({ name: contact.name, number: contact.number });
    expect(JSON.stringify(person)).toContain(FIELD.value);
    const tickets = JSON.parse(strFromU8(zip["tickets.json"]!));
    expect(JSON.stringify(tickets)).toContain(NOTE);
    const said = JSON.stringify(JSON.parse(strFromU8(zip["messages.json"]!)));
    for (const text of [FIRST, CAPTION, LAST, ANSWER]) expect(said).toContain(text);
    const photo = names.filter((n) => n.startsWith("media/"));
    expect(photo).toHaveLength(1);
    // The photo itself: a PNG's signature.
    expect([...zip[photo[0]!]!.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("corrects the contact's name on the contacts page", async () => {
    await admin.goto("/contacts");
    await hydrated(admin);
    // The first name: the search still shows the row once the name is corrected.
    await admin.getByRole("searchbox").fill(contact.name.split(" ")[0]!);
    await admin.getByRole("button", { name: `Editar ${contact.name}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Editar contato" });
    await dialog.getByLabel("Nome", { exact: true }).fill(contact.corrected);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await admin.getByText("Contato salvo", { exact: true }).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await admin.getByRole("row").filter({ hasText: contact.corrected }).waitFor();
  });

  it("shows the privacy section and the confirmation in every look", async () => {
    await inOtherLooks(async (page, look) => {
      await openDrawer(page, contact.corrected);
      const privacy = privacyOf(page);
      await privacy.scrollIntoViewIfNeeded();
      await screenshot(page, `contact-privacy-01-drawer-${look}`);
      await privacy.getByRole("button", { name: "Apagar dados pessoais" }).click();
      const dialog = page.getByRole("dialog", { name: `Apagar os dados pessoais de ${contact.corrected}?` });
      await dialog.waitFor();
      await page.waitForTimeout(300); // after the dialog's entry animation
      await screenshot(page, `contact-privacy-02-confirm-${look}`);
      if (look.startsWith("phone")) expect(await fitsWidth(page)).toBe(true);
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await dialog.waitFor({ state: "detached" });
    });
  });

  it("erases the contact after its confirmation, keeping the dashboard's figures", async () => {
    totalsBefore = await dashboardTotals(admin);
    cardsBefore = await dashboardCards(admin);
    expect(cardsBefore.join(" | ")).toMatch(/\d/);

    await openDrawer(admin, contact.corrected);
    await privacyOf(admin).getByRole("button", { name: "Apagar dados pessoais" }).click();
    const dialog = admin.getByRole("dialog", { name: `Apagar os dados pessoais de ${contact.corrected}?` });
    const confirm = dialog.getByRole("button", { name: "Apagar dados" });
    const typed = dialog.getByLabel("Para confirmar, digite o nome do contato ou APAGAR");
    await typed.fill("sim");
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill(contact.corrected);
    await admin.waitForTimeout(300);
    await screenshot(admin, "contact-privacy-02-confirm-desktop-light");
    await confirm.click();
    await admin.getByText(/^Dados apagados: 4 mensagens de 1 ticket$/).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    // The chat, without a reload, shows the anonymised contact and blank messages: no text, no photo.
    await expect.poll(() => chat(admin).getByRole("button", { name: `Dados de ${ERASED_CONTACT_NAME}` }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => chat(admin).getByText("Mensagem apagada").count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const now = await chat(admin).innerText();
    for (const text of [WORD, LAST, contact.corrected]) expect(now).not.toContain(text);
    expect(await chat(admin).locator("[data-message-id] img").count()).toBe(0);
    await screenshot(admin, "contact-privacy-03-after-desktop-light");
  });

  it("leaves no text, name or file of the contact: list, chat, search, media", async () => {
    // The ticket list names the placeholder.
    await admin.goto("/tickets");
    await hydrated(admin);
    await admin.getByRole("tab", { name: /^Atendendo/ }).click();
    const everyone = admin.getByRole("switch", { name: /^Todos/ });
    if ((await everyone.getAttribute("aria-checked")) !== "true") await everyone.click();
    await admin.getByRole("list", { name: "Atendendo" }).getByRole("link", { name: ERASED_CONTACT_NAME }).first().waitFor();
    expect(await admin.getByRole("list", { name: "Atendendo" }).getByRole("link", { name: contact.corrected }).count()).toBe(0);
    await screenshot(admin, "contact-privacy-04-list-after-desktop-light");
    const listed = await apiOf(admin).get("/tickets?status=open&showAll=true");
    const names = listed.json.tickets.map((t: { contact: { name: string } }) => t.contact.name);
    expect(names).toContain(ERASED_CONTACT_NAME);
    expect(names).not.toContain(contact.corrected);

    // The chat: no message text of theirs or of the answer.
    await openDrawer(admin, ERASED_CONTACT_NAME);
    const shown = await chat(admin).innerText();
    for (const text of [WORD, contact.name, contact.corrected, LAST]) expect(shown).not.toContain(text);
    expect(await drawerOf(admin).innerText()).not.toContain(NOTE);
    expect(await drawerOf(admin).innerText()).not.toContain(FIELD.value);
    await screenshot(admin, "contact-privacy-05-chat-after-desktop-light");

    // Search for a word of the messages: nothing.
    for (const query of [WORD, "Hermenegilda", contact.number]) {
      const found = await apiOf(admin).get(`/tickets?showAll=true&searchParam=${encodeURIComponent(query)}`);
      expect(found.status).toBe(200);
      expect(found.json.tickets, query).toEqual([]);
    }
    await admin.goto("/tickets");
    await hydrated(admin);
    await admin.getByRole("tab", { name: "Busca" }).click();
    await admin.getByRole("textbox", { name: "Pesquisar" }).or(admin.getByRole("searchbox", { name: "Pesquisar" })).first().fill(WORD);
    await admin.getByText("Nenhum ticket encontrado").first().waitFor();
    await screenshot(admin, "contact-privacy-06-search-after-desktop-light");

    // The photo is gone from storage.
    expect((await admin.request.get(mediaUrl)).status()).toBe(404);
    // The export now holds the placeholder only.
    const again = await admin.request.get(`/api/contacts/${contactId}/export`);
    expect(again.status()).toBe(200);
    const zip = unzipSync(new Uint8Array(await again.body()));
    const everything = Object.values(zip).map((bytes) => strFromU8(bytes)).join("\n");
    for (const text of [WORD, "Hermenegilda", contact.number, NOTE, FIELD.value]) expect(everything).not.toContain(text);
    expect(Object.keys(zip).filter((n) => n.startsWith("media/"))).toEqual([]);
  });

  it("keeps the dashboard's figures as they were", async () => {
    expect(await dashboardTotals(admin)).toEqual(totalsBefore);
    expect(await dashboardCards(admin)).toEqual(cardsBefore);
  });

  it("shows the after-state in every look", async () => {
    await inOtherLooks(async (page, look) => {
      await openDrawer(page, ERASED_CONTACT_NAME);
      await screenshot(page, `contact-privacy-03-after-${look}`);
      if (look.startsWith("phone")) expect(await fitsWidth(page)).toBe(true);
    });
  });
});
