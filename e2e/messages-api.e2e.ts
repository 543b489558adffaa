import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, login, newContext } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey: the admin tries the message API from its page: the test form says what is missing before it calls, and
 * then shows the API's own answer (here 401: a token that is no connection's).
 */
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  const context = await newContext();
  contexts.push(context);
  page = await context.newPage();
  await login(page, demo.admin, demo.password);
});
afterAll(() => closeBrowser(contexts));

describe("journey: the admin tries the message API from its page", () => {
  it("says what the test form lacks, then shows the API's answer", async () => {
    await page.goto("/messages-api");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Enviar" }) }).first();
    await form.getByRole("button", { name: "Enviar" }).click();
    await expect.poll(() => form.getByText("Obrigatório").count()).toBe(3);

    await form.getByLabel("Token da conexão").fill("not-a-token");
    await form.getByLabel("Número").fill("55 11 9999-8888");
    await form.getByLabel("Mensagem").fill("Olá do teste");
    await form.getByRole("button", { name: "Enviar" }).click();
    await form.getByText("Só dígitos: código do país + DDD + número").waitFor();

    await form.getByLabel("Número").fill("5511999998888");
    await form.getByRole("button", { name: "Enviar" }).click();
    await form.getByText("Resposta").waitFor();
    expect(await form.getByText("401").count()).toBeGreaterThan(0);
  });
});
