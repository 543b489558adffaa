import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiAs, apiLogin, host } from "./support/api";
import { closeBrowser, login, newContext, screenshotInto } from "./support/browser";
import { demo } from "./support/env";

const RUN = Date.now().toString().slice(-6);
const CONTACT = { number: `5511976${RUN}`, name: `Joana Macro ${RUN}` };
const MACRO = `Agradecer e encerrar ${RUN}`;
const TAG = `Resolvido ${RUN}`;

const chat = (page: Page) => page.getByTestId("ticket-chat");
/** The task's screenshots folder as well, where it can be written (test-results/screenshots always). */
const shot = (page: Page, name: string) => screenshotInto(page, name, "/work/shots/macros");

async function contactWrites(body: string) {
  const res = await host("POST", `/simulator/${demo.connectionId}/inbound`, { from: CONTACT.number, name: CONTACT.name, body });
  expect(res.status).toBe(200);
}

async function phoneReceived(match: (body: string) => boolean) {
  await expect
    .poll(
      async () => {
        const res = await host<{ messages: { direction: string; body: string }[] }>("GET", `/simulator/${demo.connectionId}/conversation?with=${CONTACT.number}`);
        return res.json.messages.some((m) => m.direction === "out" && match(m.body));
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(true);
}

/**
 * Issue 26 §3: an admin bundles "thank, tag, close" as a company macro on /macros; an agent runs it on the ticket
 * open in the chat from the command bar (Ctrl+K): the contact gets the message, the ticket the tag, and it closes.
 */
describe("journey: an admin makes a shared macro and an agent runs it from the command bar", () => {
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let luana: Page;
  let tagId = 0;

  beforeAll(async () => {
    // The tag through the API before any browser login (one live session per user).
    const token = await apiLogin(demo.admin, demo.password);
    const tag = await api("POST", "/tags", { name: TAG, color: "#22c55e" }, token);
    expect(tag.status, JSON.stringify(tag.json)).toBeLessThan(300);
    tagId = tag.json.id;
    contexts.push(await newContext(), await newContext({ colorScheme: "dark" }));
    admin = await contexts[0]!.newPage();
    luana = await contexts[1]!.newPage();
    await login(admin, demo.admin, demo.password);
    await login(luana, demo.agents[0], demo.password);
  });

  afterAll(async () => {
    await closeBrowser(contexts);
    // Leave the demo as the other journeys expect it: no extra macro or tag.
    const token = await apiLogin(demo.admin, demo.password);
    const macros = await api<{ id: number; name: string }[]>("GET", "/macros", undefined, token);
    for (const m of macros.json.filter((x) => x.name === MACRO)) await api("DELETE", `/macros/${m.id}`, undefined, token);
    if (tagId) await api("DELETE", `/tags/${tagId}`, undefined, token);
  });

  it("lets the admin build the macro on /macros: a message, a tag and the close, shared with the company", async () => {
    await admin.goto("/macros");
    await admin.getByRole("button", { name: "Adicionar" }).click();
    const dialog = admin.getByRole("dialog", { name: "Adicionar macro" });
    await dialog.getByRole("textbox", { name: "Nome" }).fill(MACRO);
    expect(await dialog.getByRole("combobox", { name: "Visível para" }).innerText()).toContain("Empresa");

    const addAction = async (label: string) => {
      await dialog.getByRole("button", { name: "Adicionar ação" }).click();
      await admin.getByRole("menuitem", { name: label }).click();
    };
    await addAction("Enviar mensagem");
    await dialog.getByRole("textbox", { name: "Mensagem" }).fill("Obrigado pelo contato!");
    await addAction("Adicionar etiquetas");
    await dialog.getByRole("button", { name: "Etiquetas" }).click();
    await admin.getByRole("option", { name: TAG }).click();
    await admin.keyboard.press("Escape");
    await addAction("Encerrar o ticket");
    await shot(admin, "macros-dialog");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });

    const row = admin.getByRole("row").filter({ hasText: MACRO });
    await expect.poll(() => row.innerText()).toContain("Empresa");
    expect(await admin.getByRole("button", { name: `Editar ${MACRO}` }).count()).toBe(1);
    expect(await row.innerText()).toContain(`Enviar “Obrigado pelo contato!” · Adicionar ${TAG} · Encerrar`);
    await shot(admin, "macros-page");
    await admin.setViewportSize({ width: 390, height: 844 });
    await shot(admin, "macros-page-phone");
  });

  it("runs it from the command bar on the agent's open ticket: the message goes, the tag is on, the ticket closes", async () => {
    // Through the bot's menus to Encomendas, Luana's queue: a waiting ticket.
    await contactWrites("Oi, tudo bem?");
    await phoneReceived((b) => b.includes("*[ 1 ]* - Encomendas"));
    await contactWrites("1");
    await phoneReceived((b) => b.includes("Falar com um atendente"));
    await contactWrites("2");
    await phoneReceived((b) => b.includes("Um atendente vai falar com você em instantes."));
    await luana.goto("/tickets");
    await luana.getByRole("tab", { name: /^Aguardando/ }).click();
    await luana.getByRole("list", { name: "Aguardando" }).getByRole("link", { name: CONTACT.name }).click();
    await chat(luana).getByRole("button", { name: "Aceitar" }).last().click();
    await expect.poll(() => chat(luana).getAttribute("data-status")).toBe("open");
    const ticketId = Number(await chat(luana).getAttribute("data-ticket-id"));

    await luana.keyboard.press("Control+K");
    const bar = luana.getByRole("dialog", { name: "Ir para…" });
    const search = bar.getByRole("combobox");
    await expect.poll(() => search.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
    await search.fill(RUN);
    const option = bar.getByRole("group", { name: "Macros" }).getByRole("option", { name: `Executar macro: ${MACRO}` });
    await expect.poll(() => option.isVisible(), { timeout: 10_000 }).toBe(true);
    await shot(luana, "macros-command-bar");
    await option.click();

    const confirm = luana.getByRole("dialog", { name: `Executar “${MACRO}”?` });
    await expect.poll(() => confirm.innerText()).toContain("Esta macro encerra o ticket");
    await confirm.getByRole("button", { name: "Executar" }).click();
    await expect.poll(() => luana.getByText(`Macro “${MACRO}” executada`).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await shot(luana, "macros-ran");

    await phoneReceived((body) => body.includes("Obrigado pelo contato!"));
    const ticket = await apiAs(admin, `/tickets/${ticketId}`);
    expect(ticket.status).toBe("closed");
    expect(ticket.tags.map((t: { name: string }) => t.name)).toContain(TAG);

    // The agent sees the company's macro on /macros, but may not change it.
    await luana.setViewportSize({ width: 390, height: 844 });
    await luana.goto("/macros");
    await expect.poll(() => luana.getByText(MACRO).first().isVisible()).toBe(true);
    expect(await luana.getByRole("button", { name: `Editar ${MACRO}` }).count()).toBe(0);
    await shot(luana, "macros-page-phone-dark");
  });
});
