import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./support/api";
import { describeViolations, axeViolations } from "./support/axe";
import { closeBrowser, login, newContext, OTHER_LOOKS, screenshotInto } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey: an admin makes a company API token with one scope, copies it (shown once), and an integration's script
 * lists the queues with it; once the admin revokes it, the script is refused.
 */
const SHOTS = "/work/shots/api-tokens";
const NAME = `n8n ${Date.now().toString(36)}`;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  const context = await newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  contexts.push(context);
  page = await context.newPage();
  await login(page, demo.admin, demo.password);
});
afterAll(() => closeBrowser(contexts));

describe("journey: an admin gives an integration an API token, then takes it back", () => {
  it("makes a token with a scope, copies it, and the integration lists the queues with it until it is revoked", async () => {
    await page.goto("/api-tokens");
    await page.getByRole("link", { name: "Referência da API" }).waitFor();
    await page.getByRole("button", { name: "Novo token" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo token" });
    await dialog.getByRole("button", { name: "Criar token" }).click();
    await dialog.getByText("Escolha ao menos um escopo").waitFor();

    await dialog.getByLabel("Nome").fill(NAME);
    await dialog.getByRole("checkbox", { name: /company:read/ }).check();
    await screenshotInto(page, "api-tokens-dialog-desktop-light", SHOTS);
    await dialog.getByRole("button", { name: "Criar token" }).click();

    const created = page.getByRole("dialog", { name: "Token criado" });
    await created.getByText("Copie o token agora: ele não será mostrado de novo.").waitFor();
    const shown = await created.getByLabel("Token", { exact: true }).inputValue();
    expect(shown).toMatch(/^zdk_\d+_[A-Za-z0-9_-]{43}$/);
    await created.getByRole("button", { name: "Copiar token" }).click();
    await page.getByText("Token copiado").first().waitFor();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe(shown);
    await screenshotInto(page, "api-tokens-created-desktop-light", SHOTS);
    await created.getByRole("button", { name: "Concluir" }).click();

    const row = page.locator("tr", { hasText: NAME });
    await row.getByText("Ativo").filter({ visible: true }).waitFor();
    await row.getByText("company:read").filter({ visible: true }).waitFor();
    expect(await row.getByText(token).count()).toBe(0);

    const queues = await api("GET", "/v1/queues", undefined, token);
    expect(queues.status).toBe(200);
    expect(queues.json.items.length).toBeGreaterThan(0);
    // Its one scope only.
    expect((await api("GET", "/v1/tickets", undefined, token)).status).toBe(403);

    await page.reload();
    await row.getByText("Nunca").waitFor({ state: "detached" });
    await screenshotInto(page, "api-tokens-desktop-light", SHOTS);
    const violations = await axeViolations(page, { include: ["main"] });
    expect(violations.map((v) => v.id), describeViolations("the API tokens page", violations)).toEqual([]);

    await row.getByRole("button", { name: `Revogar ${NAME}` }).click();
    const confirm = page.getByRole("dialog", { name: `Revogar o token ${NAME}?` });
    await confirm.getByRole("button", { name: "Revogar" }).click();
    await page.getByText("Token revogado").first().waitFor();
    await row.getByText("Revogado").filter({ visible: true }).waitFor();
    expect((await api("GET", "/v1/queues", undefined, token)).status).toBe(401);
  });

  it("shows the page and its dialog on a phone and in dark mode", async () => {
    for (const [label, options] of OTHER_LOOKS) {
      const context = await newContext(options);
      contexts.push(context);
      const look = await context.newPage();
      await login(look, demo.admin, demo.password);
      await look.goto("/api-tokens");
      await look.locator("tr", { hasText: NAME }).getByText("Revogado").filter({ visible: true }).waitFor();
      await screenshotInto(look, `api-tokens-${label}`, SHOTS);
      await look.getByRole("button", { name: "Novo token" }).click();
      await look.getByRole("dialog", { name: "Novo token" }).getByLabel("Nome").fill("ERP");
      await screenshotInto(look, `api-tokens-dialog-${label}`, SHOTS);
      await context.close();
    }
  });
});
