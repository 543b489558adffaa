import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, host } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey: an admin makes a file list with two files on /files, a queue option sends it, and a contact who picks
 * the option through the simulator receives both files, in order, before the option's message; then the admin sees
 * a schedule for that contact on the schedules calendar. Everything is the journey's own (an admin, a queue, a
 * connection, a contact): the demo is left as it was.
 */
const RUN = Date.now().toString(36);
const STAMP = String(Date.now()).slice(-8);
const CONTACT = `55119${STAMP}`;
const ADMIN = { name: `Arquivos ${RUN}`, email: `arquivos-${RUN}@demo.com`, password: "Arquivos123" };
const LIST = `Catálogo ${RUN}`;

const contexts: BrowserContext[] = [];
let page: Page;
let dir: string;
const created = { queueId: 0, connectionId: 0, fileListId: 0, scheduleId: 0 };

async function apiCall(method: "post" | "put" | "delete" | "get", p: string, data?: unknown) {
  const res = await page.request[method](`/api${p}`, { data, headers: { origin: new URL(page.url()).origin } });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

const conversation = async () =>
  (await host<{ messages: { direction: "in" | "out"; body: string; media?: { filename: string } }[] }>("GET", `/simulator/${created.connectionId}/conversation?with=${CONTACT}`)).json.messages;

async function contactWrites(body: string) {
  expect((await host("POST", `/simulator/${created.connectionId}/inbound`, { from: CONTACT, name: `Cliente Arquivos ${RUN}`, body })).status).toBe(200);
}

/** The same admin in another window (its cookies: a second login would end this session). */
async function sameAdmin(options: Parameters<typeof newContext>[0]) {
  const context = await newContext(options);
  contexts.push(context);
  await context.addCookies(await contexts[0]!.cookies());
  return context.newPage();
}

const VIEWS = [
  ["phone-light", { viewport: { width: 390, height: 844 } }],
  ["desktop-dark", { colorScheme: "dark" as const }],
  ["phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
] as const;

beforeAll(async () => {
  const adminToken = await apiLogin(demo.admin, demo.password);
  expect((await api("POST", "/users", { ...ADMIN, profile: "admin" }, adminToken)).status).toBe(201);
  dir = mkdtempSync(path.join(tmpdir(), "files-"));
  writeFileSync(path.join(dir, "foto.png"), Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa1b8cd0000000049454e44ae426082", "hex"));
  writeFileSync(path.join(dir, "tabela.pdf"), "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  contexts.push(await newContext());
  page = await contexts[0]!.newPage();
  await login(page, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  // Leave the demo as it was for the other journeys.
  if (page) {
    if (created.scheduleId) await apiCall("delete", `/schedules/${created.scheduleId}`);
    if (created.connectionId) await apiCall("delete", `/whatsapp/${created.connectionId}`);
    if (created.queueId) await apiCall("delete", `/queue/${created.queueId}`);
    if (created.fileListId) await apiCall("delete", `/files/${created.fileListId}`);
  }
  await closeBrowser(contexts);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("journey: a chatbot option sends a file list before its message", () => {
  it("creates a file list with two files on /files, uploaded with their progress", async () => {
    await page.goto("/files");
    await page.getByRole("button", { name: "Nova lista" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova lista de arquivos" });
    await dialog.getByLabel("Nome", { exact: true }).fill(LIST);
    await dialog.getByLabel("Descrição").fill("Materiais de venda");
    // Picked the other way round, then ordered: each entry keeps its file when it moves.
    await dialog.locator('input[type="file"]').setInputFiles([path.join(dir, "tabela.pdf"), path.join(dir, "foto.png")]);
    await expect.poll(() => dialog.locator("[data-file-entry]").count()).toBe(2);
    await dialog.getByRole("button", { name: "Subir: foto.png" }).click();
    await expect.poll(() => dialog.locator("[data-file-entry]").first().getAttribute("data-file-entry")).toBe("foto.png");
    await dialog.getByLabel("Legenda (opcional) 1").fill("Nosso produto");
    await screenshot(page, "files-dialog-light");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    const row = page.locator("[data-file-list-id]").filter({ hasText: LIST });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => row.innerText()).toContain("2 arquivos");
    created.fileListId = Number(await row.getAttribute("data-file-list-id"));
    await screenshot(page, "files-desktop-light");
    for (const [name, options] of VIEWS) {
      const other = await sameAdmin(options);
      await other.goto("/files");
      await expect.poll(() => other.locator("[data-file-list-id]").filter({ hasText: LIST }).count(), { timeout: 15_000 }).toBe(1);
      await screenshot(other, `files-${name}`);
    }

    // Edited: the stored files come back as entries, and a caption changed is saved with them, in their order.
    await row.getByRole("button", { name: `Editar ${LIST}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar lista de arquivos" });
    await expect.poll(() => edit.locator("[data-file-entry]").count()).toBe(2);
    await edit.getByLabel("Legenda (opcional) 2").fill("Tabela de preços");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await edit.waitFor({ state: "hidden" });
    const saved = await apiCall("get", `/files/${created.fileListId}`);
    expect(saved.json.options.map((o: { name: string; description: string }) => [o.name, o.description])).toEqual([
      ["foto.png", "Nosso produto"],
      ["tabela.pdf", "Tabela de preços"],
    ]);
  });

  it("sends the list's files in order, then the option's message, to the contact who picks the option", async () => {
    const queue = await apiCall("post", "/queue", { name: `Arquivos ${RUN}`, color: "#3366cc", greetingMessage: "Escolha uma opção:" });
    expect(queue.status, JSON.stringify(queue.json)).toBe(201);
    created.queueId = queue.json.id;
    const option = await apiCall("post", "/queue-options", { queueId: created.queueId, title: "Catálogo", message: "Aqui está o catálogo.", fileListId: created.fileListId });
    expect(option.status, JSON.stringify(option.json)).toBe(201);
    expect((await apiCall("post", "/queue-options", { queueId: created.queueId, title: "Falar com alguém", message: "Já chamamos alguém." })).status).toBe(201);
    const connection = await apiCall("post", "/whatsapp", { name: `Loja Arquivos ${RUN}`, isDefault: false, greetingMessage: "", queueIds: [created.queueId] });
    expect(connection.status, JSON.stringify(connection.json)).toBe(201);
    created.connectionId = connection.json.id;
    await expect.poll(async () => (await host("POST", `/simulator/${created.connectionId}/scan`)).status, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await apiCall("get", `/whatsapp/${created.connectionId}`)).json?.status, { timeout: 15_000 }).toBe("CONNECTED");

    await contactWrites("oi");
    await expect.poll(async () => (await conversation()).some((m) => m.direction === "out" && m.body.includes("Catálogo")), { timeout: 20_000 }).toBe(true);
    await contactWrites("1");
    await expect.poll(async () => (await conversation()).some((m) => m.direction === "out" && m.body === "Aqui está o catálogo."), { timeout: 20_000 }).toBe(true);
    const out = (await conversation()).filter((m) => m.direction === "out");
    const last = out.slice(-3);
    expect(last.map((m) => m.media?.filename ?? m.body)).toEqual(["foto.png", "tabela.pdf", "Aqui está o catálogo."]);
    expect(last[0]!.body).toBe("Nosso produto");
  });

  it("shows a schedule for the contact on the schedules calendar", async () => {
    const contacts = await apiCall("get", `/contacts?searchParam=${CONTACT}`);
    const contact = (contacts.json?.contacts ?? []).find((c: { number: string }) => c.number === CONTACT);
    expect(contact, JSON.stringify(contacts.json)).toBeTruthy();
    const sendAt = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const schedule = await apiCall("post", "/schedules", { body: `Lembrete do catálogo ${RUN}`, sendAt: sendAt.toISOString(), contactId: contact.id });
    expect(schedule.status, JSON.stringify(schedule.json)).toBe(201);
    created.scheduleId = schedule.json.id;
    await page.goto("/schedules?view=calendar");
    const event = page.locator(`[data-schedule-event="${created.scheduleId}"]`);
    await expect.poll(() => event.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, "schedules-calendar-desktop-light");
    // A click on it opens the schedule's edit dialog.
    await event.first().click();
    await expect.poll(() => page.getByRole("dialog", { name: "Editar agendamento" }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press("Escape");
    for (const [name, options] of VIEWS) {
      const other = await sameAdmin(options);
      await other.goto("/schedules?view=calendar");
      await expect.poll(() => other.locator(`[data-schedule-event="${created.scheduleId}"]`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await screenshot(other, `schedules-calendar-${name}`);
    }
  });
});
