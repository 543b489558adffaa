import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeViolations, axeViolations } from "./support/axe";
import { closeBrowser, login, newContext, OTHER_LOOKS, screenshot } from "./support/browser";
import { platform } from "./support/env";
import { apiOf } from "./support/pageApi";
import { allowSignups, signUpThroughPage } from "./support/signup";

/**
 * Journey (issue 28): the admin of a company that signed up changes a setting and a queue, opens /audit from the menu,
 * filters by what and by who, and exports the CSV; an agent neither sees the page in the menu nor opens it. The
 * platform's super admin starts a support access to the company with a reason: the company's admin sees the banner
 * and the entry; the super admin ends it.
 */
const stamp = Date.now().toString(36);
const owner = { name: "Dona Livro", company: `Cartório ${stamp}`, email: `audit-${stamp}@cartorio.test`, password: "Livro-1234" };
const agent = { name: "Zeca Balcão", email: `audit-agent-${stamp}@cartorio.test`, password: "Balcao-1234" };
const REASON = `Cliente pediu ajuda com a fila ${stamp}`;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  await allowSignups();
});
afterAll(() => closeBrowser(contexts));

const rows = (p: Page) => p.getByTestId("audit-row");

describe("journey: the audit log and a support access", () => {
  it("shows the admin what was changed, filtered by what and who, and exports it as CSV", async () => {
    const context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);
    const call = apiOf(page);
    // A setting and a queue changed, and a colleague who signs in.
    expect((await call.put("/settings/userRating", { value: "enabled" })).status).toBe(200);
    const queue = await call.post("/queue", { name: "Balcão", color: "#0EA5E9" });
    expect(queue.status).toBe(201);
    expect((await call.put(`/queue/${queue.json.id}`, { name: "Balcão e cartório" })).status).toBe(200);
    const made = await call.post("/users", { ...agent, profile: "user" });
    expect(made.status).toBe(201);
    const agentContext = await newContext();
    contexts.push(agentContext);
    const agentPage = await agentContext.newPage();
    await login(agentPage, agent.email, agent.password);
    // The agent: no menu entry, and /audit sends them back as any page they may not open.
    await agentPage.getByRole("link", { name: "Atendimentos" }).first().waitFor();
    expect(await agentPage.getByRole("link", { name: "Auditoria" }).count()).toBe(0);
    await agentPage.goto("/audit");
    await agentPage.waitForURL((url) => url.pathname === "/tickets");
    expect((await apiOf(agentPage).get("/audit")).status).toBe(403);

    // The admin opens the log from the menu: newest first.
    await page.getByRole("link", { name: "Auditoria" }).first().click();
    await page.waitForURL((url) => url.pathname === "/audit");
    await page.getByRole("heading", { name: "Auditoria" }).waitFor();
    await rows(page).first().waitFor();
    await expect.poll(async () => rows(page).first().getAttribute("data-action")).toBe("auth.signIn");
    await page.locator('[data-action="queue.updated"]').getByText("Fila alterada").waitFor();
    await page.locator('[data-action="setting.changed"]').getByText("Configuração alterada").waitFor();
    await screenshot(page, "audit-desktop-light");
    const violations = await axeViolations(page, { include: ["main"] });
    expect(violations.map((v) => v.id), describeViolations("the audit page", violations)).toEqual([]);

    // What: the queues only.
    await page.getByLabel("O quê").selectOption("queue.");
    await expect.poll(async () => [...new Set(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-action"))))].sort()).toEqual(["queue.created", "queue.updated"]);
    // Its details: what changed, from → to.
    const updated = page.locator('[data-action="queue.updated"]');
    await updated.getByTestId("audit-details").click();
    await page.getByTestId("audit-detail-list").getByText("Balcão → Balcão e cartório").waitFor();
    await screenshot(page, "audit-details-desktop-light");
    await page.keyboard.press("Escape");

    // Who: the agent's own entries (their sign-in), whatever the action.
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await page.getByLabel("Quem").selectOption({ label: agent.name });
    await expect.poll(async () => [...new Set(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-action"))))]).toEqual(["auth.signIn"]);
    await rows(page).first().getByText(agent.name).first().waitFor();

    // The CSV, with the same filters: the setting changes only.
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await page.getByLabel("O quê").selectOption("setting.changed");
    await expect.poll(async () => rows(page).count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toContain("Quando (UTC)");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("setting.changed");
    expect(lines[1]).toContain(owner.name);
    expect(lines[1]).toContain("userRating");
  });

  it("lets the super admin start a support access the company's admin sees, and end it", async () => {
    const context = await newContext();
    contexts.push(context);
    const superPage = await context.newPage();
    superPage.on("pageerror", (err) => console.error("[page error]", err.message));
    await login(superPage, platform.admin, platform.password);
    await superPage.goto("/audit");
    await superPage.getByRole("tab", { name: "Acesso de suporte" }).click();
    const form = superPage.locator("#support-access-form");
    // The reason is required.
    await form.getByLabel("Empresa").selectOption({ label: owner.company });
    await form.getByRole("button", { name: "Iniciar acesso" }).click();
    await form.getByText("Escreva o motivo com 10 a 500 caracteres.").waitFor();
    await form.getByLabel("Motivo").fill(REASON);
    await form.getByLabel("Duração").selectOption("30");
    await form.getByRole("button", { name: "Iniciar acesso" }).click();
    await superPage.getByText("Acesso de suporte iniciado").first().waitFor();
    const running = superPage.getByTestId("support-access-row").filter({ hasText: REASON });
    await running.getByText("Em andamento").waitFor();
    await screenshot(superPage, "audit-support-desktop-light");

    // The company's admin: the banner on every page, and the entry in the log.
    await page.goto("/tickets");
    const banner = page.getByTestId("support-access-banner");
    await banner.getByText(REASON, { exact: false }).waitFor();
    await page.goto("/audit");
    await banner.getByText(REASON, { exact: false }).waitFor();
    const entry = page.locator('[data-action="support.accessStarted"]');
    await entry.getByText("Acesso de suporte iniciado").waitFor();
    await entry.getByTestId("audit-actor").getByText("Suporte da plataforma").waitFor();
    await screenshot(page, "audit-support-banner-desktop-light");

    // The super admin's platform log lists it too, with the company.
    await superPage.getByRole("tab", { name: "Plataforma" }).click();
    await superPage.getByRole("combobox", { name: "Empresa" }).selectOption({ label: owner.company });
    await superPage.locator('[data-action="support.accessStarted"]').first().waitFor();
    await screenshot(superPage, "audit-platform-desktop-light");

    // Ended, with a confirmation.
    await superPage.getByRole("tab", { name: "Acesso de suporte" }).click();
    await running.getByRole("button", { name: `Encerrar o acesso a ${owner.company}` }).click();
    const confirm = superPage.getByRole("dialog", { name: `Encerrar o acesso a ${owner.company}?` });
    await confirm.getByRole("button", { name: "Encerrar" }).click();
    await superPage.getByText("Acesso encerrado").first().waitFor();
    await running.getByText("Encerrado").waitFor();

    await page.reload();
    await page.locator('[data-action="support.accessEnded"]').first().waitFor();
    expect(await page.getByTestId("support-access-banner").count()).toBe(0);
  });

  it("shows the page in dark mode and on a phone", async () => {
    for (const [label, options] of OTHER_LOOKS) {
      const context = await newContext(options);
      contexts.push(context);
      const look = await context.newPage();
      await login(look, owner.email, owner.password);
      await look.goto("/audit");
      await look.getByTestId("audit-row").first().waitFor();
      await screenshot(look, `audit-${label}`);
      if (label === "desktop-dark") {
        await look.locator('[data-action="queue.updated"]').getByTestId("audit-details").click();
        await look.getByTestId("audit-detail-list").waitFor();
        await screenshot(look, `audit-details-${label}`);
      }
      await context.close();
    }
    const context = await newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });
    contexts.push(context);
    const superPage = await context.newPage();
    await login(superPage, platform.admin, platform.password);
    await superPage.goto("/audit");
    await superPage.getByRole("tab", { name: "Acesso de suporte" }).click();
    await superPage.getByTestId("support-access-row").first().waitFor();
    await screenshot(superPage, "audit-support-phone-dark");
  });
});
