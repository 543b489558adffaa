import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { axeViolations, describeViolations } from "./support/axe";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { baseUrl, platform } from "./support/env";

const stamp = Date.now().toString(36);
const PLAN = `Plano Ouro ${stamp}`;
const COMPANY = `Ótica ${stamp}`;
const COMPANY_EMAIL = `otica-${stamp}@loja.test`;
const HELP = `Primeiros passos ${stamp}`;

/** A 2x1 PNG (red, then green): small, and not the built-in logo. */
const LOGO_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAGAgEB+0kdsQAAAABJRU5ErkJggg==", "base64");

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect.poll(() => page.getByRole("tab", { name, exact: true }).getAttribute("aria-selected")).toBe("true");
}

async function expectAccessible(page: Page, where: string) {
  await page.waitForTimeout(300);
  const violations = await axeViolations(page, {});
  if (violations.length) await screenshot(page, `a11y-failed-${where}`);
  expect(violations.map((v) => v.id), describeViolations(where, violations)).toEqual([]);
}

describe("journey: the super admin creates a plan, registers a company on it, uploads a logo and sees it on the login page", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
    // The logo and the help video are the platform's: put the login page back as the other journeys know it.
    const token = await apiLogin(platform.admin, platform.password);
    await api("DELETE", "/settings/logos/light", undefined, token);
    const helps = (await api<{ id: number; title: string }[]>("GET", "/helps", undefined, token)).json;
    for (const h of helps.filter((h) => h.title === HELP)) await api("DELETE", `/helps/${h.id}`, undefined, token);
  });

  it("manages plans, companies, help videos and the logo from the settings page", async () => {
    contexts.push(await newContext());
    const page = await contexts[0]!.newPage();
    await login(page, platform.admin, platform.password);
    await page.goto("/settings");
    await hydrated(page);

    // Planos: a new plan with its limits and without kanban.
    await openTab(page, "Planos");
    await page.getByRole("button", { name: "Novo plano" }).click();
    const planDialog = page.getByRole("dialog");
    await planDialog.getByLabel("Nome").fill(PLAN);
    await planDialog.getByLabel("Usuários").fill("7");
    await planDialog.getByLabel("Conexões").fill("2");
    await planDialog.getByLabel("Filas").fill("4");
    await planDialog.getByLabel("Valor (R$)").fill("149.9");
    await planDialog.getByLabel("Kanban").click();
    await planDialog.getByRole("button", { name: "Adicionar" }).click();
    const planRow = page.locator(`[data-plan="${PLAN}"]`);
    await expect.poll(() => planRow.isVisible()).toBe(true);
    expect(await planRow.innerText()).toContain("149,90");
    await expectAccessible(page, "settings-plans");
    await screenshot(page, "platform-plans-desktop-light");

    // Cadastrar Empresa: a company on that plan, with its first admin.
    await openTab(page, "Cadastrar Empresa");
    await page.getByLabel("Nome", { exact: true }).fill(COMPANY);
    await page.getByLabel("E-mail").fill(COMPANY_EMAIL);
    await page.getByRole("combobox", { name: "Plano" }).click();
    await page.getByRole("option", { name: PLAN }).click();
    await page.getByLabel("Senha do administrador").fill("Segredo1");
    await expectAccessible(page, "settings-create-company");
    await screenshot(page, "platform-create-company-desktop-light");
    await page.getByRole("button", { name: "Cadastrar empresa" }).click();
    await expect.poll(() => page.getByText("Empresa cadastrada.").first().isVisible()).toBe(true);
    // The form starts over for the next company.
    await expect.poll(() => page.getByLabel("Nome", { exact: true }).inputValue()).toBe("");

    // Empresas: found by the search, on the new plan; the plan in use cannot be deleted.
    await openTab(page, "Empresas");
    await page.getByRole("searchbox").fill(stamp);
    const companyRow = page.locator(`[data-company="${COMPANY}"]`);
    await expect.poll(() => companyRow.isVisible()).toBe(true);
    expect(await companyRow.innerText()).toContain(PLAN);
    await page.getByRole("button", { name: `Excluir ${COMPANY}` }).click();
    expect(await page.getByRole("dialog").innerText()).toContain("conexões de WhatsApp, contatos, tickets e mensagens");
    await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();

    // "+ Vencimento" asks first, naming both dates; cancelled, nothing moves; confirmed, the row shows the new date.
    const dueBefore = await companyRow.innerText();
    await page.getByRole("button", { name: `+ Vencimento ${COMPANY}` }).click();
    const renew = page.getByRole("dialog");
    await expect.poll(() => renew.innerText()).toMatch(/O vencimento passa de .+ para \d{2}\/\d{2}\/\d{4}/);
    await renew.getByRole("button", { name: "Cancelar" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await companyRow.innerText()).toBe(dueBefore);
    await page.getByRole("button", { name: `+ Vencimento ${COMPANY}` }).click();
    const target = (await page.getByRole("dialog").innerText()).match(/para (\d{2}\/\d{2}\/\d{4})/)![1]!;
    await page.getByRole("dialog").getByRole("button", { name: "Mover vencimento" }).click();
    await expect.poll(() => companyRow.innerText()).toContain(target);
    await expectAccessible(page, "settings-companies");
    await screenshot(page, "platform-companies-desktop-light");

    // Editar: the dialog shows the company; a blank name is refused under the field; a new phone is saved.
    await page.getByRole("button", { name: `Editar ${COMPANY}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar empresa" });
    await expect.poll(() => edit.getByLabel("Nome", { exact: true }).inputValue()).toBe(COMPANY);
    expect(await edit.getByRole("combobox", { name: "Plano" }).innerText()).toContain(PLAN);
    await edit.getByLabel("Nome", { exact: true }).fill("");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => edit.getByText("Obrigatório").isVisible()).toBe(true);
    await edit.getByLabel("Nome", { exact: true }).fill(COMPANY);
    await edit.getByLabel("Telefone").fill("(19) 3232-1000");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    const saved = (await (await page.request.get(`/api/companies?searchParam=${stamp}`)).json()) as { companies: { name: string; phone: string; planId: number; status: boolean }[] };
    expect(saved.companies.find((c) => c.name === COMPANY)).toMatchObject({ phone: "(19) 3232-1000", status: true });

    await openTab(page, "Planos");
    await page.getByRole("button", { name: `Excluir ${PLAN}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
    await expect.poll(() => page.getByText("usado por 1 empresa").first().isVisible()).toBe(true);
    // The confirmation stays open after a refusal (Escape would close the toast first: the newest layer).
    await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(false);
    expect(await planRow.isVisible()).toBe(true);

    // The company's admin works under the plan: no kanban.
    const companyToken = await apiLogin(COMPANY_EMAIL, "Segredo1");
    const kanban = await api("GET", "/ticket/kanban", undefined, companyToken);
    expect(kanban.status).toBe(403);

    // Ajuda: a video everyone sees on /helps.
    await openTab(page, "Ajuda");
    await page.getByRole("button", { name: "Novo vídeo" }).click();
    const helpDialog = page.getByRole("dialog");
    await helpDialog.getByLabel("Título").fill(HELP);
    await helpDialog.getByLabel("Vídeo (link ou código do YouTube)").fill("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    await helpDialog.getByRole("button", { name: "Adicionar" }).click();
    await expect.poll(() => page.getByText(HELP).first().isVisible()).toBe(true);
    await expectAccessible(page, "settings-helps");

    // Logo: the light logo, uploaded to R2.
    await openTab(page, "Logo");
    await page.locator("#logo-light").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO_PNG });
    await page.getByRole("button", { name: "Enviar: Logo (modo claro)" }).click();
    await expect.poll(() => page.locator('[data-logo-preview="light"]').isVisible()).toBe(true);
    const src = await page.locator('[data-logo-preview="light"]').getAttribute("src");
    expect(src).toMatch(/^\/api\/logos\/light\?v=\d+$/);
    // The menu's logo changes at once, without a reload (issue 31).
    await expect.poll(() => page.locator("[data-brand-logo]:visible").first().getAttribute("src")).toBe(src);
    // A wrong type is refused with the spec's message, before and after the server.
    await page.locator("#logo-dark").setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await page.getByRole("button", { name: "Enviar: Logo (modo escuro)" }).click();
    await expect.poll(() => page.getByText("Use somente arquivos em formato PNG, ICO ou SVG!").isVisible()).toBe(true);
    await expectAccessible(page, "settings-logo");
    await screenshot(page, "platform-logo-desktop-light");

    await openTab(page, "Plataforma");
    await expectAccessible(page, "settings-platform");
    await screenshot(page, "platform-settings-desktop-light");

    // Pix: the catalogue's rules refuse a URL that is not one, under its field; the receiver's city is saved.
    const settingsNow = async () => (await (await page.request.get("/api/settings")).json()) as { key: string; value: string }[];
    const cityBefore = (await settingsNow()).find((s) => s.key === "pixMerchantCity")?.value ?? "";
    const apiUrl = page.getByRole("textbox", { name: "URL da API Pix do PSP" });
    const urlBefore = await apiUrl.inputValue();
    await apiUrl.fill("sem url");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect.poll(() => page.getByText("Valor inválido").isVisible()).toBe(true);
    await apiUrl.fill(urlBefore);
    await page.getByRole("textbox", { name: "Cidade do recebedor" }).fill("Campinas");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect.poll(() => page.getByText("Operação atualizada com sucesso.").first().isVisible()).toBe(true);
    await expect.poll(async () => (await settingsNow()).find((s) => s.key === "pixMerchantCity")?.value).toBe("Campinas");
    // Put back as it was (the checkout journey below shows this receiver's Pix).
    await page.getByRole("textbox", { name: "Cidade do recebedor" }).fill(cityBefore);
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect.poll(async () => (await settingsNow()).find((s) => s.key === "pixMerchantCity")?.value ?? "").toBe(cityBefore);

    // /helps: the card opens the player.
    await page.goto("/helps");
    await hydrated(page);
    const card = page.locator(`[data-help="${HELP}"]`);
    await expect.poll(() => card.isVisible()).toBe(true);
    await screenshot(page, "helps-desktop-light");
    await card.click();
    const player = page.getByRole("dialog");
    expect(await player.locator("iframe").getAttribute("src")).toContain("youtube-nocookie.com/embed/aqz-KE-bpKQ");
    await page.keyboard.press("Escape");
    await expect.poll(() => player.isVisible()).toBe(false);

    // The login page, for a visitor: the uploaded logo, loaded.
    const visitor = await newContext();
    contexts.push(visitor);
    const loginPage = await visitor.newPage();
    await loginPage.goto("/login");
    await hydrated(loginPage);
    const logo = loginPage.locator("img[data-brand-logo]").first();
    await expect.poll(() => logo.isVisible()).toBe(true);
    expect(await logo.getAttribute("src")).toBe(src);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    const served = await loginPage.request.get(`${baseUrl()}${src}`);
    expect(served.headers()["cache-control"]).toContain("immutable");
    await screenshot(loginPage, "login-with-logo-desktop-light");
  });

  it("looks right in dark mode and on a phone", async () => {
    for (const [name, options] of [
      ["desktop-dark", { colorScheme: "dark" as const }],
      ["phone-light", { viewport: { width: 390, height: 844 } }],
      ["phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await login(page, platform.admin, platform.password);
      await page.goto("/settings");
      await hydrated(page);
      for (const [tab, shot] of [
        ["Empresas", "companies"],
        ["Planos", "plans"],
        ["Logo", "logo"],
        ["Plataforma", "settings"],
      ] as const) {
        await openTab(page, tab);
        await page.waitForTimeout(400);
        await screenshot(page, `platform-${shot}-${name}`);
      }
      await page.goto("/helps");
      await hydrated(page);
      await expect.poll(() => page.locator(`[data-help="${HELP}"]`).isVisible()).toBe(true);
      await screenshot(page, `helps-${name}`);
      await context.close();
    }
  });
});

describe("journey: an expired company's admin is sent to the invoices to pay, through the three-step checkout", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("signs up, sees the subscription page, and once expired lands on /financeiro with the checkout", async () => {
    const admin = await apiLogin(platform.admin, platform.password);
    expect((await api("PUT", "/settings/allowregister", { value: "enabled" }, admin)).status).toBe(200);
    const plan = (await api<{ id: number; value: number }[]>("GET", "/plans/list")).json.find((p) => p.value > 0)!;
    const email = `vencida-${stamp}@loja.test`;
    const signup = await api<{ id: number }>("POST", "/companies/cadastro", { name: `Vencida ${stamp}`, email, password: "Segredo1", planId: plan.id });
    expect(signup.status).toBe(201);

    contexts.push(await newContext());
    const page = await contexts[0]!.newPage();
    await login(page, email, "Segredo1");
    await page.goto("/subscription");
    await hydrated(page);
    await expect.poll(() => page.getByText(/Falta(m)? \d+ dias? para o fim do seu período de teste/).isVisible()).toBe(true);
    expect(await page.getByText(email).isVisible()).toBe(true);
    await screenshot(page, "subscription-desktop-light");

    // The platform moves the due date into the past: the admin is sent to pay.
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await api("PUT", `/companies/${signup.json.id}`, { dueDate: past }, admin)).status).toBe(200);
    await page.goto("/tickets");
    await page.waitForURL((url) => url.pathname === "/financeiro");
    await hydrated(page);
    await expect.poll(() => page.getByText("Sua assinatura venceu").first().isVisible()).toBe(true);
    await screenshot(page, "financeiro-expired-desktop-light");

    // PAGAR: the company signed up without an address, so the checkout starts at Dados; then Personalizar, Revisar;
    // PAGAR shows the invoice's Pix.
    await page.locator("[data-invoice-id]").first().getByRole("button", { name: "PAGAR" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.locator('[aria-current="step"]').innerText()).toContain("Dados");
    await dialog.getByLabel("Endereço").fill("Rua das Flores, 10");
    await dialog.getByLabel("Cidade").fill("Campinas");
    await dialog.getByLabel("CEP").fill("13000-000");
    await screenshot(page, "checkout-data-desktop-light");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await expect.poll(() => dialog.locator('[aria-current="step"]').innerText()).toContain("Personalizar");
    await screenshot(page, "checkout-plan-desktop-light");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await expect.poll(() => dialog.locator('[aria-current="step"]').innerText()).toContain("Revisar");
    await screenshot(page, "checkout-review-desktop-light");
    // Dados was checked when it was left: PAGAR goes straight to the Pix, never back to errors not seen (issue 31).
    await dialog.getByRole("button", { name: "PAGAR" }).click();
    await expect.poll(() => dialog.getByRole("img", { name: /QR code do Pix/ }).isVisible()).toBe(true);
    expect((await dialog.locator("textarea").inputValue()).startsWith("000201")).toBe(true);
    await screenshot(page, "checkout-pix-desktop-light");

    // An agent of an expired company is told why at the login page (the server refuses them).
    const me = await (await page.request.get("/api/tickets")).json();
    expect(me.error).toBe("ERR_PAYMENT_REQUIRED");
  });

  it("shows the subscription page in dark mode and on a phone", async () => {
    const email = `assina-${stamp}@loja.test`;
    const plan = (await api<{ id: number; value: number }[]>("GET", "/plans/list")).json.find((p) => p.value > 0)!;
    expect((await api("POST", "/companies/cadastro", { name: `Assina ${stamp}`, email, password: "Segredo1", planId: plan.id })).status).toBe(201);
    for (const [name, options] of [
      ["desktop-dark", { colorScheme: "dark" as const }],
      ["phone-light", { viewport: { width: 390, height: 844 } }],
      ["phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await login(page, email, "Segredo1");
      await page.goto("/subscription");
      await hydrated(page);
      await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
      await screenshot(page, `subscription-${name}`);
      await page.getByRole("button", { name: "Assine Agora!" }).click();
      await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
      await screenshot(page, `checkout-${name}`);
      await context.close();
    }
  });
});
