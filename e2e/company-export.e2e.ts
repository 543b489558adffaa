import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTar } from "../worker/lib/tar";
import { host } from "./support/api";
import { closeBrowser, hydrated, login, newContext, screenshot } from "./support/browser";
import { platform } from "./support/env";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { allowSignups, signUpThroughPage } from "./support/signup";

/**
 * Journey (issue 27 §3): a contact writes to a company that signed up; its admin opens Configurações → Exportar dados,
 * confirms the export (the dialog says what goes and that secrets do not), watches it reach "Concluída", downloads
 * the archive without the session cookie, and finds the contact's message in it.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Arquivo", company: `Arquivo ${stamp}`, email: `export-${stamp}@arquivo.test`, password: "Arquivo-1234" };
const MESSAGE = `Guardem meu pedido ${stamp}`;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  await allowSignups();
});
afterAll(() => closeBrowser(contexts));

describe("journey: a company leaves with its data", () => {
  it("exports the company, follows the progress and downloads an archive with its own ticket's message", async () => {
    const context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);
    const { connectionId } = await connectSimulatorNumber(page);
    const inbound = await host("POST", `/simulator/${connectionId}/inbound`, { from: "5511987650001", name: "Cliente Arquivo", body: MESSAGE });
    expect(inbound.status, JSON.stringify(inbound.json)).toBe(200);
    // The message is in before the export starts (the ticket waits in the queue).
    await expect.poll(async () => JSON.stringify((await apiOf(page).get("/tickets?status=pending&showAll=true")).json).includes("Cliente Arquivo"), { timeout: 15_000 }).toBe(true);

    await page.goto("/settings");
    await hydrated(page);
    await page.getByRole("tab", { name: "Exportar dados" }).click();
    await page.getByRole("button", { name: "Exportar dados da empresa" }).click();
    await page.getByText("Não inclui segredos").waitFor();
    await page.getByRole("button", { name: "Exportar", exact: true }).click();
    await page.locator('[data-state="done"]').waitFor({ timeout: 60_000 });
    await screenshot(page, "company-export-desktop-light");

    const href = await page.getByRole("link", { name: "Baixar" }).getAttribute("href");
    expect(href).toMatch(/^\/api\/company-exports\/\d+\/download\?expires=\d+&signature=/);
    // Without the session's cookie: the link is enough.
    const res = await fetch(new URL(href!, page.url()));
    expect(res.status).toBe(200);
    const entries = readTar(new Uint8Array(await res.arrayBuffer()));
    expect(entries[0]!.name).toBe("manifest.json");
    const messages = entries.find((e) => e.name === "tables/messages.jsonl");
    expect(new TextDecoder().decode(messages!.data)).toContain(MESSAGE);
  });

  it("looks right on a phone, in the dark", async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    contexts.push(context);
    const phone = await context.newPage();
    await context.addCookies(await page.context().cookies());
    await phone.goto("/settings");
    await hydrated(phone);
    await phone.getByRole("tab", { name: "Exportar dados" }).click();
    await phone.locator('[data-state="done"]').waitFor();
    await screenshot(phone, "company-export-phone-dark");
  });

  it("lets the super admin export that company from the platform's companies and see it finish", async () => {
    const context = await newContext({ viewport: { width: 1280, height: 860 } });
    contexts.push(context);
    const admin = await context.newPage();
    await login(admin, platform.admin, platform.password);
    await admin.goto("/settings");
    await hydrated(admin);
    await admin.getByRole("tab", { name: "Empresas", exact: true }).click();
    await admin.getByRole("searchbox").first().fill(owner.company);
    await admin.getByRole("button", { name: `Exportar dados da empresa ${owner.company}` }).click();
    const dialog = admin.getByRole("dialog");
    // The company's own export is listed there too; a new one is started and followed to the end.
    await dialog.locator('[data-state="done"]').first().waitFor();
    await dialog.getByRole("button", { name: "Exportar dados da empresa" }).click();
    await admin.getByRole("button", { name: "Exportar", exact: true }).click();
    await expect.poll(() => dialog.locator('[data-state="done"]').count(), { timeout: 60_000 }).toBe(2);
    await screenshot(admin, "company-export-super-admin-desktop-light");
  });
});
