import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, hydrated, login, newContext, OTHER_LOOKS, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey: an integrator reads the public API's reference at /api/docs (no login), finds GET /queues, pastes a
 * company API token an admin made, and "Experimentar" shows the API's own answer: 200 with the company's queues.
 */
const contexts: BrowserContext[] = [];
let token: string;
let queueName: string;

beforeAll(async () => {
  const admin = await apiLogin(demo.admin, demo.password);
  const made = await api<{ token: string }>("POST", "/api-tokens", { name: "Referência da API (e2e)", scopes: ["company:read"] }, admin);
  expect(made.status).toBe(201);
  token = made.json.token;
  const queues = await api<{ items: { name: string }[] }>("GET", "/v1/queues", undefined, token);
  expect(queues.status).toBe(200);
  queueName = queues.json.items[0]!.name;
});
afterAll(() => closeBrowser(contexts));

describe("journey: an integrator tries the public API from its reference", () => {
  it("finds GET /queues and calls it with a pasted token, which stays in the tab only", async () => {
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto("/api/docs");
    await hydrated(page);
    await page.getByRole("heading", { name: "ZapDesk API" }).waitFor();
    await screenshot(page, "api-reference-desktop-light");

    await page.getByRole("navigation", { name: "Conteúdo" }).getByRole("link", { name: /\/queues/ }).click();
    const operation = page.locator("article", { has: page.getByRole("heading", { name: /^get \/queues$/i }) });
    await operation.getByText("company:read").first().waitFor();

    await operation.getByRole("button", { name: "Experimentar" }).click();
    const form = operation.getByRole("form");
    await form.getByRole("button", { name: "Enviar" }).click();
    await form.getByText("Obrigatório").waitFor();

    await form.getByLabel("Token da API").fill(token);
    await form.getByRole("button", { name: "Enviar" }).click();
    await expect.poll(() => form.getByTestId("try-status").textContent()).toMatch(/^200/);
    await form.getByText(`"name": "${queueName}"`).waitFor();
    await screenshot(page, "api-reference-try-it");

    const stored = await page.evaluate(() => ({ session: Object.values(sessionStorage), local: Object.values(localStorage), cookie: document.cookie }));
    expect(stored.session).toContain(token);
    expect(stored.local.join()).not.toContain(token);
    expect(stored.cookie).not.toContain(token);

    // The page's own words follow the visitor's language; the document stays English.
    await page.getByLabel("Idioma").selectOption("en");
    await operation.getByRole("button", { name: "Close" }).waitFor();
    await operation.getByText("List the company's queues").waitFor();
  });

  it("is linked from the messages-API page", async () => {
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await login(page, demo.admin, demo.password);
    await page.goto("/messages-api");
    await hydrated(page);
    await screenshot(page, "messages-api-with-reference-link");
    await page.getByRole("link", { name: "Ver a referência da API" }).click();
    await page.waitForURL((url) => url.pathname === "/api/docs");
    await page.getByRole("heading", { name: /^get \/queues$/i }).waitFor();
  });

  it("reads well in dark mode and on a phone", async () => {
    for (const [look, options] of OTHER_LOOKS) {
      const context = await newContext(options);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto("/api/docs");
      await hydrated(page);
      await page.getByRole("heading", { name: /^get \/queues$/i }).waitFor();
      // Nothing is wider than the phone: code and tables scroll inside themselves.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      await screenshot(page, `api-reference-${look}`);
    }
  });
});
