import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { host } from "./support/api";
import { axeViolations, describeViolations } from "./support/axe";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo, fakesUrl } from "./support/env";

/**
 * Journey: a contact writes to a connection handed to a Typebot flow (the fakes server's Typebot, /typebot), gets
 * its greeting, picture and numbered choices, answers "1", gets the plans and their audio, gives an e-mail and, the
 * flow over, waits for an agent, who finds the whole conversation in the chat. Then an admin tests a Dialogflow
 * agent from the integration dialog. Everything here is the journey's own: the demo is left as it was.
 */
const RUN = Date.now().toString(36);
const CONTACT = `55119${String(Date.now() + 7).slice(-8)}`;

const contexts: BrowserContext[] = [];
let page: Page;
const created = { integrationId: 0, dialogflowId: 0, connectionId: 0 };

async function apiCall(method: "post" | "put" | "delete" | "get", path: string, data?: unknown) {
  const res = await page.request[method](`/api${path}`, { data, headers: { origin: new URL(page.url()).origin } });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

type Said = { direction: "in" | "out"; body: string; media?: { mimetype: string; filename: string } };
const conversation = async () => (await host<{ messages: Said[] }>("GET", `/simulator/${created.connectionId}/conversation?with=${CONTACT}`)).json.messages;
const outgoing = async () => (await conversation()).filter((m) => m.direction === "out");

async function contactWrites(body: string) {
  expect((await host("POST", `/simulator/${created.connectionId}/inbound`, { from: CONTACT, name: `Cliente Bot ${RUN}`, body })).status).toBe(200);
}

beforeAll(async () => {
  contexts.push(await newContext());
  page = await contexts[0]!.newPage();
  await login(page, demo.admin, demo.password);
});

/** Cleanup: once in a full run the connection's DELETE met a reset socket (after the tests had passed); try it again. */
async function cleanup(path: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiCall("delete", path);
    } catch (err) {
      if (attempt === 2) throw err;
    }
  }
}

afterAll(async () => {
  if (page) {
    if (created.connectionId) await cleanup(`/whatsapp/${created.connectionId}`);
    if (created.integrationId) await cleanup(`/queueIntegration/${created.integrationId}`);
    if (created.dialogflowId) await cleanup(`/queueIntegration/${created.dialogflowId}`);
  }
  await closeBrowser(contexts);
});

describe("journey: a contact walks through a Typebot flow", () => {
  it("gets the flow's bubbles as WhatsApp messages, answers a numbered choice, and is handed to an agent when the flow ends", async () => {
    const integration = await apiCall("post", "/queueIntegration", {
      type: "typebot",
      name: `Typebot ${RUN}`,
      urlN8N: `${fakesUrl()}/typebot`,
      typebotSlug: "atendimento",
      typebotDelayMessage: 300,
      typebotKeywordFinish: "sair",
    });
    expect(integration.status, JSON.stringify(integration.json)).toBe(201);
    created.integrationId = integration.json.id;
    const connection = await apiCall("post", "/whatsapp", { name: `Loja Bot ${RUN}`, isDefault: false, greetingMessage: "", integrationId: created.integrationId });
    expect(connection.status, JSON.stringify(connection.json)).toBe(201);
    created.connectionId = connection.json.id;
    await expect.poll(async () => (await host("POST", `/simulator/${created.connectionId}/scan`)).status, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await apiCall("get", `/whatsapp/${created.connectionId}`)).json?.status, { timeout: 15_000 }).toBe("CONNECTED");

    await contactWrites("Oi");
    await expect.poll(async () => (await outgoing()).length, { timeout: 20_000 }).toBe(3);
    const first = await outgoing();
    expect(first[0]!.body).toBe(`Olá, Cliente Bot ${RUN}! Bem-vindo ao atendimento.`);
    expect(first[1]!.media).toMatchObject({ mimetype: "image/png" });
    expect(first[2]!.body).toBe("1 - Ver planos\n2 - Falar com atendente\n3 - Encerrar");

    await contactWrites("1");
    await expect.poll(async () => (await outgoing()).length, { timeout: 20_000 }).toBe(5);
    const plans = (await outgoing()).slice(3);
    expect(plans[0]!.body).toBe("Nossos planos: *Básico* e *Pro*.");
    expect(plans[1]!.media?.mimetype).toMatch(/^audio\/ogg/);

    await contactWrites("cliente@example.com");
    await expect.poll(async () => (await outgoing()).at(-1)?.body, { timeout: 20_000 }).toBe("Obrigado, cliente@example.com!");
    const ticketOf = async () => {
      const list = await apiCall("get", `/tickets?status=pending&showAll=true`);
      return (list.json?.tickets ?? []).find((t: { contact: { number: string } }) => t.contact.number === CONTACT);
    };
    await expect.poll(async () => (await ticketOf())?.useIntegration, { timeout: 20_000 }).toBe(false);
    const ticket = await ticketOf();
    expect(ticket).toMatchObject({ status: "pending", userId: null, integrationId: null });

    await page.goto(`/tickets/${ticket.uuid}`);
    await expect.poll(() => page.getByText("Obrigado, cliente@example.com!").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "typebot-conversation-light");
  });

  it("tests a Dialogflow agent from the integration dialog and shows its answer", async () => {
    const account = await (await fetch(`${fakesUrl()}/google/accounts`, { method: "POST" })).text();
    const df = await apiCall("post", "/queueIntegration", { type: "dialogflow", name: `Dialogflow ${RUN}`, projectName: "loja-azul", jsonContent: account, language: "pt-BR" });
    expect(df.status, JSON.stringify(df.json)).toBe(201);
    expect(JSON.stringify(df.json)).not.toContain("PRIVATE KEY");
    created.dialogflowId = df.json.id;

    await page.goto("/queue-integration");
    const row = page.getByTestId("integration-row").filter({ hasText: `Dialogflow ${RUN}` });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    await row.getByRole("button", { name: /editar/i }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("dialogflow-test").click();
    const result = dialog.getByTestId("dialogflow-test-result");
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain("Olá! Sou o robô do Dialogflow. Como posso ajudar?");
    expect(await result.innerText()).toContain("Default Welcome Intent");
    expect(await page.content()).not.toContain("PRIVATE KEY");
    const violations = await axeViolations(page, { include: ['[role="dialog"]'] });
    expect(violations.map((v) => v.id), describeViolations("the dialogflow test result", violations)).toEqual([]);
    await screenshot(page, "integration-dialogflow-test-light");

    for (const [name, options] of [
      ["integration-dialogflow-test-phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
      ["integration-dialogflow-test-desktop-dark", { colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const other = await context.newPage();
      await context.addCookies(await contexts[0]!.cookies());
      await other.goto("/queue-integration");
      const otherRow = other.getByTestId("integration-row").filter({ hasText: `Dialogflow ${RUN}` });
      await expect.poll(() => otherRow.isVisible(), { timeout: 15_000 }).toBe(true);
      await otherRow.getByRole("button", { name: /editar/i }).click();
      await other.getByRole("dialog").getByTestId("dialogflow-test").click();
      await expect.poll(() => other.getByTestId("dialogflow-test-result").innerText(), { timeout: 15_000 }).toContain("Dialogflow");
      const dark = await axeViolations(other, { include: ['[role="dialog"]'] });
      expect(dark.map((v) => v.id), describeViolations(`the dialogflow test result (${name})`, dark)).toEqual([]);
      await screenshot(other, name);
    }
  });
});
