import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";

/** A company of our own (no other journey sees it), whose admin watches the top bar. */
const stamp = Date.now().toString(36);
const SHOP = { name: `Loja Avisos ${stamp}`, email: `loja.avisos.${stamp}@demo.com`, password: "Segredo123" };
const TITLE = `Manutenção ${stamp}`;
const SECOND = `Horários novos ${stamp}`;

const bell = (page: Page) => page.getByRole("button", { name: /^Avisos/ }).first();

describe("journey: a super user's announcement reaches another company live", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let shop: Page;
  let shopId: number;

  beforeAll(async () => {
    const token = await apiLogin(platform.admin, platform.password);
    const plan = await api<{ id: number }>("POST", "/plans", { name: `Plano Avisos ${stamp}`, users: 3, connections: 1, queues: 1, value: 0 }, token);
    expect(plan.status).toBe(201);
    const planId = plan.json.id;
    const made = await api<{ id: number }>("POST", "/companies", { name: SHOP.name, email: SHOP.email, planId, password: SHOP.password }, token);
    expect(made.status).toBe(201);
    shopId = made.json.id;
    contexts.push(await newContext(), await newContext({ colorScheme: "dark" }));
    admin = await contexts[0]!.newPage();
    shop = await contexts[1]!.newPage();
    await login(admin, platform.admin, platform.password);
    await login(shop, SHOP.email, SHOP.password);
  });
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("appears in the other company's top bar without a reload, and the super user sees the delivery's progress", async () => {
    await shop.goto("/");
    await expect.poll(() => bell(shop).textContent()).toBe("Avisos");

    await admin.goto("/announcements");
    await admin.getByRole("button", { name: "Novo informativo" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel("Título").fill(TITLE);
    await dialog.getByLabel("Texto").fill("O sistema fica fora do ar no domingo das 2h às 4h.");
    await dialog.getByRole("combobox").first().click();
    await admin.getByRole("option", { name: "Alta" }).click();
    await dialog.getByLabel("Escolher empresas").check();
    await dialog.getByLabel(SHOP.name).check();
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => admin.getByRole("cell", { name: new RegExp(TITLE) }).first().isVisible()).toBe(true);
    await expect.poll(() => admin.getByText("Entregue à única empresa").isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(admin, "announcements-desktop-light");

    await expect.poll(() => bell(shop).textContent(), { timeout: 10_000 }).toBe("Avisos, 1");
    await bell(shop).click();
    await shop.getByRole("button", { name: new RegExp(TITLE) }).waitFor();
    await screenshot(shop, "announcements-popover-desktop-dark");
    await shop.getByRole("button", { name: new RegExp(TITLE) }).click();
    await expect.poll(() => shop.getByRole("dialog", { name: TITLE }).isVisible()).toBe(true);
    await shop.getByRole("dialog", { name: TITLE }).getByRole("button", { name: "Fechar" }).last().click();
    await expect.poll(() => bell(shop).textContent()).toBe("Avisos");
  });

  it("a high-priority one opens by itself once for each user, not on every page load", async () => {
    // The first one was read from the list above: it never opens by itself. A second one, unread, opens once.
    const token = await apiLogin(platform.admin, platform.password);
    const made = await api("POST", "/announcements", { title: SECOND, text: "Novos horários a partir de segunda-feira.", priority: 1, status: true, endDate: null, companyIds: [shopId] }, token);
    expect(made.status).toBe(201);
    await expect.poll(() => bell(shop).textContent(), { timeout: 10_000 }).toBe("Avisos, 1");
    await shop.setViewportSize({ width: 390, height: 844 });
    await shop.reload();
    await hydrated(shop);
    const viewer = shop.getByRole("dialog", { name: SECOND });
    await expect.poll(() => viewer.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await shop.getByRole("dialog", { name: TITLE }).isVisible()).toBe(false);
    await screenshot(shop, "announcement-viewer-phone-dark");
    await viewer.getByRole("button", { name: "Fechar" }).last().click();
    await expect.poll(() => viewer.isVisible()).toBe(false);
    // Shown once is seen: neither the next page load nor another browser of the same user opens it again.
    await shop.reload();
    await hydrated(shop);
    await expect.poll(() => bell(shop).textContent()).toBe("Avisos");
    expect(await shop.getByRole("dialog").count()).toBe(0);
    const other = await (await newContext()).newPage();
    contexts.push(other.context());
    await login(other, SHOP.email, SHOP.password);
    await expect.poll(() => bell(other).textContent()).toBe("Avisos");
    expect(await other.getByRole("dialog").count()).toBe(0);
  });
});
