import type { BrowserContext } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { api, apiLogin, fakes } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

const stamp = Date.now().toString(36);
const EMAIL = `financeiro-${stamp}@loja.test`;
const PASSWORD = "segredo1";

describe("journey: an admin pays an invoice by Pix through the PSP and sees the license renewed", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("pays the trial's invoice at the fake PSP and gets the toast, then the dashboard", async () => {
    // A company of this journey's own, signed up on the paid public plan (its first invoice opens with it).
    const admin = await apiLogin(demo.admin, demo.password);
    expect((await api("PUT", "/settings/allowregister", { value: "enabled" }, admin)).status).toBe(200);
    const plan = (await api<{ id: number; name: string; value: number }[]>("GET", "/plans/list")).json.find((p) => p.value > 0)!;
    const signup = await api("POST", "/companies/cadastro", { name: `Loja ${stamp}`, email: EMAIL, password: PASSWORD, planId: plan.id, value: 0 });
    expect(signup.status).toBe(201);

    contexts.push(await newContext());
    const page = await contexts[0]!.newPage();
    await login(page, EMAIL, PASSWORD);
    await page.goto("/financeiro");
    const row = page.locator("[data-invoice-id]").first();
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toContain("Em Aberto");
    await screenshot(page, "billing-invoices-desktop-light");

    await row.getByRole("button", { name: "PAGAR" }).click();
    const dialog = page.getByRole("dialog");
    // The checkout (spec 001): Dados, Personalizar, Revisar; the payer's address, then PAGAR on Revisar.
    await dialog.getByRole("button", { name: "Voltar" }).click();
    await dialog.getByLabel("Endereço").fill("Rua do Comércio, 1");
    await dialog.getByLabel("Cidade").fill("Campinas");
    await dialog.getByLabel("CEP").fill("13000-000");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByRole("button", { name: "PAGAR" }).click();
    await expect.poll(() => dialog.getByRole("img", { name: /QR code do Pix/ }).isVisible()).toBe(true);
    const copyPaste = await dialog.locator("textarea").inputValue();
    expect(copyPaste.startsWith("000201")).toBe(true);
    await screenshot(page, "billing-pix-desktop-light");

    // The payer's bank pays the charge; the PSP notifies the webhook, which asks the PSP before believing it.
    const charges = (await fakes<{ txid: string; status: string; pixCopiaECola: string }[]>("GET", "/psp/api/charges")).json;
    const charge = charges.find((c) => c.pixCopiaECola === copyPaste)!;
    expect(charge.status).toBe("ATIVA");
    expect((await fakes("POST", `/psp/charges/${charge.txid}/pay`, {})).status).toBe(200);

    await expect.poll(() => page.getByText("Pagamento confirmado!").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "billing-paid-toast");
    await page.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });
    const list = await (await page.request.get("/api/invoices/all")).json();
    expect(list.invoices[0].status).toBe("paid");
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
      await login(page, EMAIL, PASSWORD);
      await page.goto("/financeiro");
      await expect.poll(() => page.locator("[data-invoice-id]").first().isVisible()).toBe(true);
      await screenshot(page, `billing-invoices-${name}`);
    }
  });
});
