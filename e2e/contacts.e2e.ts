import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * An admin's day with contacts: imports a real .xlsx (good rows, a repeated number, an invalid one), reads the
 * report, finds and edits an imported contact, exports the CSV, starts a conversation with the contact, and
 * creates a tag and a quick reply.
 */
describe("contacts, tags and quick replies: an admin imports, edits, exports and starts a ticket", () => {
  let context: BrowserContext;
  let page: Page;
  let dir: string;
  let sheet: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-contacts-e2e-"));
    const workbook = new ExcelJS.Workbook();
    const rows = workbook.addWorksheet("Contatos");
    rows.addRow(["Nome", "Número", "E-mail"]);
    rows.addRow(["Importada Um", "5511987650001", "um@example.com"]);
    rows.addRow(["Importada Dois", "(11) 98765-0002", ""]);
    rows.addRow(["Repetida", "5511987650001", ""]);
    rows.addRow(["Número Ruim", "12ab", ""]);
    sheet = path.join(dir, "contatos.xlsx");
    await workbook.xlsx.writeFile(sheet);
    context = await newContext();
    page = await context.newPage();
    await login(page, demo.admin, demo.password);
  });

  afterAll(async () => {
    await context?.close();
    await closeBrowser();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("imports the spreadsheet and reports the rows it left out, with their reason", async () => {
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Importar" }).click();
    const dialog = page.getByRole("dialog", { name: "Importar contatos" });
    await dialog.locator('input[type="file"]').setInputFiles(sheet);
    await dialog.getByRole("button", { name: "Importar", exact: true }).click();
    await dialog.getByText("2 contatos importados").waitFor();
    await dialog.getByText("2 linhas ignoradas").waitFor();
    const skipped = dialog.getByRole("table", { name: "Linhas ignoradas" });
    const row4 = skipped.getByRole("row").filter({ hasText: /^4/ });
    await expect.poll(() => row4.innerText()).toMatch(/5511987650001\s+Número repetido na planilha/);
    const row5 = skipped.getByRole("row").filter({ hasText: /^5/ });
    await expect.poll(() => row5.innerText()).toMatch(/12ab\s+Número inválido/);
    await screenshot(page, "contacts-import-report");
    await dialog.getByRole("button", { name: "Fechar" }).last().click();
  });

  it("finds an imported contact by search and edits it", async () => {
    await page.getByRole("searchbox").fill("Importada Dois");
    const row = page.getByRole("row").filter({ hasText: "Importada Dois" });
    await row.waitFor();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    // The number was typed nationally and is shown as stored, formatted: +55 (11) 98765-0002.
    await expect.poll(() => row.innerText()).toContain("+55 (11) 98765-0002");

    await row.getByRole("button", { name: "Editar Importada Dois" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar contato" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Cliente Importada");
    await dialog.getByLabel("Email").fill("cliente@example.com");
    await dialog.getByRole("button", { name: "Adicionar informação" }).click();
    await dialog.getByLabel("Nome do campo 1").fill("Origem");
    await dialog.getByLabel("Valor do campo 1").fill("Planilha");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Contato salvo", { exact: true }).waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("row").filter({ hasText: "Cliente Importada" }).waitFor();

    // The extra information was kept: it is there when the dialog opens again.
    await page.getByRole("button", { name: "Editar Cliente Importada" }).click();
    const again = page.getByRole("dialog", { name: "Editar contato" });
    await expect.poll(() => again.getByLabel("Nome do campo 1").inputValue()).toBe("Origem");
    await expect.poll(() => again.getByLabel("Valor do campo 1").inputValue()).toBe("Planilha");
    await again.getByRole("button", { name: "Cancelar" }).click();
  });

  it("exports the contacts as CSV, with the edited contact in it", async () => {
    // Without a search, the export has every contact.
    await page.getByRole("searchbox").fill("");
    await expect.poll(() => page.locator("tbody tr").count()).toBeGreaterThan(2);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar", exact: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const raw = readFileSync(file, "utf8");
    // Excel in Portuguese reads it in columns: semicolons, and a byte-order mark for the accents.
    expect(raw.startsWith("\uFEFF")).toBe(true);
    const lines = raw.replace(/^\uFEFF/, "").split(/\r\n/);
    expect(lines[0]).toBe("Nome;Número;Email;Consentimento");
    expect(lines).toContain("Cliente Importada;5511987650002;cliente@example.com;");
    expect(lines.some((l) => l.startsWith("Importada Um;5511987650001;um@example.com;"))).toBe(true);
  });

  it("starts a ticket with the contact and lands on it", async () => {
    await page.getByRole("button", { name: "Iniciar atendimento com Cliente Importada" }).click();
    const dialog = page.getByRole("dialog", { name: "Iniciar atendimento" });
    await dialog.getByRole("button", { name: "Iniciar" }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    expect(new URL(page.url()).pathname).toMatch(/^\/tickets\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("creates a kanban tag in a palette colour", async () => {
    await page.goto("/tags");
    await page.getByRole("button", { name: "Adicionar tag" }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar tag" });
    await dialog.getByLabel("Nome").fill("Pós-venda");
    // The preview follows the name and the colour as they are typed and picked.
    await expect.poll(() => dialog.getByText("Pós-venda", { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole("radio", { name: "#3B82F6" }).click();
    expect(await dialog.getByText("Pós-venda", { exact: true }).evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).toBe("rgb(59, 130, 246)");
    await dialog.getByRole("switch").click();
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.getByText("Tag salva", { exact: true }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "Pós-venda" });
    await row.waitFor();
    const chip = row.getByText("Pós-venda", { exact: true });
    expect(await chip.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).toBe("rgb(59, 130, 246)");
    await expect.poll(() => row.innerText()).toContain("Kanban");
  });

  it("creates a quick reply with an attachment", async () => {
    await page.goto("/quick-messages");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Adicionar resposta rápida" });
    await dialog.getByLabel("Atalho").fill("boasvindas");
    await dialog.getByLabel("Mensagem").fill("Bem-vindo!\nEstamos à disposição.");
    const attachment = path.join(dir, "tabela de preços.txt");
    writeFileSync(attachment, "preços");
    await dialog.locator('input[type="file"]').setInputFiles(attachment);
    await dialog.getByText("tabela_de_preços.txt").waitFor();
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await page.getByText("Resposta rápida salva", { exact: true }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "/boasvindas" });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain("tabela_de_preços.txt");
    await screenshot(page, "quick-messages-created");
  });
});
