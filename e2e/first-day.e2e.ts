import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ID_RANGE } from "../worker/contracts/ids";
import { api, apiLogin, host, ownAddress } from "./support/api";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";

/**
 * A company's first day, where customers live: it signs up through /signup (so its ids are in the high range, not
 * the platform company's), builds its queues and team in the UI, pairs its first WhatsApp on the simulator, and a
 * contact goes from the queue menu to a rated, resolved conversation.
 */
const stamp = Date.now().toString(36);
const COMPANY = { name: `Floricultura ${stamp}`, email: `dona-${stamp}@floricultura.test`, password: "Primeiro1" };
const AGENTS = [
  { name: `Rita Vendas ${stamp}`, email: `rita-${stamp}@floricultura.test`, password: "Agente123", queue: "Encomendas" },
  { name: `Caio Entregas ${stamp}`, email: `caio-${stamp}@floricultura.test`, password: "Agente123", queue: "Entregas" },
] as const;
const QUEUES = ["Encomendas", "Entregas"] as const;
const CONNECTION_NAME = "WhatsApp da loja";
const GREETING = "Olá! Bem-vindo à floricultura. Escolha um setor:";
const FAREWELL = "Obrigada por comprar com a gente!";
const CONTACT = { number: "5511987004321", name: "Marina Lopes" };

interface PhoneMessage {
  direction: "in" | "out";
  body: string;
  mediaType: string;
}

const chat = (page: Page) => page.getByTestId("ticket-chat");
const bubble = (page: Page, text: string) => chat(page).locator("[data-message-id]").filter({ hasText: text }).last();

/** A real picture, drawn by the browser itself (a 1-pixel one shows nothing to look at in the screenshots). */
async function bouquet(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 240;
    canvas.height = 160;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#fde2e4";
    g.fillRect(0, 0, 240, 160);
    for (const [x, y, color] of [[80, 70, "#e11d48"], [120, 55, "#f472b6"], [160, 70, "#be123c"]] as const) {
      g.fillStyle = color;
      g.beginPath();
      g.arc(x, y, 24, 0, Math.PI * 2);
      g.fill();
    }
    g.fillStyle = "#15803d";
    g.fillRect(116, 80, 8, 70);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

/** The public plan the new company takes: one with room for its two queues and its admin and two agents. */
async function roomyPlan(): Promise<{ id: number; name: string }> {
  const plans = (await api<{ id: number; name: string; users: number; queues: number; connections: number }[]>("GET", "/plans/list")).json;
  const plan = plans.find((p) => p.users >= 3 && p.queues >= 2 && p.connections >= 1);
  expect(plan, `a public plan with 3 users, 2 queues and a connection among ${JSON.stringify(plans)}`).toBeTruthy();
  return plan!;
}

describe("journey: a company's first day, from /signup to a rated conversation on its own WhatsApp", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let connectionId: number;
  let companyId: number;

  /** What the contact's phone shows of its conversation with the company's number. */
  async function phone(): Promise<PhoneMessage[]> {
    const res = await host<{ messages: PhoneMessage[] }>("GET", `/simulator/${connectionId}/conversation?with=${CONTACT.number}`);
    expect(res.status).toBe(200);
    return res.json.messages.filter((m) => m.direction === "out");
  }
  async function phoneReceives(match: (m: PhoneMessage) => boolean): Promise<PhoneMessage> {
    try {
      await expect.poll(async () => (await phone()).some(match), { timeout: 20_000, interval: 300 }).toBe(true);
    } catch (err) {
      // Says what the phone did receive when the awaited message never came.
      throw new Error(`the phone got only ${JSON.stringify((await phone()).map((m) => m.body))}`, { cause: err });
    }
    return (await phone()).find(match)!;
  }
  async function contactWrites(body: string) {
    const res = await host("POST", `/simulator/${connectionId}/inbound`, { from: CONTACT.number, name: CONTACT.name, body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }

  beforeAll(async () => {
    // Registration open (the demo opens it; another journey may have closed it meanwhile).
    const platformAdmin = await apiLogin(platform.admin, platform.password);
    for (const key of ["viewregister", "allowregister"]) {
      expect((await api("PUT", `/settings/${key}`, { value: "enabled" }, platformAdmin)).status).toBe(200);
    }
  });

  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("signs up through /signup and lands in its empty inbox as the company's admin", async () => {
    const plan = await roomyPlan();
    contexts.push(await newContext());
    admin = await contexts[0]!.newPage();
    admin.on("pageerror", (err) => console.error("[admin page error]", err.message));
    // A signup counts against its address's hourly budget: this journey's own, not the whole run's 127.0.0.1.
    await admin.setExtraHTTPHeaders(ownAddress());
    await admin.goto("/signup");
    await hydrated(admin);
    await admin.getByLabel("Seu nome").fill(`Dona Flora ${stamp}`);
    await admin.getByLabel("Nome da empresa").fill(COMPANY.name);
    await admin.getByLabel("Email").fill(COMPANY.email);
    await admin.getByLabel("Telefone").pressSequentially("11988776655");
    await admin.getByLabel("Senha", { exact: true }).fill(COMPANY.password);
    await admin.locator(`input[name="planId"][value="${plan.id}"]`).check();
    await screenshot(admin, "first-day-01-signup");
    await admin.getByRole("button", { name: "Cadastrar" }).click();
    await admin.waitForURL((url) => url.pathname.startsWith("/tickets"), { timeout: 20_000 });
    await hydrated(admin);

    const me = await (await admin.request.get("/api/auth/me")).json();
    expect(me).toMatchObject({ email: COMPANY.email, profile: "admin" });
    companyId = me.companyId ?? me.company?.id;
    // A customer's company: not the platform company, so its rows take ids from its own high range.
    expect(companyId).toBeGreaterThan(1);
    expect(me.id).toBeGreaterThan(ID_RANGE);
    await admin.getByText("Nenhum ticket encontrado").waitFor();
    await screenshot(admin, "first-day-02-inbox");
  });

  it("creates its two queues on the Filas page", async () => {
    await admin.goto("/queues");
    await admin.getByRole("heading", { name: "Filas e chatbot" }).waitFor();
    for (const [i, name] of QUEUES.entries()) {
      await admin.getByRole("button", { name: "Adicionar fila" }).first().click();
      const add = admin.getByRole("dialog", { name: "Adicionar fila" });
      await add.getByLabel("Nome", { exact: true }).fill(name);
      await add.getByRole("radio", { name: i === 0 ? "#8B5CF6" : "#3B82F6" }).click();
      await add.getByRole("button", { name: "Adicionar", exact: true }).click();
      await add.waitFor({ state: "detached" });
      await admin.getByRole("row").filter({ hasText: name }).waitFor();
    }
    await screenshot(admin, "first-day-03-queues");
  });

  it("adds an agent to each queue on the Usuários page", async () => {
    await admin.goto("/users");
    for (const agent of AGENTS) {
      await admin.getByRole("button", { name: "Adicionar usuário" }).click();
      const dialog = admin.getByRole("dialog");
      await dialog.getByLabel("Nome").fill(agent.name);
      await dialog.getByLabel("Email").fill(agent.email);
      await dialog.getByLabel("Senha", { exact: true }).fill(agent.password);
      const queues = dialog.getByRole("button", { name: "Filas", exact: true });
      await queues.click();
      await admin.getByRole("listbox", { name: "Filas" }).getByRole("option", { name: agent.queue }).click();
      await queues.click();
      await expect.poll(() => queues.innerText()).toContain(agent.queue);
      if (agent === AGENTS[0]) await screenshot(admin, "first-day-04-user-dialog");
      await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
      await expect.poll(() => admin.getByRole("dialog").count()).toBe(0);
      await expect.poll(() => admin.getByText(agent.email).filter({ visible: true }).first().isVisible()).toBe(true);
    }
    await screenshot(admin, "first-day-05-users");
  });

  it("adds its first WhatsApp in the dialog, shows the QR, and is CONNECTED once the phone scans it", async () => {
    await admin.goto("/connections");
    await admin.getByText("Nenhuma conexão ainda").waitFor();
    await admin.getByRole("button", { name: "Adicionar WhatsApp" }).first().click();
    const dialog = admin.getByRole("dialog", { name: "Adicionar WhatsApp" });
    await dialog.getByLabel("Nome", { exact: true }).fill(CONNECTION_NAME);
    const queues = dialog.getByRole("button", { name: "Filas", exact: true });
    await queues.click();
    for (const name of QUEUES) await admin.getByRole("listbox", { name: "Filas" }).getByRole("option", { name }).click();
    await queues.click();
    await dialog.getByLabel("Mensagem de saudação").fill(GREETING);
    await dialog.getByLabel("Mensagem de conclusão").fill(FAREWELL);
    await screenshot(admin, "first-day-06-connection-dialog");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    // Saved and its session started: no "could not be started" toast.
    await admin.getByText("WhatsApp salvo com sucesso.").first().waitFor();
    expect(await admin.getByText(/a sessão não pôde ser iniciada/).count()).toBe(0);

    const listed = (await (await admin.request.get("/api/whatsapp")).json()) as { id: number; name: string }[];
    connectionId = listed.find((c) => c.name === CONNECTION_NAME)!.id;
    expect(connectionId).toBeGreaterThan(ID_RANGE);
    // The session host holds it: the simulator lists it, waiting for its QR to be scanned.
    await expect
      .poll(async () => (await host<{ connections: { id: number; status: string }[] }>("GET", "/simulator/connections")).json.connections.find((c) => c.id === connectionId)?.status, { timeout: 15_000 })
      .toBe("qrcode");

    const row = admin.getByRole("row").filter({ hasText: CONNECTION_NAME });
    const qrButton = row.getByRole("button", { name: "QR CODE" });
    await expect.poll(() => qrButton.isVisible(), { timeout: 15_000 }).toBe(true);
    await qrButton.click();
    const qr = admin.getByRole("dialog", { name: "Leia o QR Code para iniciar a sessão" });
    await expect.poll(() => qr.getByRole("img", { name: `QR Code da conexão ${CONNECTION_NAME}` }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(admin, "first-day-07-qr");

    const scanned = await host("POST", `/simulator/${connectionId}/scan`);
    expect(scanned.status, JSON.stringify(scanned.json)).toBe(200);
    await qr.waitFor({ state: "hidden", timeout: 15_000 });
    // The dialog says it worked (issue 31), then gives the page back.
    const paired = admin.getByRole("dialog", { name: "WhatsApp conectado" });
    await paired.waitFor({ timeout: 15_000 });
    await paired.getByRole("button", { name: "Concluir" }).click();
    await paired.waitFor({ state: "hidden" });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain("Conectado");
    const connection = await (await admin.request.get(`/api/whatsapp/${connectionId}`)).json();
    expect(connection).toMatchObject({ id: connectionId, status: "CONNECTED" });
    expect(connection.number).toMatch(/^\d{8,20}$/);
    await screenshot(admin, "first-day-08-connected");
  });

  it("switches contact ratings on in Configurações", async () => {
    await admin.goto("/settings");
    await admin.getByLabel("Avaliações", { exact: true }).click();
    await admin.getByRole("option", { name: "Habilitado" }).click();
    await admin.getByText("Operação atualizada com sucesso.").first().waitFor();
    await screenshot(admin, "first-day-09-ratings-on");
  });

  it("greets a contact who writes with the menu of its queues and routes the one picked", async () => {
    await contactWrites("Oi! Vocês entregam hoje?");
    const menu = await phoneReceives((m) => m.body.includes(`*[ 1 ]* - ${QUEUES[0]}`));
    expect(menu.body).toContain(GREETING);
    expect(menu.body).toContain(`*[ 2 ]* - ${QUEUES[1]}`);
    await contactWrites("1");
    // The ticket waits in the queue picked, for that queue's agent; its id is in the company's range.
    const waiting = async () => (await (await admin.request.get(`/api/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(CONTACT.name)}`)).json()).tickets?.[0];
    await expect.poll(async () => (await waiting())?.queue?.name, { timeout: 15_000 }).toBe(QUEUES[0]);
    expect((await waiting()).id).toBeGreaterThan(ID_RANGE);

    // The admin, in no queue of their own, sees every queue's waiting tickets.
    await admin.goto("/tickets");
    await admin.getByRole("tab", { name: /^Aguardando/ }).click();
    await expect.poll(() => admin.getByRole("button", { name: `Aceitar: ${CONTACT.name}` }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => admin.getByRole("button", { name: /^Filas:/ }).innerText()).toMatch(/Todas as filas$/);
    await screenshot(admin, "first-day-10-admin-waiting");
  });

  let rita: Page;
  let uuid: string;

  it("lets the queue's agent accept it and answer with text and a picture the phone receives", async () => {
    contexts.push(await newContext());
    rita = await contexts.at(-1)!.newPage();
    rita.on("pageerror", (err) => console.error("[agent page error]", err.message));
    await login(rita, AGENTS[0].email, AGENTS[0].password);
    await rita.goto("/tickets");
    await rita.getByRole("tab", { name: /^Aguardando/ }).click();
    const accept = rita.getByRole("button", { name: `Aceitar: ${CONTACT.name}` });
    await expect.poll(() => accept.isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(rita, "first-day-11-waiting");
    await accept.click();
    await rita.waitForURL((url) => /^\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
    uuid = new URL(rita.url()).pathname.split("/").pop()!;
    await chat(rita).waitFor();
    await expect.poll(() => bubble(rita, "Vocês entregam hoje?").isVisible()).toBe(true);

    const reply = "Entregamos sim! Qual o endereço?";
    const composer = chat(rita).locator("textarea").first();
    await composer.fill(reply);
    await composer.press("Enter");
    const delivered = await phoneReceives((m) => m.body.includes(reply));
    expect(delivered.body).toContain(AGENTS[0].name);

    await chat(rita).locator('input[type="file"]').setInputFiles({ name: "buque.png", mimeType: "image/png", buffer: await bouquet(rita) });
    const preview = rita.getByRole("dialog", { name: /^Enviar 1 arquivo/ });
    await preview.getByRole("textbox", { name: "Legenda (opcional)" }).fill("Buquê do dia");
    await preview.getByRole("button", { name: "Enviar" }).click();
    await preview.waitFor({ state: "hidden" });
    const picture = await phoneReceives((m) => m.mediaType === "image");
    expect(picture.body).toContain("Buquê do dia");
    // Stored under the company's own key and served back to its agent: the bubble shows the real picture.
    const img = bubble(rita, "Buquê do dia").locator("img");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 }).toBe(240);
    await screenshot(rita, "first-day-12-answered");
  });

  it("transfers it to the other queue's agent, who sees it in their list", async () => {
    await chat(rita).getByRole("button", { name: "Transferir" }).click();
    const dialog = rita.getByRole("dialog", { name: "Transferir ticket" });
    await dialog.getByLabel("Fila", { exact: true }).click();
    await rita.getByRole("option", { name: QUEUES[1] }).click();
    await dialog.getByLabel("Usuário (opcional)").fill(AGENTS[1].name.slice(0, 4));
    await dialog.getByRole("option", { name: AGENTS[1].name }).click();
    await expect.poll(() => dialog.innerText()).toContain(`O ticket será atribuído a ${AGENTS[1].name}.`);
    await screenshot(rita, "first-day-13-transfer");
    await dialog.getByRole("button", { name: "Transferir" }).click();
    await rita.waitForURL((url) => url.pathname === "/tickets");

    contexts.push(await newContext());
    const caio = await contexts.at(-1)!.newPage();
    caio.on("pageerror", (err) => console.error("[agent page error]", err.message));
    await login(caio, AGENTS[1].email, AGENTS[1].password);
    // In Caio's own list, open with him (no accept needed), the conversation telling the story.
    await caio.goto("/tickets");
    await caio.getByRole("list", { name: "Atendendo" }).getByRole("link", { name: CONTACT.name }).click();
    await caio.waitForURL((url) => url.pathname === `/tickets/${uuid}`);
    await chat(caio).waitFor();
    await expect.poll(() => chat(caio).locator("[data-system-line=transfer]").last().innerText()).toContain(`Transferido de ${QUEUES[0]} para ${QUEUES[1]} por ${AGENTS[0].name}`);
    expect(await bubble(caio, "Qual o endereço?").isVisible()).toBe(true);
    const ticket = await (await caio.request.get(`/api/tickets/u/${uuid}`)).json();
    expect(ticket).toMatchObject({ status: "open", queue: { name: QUEUES[1] }, user: { name: AGENTS[1].name } });
    await screenshot(caio, "first-day-14-transferred");

    await chat(caio).getByRole("button", { name: "Resolver" }).click();
    await caio.locator("li", { hasText: "Ticket resolvido." }).first().waitFor();
  });

  it("asks the contact to rate once resolved, and records the rating", async () => {
    await phoneReceives((m) => m.body.startsWith("Como você avalia"));
    await contactWrites("3");
    await phoneReceives((m) => m.body === FAREWELL);

    await admin.goto(`/tickets/${uuid}`);
    await chat(admin).waitFor();
    await expect.poll(() => chat(admin).getByTestId("rating-note").innerText(), { timeout: 15_000 }).toContain("Avaliou o atendimento: Muito satisfeito");
    const ticket = await (await admin.request.get(`/api/tickets/u/${uuid}`)).json();
    expect(ticket).toMatchObject({ status: "closed", whatsappId: connectionId });
    expect(ticket.id).toBeGreaterThan(ID_RANGE);
    await screenshot(admin, "first-day-15-rated");
  });

  it("keeps its number through a restart of the session host, and takes a picture from the contact", async () => {
    const before = await host<{ pid: number }>("GET", "/health");
    process.kill(before.json.pid, "SIGKILL");
    // start.mjs brings the host back; it takes the company's connection again (its lease) and resumes it paired.
    await expect
      .poll(async () => (await host<{ pid: number; bridge?: { leases: number[] } }>("GET", "/health").catch(() => null))?.json?.bridge?.leases ?? [], { timeout: 60_000, interval: 500 })
      .toContain(connectionId);
    await expect
      .poll(async () => (await host<{ connections: { id: number; status: string }[] }>("GET", "/simulator/connections")).json.connections.find((c) => c.id === connectionId)?.status, { timeout: 30_000 })
      .toBe("CONNECTED");

    const picture = await bouquet(admin);
    const sent = await host("POST", `/simulator/${connectionId}/inbound`, {
      from: CONTACT.number,
      name: CONTACT.name,
      body: "Quero um vaso assim",
      media: { mimetype: "image/png", filename: "vaso.png", base64: picture.toString("base64") },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    // A new turn: the menu again (the simulated phone's memory began anew with the host), and the ticket back
    // waiting, holding the contact's picture.
    await phoneReceives((m) => m.body.includes(`*[ 1 ]* - ${QUEUES[0]}`));
    const pending = async () => (await (await admin.request.get(`/api/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(CONTACT.name)}`)).json()).tickets?.[0];
    await expect.poll(async () => (await pending())?.uuid, { timeout: 15_000 }).toBeTruthy();
    const { uuid: again } = await pending();
    await admin.goto(`/tickets/${again}`);
    await chat(admin).waitFor();
    const img = bubble(admin, "Quero um vaso assim").locator("img");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 }).toBe(240);
    await screenshot(admin, "first-day-16-after-restart");
  });
});
