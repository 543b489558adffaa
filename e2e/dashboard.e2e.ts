import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * An admin opens the dashboard on the demo's data, changes the period, exports the figures as CSV and .xlsx and
 * opens the reports; the page is looked at in light and dark, on a desktop and a phone.
 */
describe("dashboard: an admin reads the service figures of a period", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext();
    page = await context.newPage();
    await login(page, demo.admin, demo.password);
  });

  afterAll(async () => {
    await context?.close();
    await closeBrowser();
  });

  const period = () => page.getByTestId("dashboard-period").innerText();

  it("shows the cards, the attendants and the charts of the last 7 days", async () => {
    await page.goto("/");
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await page.getByTestId("card-resolved").waitFor();
    await page.getByTestId("attendants-table").waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    expect(await period()).toMatch(/Fuso horário: Horário (Padrão )?de Brasília \(UTC−3\)/);
    // CSAT says what it counts, and every number is written as pt-BR writes it (2,00, not 2.00).
    expect(await page.getByTestId("card-csat-note").innerText()).toContain("Conta só as notas 3");
    expect(await page.getByTestId("attendants-table").innerText()).not.toMatch(/\d\.\d\d \(/);
    await screenshot(page, "dashboard-desktop-light");
    await page.getByTestId("heatmap").scrollIntoViewIfNeeded();
    await screenshot(page, "dashboard-desktop-light-charts");
  });

  it("changes the period to 30 days and shows a chart as a table", async () => {
    const before = await period();
    await page.getByRole("combobox", { name: "Período" }).click();
    await page.getByRole("option", { name: "Últimos 30 dias" }).click();
    await expect.poll(period).not.toBe(before);
    await page.getByRole("button", { name: "Ver como tabela" }).first().click();
    await page.getByRole("columnheader", { name: "Abertos" }).waitFor();
    // The attendants table sorts by a column.
    await page.getByRole("button", { name: "Ordenar por Nome" }).click();
    await expect.poll(() => page.getByRole("columnheader", { name: /Nome/ }).getAttribute("aria-sort")).toBe("ascending");
  });

  it("exports the figures as CSV and .xlsx", async () => {
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar CSV" }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^dashboard-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    // In the reader's dialect: a pt-BR Excel splits on semicolons and reads accents through the byte-order mark.
    const text = readFileSync(await csv.path(), "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.split("\r\n")[0]).toContain(";");
    expect(text).not.toMatch(/;\d+\.\d+(;|\r\n)/);
    const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportar .xlsx" }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it("asks for the filter when a range lacks its dates", async () => {
    await page.getByRole("combobox", { name: "Período" }).click();
    await page.getByRole("option", { name: "Intervalo de datas" }).click();
    await page.getByText("Parametrize o filtro").waitFor();
  });

  it("opens the reports of the period and exports them", async () => {
    await page.getByRole("combobox", { name: "Período" }).click();
    await page.getByRole("option", { name: "Últimos 90 dias" }).click();
    // The dashboard's own link carries the period (the menu's entry opens the reports with the default one).
    await page.getByRole("main").getByRole("link", { name: "Relatórios" }).click();
    await page.getByRole("heading", { name: "Relatórios", level: 1 }).waitFor();
    const rows = page.getByTestId("reports-table").locator("tbody tr");
    await rows.first().waitFor();
    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
    expect(csv.suggestedFilename()).toBe("tickets-report.csv");
    await screenshot(page, "reports-desktop-light");

    // A row opens its ticket's history, as the chat's drawer tells it.
    await rows.first().getByRole("button", { name: /^Histórico do ticket #\d+$/ }).click();
    const history = page.getByRole("dialog", { name: /^Histórico do ticket #\d+$/ });
    await history.getByRole("listitem").first().waitFor();
    await screenshot(page, "reports-history-light");
    await page.keyboard.press("Escape");
    await expect.poll(() => history.count(), { timeout: 10_000 }).toBe(0);
  });

  it("reads well in dark mode and on a phone", async () => {
    for (const [name, options] of [
      ["dashboard-desktop-dark", { colorScheme: "dark" as const }],
      ["dashboard-phone-light", { viewport: { width: 390, height: 844 } }],
      ["dashboard-phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
    ] as const) {
      const other = await newContext(options);
      try {
        const p = await other.newPage();
        await login(p, demo.admin, demo.password);
        await p.goto("/");
        await p.getByTestId("card-resolved").waitFor();
        await p.locator(".recharts-surface").first().waitFor();
        await screenshot(p, name);
        await p.locator(".recharts-surface").first().scrollIntoViewIfNeeded();
        await screenshot(p, `${name}-charts`);
        await p.goto("/reports?days=90");
        await p.getByTestId("reports-table").locator("tbody tr").first().waitFor();
        // On a phone the rows are cards: the page itself never scrolls sideways.
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(p, name.replace("dashboard", "reports"));
      } finally {
        await other.close();
      }
    }
  });
});
