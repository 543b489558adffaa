import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiAs, apiLogin, fakes } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";

/**
 * Journey of a campaign on the official WhatsApp Cloud API (issue 24 §3): the demo's customer company has "WhatsApp
 * Oficial" on the fake Graph API. Its contacts have not written in 24 hours, so the campaign goes as an approved
 * template: the admin picks it in the campaign dialog, takes the first variable from the contact's name and the
 * second from a column of the contact list, sees it filled as the list's first contact will read it, and starts it; Meta receives it filled per contact.
 */
const run = Date.now().toString().slice(-6);
const NUMBERS = [`5511961${run}`, `5511962${run}`];
const NAMES = [`Ana ${run}`, `Bruno ${run}`];
const COUPONS = ["VERAO10", "VERAO20"];
const NAME = `Oficial ${run}`;
const TEMPLATE = `oferta_${run}`;

type FakeSend = { type: string; body: Record<string, any> };
const sendsTo = async (number: string) => (await fakes<{ sends: FakeSend[] }>("GET", `/graph/sends?to=${number}`)).json.sends;

describe("journey: an admin builds a campaign on the official number from an approved template", () => {
  const contexts: BrowserContext[] = [];
  let page: Page;
  let token: string;
  let connectionName: string;
  let connectionId: number;
  let listName: string;
  let campaignId: number | undefined;

  beforeAll(async () => {
    token = await apiLogin(demo.admin, demo.password);
    const connections = (await api("GET", "/whatsapp", undefined, token)).json as { id: number; channel: string; name: string }[];
    const cloud = connections.find((c) => c.channel === "cloud")!;
    connectionName = cloud.name;
    connectionId = cloud.id;
    // A fast pacing, open all week: the journey does not wait 20 s between sends.
    const settings = await api("POST", "/campaign-settings", { messageInterval: 1, longerIntervalAfter: 0, windowStart: "00:00", windowEnd: "23:59", days: [0, 1, 2, 3, 4, 5, 6], dailyCap: 0 }, token);
    expect(settings.status).toBe(200);
    listName = `Cupons ${run}`;
    const list = await api("POST", "/contact-lists", { name: listName }, token);
    for (const [i, number] of NUMBERS.entries()) {
      expect((await api("POST", "/contact-list-items", { contactListId: list.json.id, name: NAMES[i], number, variables: { cupom: COUPONS[i] } }, token)).status).toBe(201);
    }
    contexts.push(await newContext());
    page = await contexts[0]!.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
  });

  afterAll(async () => {
    // Not left running on the shared demo.
    if (campaignId) await api("POST", `/campaigns/${campaignId}/cancel`, undefined, await apiLogin(demo.admin, demo.password)).catch(() => undefined);
    await closeBrowser(contexts);
  });

  /** The new-campaign dialog on `p` with the cloud connection, the list and the template chosen, the mapping set. */
  async function fillDialog(p: Page): Promise<Locator> {
    await p.goto("/campaigns");
    await p.getByRole("button", { name: "Nova campanha" }).first().click();
    const dialog = p.getByRole("dialog", { name: "Nova campanha" });
    await dialog.getByLabel("Nome", { exact: true }).fill(NAME);
    await dialog.getByRole("combobox", { name: "Conexão" }).click();
    await p.getByRole("option", { name: connectionName }).click();
    await dialog.getByRole("combobox", { name: "Destinatários" }).click();
    await p.getByRole("option", { name: `Lista de contatos: ${listName}` }).click();
    // The written messages give way to the template picker.
    await dialog.getByTestId("cloud-template").waitFor();
    expect(await dialog.getByLabel("Mensagem 1", { exact: true }).isVisible()).toBe(false);
    await dialog.getByRole("combobox", { name: "Modelo" }).click();
    await p.getByRole("option", { name: new RegExp(`^${TEMPLATE}`) }).click();
    await dialog.getByRole("combobox", { name: "Origem do valor" }).nth(1).click();
    await p.getByRole("option", { name: "Coluna da lista de contatos" }).click();
    await dialog.getByLabel("Coluna", { exact: true }).fill("cupom");
    await expect.poll(() => dialog.getByTestId("template-preview").textContent()).toBe(`Olá ${NAMES[0]}, seu cupom ${COUPONS[0]} vale até domingo.`);
    await dialog.getByTestId("template-preview").scrollIntoViewIfNeeded();
    return dialog;
  }

  it("has an approved template once Meta has reviewed it", async () => {
    const created = await api("POST", `/whatsapp/${connectionId}/templates`, { name: TEMPLATE, category: "MARKETING", body: "Olá {{1}}, seu cupom {{2}} vale até domingo.", examples: ["Maria", "CUPOM"] }, token);
    expect(created.status).toBe(201);
    await expect
      .poll(async () => ((await api("GET", `/whatsapp/${connectionId}/templates`, undefined, token)).json as { name: string; status: string }[]).find((x) => x.name === TEMPLATE)?.status, { timeout: 20_000 })
      .toBe("APPROVED");
  });

  it("picks the template and a source per variable, starts it, and Meta gets it filled for each contact", async () => {
    await login(page, demo.admin, demo.password);
    const dialog = await fillDialog(page);
    await screenshot(page, "cloud-campaign-dialog-desktop-light");
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The page's own session (a login in the browser ends the API token's).
    const campaigns = (await apiAs(page, `/campaigns?searchParam=${encodeURIComponent(NAME)}`)).records as { id: number; templateName: string | null; template: unknown }[];
    campaignId = campaigns[0]!.id;
    expect(campaigns[0]).toMatchObject({ templateName: TEMPLATE, template: { params: [{ source: "contact", field: "name" }, { source: "list", key: "cupom" }] } });
    for (const [i, number] of NUMBERS.entries()) {
      await expect.poll(async () => (await sendsTo(number)).find((s) => s.type === "template"), { timeout: 30_000 }).toBeTruthy();
      const sent = (await sendsTo(number)).find((s) => s.type === "template")!;
      expect(sent.body.template).toMatchObject({ name: TEMPLATE, components: [{ type: "body", parameters: [{ type: "text", text: NAMES[i] }, { type: "text", text: COUPONS[i] }] }] });
    }
    await page.goto(`/campaign/${campaignId}/report`);
    await expect.poll(() => page.getByTestId("campaign-template").textContent()).toBe(`Modelo: ${TEMPLATE}`);
  });

  it("shows the dialog in dark mode and on a phone", async () => {
    for (const [name, options] of [
      ["cloud-campaign-dialog-desktop-dark", { colorScheme: "dark" as const }],
      ["cloud-campaign-dialog-phone-light", { viewport: { width: 390, height: 844 } }],
      ["cloud-campaign-dialog-phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const p = await context.newPage();
      await login(p, demo.admin, demo.password);
      await fillDialog(p);
      await screenshot(p, name);
    }
  });
});
