import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, host } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** This journey's own admin, list and campaign (never the demo's, which other journeys use). */
const run = Date.now().toString().slice(-6);
const ADMIN = { name: `Campanhas ${run}`, email: `campanhas-${run}@demo.com`, password: "Campanhas123" };
const NUMBERS = [`5511971${run}`, `5511972${run}`, `5511973${run}`];
const NAME = `Oferta ${run}`;

const count = (page: Page, key: string) => page.locator(`[data-count="${key}"] p.text-2xl`).innerText();

describe("journey: an admin runs a campaign with confirmation and watches its report fill live", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let token: string;
  let campaignId: number;

  beforeAll(async () => {
    const adminToken = await apiLogin(demo.admin, demo.password);
    expect((await api("POST", "/users", { ...ADMIN, profile: "admin" }, adminToken)).status).toBe(201);
    token = await apiLogin(ADMIN.email, ADMIN.password);
    // A fast pacing, open all week: the journey does not wait 20 s between sends.
    const settings = await api("POST", "/campaign-settings", { messageInterval: 1, longerIntervalAfter: 0, windowStart: "00:00", windowEnd: "23:59", days: [0, 1, 2, 3, 4, 5, 6], dailyCap: 0 }, token);
    expect(settings.status).toBe(200);
    const list = await api("POST", "/contact-lists", { name: `Lista ${run}` }, token);
    for (const [i, number] of NUMBERS.entries()) {
      expect((await api("POST", "/contact-list-items", { contactListId: list.json.id, name: `Cliente ${i + 1} ${run}`, number }, token)).status).toBe(201);
    }
    const created = await api(
      "POST",
      "/campaigns",
      { name: NAME, whatsappId: demo.connectionId, contactListId: list.json.id, confirmation: true, confirmationMessage1: "Olá {nome}, podemos enviar a oferta? Responda SIM.", message1: "Oferta para {nome}: 20% de desconto hoje!" },
      token,
    );
    expect(created.status).toBe(201);
    campaignId = created.json.id;
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await login(page, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    // Not left running on the shared demo.
    if (campaignId) await api("POST", `/campaigns/${campaignId}/cancel`, undefined, token).catch(() => undefined);
    await closeBrowser(contexts);
  });

  it("starts the campaign from its dialog, asks each contact to confirm, and sends the message to the one who replies", async () => {
    await page.goto("/campaigns");
    const row = page.locator(`[data-campaign-id="${campaignId}"]`);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain("Inativa");
    await screenshot(page, "campaigns-list-desktop-light");
    await row.getByRole("button", { name: `Editar ${NAME}` }).click();
    const dialog = page.getByRole("dialog", { name: "Editar campanha" });
    // An attachment picked is shown as it will be stored; undone, the campaign saves without it.
    await dialog.locator('input[type="file"]').setInputFiles({ name: "tabela de preços.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await dialog.getByText("tabela_de_preços.pdf").waitFor();
    await dialog.getByRole("button", { name: "Desfazer a troca do anexo" }).click();
    await expect.poll(() => dialog.getByText("tabela_de_preços.pdf").count()).toBe(0);
    await dialog.getByLabel("Agora").check();
    await screenshot(page, "campaigns-dialog-desktop-light");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/Em Andamento|Programada/);

    await row.getByRole("link", { name: `Relatório ${NAME}` }).click();
    await page.waitForURL((url) => url.pathname === `/campaign/${campaignId}/report`);
    // Live: the confirmations go out one by one at the connection's pace.
    await expect.poll(() => count(page, "confirmationRequested"), { timeout: 30_000 }).toBe("3");
    const asked = await host<{ messages: { direction: string; body: string }[] }>("GET", `/simulator/${demo.connectionId}/conversation?with=${NUMBERS[0]}`);
    expect(asked.json.messages.map((m) => m.body)).toContain(`Olá Cliente 1 ${run}, podemos enviar a oferta? Responda SIM.`);

    expect((await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: NUMBERS[0], name: `Cliente 1 ${run}`, body: "SIM" })).status).toBe(200);
    expect((await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: NUMBERS[1], name: `Cliente 2 ${run}`, body: "sair" })).status).toBe(200);
    await expect.poll(() => count(page, "confirmed"), { timeout: 30_000 }).toBe("1");
    await expect.poll(() => count(page, "delivered"), { timeout: 30_000 }).toBe("1");
    await expect.poll(() => count(page, "optedOut"), { timeout: 15_000 }).toBe("1");
    const conversation = await host<{ messages: { direction: string; body: string }[] }>("GET", `/simulator/${demo.connectionId}/conversation?with=${NUMBERS[0]}`);
    expect(conversation.json.messages.filter((m) => m.direction === "out").map((m) => m.body)).toContain(`Oferta para Cliente 1 ${run}: 20% de desconto hoje!`);
    await expect.poll(() => page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("50");
    await screenshot(page, "campaign-report-desktop-light");
  });

  it("shows the report and the settings in dark mode and on a phone", async () => {
    // One live session per user: each context logs in anew (the journey's first page is signed out by it).
    for (const [scheme, viewport, suffix] of [
      ["light", { width: 1280, height: 800 }, "desktop-light"],
      ["dark", { width: 1280, height: 800 }, "desktop-dark"],
      ["light", { width: 390, height: 844 }, "phone-light"],
      ["dark", { width: 390, height: 844 }, "phone-dark"],
    ] as const) {
      const context = await newContext({ colorScheme: scheme, viewport });
      contexts.push(context);
      const other = await context.newPage();
      await login(other, ADMIN.email, ADMIN.password);
      await other.goto(`/campaign/${campaignId}/report`);
      await expect.poll(() => count(other, "delivered"), { timeout: 15_000 }).toBe("1");
      await screenshot(other, `campaign-report-${suffix}`);
      await other.goto("/campaigns");
      await other.locator(`[data-campaign-id="${campaignId}"]`).waitFor();
      await screenshot(other, `campaigns-list-${suffix}`);
      await other.goto("/campaigns-config");
      await other.getByRole("button", { name: "Salvar" }).waitFor();
      await screenshot(other, `campaigns-config-${suffix}`);
    }
  });
});
