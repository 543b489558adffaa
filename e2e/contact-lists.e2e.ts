import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** This journey's own admin and list (never the demo's, which other journeys use). */
const run = Date.now().toString().slice(-6);
const ADMIN = { name: `Listas ${run}`, email: `listas-${run}@demo.com`, password: "Listas123" };
const LIST = `Clientes ${run}`;

describe("journey: an admin builds a campaign's contact list from a spreadsheet", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let dir: string;
  let sheet: string;

  beforeAll(async () => {
    const adminToken = await apiLogin(demo.admin, demo.password);
    expect((await api("POST", "/users", { ...ADMIN, profile: "admin" }, adminToken)).status).toBe(201);
    dir = mkdtempSync(path.join(tmpdir(), "lists-"));
    sheet = path.join(dir, "lista.csv");
    writeFileSync(sheet, ["nome,numero,email,plano", `Maria ${run},5511987${run},maria@example.com,Ouro`, `João ${run},5511986${run},,Prata`, "Sem número,12ab,,"].join("\n"));
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    await login(page, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("creates a list, imports a .csv with a per-row report, and sees the contacts with their variables", async () => {
    await page.goto("/contact-lists");
    await page.getByRole("button", { name: "Nova lista" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova lista de contatos" });
    await dialog.getByLabel("Nome").fill(LIST);
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await page.getByRole("link", { name: LIST, exact: true }).click();
    await page.waitForURL((url) => /^\/contact-lists\/\d+\/contacts$/.test(url.pathname));
    await expect.poll(() => page.getByRole("heading", { name: LIST }).isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByRole("button", { name: "Importar" }).click();
    const importing = page.getByRole("dialog", { name: `Importar para ${LIST}` });
    await importing.locator('input[type="file"]').setInputFiles(sheet);
    await importing.getByRole("button", { name: "Importar", exact: true }).click();
    await importing.getByText("2 contatos importados").waitFor();
    const skipped = importing.getByRole("table", { name: "Linhas ignoradas" });
    await expect.poll(() => skipped.getByRole("row").filter({ hasText: /^4/ }).innerText()).toMatch(/12ab\s+Número inválido/);
    await screenshot(page, "contact-lists-import-report");
    await importing.getByRole("button", { name: "Fechar" }).last().click();

    const rows = page.locator("[data-item-id]");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => rows.filter({ hasText: `Maria ${run}` }).innerText()).toContain("{plano}: Ouro");
    await screenshot(page, "contact-lists-items-desktop-light");
  });

  it("checks every number on WhatsApp in the background, with progress, and filters the ones not on it", async () => {
    // The simulator's rule (session-host/README.md): a number ending 00000 is not on WhatsApp.
    const rows = page.locator("[data-item-id]");
    await page.getByRole("button", { name: "Adicionar contato" }).click();
    const adding = page.getByRole("dialog", { name: "Adicionar contato à lista" });
    await adding.getByLabel("Nome").fill(`Fora ${run}`);
    await adding.getByLabel("Número").fill(`5511985${run.slice(-1)}00000`);
    await adding.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    await page.getByTestId("whatsapp-check").click();
    await expect.poll(() => page.locator('[data-check-status="done"]').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-whatsapp-check="invalid"]').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('[data-whatsapp-check="valid"]').count()).toBe(2);
    await page.getByRole("combobox", { name: "Resultado no WhatsApp" }).click();
    await page.getByRole("option", { name: "Fora do WhatsApp" }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.innerText()).toContain(`Fora ${run}`);
    await screenshot(page, "contact-lists-whatsapp-check");
  });

  it("adds the contacts of a tag: the tag is chosen before Adicionar can be pressed", async () => {
    // Made by the demo's admin (the same company): a login as this journey's admin would end its page's session.
    const tag = await api("POST", "/tags", { name: `Lista ${run}`, color: "#3b82f6" }, await apiLogin(demo.admin, demo.password));
    expect(tag.status, JSON.stringify(tag.json)).toBe(201);
    await page.getByRole("button", { name: "Adicionar por tag" }).click();
    const adding = page.getByRole("dialog", { name: "Adicionar os contatos de uma tag" });
    const submit = adding.getByRole("button", { name: "Adicionar", exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await adding.getByLabel("Tag").click();
    await page.getByRole("option", { name: `Lista ${run}` }).click();
    await submit.click();
    // No ticket carries the new tag: none joins, and the dialog closes with the count.
    await page.getByText(/^0 contatos? adicionados?, 0 atualizados$/).waitFor();
    await expect.poll(() => adding.isVisible()).toBe(false);
  });

  it("shows the lists on a phone and in dark mode", async () => {
    for (const [name, options] of [
      ["contact-lists-phone-light", { viewport: { width: 390, height: 844 } }],
      ["contact-lists-desktop-dark", { colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const other = await context.newPage();
      await login(other, ADMIN.email, ADMIN.password);
      await other.goto("/contact-lists");
      const row = other.locator("[data-contact-list-id]").filter({ hasText: LIST });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      // Its contacts, counted.
      expect(await row.locator("td").nth(1).innerText()).toBe("3");
      await screenshot(other, name);
    }
  });
});
