import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, login, newContext } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey: the admin adds a custom variable on /campaigns-config, is told when its key is not one, saves it and finds
 * it after a reload; then removes it again (the demo is left as it was).
 */
const contexts: BrowserContext[] = [];
let page: Page;
const KEY = `cupom${Date.now().toString(36)}`;

beforeAll(async () => {
  const context = await newContext();
  contexts.push(context);
  page = await context.newPage();
  await login(page, demo.admin, demo.password);
});
afterAll(() => closeBrowser(contexts));

describe("journey: the admin keeps a custom variable in the campaign settings", () => {
  it("refuses a key with a space, saves a good one, and removes it", async () => {
    await page.goto("/campaigns-config");
    await page.getByRole("button", { name: "Adicionar variável" }).click();
    const key = page.getByLabel("Chave").last();
    await key.fill("com espaço");
    await page.getByLabel("Valor").last().fill("DEZ10");
    await page.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Valor inválido").first().waitFor();

    await key.fill(KEY);
    await page.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Configurações salvas").first().waitFor();
    await page.reload();
    await expect.poll(async () => (await page.getByLabel("Chave").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).includes(KEY)).toBe(true);

    const rows = await page.getByLabel("Chave").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await page.getByRole("button", { name: "Remover variável" }).nth(rows.indexOf(KEY)).click();
    await page.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Configurações salvas").first().waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Adicionar variável" }).waitFor();
    expect(await page.getByLabel("Chave").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).not.toContain(KEY);
  });
});
