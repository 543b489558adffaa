import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { api, apiLogin, ownAddress } from "./support/api";
import { closeBrowser, hydrated, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";
import { landsInInbox } from "./support/signup";

const stamp = Date.now().toString(36);
const COMPANY = `Padaria ${stamp}`;
const EMAIL = `dona-${stamp}@padaria.test`;

async function openSignup(page: Page) {
  // A signup counts against its address's hourly budget: this journey's own, not the whole run's 127.0.0.1.
  await page.setExtraHTTPHeaders(ownAddress());
  await page.goto("/signup");
  await hydrated(page);
}

describe("journey: a visitor signs up and lands in the inbox on a trial", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("registers a company with a public plan and starts working at once", async () => {
    // The demo offers signup; another journey may have hidden the link meanwhile.
    const admin = await apiLogin(platform.admin, platform.password);
    for (const key of ["viewregister", "allowregister"]) {
      expect((await api("PUT", `/settings/${key}`, { value: "enabled" }, admin)).status).toBe(200);
    }
    const trial = Number((await api("GET", "/settings/trial")).json.value);

    contexts.push(await newContext());
    const page = await contexts[0]!.newPage();
    await page.setExtraHTTPHeaders(ownAddress());
    await page.goto("/login");
    await page.getByRole("link", { name: "Cadastre-se" }).click();
    await page.waitForURL("**/signup");
    await hydrated(page);
    await expect.poll(() => page.getByText(`Experimente grátis por ${trial} dias`).isVisible()).toBe(true);

    // Nothing filled: the form says what is missing, and nothing is sent.
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect.poll(() => page.getByText("Escolha um plano").isVisible()).toBe(true);

    await page.getByLabel("Seu nome").fill("Helena Prado");
    await page.getByLabel("Nome da empresa").fill(COMPANY);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Telefone").pressSequentially("11987654321");
    expect(await page.getByLabel("Telefone").inputValue()).toBe("(11) 98765-4321");
    await page.getByLabel("Senha", { exact: true }).fill("Segredo1");
    await page.locator('input[name="planId"]').first().check();
    await screenshot(page, "signup-desktop-light");
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await landsInInbox(page, 30_000);

    // On the trial the server chose: the session's company is due `trial` days from today.
    const me = await (await page.request.get("/api/auth/me")).json();
    expect(me.email).toBe(EMAIL);
    // The first admin is the person who signed up, greeted by their own name, not the company's.
    expect(me.name).toBe("Helena Prado");
    expect(me.profile).toBe("admin");
    const due = me.company?.dueDate as string | undefined;
    if (due) expect(Math.round((Date.parse(due) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000)).toBeGreaterThanOrEqual(trial - 1);
    await screenshot(page, "signup-inbox-after");
    // The masked phone (the form's own control) reaches the company as its digits.
    const company = await (await page.request.get(`/api/companies/${me.companyId}`)).json();
    expect(company.phone).toBe("11987654321");

    // The same e-mail again is refused, and says so.
    const again = await (await newContext()).newPage();
    await openSignup(again);
    await again.getByLabel("Seu nome").fill("Helena Prado");
    await again.getByLabel("Nome da empresa").fill(`${COMPANY} 2`);
    await again.getByLabel("Email").fill(EMAIL);
    await again.getByLabel("Senha", { exact: true }).fill("Segredo1");
    await again.locator('input[name="planId"]').first().check();
    await again.getByRole("button", { name: "Cadastrar" }).click();
    await expect.poll(() => again.getByText("Este email já está em uso.").isVisible(), { timeout: 10_000 }).toBe(true);
    await again.context().close();
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
      await openSignup(page);
      await screenshot(page, `signup-${name}`);
    }
  });
});
