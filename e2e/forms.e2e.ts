import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiAs, apiLogin } from "./support/api";
import { closeBrowser, emailInput, login, newContext, passwordInput, screenshot } from "./support/browser";
import { baseUrl, demo, platform } from "./support/env";

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A user of its own, so that logging it in elsewhere ends no other journey's session. */
const USER = { name: "Sofia Sessão", email: `sofia.${Date.now()}@demo.com`, password: "Segredo1" };

const submit = (page: Page) => page.locator('button[type="submit"]').first();

describe("journey: the login page says why a session ended and brings the agent back; forms speak Portuguese", () => {
  const contexts: BrowserContext[] = [];
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "zapdesk-forms-e2e-"));
    const token = await apiLogin(demo.admin, demo.password);
    const created = await api("POST", "/users", { name: USER.name, email: USER.email, password: USER.password, profile: "admin" }, token);
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("validates the login form in Portuguese, and says a wrong password beside the form", async () => {
    const context = await newContext({ viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto("/login");
    await submit(page).click();
    await expect.poll(() => page.getByText("Obrigatório").count()).toBe(2);

    await emailInput(page).fill(USER.email);
    await passwordInput(page).fill("errada");
    await submit(page).click();
    const alert = page.getByRole("alert").filter({ hasText: "Erro de autenticação" });
    await alert.waitFor();
    // Inside the card, right above the button, not in a corner of the screen.
    const [alertBox, buttonBox] = [await alert.boundingBox(), await submit(page).boundingBox()];
    expect(buttonBox!.y - (alertBox!.y + alertBox!.height)).toBeLessThan(40);
    expect(Math.abs(alertBox!.x - buttonBox!.x)).toBeLessThan(2);
    await screenshot(page, "login-wrong-password-desktop-light");
  });

  it("follows the forgot-password link on the first click, even with a half-typed e-mail", async () => {
    const page = await contexts[0]!.newPage();
    await page.goto("/login");
    await emailInput(page).fill("sofia@");
    await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
    await page.waitForURL((url) => url.pathname === "/forgetpsw", { timeout: 5_000 });
  });

  it("renders the register link with the page when the platform offers signup (nothing appears later)", async () => {
    // A platform setting: the platform's super admin sets it.
    const token = await apiLogin(platform.admin, platform.password);
    expect((await api("PUT", "/settings/viewregister", { value: "enabled" }, token)).status).toBe(200);
    try {
      const html = await (await fetch(`${baseUrl()}/login`)).text();
      expect(html).toContain("Cadastre-se");
    } finally {
      await api("PUT", "/settings/viewregister", { value: "disabled" }, token);
    }
    expect(await (await fetch(`${baseUrl()}/login`)).text()).not.toContain("Cadastre-se");
  });

  it("sends an agent whose session was taken by a login elsewhere to a login page that says so, then back where they were", async () => {
    const context = await newContext({ viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    await login(page, USER.email, USER.password);
    await page.goto("/contacts?from=journey");
    await page.getByRole("heading", { name: "Contatos" }).waitFor();

    // The same user logs in somewhere else: this tab's session is over.
    await apiLogin(USER.email, USER.password);
    await page.waitForURL((url) => url.pathname === "/login", { timeout: 20_000 });
    const status = page.getByRole("status").filter({ hasText: "Sua conta foi acessada em outro computador." });
    await status.waitFor();
    await status.getByText("Entre de novo para voltar à página em que você estava.").waitFor();
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/contacts?from=journey");
    await screenshot(page, "login-session-replaced-desktop-light");

    await emailInput(page).fill(USER.email);
    await passwordInput(page).fill(USER.password);
    await submit(page).click();
    await page.waitForURL((url) => url.pathname === "/contacts" && url.search === "?from=journey");
  });

  it("says why on a phone in dark mode too, and never follows a redirectTo off the site", async () => {
    const context = await newContext({ viewport: PHONE, colorScheme: "dark" });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto("/login?ended=ERR_SESSION_REPLACED&redirectTo=%2F%2Fevil.example%2Fsteal");
    await page.getByRole("status").filter({ hasText: "Sua conta foi acessada em outro computador." }).waitFor();
    await screenshot(page, "login-session-replaced-phone-dark");
    await emailInput(page).fill(USER.email);
    await passwordInput(page).fill(USER.password);
    await submit(page).click();
    await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === "/tickets");
    // The phone's Ticket tab, with no ticket chosen, offers to pick one (in sentence case).
    await page.getByRole("tab", { name: "Ticket", exact: true }).click();
    await page.getByRole("button", { name: "Selecionar ticket" }).waitFor();
    await screenshot(page, "tickets-select-phone-dark");
  });

  it("shows the contact form's and the connection form's errors in Portuguese", async () => {
    const page = contexts[2]!.pages()[0]!;
    await page.setViewportSize(DESKTOP);
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    const contact = page.getByRole("dialog", { name: "Adicionar contato" });
    await contact.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect.poll(() => contact.getByText("Obrigatório").count()).toBe(2);
    await contact.getByLabel("Email").fill("sem-arroba");
    await contact.getByLabel("Nome", { exact: true }).fill("A");
    await contact.getByRole("button", { name: "Adicionar", exact: true }).click();
    await contact.getByText("Muito curto!").waitFor();
    await contact.getByText("Email inválido").waitFor();
    await screenshot(page, "forms-contact-errors-desktop-dark");
    await contact.getByRole("button", { name: "Cancelar" }).click();

    await page.goto("/connections");
    await page.getByRole("button", { name: `Editar ${demo.connectionName}` }).first().click();
    const connection = page.getByRole("dialog", { name: "Editar WhatsApp" });
    await connection.getByLabel("Nome", { exact: true }).fill("");
    await connection.getByRole("button", { name: "Salvar" }).click();
    await connection.getByText("Obrigatório").waitFor();
    await connection.getByRole("button", { name: "Cancelar" }).click();
  });

  it("names a campaigns sub-page as its menu does", async () => {
    const page = contexts[2]!.pages()[0]!;
    await page.goto("/contact-lists");
    await page.getByRole("heading", { name: "Listas de contatos" }).waitFor();
    // The tab's title may start with the count of unread tickets, "(4) ".
    expect(await page.title()).toMatch(/^(\(\d+\) )?Listas de contatos · ZapDesk$/);
  });

  it("says how many tickets a contact takes with it when deleted", async () => {
    const page = contexts[2]!.pages()[0]!;
    await page.goto("/contacts");
    await page.getByRole("searchbox").fill("Cláudia Ramos");
    const row = page.getByRole("row").filter({ hasText: "Cláudia Ramos" });
    await row.waitFor();
    const { contacts } = (await apiAs(page, `/contacts?searchParam=${encodeURIComponent("Cláudia Ramos")}`)) as { contacts: { id: number }[] };
    const { ticketCount: tickets } = (await apiAs(page, `/contacts/${contacts[0]!.id}`)) as { ticketCount: number };
    expect(tickets).toBeGreaterThan(0);
    await row.getByRole("button", { name: "Excluir Cláudia Ramos" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir Cláudia Ramos?" });
    const expected = tickets === 1 ? "O ticket dele, com as mensagens, também será excluído." : `Os ${tickets} tickets dele, com as mensagens, também serão excluídos.`;
    await confirm.getByText(expected).waitFor();
    await screenshot(page, "contacts-delete-count-desktop-dark");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
  });

  it("exports what the search shows, with Portuguese headers, and imports that file back; the template has the same headers", async () => {
    const page = contexts[2]!.pages()[0]!;
    await page.getByRole("searchbox").fill("Ramos");
    // The list shows the search once it has been asked (after the typing pause): every row then matches.
    await expect
      .poll(async () => {
        const rows = await page.locator("tbody tr").allInnerTexts();
        return rows.length > 0 && rows.every((row) => /ramos/i.test(row));
      }, { timeout: 10_000 })
      .toBe(true);
    const shown = await page.locator("tbody tr").count();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar", exact: true }).click()]);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const lines = readFileSync(file, "utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
    // pt-BR: semicolons, so Excel in Portuguese splits the columns (issue 31 §3); the consent column (issue 28) goes
    // back in with the file.
    expect(lines[0]).toBe("Nome;Número;Email;Consentimento");
    expect(lines.length - 1).toBe(shown);
    // The search matches names and e-mails by word prefix, accents and case aside.
    expect(lines.slice(1).every((l) => /ramos/i.test(l))).toBe(true);

    await page.getByRole("button", { name: "Importar" }).click();
    const dialog = page.getByRole("dialog", { name: "Importar contatos" });
    const [template] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Baixar modelo" }).click()]);
    expect(template.suggestedFilename()).toBe("modelo-contatos.csv");
    expect(readFileSync(await template.path(), "utf8").replace(/^\uFEFF/, "").trim()).toBe("Nome;Número;Email;Consentimento");
    await screenshot(page, "contacts-import-template-desktop-dark");

    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole("button", { name: "Importar", exact: true }).click();
    // Read back whole: every row is a contact the company already has.
    await dialog.getByText("Nenhum contato importado").waitFor();
    await dialog.getByText(`${shown} ${shown === 1 ? "linha ignorada" : "linhas ignoradas"}`).waitFor();
    await expect.poll(() => dialog.getByText("Contato já cadastrado").count()).toBe(Math.min(shown, 200));
    await dialog.getByRole("button", { name: "Fechar" }).last().click();
  });
});
