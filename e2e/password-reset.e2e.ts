import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { api, apiLogin, mailedCode } from "./support/api";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/** A user of this journey's own (nobody else's demo data is touched). */
const EMAIL = `reset-${Date.now().toString(36)}@demo.com`;
const OLD_PASSWORD = "Senha-antiga1";
const NEW_PASSWORD = "NovaSenha2026";

async function openReset(page: Page) {
  await page.goto("/forgetpsw");
  await hydrated(page);
}

describe("journey: a user who forgot the password resets it through the e-mailed code", () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await closeBrowser(contexts);
  });

  it("asks for a code, reads it in the mail catcher, sets a new password and logs in with it", async () => {
    const admin = await apiLogin(demo.admin, demo.password);
    const created = await api("POST", "/users", { name: "Rita Recupera", email: EMAIL, password: OLD_PASSWORD, profile: "user" }, admin);
    expect(created.status).toBe(201);

    contexts.push(await newContext());
    const page = await contexts[0]!.newPage();
    await page.goto("/login");
    await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
    await page.waitForURL("**/forgetpsw");
    await hydrated(page);
    await screenshot(page, "password-reset-step1-desktop-light");

    // A malformed address is refused by the form; nothing is sent.
    await page.getByLabel("Email").fill("nao-e-email");
    await page.getByRole("button", { name: "Enviar Email" }).click();
    await expect.poll(() => page.getByText("Email inválido").isVisible()).toBe(true);

    await page.getByLabel("Email").fill(EMAIL);
    await page.getByRole("button", { name: "Enviar Email" }).click();
    await expect.poll(() => page.getByText("Email enviado com sucesso!").isVisible(), { timeout: 10_000 }).toBe(true);
    const code = await mailedCode(EMAIL);

    // A wrong code is refused and says so; the password rules and the confirmation are checked on the page.
    const wrong = code === "00000000" ? "11111111" : "00000000";
    await page.getByLabel("Código de verificação").fill(wrong);
    await page.getByLabel("Nova senha").fill("fraca");
    await page.getByLabel("Confirme a senha").fill("fraca");
    await page.getByRole("button", { name: "Redefinir Senha" }).click();
    // The one password rule, said beside the field before and as its error after (the field is marked invalid).
    await expect.poll(() => page.getByLabel("Nova senha").getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => page.getByText("Pelo menos 8 caracteres, com letra maiúscula, minúscula e número.").isVisible()).toBe(true);
    await page.getByLabel("Nova senha").fill(NEW_PASSWORD);
    await page.getByLabel("Confirme a senha").fill("Outra12345");
    await page.getByRole("button", { name: "Redefinir Senha" }).click();
    await expect.poll(() => page.getByText("As senhas não correspondem").isVisible()).toBe(true);
    await page.getByLabel("Nova senha").fill(NEW_PASSWORD);
    await page.getByLabel("Confirme a senha").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Redefinir Senha" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "código de verificação" }).isVisible(), { timeout: 10_000 }).toBe(true);
    await screenshot(page, "password-reset-step2-desktop-light");

    await page.getByLabel("Código de verificação").fill(code);
    await page.getByLabel("Nova senha").fill(NEW_PASSWORD);
    await page.getByLabel("Confirme a senha").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Redefinir Senha" }).click();
    await page.waitForURL("**/login?reset=done");
    await expect.poll(() => page.getByText("Senha redefinida com sucesso").isVisible()).toBe(true);

    expect((await api("POST", "/auth/login", { email: EMAIL, password: OLD_PASSWORD })).status).toBe(401);
    await login(page, EMAIL, NEW_PASSWORD);
    expect(new URL(page.url()).pathname).not.toBe("/login");
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
      await openReset(page);
      await screenshot(page, `password-reset-step1-${name}`);
    }
  });
});
