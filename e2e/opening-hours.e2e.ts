import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiLogin, changeSetting } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * An admin sets the company's opening hours (Configurações → Horários, shown while the company's hours rule,
 * scheduleType "company"): a day with a start and no end, or a time that is not one, is told under that day's input
 * with the API's own rule, and nothing is saved; corrected, the week is saved and is there on the next visit.
 * The company's hours and setting are put back afterwards.
 */
describe("opening hours: an admin sets the company's week", () => {
  let context: BrowserContext;
  let page: Page;
  let companyId = 0;
  let savedWeek: unknown[] = [];
  let restoreScheduleType: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    restoreScheduleType = await changeSetting("scheduleType", "company");
    context = await newContext();
    page = await context.newPage();
    await login(page, demo.admin, demo.password);
    const me = await (await page.request.get("/api/auth/me")).json();
    companyId = me.companyId ?? me.company?.id;
    savedWeek = (await (await page.request.get(`/api/companies/${companyId}`)).json()).schedules ?? [];
  });

  afterAll(async () => {
    if (companyId && savedWeek.length === 7) {
      const token = await apiLogin(demo.admin, demo.password);
      expect((await api("PUT", `/companies/${companyId}/schedules`, { schedules: savedWeek }, token)).status).toBe(200);
    }
    await restoreScheduleType?.();
    await context?.close();
    await closeBrowser();
  });

  const tab = () => page.getByRole("tabpanel");
  const errorOf = async (label: string) => {
    const input = tab().getByLabel(label, { exact: true });
    const id = await input.getAttribute("aria-describedby");
    return id ? tab().locator(`[id="${id}"]`).innerText() : null;
  };

  it("shows the seven weekdays with the company's hours", async () => {
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Horários" }).click();
    await tab().getByLabel("Hora inicial de Segunda-feira").waitFor();
    for (const day of ["Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado", "Domingo"]) {
      await tab().getByLabel(`Hora final de ${day}`).waitFor();
    }
  });

  it("says under the row what is wrong with a day, with the API's rules, and saves nothing", async () => {
    await tab().getByLabel("Hora inicial de Domingo").fill("0900");
    await expect.poll(() => tab().getByLabel("Hora inicial de Domingo").inputValue()).toBe("09:00");
    await tab().getByLabel("Hora final de Domingo").fill("");
    await tab().getByLabel("Hora final de Sábado").fill("2599");
    await tab().getByRole("button", { name: "Salvar horários" }).click();
    await expect.poll(() => errorOf("Hora final de Domingo")).toBe("Informe o início e o fim, ou nenhum dos dois");
    await expect.poll(() => errorOf("Hora final de Sábado")).toBe("Use o formato HH:MM");
    await expect.poll(() => tab().getByRole("alert").count()).toBe(2);
    await screenshot(page, "settings-hours-errors");
    const stored = (await (await page.request.get(`/api/companies/${companyId}`)).json()).schedules;
    expect(stored).toEqual(savedWeek);
  });

  it("saves the week once corrected (a day with neither time is closed) and shows it on the next visit", async () => {
    await tab().getByLabel("Hora inicial de Domingo").fill("");
    await tab().getByLabel("Hora final de Sábado").fill("1300");
    // Checked again as it is typed: nothing is left to say.
    await expect.poll(() => tab().getByRole("alert").count()).toBe(0);
    await tab().getByRole("button", { name: "Salvar horários" }).click();
    await page.getByText("Horários atualizados com sucesso.").first().waitFor();
    const stored = (await (await page.request.get(`/api/companies/${companyId}`)).json()).schedules as { weekdayEn: string; startTime: string; endTime: string }[];
    expect(stored.find((d) => d.weekdayEn === "saturday")?.endTime).toBe("13:00");
    expect(stored.find((d) => d.weekdayEn === "sunday")).toMatchObject({ startTime: "", endTime: "" });

    await page.reload();
    await page.getByRole("tab", { name: "Horários" }).click();
    await expect.poll(() => tab().getByLabel("Hora final de Sábado").inputValue()).toBe("13:00");
    await expect.poll(() => tab().getByLabel("Hora inicial de Domingo").inputValue()).toBe("");
  });
});
