import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey: Embedded Signup (issue 24 §1). The demo's customer company's admin adds an official (Cloud API) number
 * with "Conectar com o Facebook": `npm start` serves a fake Facebook SDK (worker/testing/fakes/fakeFacebook.ts) whose
 * frame finishes the flow as Meta's popup does (session info posted from its origin, a code to the login callback),
 * and the fake Graph API takes the code exchange, the webhook subscription and the registration. A number in the
 * WhatsApp Business app (coexistence) connects without a PIN; a flow cancelled on Facebook leaves nothing behind.
 */
const SHOTS = process.env.SHOTS_DIR ?? "/work/shots/cloud-signup";
const stamp = String(Date.now()).slice(-5);
const NEW_NUMBER = `Oficial novo ${stamp}`;
const IN_APP = `Oficial app ${stamp}`;

/** The connections table's row of `name`, once it shows the connection connected. */
const connectedRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name }).filter({ hasText: "Conectado" });
const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Adicionar WhatsApp" });
/** Clicks "Conectar com o Facebook" and answers Facebook's popup (the fake SDK's, as Meta's opens one). */
async function facebookOpens(page: Page, connect: ReturnType<Page["getByRole"]>): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent("popup"), connect.click()]);
  return popup;
}

async function openAddDialog(page: Page, name: string) {
  await page.getByRole("button", { name: "Adicionar WhatsApp" }).first().click();
  const dialog = dialogOf(page);
  // Facebook's flow is one way to connect an official number: it shows once that kind is chosen.
  await dialog.getByRole("radio", { name: /API oficial \(Meta\)/ }).check();
  await dialog.getByLabel("Nome", { exact: true }).fill(name);
  await expect.poll(() => dialog.getByTestId("embedded-signup").isVisible()).toBe(true);
  return dialog;
}

describe("journey: an admin connects official numbers with Facebook (Embedded Signup)", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;

  beforeAll(async () => {
    contexts.push(await newContext());
    admin = await contexts[0]!.newPage();
    await login(admin, demo.admin, demo.password);
    await admin.goto("/connections");
  });

  afterAll(async () => {
    // The journey's connections go, so the journeys that follow see the demo as it was.
    const token = await apiLogin(demo.admin, demo.password);
    const connections = (await api("GET", "/whatsapp", undefined, token)).json as { id: number; name: string }[];
    for (const c of connections.filter((x) => x.name === NEW_NUMBER || x.name === IN_APP)) await api("DELETE", `/whatsapp/${c.id}`, undefined, token);
    await closeBrowser(contexts);
  });

  it("connects a new number: Facebook's flow, then the server registers it with the PIN", async () => {
    const dialog = await openAddDialog(admin, NEW_NUMBER);
    const connect = dialog.getByRole("button", { name: "Conectar com o Facebook" });
    // The PIN is asked before Facebook opens: the code Facebook gives lives only moments.
    await connect.click();
    await expect.poll(() => dialog.getByText("Informe os 6 dígitos do PIN").isVisible()).toBe(true);
    await dialog.getByLabel("PIN da verificação em duas etapas").fill("135790");
    await screenshot(admin, "cloud-signup-dialog");
    const popup = await facebookOpens(admin, connect);
    await popup.getByRole("button", { name: "Concluir" }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => connectedRow(admin, NEW_NUMBER).count()).toBe(1);
  });

  it("connects the number of a WhatsApp Business app without a PIN (coexistence)", async () => {
    const dialog = await openAddDialog(admin, IN_APP);
    await dialog.getByLabel("O número do meu app WhatsApp Business", { exact: false }).check();
    expect(await dialog.getByLabel("PIN da verificação em duas etapas").count()).toBe(0);
    const popup = await facebookOpens(admin, dialog.getByRole("button", { name: "Conectar com o Facebook" }));
    await popup.getByText("coexistência").waitFor();
    await popup.getByRole("button", { name: "Concluir" }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => connectedRow(admin, IN_APP).count()).toBe(1);
  });

  it("says so in the dialog when the flow is cancelled on Facebook, and makes nothing", async () => {
    const name = `Cancelado ${stamp}`;
    const dialog = await openAddDialog(admin, name);
    await dialog.getByLabel("PIN da verificação em duas etapas").fill("135790");
    const popup = await facebookOpens(admin, dialog.getByRole("button", { name: "Conectar com o Facebook" }));
    await popup.getByRole("button", { name: "Cancelar" }).click();
    await expect.poll(() => dialog.getByRole("alert").filter({ hasText: "O cadastro foi cancelado no Facebook." }).isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    // (A login through the API ends the browser's session: the browser's part is done.)
    const token = await apiLogin(demo.admin, demo.password);
    const list = (await api("GET", "/whatsapp", undefined, token)).json as { id: number; name: string }[];
    expect(list.some((c) => c.name === name)).toBe(false);
    for (const made of [NEW_NUMBER, IN_APP]) {
      const id = list.find((c) => c.name === made)!.id;
      expect((await api("GET", `/whatsapp/${id}`, undefined, token)).json).toMatchObject({ channel: "cloud", status: "CONNECTED", cloud: { ownApp: false, error: null } });
    }
  });

  it("looks right in light and dark, on a desktop and a phone", async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const context = await newContext({ colorScheme, viewport });
        contexts.push(context);
        const page = await context.newPage();
        await login(page, demo.admin, demo.password);
        await page.goto("/connections");
        const dialog = await openAddDialog(page, "Oficial");
        await dialog.getByTestId("embedded-signup").scrollIntoViewIfNeeded();
        const file = await screenshot(page, `cloud-signup-${colorScheme}-${viewport.width}`);
        copyFileSync(file, path.join(SHOTS, path.basename(file)));
        await context.close();
      }
    }
  });
});
