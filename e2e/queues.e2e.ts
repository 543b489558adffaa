import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiAs, apiLogin, changeSetting } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const INTEGRATION = `Typebot Pós-venda ${Date.now().toString().slice(-6)}`;
const NAME_IN_USE = "Já existe uma fila com este nome.";
/** A 1×1 PNG, for an attachment. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/**
 * An admin sets up a department: creates a queue with its service hours, builds a menu of two options and a
 * sub-option (one with an attachment), edits one, deletes another and sees the rest renumbered, is told under the
 * day's input when its hours are wrong, then deletes the queue. The page is also looked at in dark mode at phone width.
 */
describe("queues: an admin builds a queue's chatbot menu", () => {
  let context: BrowserContext;
  let page: Page;
  let restoreScheduleType: (() => Promise<void>) | undefined;
  let integrationId = 0;

  beforeAll(async () => {
    // Queues have their own service hours only when the company says so (spec 002: scheduleType "queue").
    restoreScheduleType = await changeSetting("scheduleType", "queue");
    context = await newContext();
    page = await context.newPage();
    await login(page, demo.admin, demo.password);
  });

  afterAll(async () => {
    if (integrationId) await api("DELETE", `/queueIntegration/${integrationId}`, undefined, await apiLogin(demo.admin, demo.password));
    await restoreScheduleType?.();
    await context?.close();
    await closeBrowser();
  });

  const dialog = () => page.getByRole("dialog").filter({ has: page.getByRole("tab", { name: "Dados da fila" }) });
  const option = (path: string) => dialog().getByTestId(`queue-option-${path}`);

  it("lists the demo's queues", async () => {
    await page.goto("/queues");
    await page.getByRole("heading", { name: "Filas e chatbot" }).waitFor();
    for (const name of ["Encomendas", "Entregas", "Financeiro"]) await page.getByRole("row").filter({ hasText: name }).first().waitFor();
    await screenshot(page, "queues-list");
  });

  it("says a name already in use under the name, on the data tab, when the queue is saved from the hours tab", async () => {
    await page.getByRole("button", { name: "Adicionar fila" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar fila" });
    await add.getByLabel("Nome", { exact: true }).fill("Encomendas");
    await add.getByRole("radio", { name: "#0F766E" }).click();
    await add.getByRole("tab", { name: "Horários de atendimento" }).click();
    await add.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect.poll(() => add.getByRole("tab", { name: "Dados da fila" }).getAttribute("aria-selected")).toBe("true");
    const name = add.getByLabel("Nome", { exact: true });
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(async () => add.locator(`[id="${await name.getAttribute("aria-describedby")}"]`).innerText()).toBe(NAME_IN_USE);
    await add.getByRole("button", { name: "Cancelar", exact: true }).click();
    await add.waitFor({ state: "detached" });
  });

  it("creates a queue with its hours and keeps the dialog open to build the menu", async () => {
    await page.getByRole("button", { name: "Adicionar fila" }).click();
    const add = page.getByRole("dialog", { name: "Adicionar fila" });
    await add.getByLabel("Nome", { exact: true }).fill("Pós-venda");
    await add.getByRole("radio", { name: "#8B5CF6" }).click();
    await add.getByLabel("Mensagem de saudação").fill("Olá! Você está no Pós-venda.");
    await add.getByRole("tab", { name: "Horários de atendimento" }).click();
    await add.getByText("Clique em salvar para registar as alterações").waitFor();
    await add.getByLabel("Fim de Sábado").fill("1300");
    await expect.poll(() => add.getByLabel("Fim de Sábado").inputValue()).toBe("13:00");
    await screenshot(page, "queues-dialog-hours");
    await add.getByRole("tab", { name: "Dados da fila" }).click();
    await add.getByRole("button", { name: "Salvar fila e criar opções" }).click();
    await page.getByText("Fila salva com sucesso").first().waitFor();
    await page.getByRole("dialog", { name: "Editar fila" }).waitFor();
  });

  it("adds two options and a sub-option, numbered in order", async () => {
    const addOption = async (trigger: string, title: string, message: string) => {
      await dialog().getByRole("button", { name: trigger }).click();
      const form = dialog().getByRole("form", { name: /^Nova opção/ });
      await form.getByLabel("Título").fill(title);
      await form.getByLabel("Mensagem").fill(message);
      await form.getByRole("button", { name: "Salvar opção" }).click();
      await form.waitFor({ state: "detached" });
    };
    await addOption("Adicionar opção", "Comprar", "Qual produto você quer?");
    await addOption("Adicionar opção", "Trocar produto", "Envie o número do pedido.");
    await addOption("Adicionar subopção em 1 Comprar", "Boleto", "O boleto vence em 3 dias.");
    await expect.poll(() => option("1").first().innerText()).toContain("Comprar");
    await expect.poll(() => option("2").innerText()).toContain("Trocar produto");
    await expect.poll(() => option("1.1").innerText()).toContain("Boleto");
  });

  it("attaches a file to an option: a type WhatsApp cannot take is turned down at once, a picture is sent after the option is saved", async () => {
    await dialog().getByRole("button", { name: "Editar a opção 2 Trocar produto" }).click();
    const form = dialog().getByRole("form", { name: "Editar a opção 2 Trocar produto" });
    // The attachment's file input: the form reads it, and checks what it takes.
    const picker = form.locator('input[type="file"]');
    await picker.setInputFiles({ name: "script.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await form.getByText("Este tipo de arquivo não pode ser enviado pelo WhatsApp.").waitFor();
    await picker.setInputFiles({ name: "etiqueta troca.png", mimeType: "image/png", buffer: PNG });
    await form.getByText("etiqueta_troca.png").waitFor();
    await expect.poll(() => form.getByText("Este tipo de arquivo não pode ser enviado pelo WhatsApp.").count()).toBe(0);
    await form.getByRole("button", { name: "Salvar opção" }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(() => option("2").innerText()).toContain("etiqueta_troca.png");
  });

  it("edits an option's title", async () => {
    await dialog().getByRole("button", { name: "Editar a opção 2 Trocar produto" }).click();
    const form = dialog().getByRole("form", { name: "Editar a opção 2 Trocar produto" });
    await form.getByLabel("Título").fill("Troca ou devolução");
    await form.getByRole("button", { name: "Salvar opção" }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(() => option("2").innerText()).toContain("Troca ou devolução");
  });

  it("deletes an option with its sub-option and shows the next one renumbered", async () => {
    await dialog().getByRole("button", { name: "Excluir a opção 1 Comprar" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir a opção 1 Comprar?" });
    await confirm.getByText(/subopção dela também será excluída.*renumeradas/).waitFor();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => option("1").innerText()).toContain("Troca ou devolução");
    await option("1").getByText("renumerada").waitFor();
    await expect.poll(() => dialog().getByText("Boleto").count()).toBe(0);
    await screenshot(page, "queues-dialog-renumbered");
  });

  it("says the options were saved at once: with the queue's own fields untouched, the dialog offers to close, not to cancel", async () => {
    await dialog().getByText("Cada opção é salva na hora").waitFor();
    const buttons = (name: string) => dialog().getByRole("button", { name, exact: true }).count();
    // The title bar's close button and the footer's.
    await expect.poll(() => buttons("Fechar")).toBe(2);
    await expect.poll(() => buttons("Cancelar")).toBe(0);
    // Editing the queue's own fields is what Cancel undoes.
    await dialog().getByLabel("Nome", { exact: true }).fill("Pós-venda!");
    await expect.poll(() => buttons("Cancelar")).toBe(1);
    await dialog().getByLabel("Nome", { exact: true }).fill("Pós-venda");
    await expect.poll(() => buttons("Fechar")).toBe(2);
    await screenshot(page, "queues-dialog-options-saved");
  });

  it("kept the menu and the hours once the dialog is opened again", async () => {
    await dialog().getByRole("button", { name: "Fechar", exact: true }).last().click();
    await page.getByRole("row").filter({ hasText: "Pós-venda" }).waitFor();
    await page.getByRole("button", { name: "Editar Pós-venda" }).click();
    await expect.poll(() => option("1").innerText()).toContain("Troca ou devolução");
    await expect.poll(() => option("2").count()).toBe(0);
    await dialog().getByRole("tab", { name: "Horários de atendimento" }).click();
    await expect.poll(() => dialog().getByLabel("Fim de Sábado").inputValue()).toBe("13:00");
    await dialog().getByRole("button", { name: "Fechar", exact: true }).last().click();
  });

  it("links the queue to an integration and attaches a file to its greeting, then unlinks it: the form's controls go with the save", async () => {
    // Through the page's own session (a login elsewhere would end it).
    const created = await page.request.post("/api/queueIntegration", { data: { type: "typebot", name: INTEGRATION, urlN8N: "https://typebot.example.com", typebotSlug: "pos-venda" }, headers: { origin: new URL(page.url()).origin } });
    expect(created.status(), await created.text()).toBe(201);
    integrationId = (await created.json()).id;
    const stored = async () => {
      const list = (await apiAs(page, "/queue")) as { id: number; name: string }[];
      const id = list.find((q) => q.name === "Pós-venda")!.id;
      return (await apiAs(page, `/queue/${id}`)) as { integrationId: number | null; mediaName: string | null };
    };

    await page.getByRole("button", { name: "Editar Pós-venda" }).click();
    await option("1").waitFor();
    await dialog().getByRole("combobox", { name: "Integração" }).click();
    await page.getByRole("option", { name: INTEGRATION }).click();
    await dialog().getByTestId("queue-handoff-note").getByText("Com uma integração").waitFor();
    await dialog().locator('form input[type="file"]').setInputFiles({ name: "boas vindas.png", mimeType: "image/png", buffer: PNG });
    await dialog().getByText("boas_vindas.png").waitFor();
    await dialog().getByRole("button", { name: "Cancelar", exact: true }).waitFor();
    await dialog().getByRole("button", { name: "Salvar", exact: true }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(async () => (await stored()).integrationId).toBe(integrationId);
    expect((await stored()).mediaName).toBe("boas_vindas.png");

    await page.getByRole("button", { name: "Editar Pós-venda" }).click();
    const select = dialog().getByRole("combobox", { name: "Integração" });
    await expect.poll(() => select.innerText()).toContain(INTEGRATION);
    await select.click();
    await page.getByRole("option", { name: "Nenhum" }).click();
    await expect.poll(() => dialog().getByTestId("queue-handoff-note").count()).toBe(0);
    await dialog().getByRole("button", { name: "Salvar", exact: true }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(async () => (await stored()).integrationId).toBeNull();
    expect((await stored()).mediaName).toBe("boas_vindas.png");
  });

  it("says under the day's input what is wrong with its hours, with the API's rules, on the hours tab, and saves nothing", async () => {
    await page.getByRole("button", { name: "Editar Pós-venda" }).click();
    await option("1").waitFor();
    await dialog().getByRole("tab", { name: "Horários de atendimento" }).click();
    await dialog().getByLabel("Início de Domingo").fill("");
    await dialog().getByLabel("Fim de Sábado").fill("2599");
    await dialog().getByRole("tab", { name: "Dados da fila" }).click();
    await dialog().getByRole("button", { name: "Salvar", exact: true }).click();
    await page.getByText("Corrija os horários antes de salvar.").first().waitFor();
    const errorOf = async (label: string) => {
      const input = dialog().getByLabel(label);
      await input.waitFor({ state: "visible" });
      return dialog().locator(`[id="${await input.getAttribute("aria-describedby")}"]`).innerText();
    };
    await expect.poll(() => errorOf("Fim de Domingo")).toBe("Informe o início e o fim, ou nenhum dos dois");
    await expect.poll(() => errorOf("Fim de Sábado")).toBe("Use o formato HH:MM");
    await expect.poll(() => dialog().getByRole("alert").count()).toBe(2);
    await screenshot(page, "queues-dialog-hours-error");
    // Typed again, the errors go as they are typed; the hours are as saved again, so there is nothing to cancel.
    await dialog().getByLabel("Início de Domingo").fill("0000");
    await dialog().getByLabel("Fim de Sábado").fill("1300");
    await expect.poll(() => dialog().getByRole("alert").count()).toBe(0);
    await expect.poll(() => dialog().getByRole("button", { name: "Cancelar", exact: true }).count()).toBe(0);
    await dialog().getByRole("button", { name: "Fechar", exact: true }).last().click();
    await dialog().waitFor({ state: "detached" });
  });

  it("deletes the queue after confirmation", async () => {
    await page.getByRole("button", { name: "Excluir Pós-venda" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir a fila Pós-venda?" });
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await page.getByText("Fila excluída").first().waitFor();
    await expect.poll(() => page.getByRole("row").filter({ hasText: "Pós-venda" }).count()).toBe(0);
  });

  it("fits a phone screen in dark mode, dialog open", async () => {
    const phone = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    try {
      const small = await phone.newPage();
      await login(small, demo.admin, demo.password);
      await small.goto("/queues");
      await small.getByRole("row").filter({ hasText: "Encomendas" }).first().waitFor();
      await screenshot(small, "queues-list-phone-dark");
      await small.getByRole("button", { name: "Editar Encomendas" }).click();
      const edit = small.getByRole("dialog", { name: "Editar fila" });
      await edit.getByTestId("queue-option-1.1").waitFor();
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(small, "queues-dialog-phone-dark");
      await edit.getByRole("button", { name: "Editar a opção 1.2 Salgados" }).click();
      await edit.getByRole("form", { name: "Editar a opção 1.2 Salgados" }).scrollIntoViewIfNeeded();
      await screenshot(small, "queues-dialog-phone-dark-options");
    } finally {
      await phone.close();
    }
  });

  it("reads well in dark mode on a desktop, option tree in view", async () => {
    const dark = await newContext({ colorScheme: "dark" });
    try {
      const desk = await dark.newPage();
      await login(desk, demo.admin, demo.password);
      await desk.goto("/queues");
      await desk.getByRole("button", { name: "Editar Entregas" }).click();
      const edit = desk.getByRole("dialog", { name: "Editar fila" });
      await edit.getByTestId("queue-option-1.2").scrollIntoViewIfNeeded();
      await screenshot(desk, "queues-dialog-desktop-dark");
    } finally {
      await dark.close();
    }
  });
});
