import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { api, apiLogin, fakes } from "./support/api";
import { addMonthsToDate } from "../worker/lib/time";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";

const stamp = Date.now().toString(36);
const EMAIL = `financeiro-${stamp}@loja.test`;
const PASSWORD = "Segredo12";

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
    const signup = await api<{ id: number; dueDate: string }>("POST", "/companies/cadastro", { name: `Loja ${stamp}`, email: EMAIL, password: PASSWORD, planId: plan.id, value: 0 });
    expect(signup.status).toBe(201);
    const companyId = (signup.json as { id: number; dueDate: string }).id;
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
    const currentStep = () => dialog.locator('[aria-current="step"]').innerText();
    // The checkout (spec 001): Dados, Personalizar, Revisar. The company has no address yet, so it opens on Dados (it
    // would open on Personalizar were Dados already filled in): never a jump back to errors never seen (issue 31).
    await expect.poll(currentStep).toContain("Dados");
    expect(await dialog.getByLabel("Nome completo").inputValue()).toBe(`Loja ${stamp}`);
    // The first step has nothing to go back to.
    expect(await dialog.getByRole("button", { name: "Voltar" }).count()).toBe(0);
    // Próximo checks Dados on Dados: its errors show there, and it stays.
    await dialog.getByRole("button", { name: "Próximo" }).click();
    for (const error of ["O Endereço é obrigatório", "Cidade é obrigatória", "CEP é obrigatório"]) await expect.poll(() => dialog.getByText(error).isVisible()).toBe(true);
    expect(await currentStep()).toContain("Dados");
    await screenshot(page, "billing-checkout-data-errors-desktop-light");
    await dialog.getByLabel("Endereço").fill("Rua do Comércio, 1");
    await dialog.getByLabel("Cidade").fill("Campinsa");
    await dialog.getByLabel("CEP").fill("13000-000");
    // A field being fixed stops saying it is wrong.
    expect(await dialog.getByText("Cidade é obrigatória").count()).toBe(0);
    await dialog.getByRole("button", { name: "Próximo" }).click();
    await expect.poll(currentStep).toContain("Personalizar");
    const current = dialog.getByRole("radio", { name: new RegExp(plan.name) });
    await expect.poll(() => current.isChecked()).toBe(true);
    // Back to Dados with Voltar: what was typed is there; the city's typo is fixed.
    await dialog.getByRole("button", { name: "Voltar" }).click();
    await expect.poll(currentStep).toContain("Dados");
    expect(await dialog.getByLabel("Endereço").inputValue()).toBe("Rua do Comércio, 1");
    expect(await dialog.getByLabel("Cidade").inputValue()).toBe("Campinsa");
    await dialog.getByLabel("Cidade").fill("Campinas");
    // The step already reached opens from the stepper.
    await dialog.getByRole("button", { name: /passo 2: Personalizar/ }).click();
    await expect.poll(currentStep).toContain("Personalizar");
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
    expect(await dialog.innerText()).toContain("Rua do Comércio, 1, Campinas, 13000-000");
    // From Revisar back to Dados by the stepper; a field emptied there stops the way forward on Dados, with its error.
    await dialog.getByRole("button", { name: /passo 1: Dados/ }).click();
    await dialog.getByLabel("CEP").fill("");
    await dialog.getByRole("button", { name: /passo 3: Revisar/ }).click();
    await expect.poll(() => dialog.getByText("CEP é obrigatório").isVisible()).toBe(true);
    expect(await currentStep()).toContain("Dados");
    await dialog.getByLabel("CEP").fill("13000-000");
    await dialog.getByRole("button", { name: /passo 3: Revisar/ }).click();
    await expect.poll(currentStep).toContain("Revisar");
    // The plan chosen before the detour is still chosen.
    expect(await dialog.getByTestId("checkout-plan").innerText()).toBe(`Plano Pro ${stamp}`);
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

    // Another tab shows the subscription meanwhile: the trial's days and the due-date banner (due at the trial's end).
    const other = await contexts[0]!.newPage();
    await other.goto("/subscription");
    await hydrated(other);
    const headline = other.getByTestId("subscription-headline");
    await expect.poll(() => headline.innerText()).toMatch(/^Falta(m)? \d+ dias? para o fim do seu período de teste\.$/);
    const banner = (p: Page) => p.getByText(/Sua assinatura vence (em \d+ dias|amanhã|hoje)/);
    expect(await banner(other).isVisible()).toBe(true);
    expect(await banner(page).isVisible()).toBe(true);
    // A mark that a reload would wipe: both pages must follow the payment without one.
    for (const p of [page, other]) await p.evaluate(() => ((window as unknown as { kept?: boolean }).kept = true));

    // The payer's bank pays the charge; the PSP notifies the webhook, which asks the PSP before believing it.
    const charges = (await fakes<{ txid: string; status: string; pixCopiaECola: string }[]>("GET", "/psp/api/charges")).json;
    const charge = charges.find((c) => c.pixCopiaECola === copyPaste)! as { txid: string; status: string; valor?: { original: string } };
    expect(charge.status).toBe("ATIVA");
    // The server priced the chosen plan.
    expect(charge.valor?.original).toBe("149.90");
    expect((await fakes("POST", `/psp/charges/${charge.txid}/pay`, {})).status).toBe(200);

    await expect.poll(() => page.getByText("Pagamento confirmado!").first().isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "billing-paid-toast");
    // The other tab follows the payment in place: the trial ended with it, the company is paid until the new due date,
    // and the banner is gone.
    const until = addMonthsToDate(signup.json.dueDate, 1).split("-").reverse().join("/");
    await expect.poll(() => headline.innerText(), { timeout: 10_000 }).toBe(`Sua assinatura está ativa até ${until}.`);
    await expect.poll(() => banner(other).count()).toBe(0);
    expect(new URL(other.url()).pathname).toBe("/subscription");
    await screenshot(other, "billing-subscription-paid-desktop-light");
    await page.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });
    await expect.poll(() => banner(page).count()).toBe(0);
    for (const p of [page, other]) expect(await p.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await other.close();
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

  it("an expired company with no invoice opened yet finds one to pay on Financeiro", async () => {
    // Overdue past the hourly job's window, with no invoice: the platform made it so (a due date moved back).
    const admin = await apiLogin(platform.admin, platform.password);
    const plan = (await api<{ id: number; value: number }[]>("GET", "/plans/list")).json.find((p) => p.value > 0)!;
    const email = `vencida-${stamp}@loja.test`;
    const past = new Date(Date.now() - 90 * 86_400_000).toLocaleDateString("en-CA");
    const made = await api<{ id: number }>("POST", "/companies", { name: `Loja Vencida ${stamp}`, email, planId: plan.id, password: PASSWORD, dueDate: past }, admin);
    expect(made.status).toBe(201);

    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await login(page, email, PASSWORD);
    // Sent to pay: the banner says to pay the open invoice, and there is one, overdue, with PAGAR.
    await page.waitForURL((url) => url.pathname === "/financeiro");
    const row = page.locator("[data-invoice-id]");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain("Vencido");
    expect(await row.getByRole("button", { name: "PAGAR" }).isEnabled()).toBe(true);
    await screenshot(page, "billing-expired-invoice-desktop-light");
    // Read again (another visit): still the one invoice.
    await page.reload();
    await expect.poll(() => row.count()).toBe(1);
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
