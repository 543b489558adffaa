import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpAt } from "../worker/lib/totp";
import { apiOf } from "./support/pageApi";
import { closeBrowser, emailInput, hydrated, login, newContext, OTHER_LOOKS, passwordInput, screenshotInto } from "./support/browser";
import { allowSignups, ownAddress, signUpThroughPage } from "./support/signup";

/**
 * Journey (issue 28): the admin of a company that signed up turns on two-step verification on /security by scanning
 * the QR code (the code is computed here from the secret the otpauth URI carries), keeps the ten recovery codes,
 * logs out, logs in with password and a code of the app, then with a recovery code instead.
 */
const SHOTS = "/work/shots/two-factor";
const stamp = Date.now().toString(36);
const owner = { name: "Dona Chave", company: `Cofre ${stamp}`, email: `two-factor-${stamp}@cofre.test`, password: "Cofre-1234" };
const colleague = { name: "Rui Novato", email: `two-factor-agent-${stamp}@cofre.test`, password: "Novato-1234" };
const contexts: BrowserContext[] = [];
let page: Page;
let secret = "";
let recoveryCodes: string[] = [];

beforeAll(async () => {
  await allowSignups();
});
afterAll(() => closeBrowser(contexts));

async function openSecurity(p: Page) {
  await p.getByRole("button", { name: "Minha conta" }).click();
  await p.getByRole("menuitem", { name: "Segurança" }).click();
  await p.waitForURL((url) => url.pathname === "/security");
  await p.getByRole("heading", { name: "Verificação em duas etapas" }).waitFor();
}

async function logout(p: Page) {
  await p.getByRole("button", { name: "Minha conta" }).click();
  await p.getByRole("menuitem", { name: "Sair" }).click();
  await p.waitForURL((url) => url.pathname === "/login");
  await hydrated(p);
}

async function passwordStep(p: Page) {
  await emailInput(p).fill(owner.email);
  await passwordInput(p).fill(owner.password);
  await p.getByRole("button", { name: "Entrar", exact: true }).click();
  await p.getByRole("heading", { name: "Verificação em duas etapas" }).waitFor();
  await hydrated(p);
}

describe("journey: two-step verification, from turning it on to signing in with a code", () => {
  it("signs a company up, and its admin turns two-step verification on by scanning the QR code", async () => {
    const context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);
    // A colleague who has not turned it on, for the other looks' enrolment screens.
    expect((await apiOf(page).post("/users", { ...colleague, profile: "user" })).status).toBe(201);

    await openSecurity(page);
    await page.getByTestId("two-factor-state").getByText("Desativada").waitFor();
    await page.getByRole("button", { name: "Ativar", exact: true }).click();
    await page.getByRole("img", { name: "QR Code da verificação em duas etapas" }).waitFor();
    // What the phone reads from the QR code: the otpauth URI, issuer ZapDesk and the admin's e-mail.
    const uri = new URL((await page.getByTestId("two-factor-secret").getAttribute("data-uri"))!);
    expect(uri.protocol).toBe("otpauth:");
    expect(decodeURIComponent(uri.pathname)).toBe(`/ZapDesk:${owner.email}`);
    expect(uri.searchParams.get("issuer")).toBe("ZapDesk");
    secret = uri.searchParams.get("secret")!;
    expect(await page.getByLabel("Chave").inputValue()).toBe(secret);
    await screenshotInto(page, "two-factor-enrol-desktop-light", SHOTS);

    // A wrong code is refused where it was typed.
    await page.getByLabel("Código").fill("12345");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByText("Digite os 6 dígitos do aplicativo.").waitFor();
    await page.getByLabel("Código").fill(await totpAt(secret, Date.now()));
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.getByText("Verificação em duas etapas ativada.").first().waitFor();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await codes.first().waitFor();
    recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    await screenshotInto(page, "two-factor-recovery-codes-desktop-light", SHOTS);
    await page.getByRole("button", { name: "Já guardei os códigos" }).click();
    await page.getByTestId("two-factor-state").getByText("Ativada").waitFor();
    await page.getByText("10 códigos de recuperação disponíveis.").waitFor();
  });

  it("logs out, and logs in with the password and a code of the app", async () => {
    await logout(page);
    await passwordStep(page);
    await screenshotInto(page, "two-factor-code-step-desktop-light", SHOTS);
    // A wrong code is said by the form, and the step stays.
    await page.getByLabel("Código", { exact: true }).fill("000000" === (await totpAt(secret, Date.now())) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.getByRole("alert").getByText("Código inválido.").waitFor();
    // The enrolment used the present step's code: the next step's, which the server also takes, is one not used yet.
    await page.getByLabel("Código", { exact: true }).fill(await totpAt(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/tickets"));
    await hydrated(page);

    // The sign-in is in the history, this session marked, the refused code too.
    await openSecurity(page);
    const history = page.getByTestId("sign-ins");
    await history.getByText("Esta sessão").waitFor();
    await history.getByText("Código incorreto").first().waitFor();
    await screenshotInto(page, "two-factor-security-desktop-light", SHOTS);
  });

  it("logs out, and logs in with a recovery code instead, which then is spent", async () => {
    await logout(page);
    await passwordStep(page);
    await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
    await page.getByLabel("Código de recuperação").fill(recoveryCodes[0]!);
    await screenshotInto(page, "two-factor-recovery-step-desktop-light", SHOTS);
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/tickets"));
    await hydrated(page);
    await openSecurity(page);
    await page.getByText("9 códigos de recuperação disponíveis.").waitFor();
  });

  it("shows the enrolment and the code step in dark mode and on a phone", async () => {
    for (const [label, options] of OTHER_LOOKS) {
      const context = await newContext(options);
      contexts.push(context);
      await context.setExtraHTTPHeaders(ownAddress());
      const look = await context.newPage();
      await login(look, colleague.email, colleague.password);
      await look.goto("/security");
      await hydrated(look);
      await look.getByRole("button", { name: "Ativar", exact: true }).click();
      await look.getByRole("img", { name: "QR Code da verificação em duas etapas" }).waitFor();
      await look.locator("img[alt='QR Code da verificação em duas etapas'][src^='data:']").waitFor();
      await screenshotInto(look, `two-factor-enrol-${label}`, SHOTS);
      await look.getByRole("button", { name: "Cancelar", exact: true }).click();

      await logout(look);
      await passwordStep(look);
      await screenshotInto(look, `two-factor-code-step-${label}`, SHOTS);
    }
  });
});
