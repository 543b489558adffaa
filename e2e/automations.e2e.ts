import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { host } from "./support/api";
import { axeViolations, describeViolations } from "./support/axe";
import { apiOf, connectSimulatorNumber } from "./support/pageApi";
import { closeBrowser, hydrated, newContext, OTHER_LOOKS, screenshotInto } from "./support/browser";
import { allowSignups, signUpThroughPage } from "./support/signup";

/**
 * Journey: the admin of a company that signed up builds a rule on /automations (a contact's message containing
 * "preço" → add the tag Vendas, say "Já te respondo!"); a contact writes "qual o preço?" through the simulator; the
 * admin sees the tag on the ticket, the automation's message in the chat, and the run in the rule's log.
 */
const SHOTS = "/work/shots/autoweb";
const stamp = Date.now().toString(36);
const owner = { name: "Dona Regra", company: `Loja Automática ${stamp}`, email: `automations-${stamp}@regras.test`, password: "Regras-123" };
const contact = { number: "5511987005500", name: "Clara Preço" };
const RULE = "Pedido de preço";
const REPLY = "Já te respondo!";

const contexts: BrowserContext[] = [];
let page: Page;
let connectionId = 0;
let logPath = "";

/** No sideways scroll on the page (a phone's 390 px). */
const fitsWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function expectAccessible(p: Page, where: string) {
  await p.waitForTimeout(400); // after the entry animations
  const violations = await axeViolations(p);
  expect(violations.map((v) => v.id), describeViolations(where, violations)).toEqual([]);
}

beforeAll(async () => {
  await allowSignups();
});
afterAll(() => closeBrowser(contexts));

describe("journey: an admin builds a rule and sees it act on a contact's message", () => {
  it("signs a company up, with a simulator number and the tag Vendas", async () => {
    const context = await newContext();
    contexts.push(context);
    page = await context.newPage();
    page.on("pageerror", (err) => console.error("[page error]", err.message));
    await signUpThroughPage(page, owner);

    ({ connectionId } = await connectSimulatorNumber(page));
    expect((await apiOf(page).post("/tags", { name: "Vendas", color: "#16A34A" })).status).toBe(201);
  });

  it("builds the rule in the editor: Quando a message arrives, Se it contains “preço”, Então tag and answer", async () => {
    await page.getByRole("link", { name: "Automações" }).first().click();
    await page.waitForURL((url) => url.pathname === "/automations");
    await page.getByText("Nenhuma regra ainda…").waitFor();
    await screenshotInto(page, "automations-01-empty-desktop-light", SHOTS);

    await page.getByRole("button", { name: "Nova regra" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Nova regra" });
    await dialog.getByLabel("Nome da regra").fill(RULE);
    // Saved without an action: the form says so and sends nothing.
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.getByText("At least one action").or(dialog.getByText("Valor inválido")).first().waitFor();

    // A pattern that could stall the inbox: the server refuses it, and says so under the pattern's field.
    await dialog.getByRole("combobox", { name: "Comparação" }).click();
    await page.getByRole("option", { name: "corresponde à expressão regular" }).click();
    await dialog.getByLabel("Expressão regular").fill("(a+)+$");
    await dialog.getByRole("button", { name: "Adicionar ação" }).click();
    await page.getByRole("menuitem", { name: "Encerrar o ticket" }).click();
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.getByText("Expressão arriscada").waitFor();
    await screenshotInto(page, "automations-02-editor-refused-desktop-light", SHOTS);
    await dialog.getByRole("button", { name: "Remover ação" }).click();
    await dialog.getByRole("combobox", { name: "Comparação" }).click();
    await page.getByRole("option", { name: "contém" }).click();

    await dialog.getByLabel("Texto", { exact: true }).fill("preço");
    await dialog.getByRole("button", { name: "Adicionar ação" }).click();
    await page.getByRole("menuitem", { name: "Adicionar etiquetas" }).click();
    await dialog.getByRole("combobox", { name: "Etiquetas" }).or(dialog.getByLabel("Etiquetas")).first().click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Adicionar ação" }).click();
    await page.getByRole("menuitem", { name: "Enviar mensagem" }).click();
    await dialog.getByLabel("Mensagem", { exact: true }).fill(REPLY);
    await screenshotInto(page, "automations-02-editor-desktop-light", SHOTS);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Regra criada").first().waitFor();

    const card = page.getByTestId("rule-row").filter({ hasText: RULE });
    await card.waitFor();
    const summary = await card.innerText();
    expect(summary).toContain("Chega uma mensagem do contato");
    expect(summary).toContain("Mensagem contém “preço”");
    expect(summary).toContain("Adicionar Vendas");
    expect(summary).toContain(`Enviar “${REPLY}”`);
    expect(summary).toContain("Ainda não rodou");
    expect(summary).toContain("Não agiu nas últimas 24 h");
    await screenshotInto(page, "automations-03-list-desktop-light", SHOTS);
    await expectAccessible(page, "/automations");
  });

  it("puts a rule before another with the keyboard's buttons", async () => {
    const other = await apiOf(page).post("/automation-rules", { name: "Nota ao encerrar", trigger: { type: "ticketClosed" }, actions: [{ type: "addNote", body: "Encerrado" }] });
    expect(other.status).toBe(201);
    await page.reload();
    await hydrated(page);
    const names = () => page.getByTestId("rule-name").allInnerTexts();
    await expect.poll(names).toEqual([RULE, "Nota ao encerrar"]);
    await page.getByRole("button", { name: "Subir Nota ao encerrar" }).click();
    await page.getByText("Nova ordem salva").first().waitFor();
    await expect.poll(names).toEqual(["Nota ao encerrar", RULE]);
    const saved = (await apiOf(page).get("/automation-rules")).json.map((r: { name: string; position: number }) => [r.name, r.position]);
    expect(saved).toEqual([["Nota ao encerrar", 1], [RULE, 2]]);
  });

  it("acts on the contact's message: the tag on the ticket, its message in the chat, the run in the log", async () => {
    expect((await host("POST", `/simulator/${connectionId}/inbound`, { from: contact.number, name: contact.name, body: "qual o preço?" })).status).toBe(200);
    const rule = (await apiOf(page).get("/automation-rules")).json.find((r: { name: string }) => r.name === RULE);
    logPath = `/automations/${rule.id}`;
    let uuid = "";
    await expect
      .poll(
        async () => {
          const runs = (await apiOf(page).get(`/automation-runs?ruleId=${rule.id}`)).json;
          uuid = runs.items[0]?.ticket?.uuid ?? "";
          return runs.items[0]?.outcome;
        },
        { timeout: 20_000 },
      )
      .toBe("acted");
    await expect
      .poll(async () => (await host<{ messages: { body: string }[] }>("GET", `/simulator/${connectionId}/outbox`)).json.messages.some((m) => m.body?.includes(REPLY)), { timeout: 20_000 })
      .toBe(true);

    // A wide screen, where the chat's header shows the ticket's tags beside the contact.
    const wide = await newContext({ viewport: { width: 1920, height: 1000 } });
    contexts.push(wide);
    await wide.addCookies(await contexts[0]!.cookies());
    const chat = await wide.newPage();
    await chat.goto(`/tickets/${uuid}`);
    await hydrated(chat);
    await chat.getByText(REPLY).first().waitFor();
    await chat.getByLabel("Tags", { exact: true }).getByText("Vendas", { exact: true }).filter({ visible: true }).first().waitFor();
    await screenshotInto(chat, "automations-04-ticket-desktop-light", SHOTS);

    await page.goto("/automations");
    await hydrated(page);
    const card = page.getByTestId("rule-row").filter({ hasText: RULE });
    await expect.poll(() => card.innerText()).toContain("Agiu 1 vez em 24 h");
    await card.getByRole("link", { name: RULE, exact: true }).click();
    await page.waitForURL((url) => url.pathname === logPath);
    const run = page.getByTestId("run-row").first();
    await run.waitFor();
    expect(await run.getAttribute("data-outcome")).toBe("acted");
    const text = await run.innerText();
    expect(text).toContain("Agiu");
    expect(text).toContain(contact.name);
    expect(text).toContain("Vendas");
    await screenshotInto(page, "automations-05-log-desktop-light", SHOTS);
    await expectAccessible(page, "the rule's run log");
  });

  it("reads well dark, and on a phone without sideways scroll", async () => {
    for (const [look, options] of OTHER_LOOKS) {
      const context = await newContext(options);
      contexts.push(context);
      await context.addCookies(await contexts[0]!.cookies());
      const p = await context.newPage();
      await p.goto("/automations");
      await hydrated(p);
      await p.getByTestId("rule-row").first().waitFor();
      expect(await fitsWidth(p), look).toBe(true);
      await expectAccessible(p, `/automations ${look}`);
      await screenshotInto(p, `automations-06-list-${look}`, SHOTS);
      await p.getByTestId("rule-row").filter({ hasText: RULE }).getByRole("button", { name: `Editar ${RULE}` }).click();
      const dialog = p.getByRole("dialog", { name: "Editar regra" });
      await dialog.getByLabel("Nome da regra").waitFor();
      expect(await fitsWidth(p), look).toBe(true);
      await expectAccessible(p, `rule editor ${look}`);
      await screenshotInto(p, `automations-07-editor-${look}`, SHOTS);
      await p.keyboard.press("Escape");
      await p.goto(logPath);
      await hydrated(p);
      await p.getByTestId("run-row").first().waitFor();
      expect(await fitsWidth(p), look).toBe(true);
      await expectAccessible(p, `run log ${look}`);
      await screenshotInto(p, `automations-08-log-${look}`, SHOTS);
    }
  });
});
