import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, fakes } from "./support/api";
import { axeViolations, describeViolations } from "./support/axe";
import { closeBrowser, login, newContext, OTHER_LOOKS, screenshot } from "./support/browser";
import { baseUrl, demo } from "./support/env";

/**
 * Journey: an admin of a signed-up company (the demo's "Padaria Pão Quente") connects an official number (WhatsApp
 * Cloud API, ADR 0050) through the connections page's dialog, on the fake Graph API of `npm start`
 * (worker/testing/fakes/cloudCustomers.ts, which takes this journey's own number): Meta refuses a wrong token under
 * its field, the right one connects; the row says "API oficial" and the dialog shows the callback URL. On the
 * connection's templates page the admin writes a template with a variable and its example, sees the message as the
 * customer will, and watches Meta's review turn it from "Em análise" to "Aprovado"; another template is deleted.
 */
const stamp = String(Date.now()).slice(-9);
const NUMBER = { phoneNumberId: `109${stamp}`, wabaId: `209${stamp}`, accessToken: `EAAG-journey-token-${stamp}-abcdef`, displayPhoneNumber: `+55 11 4100-${stamp.slice(-4)}` };
const CONNECTION = `Oficial ${stamp.slice(-4)}`;
const TEMPLATE = `pedido_pronto_${stamp.slice(-5)}`;
const OTHER = `aviso_antigo_${stamp.slice(-5)}`;
const PICTURE = `vitrine_${stamp.slice(-5)}`;
const SHOTS = "/work/shots/cloud-web";

/** No accessibility rule broken in what `include` names (the accessibility journey's check, for this task's screens). */
async function accessible(page: Page, where: string, include?: string) {
  const violations = await axeViolations(page, include ? { include: [include] } : {});
  expect(violations.map((v) => v.id), describeViolations(where, violations)).toEqual([]);
}

/** Keeps a copy of a screenshot with the others of this task (the journey's own folder is test-results/screenshots). */
async function shot(page: Page, name: string) {
  const file = await screenshot(page, name);
  try {
    mkdirSync(SHOTS, { recursive: true });
    copyFileSync(file, path.join(SHOTS, path.basename(file)));
  } catch {
    // Only where that folder can be written: the journey does not depend on it.
  }
}

describe("journey: an admin connects an official number through the page, and manages its message templates", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let connectionId: number | undefined;
  /** The API as the admin's page (its cookies): an API login would end the page's session (one live session per user). */
  const asAdmin = async (method: string, path: string, data?: unknown) => {
    const res = await admin.request.fetch(`/api${path}`, { method, data, headers: { origin: baseUrl() } });
    return { status: res.status(), json: await res.json() };
  };

  beforeAll(async () => {
    expect((await fakes("POST", "/graph/numbers", NUMBER)).status).toBe(200);
    contexts.push(await newContext());
    admin = await contexts[0]!.newPage();
    await login(admin, demo.admin, demo.password);
  });

  afterAll(async () => {
    // The demo company is shared by the journeys: its plan's connections are few.
    if (connectionId) await api("DELETE", `/whatsapp/${connectionId}`, undefined, await apiLogin(demo.admin, demo.password));
    await closeBrowser(contexts);
  });

  it("asks the kind first, shows Meta's refusal under the token, and connects with the right one", async () => {
    await admin.goto("/connections");
    await admin.getByRole("button", { name: "Adicionar WhatsApp" }).first().click();
    const dialog = admin.getByRole("dialog", { name: "Adicionar WhatsApp" });
    await dialog.getByRole("radio", { name: /WhatsApp Web \(QR code\)/ }).waitFor();
    await shot(admin, "cloud-web-dialog-kind-web-desktop-light");
    await dialog.getByRole("radio", { name: /API oficial \(Meta\)/ }).check();
    await dialog.getByLabel("Nome", { exact: true }).fill(CONNECTION);
    await dialog.getByLabel("ID do número de telefone").fill(NUMBER.phoneNumberId);
    await dialog.getByLabel("ID da conta do WhatsApp Business (WABA)").fill(NUMBER.wabaId);
    await accessible(admin, "the connection dialog, official API", "[role=dialog]");
    await dialog.getByLabel("Token de acesso").fill(`${NUMBER.accessToken}-wrong`);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.getByText("A API Cloud não aceitou este ID do número e token.").waitFor();
    await shot(admin, "cloud-web-dialog-kind-cloud-refused-desktop-light");

    await dialog.getByLabel("Token de acesso").fill(NUMBER.accessToken);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    // Saved, the dialog stays with what to paste in Meta: the callback URL of this site.
    const callback = dialog.getByLabel("URL de callback");
    await callback.waitFor();
    expect(await callback.inputValue()).toBe(`${baseUrl()}/webhooks/whatsapp`);
    // The token is never shown again: on the saved connection its field is empty ("keep").
    expect(await dialog.getByLabel("Token de acesso").inputValue()).toBe("");
    await shot(admin, "cloud-web-dialog-cloud-saved-desktop-light");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "detached" });

    const row = admin.getByRole("row").filter({ hasText: CONNECTION });
    await row.getByText("API oficial").waitFor();
    await row.getByText("Conectado").filter({ visible: true }).first().waitFor();
    const listed = (await asAdmin("GET", "/whatsapp")).json as { id: number; name: string; channel: string }[];
    connectionId = listed.find((c) => c.name === CONNECTION)!.id;
    expect(listed.find((c) => c.name === CONNECTION)!.channel).toBe("cloud");
    await shot(admin, "cloud-web-connections-desktop-light");
  });

  it("creates a template with a variable, previewed as the customer sees it, and follows Meta's review live", async () => {
    await admin.getByRole("row").filter({ hasText: CONNECTION }).getByRole("link", { name: `Modelos de mensagem ${CONNECTION}` }).click();
    await admin.getByRole("heading", { name: "Modelos de mensagem" }).waitFor();
    await admin.getByText("Nenhum modelo ainda").waitFor();
    await admin.getByRole("button", { name: "Novo modelo" }).click();
    const dialog = admin.getByRole("dialog", { name: "Novo modelo" });
    await dialog.getByLabel("Nome", { exact: true }).fill(TEMPLATE);
    await dialog.getByLabel("Corpo").fill("Olá ");
    await dialog.getByRole("button", { name: "Inserir variável" }).click();
    await expect.poll(() => dialog.getByLabel("Corpo").inputValue()).toBe("Olá {{1}}");
    await dialog.getByLabel("Corpo").press("End");
    await dialog.getByLabel("Corpo").pressSequentially(", seu pedido está pronto.");
    await dialog.getByLabel("Exemplo para {{1}}").fill("Maria");
    await dialog.getByLabel("Rodapé (opcional)").fill("Padaria Pão Quente");
    await dialog.getByRole("button", { name: "Adicionar botão" }).click();
    await dialog.getByLabel("Texto do botão").fill("Vou buscar");
    const preview = dialog.getByTestId("template-form-preview");
    await expect.poll(() => preview.innerText()).toContain("Olá Maria, seu pedido está pronto.");
    expect(await preview.innerText()).toContain("Vou buscar");
    await shot(admin, "cloud-web-template-dialog-desktop-light");
    await accessible(admin, "the new template dialog", "[role=dialog]");
    await dialog.getByRole("button", { name: "Enviar para análise" }).click();
    await dialog.waitFor({ state: "detached" });

    const row = admin.getByRole("row").filter({ hasText: TEMPLATE });
    // Meta answers PENDING at once and reviews by webhook a moment later: the status changes without a reload.
    const status = row.locator("[data-status]");
    await expect.poll(() => status.getAttribute("data-status")).toMatch(/^(PENDING|APPROVED)$/);
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 20_000 }).toBe("APPROVED");
    expect(await status.innerText()).toBe("Aprovado");
    const created = (await asAdmin("GET", `/whatsapp/${connectionId}/templates`)).json as { name: string; body: string; variables: number; status: string }[];
    expect(created.find((x) => x.name === TEMPLATE)).toMatchObject({ body: "Olá {{1}}, seu pedido está pronto.", variables: 1, status: "APPROVED" });
  });

  it("creates one with an image header, its example file going to Meta through the page", async () => {
    await admin.getByRole("button", { name: "Novo modelo" }).click();
    const dialog = admin.getByRole("dialog", { name: "Novo modelo" });
    await dialog.getByLabel("Nome", { exact: true }).fill(PICTURE);
    await dialog.getByRole("combobox", { name: "Cabeçalho" }).click();
    await admin.getByRole("option", { name: "Imagem" }).click();
    // A tiny PNG: Meta reviews the template with it (the fake keeps its bytes under the handle it answers).
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "vitrine.png", mimeType: "image/png", buffer: png });
    await dialog.getByLabel("Corpo").fill("Chegaram os panetones!");
    await expect.poll(() => dialog.getByTestId("template-form-preview").innerText()).toContain("vitrine.png");
    await dialog.getByRole("button", { name: "Enviar para análise" }).click();
    await dialog.waitFor({ state: "detached" });
    await admin.getByRole("row").filter({ hasText: PICTURE }).waitFor();
    const listed = (await asAdmin("GET", `/whatsapp/${connectionId}/templates`)).json as { name: string; headerFormat: string | null }[];
    expect(listed.find((x) => x.name === PICTURE)).toMatchObject({ headerFormat: "IMAGE" });
  });

  it("deletes another template after asking, at Meta too", async () => {
    expect((await asAdmin("POST", `/whatsapp/${connectionId}/templates`, { name: OTHER, category: "MARKETING", body: "Promoção de ontem" })).status).toBe(201);
    await admin.getByRole("button", { name: "Sincronizar com a Meta" }).click();
    const row = admin.getByRole("row").filter({ hasText: OTHER });
    await row.waitFor();
    await shot(admin, "cloud-web-templates-desktop-light");
    await accessible(admin, "the templates page", "main");
    await row.getByRole("button", { name: `Excluir ${OTHER}` }).click();
    const confirm = admin.getByRole("dialog", { name: `Excluir o modelo ${OTHER}?` });
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await admin.getByText("Modelo excluído.").first().waitFor();
    await row.waitFor({ state: "detached" });
    await expect.poll(async () => ((await asAdmin("GET", `/whatsapp/${connectionId}/templates`)).json as { name: string }[]).map((x) => x.name).sort()).toEqual([TEMPLATE, PICTURE].sort());
  });

  it("shows the dialog and the templates on a phone and in dark mode", async () => {
    for (const [label, options] of OTHER_LOOKS) {
      const context = await newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await login(page, demo.admin, demo.password);
      await page.goto(`/connections/${connectionId}/templates`);
      await page.getByText(TEMPLATE).first().waitFor();
      await shot(page, `cloud-web-templates-${label}`);
      await page.getByRole("button", { name: "Novo modelo" }).click();
      const dialog = page.getByRole("dialog", { name: "Novo modelo" });
      await dialog.getByLabel("Corpo").fill("Olá {{1}}, seu pedido está pronto.");
      await dialog.getByLabel("Exemplo para {{1}}").fill("Maria");
      await shot(page, `cloud-web-template-dialog-${label}`);
      await page.keyboard.press("Escape");
      await page.goto("/connections");
      await page.getByText(CONNECTION).first().waitFor();
      await shot(page, `cloud-web-connections-${label}`);
      await page.getByRole("button", { name: "Adicionar WhatsApp" }).first().click();
      const add = page.getByRole("dialog", { name: "Adicionar WhatsApp" });
      await shot(page, `cloud-web-dialog-kind-web-${label}`);
      await add.getByRole("radio", { name: /API oficial \(Meta\)/ }).check();
      await add.getByLabel("ID do número de telefone").waitFor();
      await shot(page, `cloud-web-dialog-kind-cloud-${label}`);
    }
  });
});
