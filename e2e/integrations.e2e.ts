import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** Journey: an admin adds a webhook integration on the integrations page, keeps its secret, edits (a new URL, a new secret) and deletes it. */
const NAME = `Webhook ${Date.now().toString(36)}`;

describe("journey: an admin manages queue integrations", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("adds a webhook, is shown its signing secret once, and finds it in the list", async () => {
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    await login(page, demo.admin, demo.password);
    await page.goto("/queue-integration");
    await page.getByRole("button", { name: "Adicionar integração" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Tipo").click();
    await page.getByRole("option", { name: "Webhook" }).click();
    await dialog.getByLabel("Nome").fill(NAME);
    // Saving without a URL: the server names the field.
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect.poll(() => dialog.getByRole("alert").first().isVisible()).toBe(true);
    await dialog.getByLabel("URL").fill("https://hooks.example/zapdesk");
    await screenshot(page, "integrations-dialog-light");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    const secret = page.getByTestId("integration-secret");
    await expect.poll(() => secret.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await secret.innerText()).toMatch(/^whsec_/);
    await screenshot(page, "integrations-secret-light");
    await page.getByRole("dialog").getByRole("button", { name: "Fechar" }).click();
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    const row = page.getByTestId("integration-row").filter({ hasText: NAME });
    await expect.poll(() => row.isVisible()).toBe(true);
    await screenshot(page, "integrations-desktop-light");
  });

  it("searches, edits and deletes it after a confirmation", async () => {
    await page.getByPlaceholder("Pesquisar integrações").fill(NAME);
    const row = page.getByTestId("integration-row").filter({ hasText: NAME });
    await expect.poll(() => page.getByTestId("integration-row").count()).toBe(1);
    await row.getByRole("button", { name: `Editar ${NAME}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL").fill("https://hooks.example/v2");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    // A new URL gets a new signing secret (bound to the URL it signs for), shown once as on creation.
    const secret = page.getByTestId("integration-secret");
    await expect.poll(() => secret.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await secret.innerText()).toMatch(/^whsec_/);
    await page.getByRole("dialog").getByRole("button", { name: "Fechar" }).click();
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await expect.poll(() => row.innerText()).toContain("https://hooks.example/v2");
    await row.getByRole("button", { name: `Excluir ${NAME}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
    await expect.poll(() => row.count()).toBe(0);

    const phone = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    contexts.push(phone);
    await phone.addCookies(await contexts[0]!.cookies());
    const small = await phone.newPage();
    await small.goto("/queue-integration");
    await expect.poll(() => small.getByRole("button", { name: "Adicionar integração" }).isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(small, "integrations-phone-dark");
  });
});
