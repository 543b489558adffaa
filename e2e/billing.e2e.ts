import type { BrowserContext } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { api, apiLogin, fakes } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";

const stamp = Date.now().toString(36);
const EMAIL = `financeiro-${stamp}@loja.test`;
const PASSWORD = "Segredo1";

describe("journey: an admin picks another plan in the checkout, pays by Pix through the PSP and has that plan", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("pays the trial's invoice on a bigger plan at the fake PSP and gets the toast, then the dashboard, on the new plan", async () => {
    // A company of this journey's own, signed up on the paid public plan (its first invoice opens with it).
    const admin = await apiLogin(platform.admin, platform.password);
    expect((await api("PUT", "/settings/allowregister", { value: "enabled" }, admin)).status).toBe(200);
    const plan = (await api<{ id: number; name: string; value: number }[]>("GET", "/plans/list")).json.find((p) => p.value > 0)!;
    const signup = await api("POST", "/companies/cadastro", { name: `Loja ${stamp}`, email: EMAIL, password: PASSWORD, planId: plan.id, value: 0 });
    expect(signup.status).toBe(201);
    const companyId = (signup.json as { id: number }).id;
    // A bigger public plan of this journey's own (pricier than every seeded one, so others' "cheapest paid plan" stays theirs).
    const bigger = await api<{ id: number; name: string }>(
      "POST",
      "/plans",
      { name: `Plano Pro ${stamp}`, users: 10, connections: 4, queues: 8, value: 149.9, useInternal: true },
      admin,
    );
    expect(bigger.status).toBe(201);
    // A public plan too small for the company once it has two users: offered, but not choosable, with the reason.
    const mini = await api<{ id: number }>("POST", "/plans", { name: `Plano Mini ${stamp}`, users: 1, connections: 4, queues: 8, value: 139.9, useInternal: true }, admin);
    expect(mini.status).toBe(201);
    const owner = await apiLogin(EMAIL, PASSWORD);
    expect((await api("POST", "/users", { name: `Caixa ${stamp}`, email: `caixa-${stamp}@loja.test`, password: PASSWORD, profile: "user" }, owner)).status).toBe(201);

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
    // The checkout (spec 001): Dados, Personalizar, Revisar; it opens on Personalizar with the current plan chosen.
    const current = dialog.getByRole("radio", { name: new RegExp(plan.name) });
    await expect.poll(() => current.isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Voltar" }).click();
    await dialog.getByLabel("Endereço").fill("Rua do Comércio, 1");
    await dialog.getByLabel("Cidade").fill("Campinas");
    await dialog.getByLabel("CEP").fill("13000-000");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    // Personalizar: the mini plan cannot be chosen (two users, it allows one) and says why.
    const small = dialog.getByRole("radio", { name: new RegExp(`Plano Mini ${stamp}`) });
    expect(await small.isDisabled()).toBe(true);
    expect(await dialog.locator("label").filter({ hasText: `Plano Mini ${stamp}` }).innerText()).toContain("Sua empresa tem 2 usuários; este plano permite 1.");
    // The bigger plan, R$ 149,90 a month (MENSAL).
    const pro = dialog.getByRole("radio", { name: new RegExp(`Plano Pro ${stamp}`) });
    await pro.check();
    await screenshot(page, "billing-checkout-plans-desktop-light");
    const card = dialog.locator("label").filter({ hasText: `Plano Pro ${stamp}` });
    expect((await card.innerText()).replace(/\s+/g, " ")).toContain("R$ 149,90 / mês");
    await dialog.getByRole("button", { name: "Próximo" }).click();
    // Revisar: the chosen plan and the amount the server will charge.
    expect(await dialog.getByTestId("checkout-plan").innerText()).toBe(`Plano Pro ${stamp}`);
    expect((await dialog.getByTestId("checkout-amount").innerText()).replace(/\s/g, " ")).toBe("R$ 149,90");
    await screenshot(page, "billing-checkout-review-desktop-light");
    // The same steps in dark mode on a phone.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "billing-checkout-review-phone-dark");
    await dialog.getByRole("button", { name: "Voltar" }).click();
    expect(await pro.isChecked()).toBe(true);
    await screenshot(page, "billing-checkout-plans-phone-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await dialog.getByRole("button", { name: "PAGAR" }).click();
    await expect.poll(() => dialog.getByRole("img", { name: /QR code do Pix/ }).isVisible()).toBe(true);
    const copyPaste = await dialog.locator("textarea").inputValue();
    expect(copyPaste.startsWith("000201")).toBe(true);
    await screenshot(page, "billing-pix-desktop-light");

    // The payer's bank pays the charge; the PSP notifies the webhook, which asks the PSP before believing it.
    const charges = (await fakes<{ txid: string; status: string; pixCopiaECola: string }[]>("GET", "/psp/api/charges")).json;
    const charge = charges.find((c) => c.pixCopiaECola === copyPaste)! as { txid: string; status: string; valor?: { original: string } };
    expect(charge.status).toBe("ATIVA");
    // The server priced the chosen plan.
    expect(charge.valor?.original).toBe("149.90");
    expect((await fakes("POST", `/psp/charges/${charge.txid}/pay`, {})).status).toBe(200);

    await expect.poll(() => page.getByText("Pagamento confirmado!").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "billing-paid-toast");
    await page.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });
    const list = await (await page.request.get("/api/invoices/all")).json();
    expect(list.invoices[0].status).toBe("paid");
    // The payment moved the company to the plan chosen in Personalizar.
    const own = await (await page.request.get(`/api/companies/listPlan/${companyId}`)).json();
    expect(own).toMatchObject({ id: bigger.json.id, name: `Plano Pro ${stamp}` });
    // The Dados step became the company's billing record: the next checkout starts from it.
    const record = await (await page.request.get(`/api/companies/${companyId}`)).json();
    expect(record).toMatchObject({ addressStreet: "Rua do Comércio, 1", addressCity: "Campinas", addressZipCode: "13000-000" });
    expect((await api("DELETE", `/plans/${mini.json.id}`, undefined, await apiLogin(platform.admin, platform.password))).status).toBe(200);
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
