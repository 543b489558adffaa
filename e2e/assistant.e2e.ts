import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { host } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo } from "./support/env";
import { startFakeOpenAi } from "./support/fakeOpenAi";

/**
 * Journey: a contact writes to a connection whose AI assistant answers (a prompt pointed at a local fake OpenAI),
 * talks to it, asks for a person and is handed to the prompt's queue; the admin sees the prompt's token usage.
 * Everything here is the journey's own (a queue, a prompt, a connection, a contact): the demo is left as it was.
 */
const RUN = Date.now().toString(36);
const CONTACT = `55119${String(Date.now()).slice(-8)}`;
const SYSTEM = "Você é a assistente virtual da Loja Azul. Responda com frases curtas e cordiais, em português.";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
const contexts: BrowserContext[] = [];
let page: Page;
const created = { queueId: 0, promptId: 0, connectionId: 0 };

async function apiCall(method: "post" | "put" | "delete" | "get", path: string, data?: unknown) {
  const res = await page.request[method](`/api${path}`, { data, headers: { origin: new URL(page.url()).origin } });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

const conversation = async () =>
  (await host<{ messages: { direction: "in" | "out"; body: string }[] }>("GET", `/simulator/${created.connectionId}/conversation?with=${CONTACT}`)).json.messages;

async function contactWrites(body: string) {
  expect((await host("POST", `/simulator/${created.connectionId}/inbound`, { from: CONTACT, name: `Cliente IA ${RUN}`, body })).status).toBe(200);
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  contexts.push(await newContext());
  page = await contexts[0]!.newPage();
  await login(page, demo.admin, demo.password);
});

afterAll(async () => {
  // Leave the demo as it was for the other journeys.
  if (page) {
    if (created.connectionId) await apiCall("delete", `/whatsapp/${created.connectionId}`);
    if (created.promptId) await apiCall("delete", `/prompt/${created.promptId}`);
    if (created.queueId) await apiCall("delete", `/queue/${created.queueId}`);
  }
  await closeBrowser(contexts);
  await fake?.close();
});

describe("journey: a contact talks to the AI assistant and is handed to an agent", () => {
  it("answers the contact as the bot, with the conversation as context", async () => {
    const queue = await apiCall("post", "/queue", { name: `IA ${RUN}`, color: `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, "0")}`, greetingMessage: "" });
    expect(queue.status, JSON.stringify(queue.json)).toBe(201);
    created.queueId = queue.json.id;
    const prompt = await apiCall("post", "/prompt", { name: `Assistente ${RUN}`, prompt: SYSTEM, apiKey: "sk-fake-journey", queueId: created.queueId, baseUrl: fake.url, maxMessages: 6 });
    expect(prompt.status, JSON.stringify(prompt.json)).toBe(201);
    expect(JSON.stringify(prompt.json)).not.toContain("sk-fake-journey");
    created.promptId = prompt.json.id;
    const connection = await apiCall("post", "/whatsapp", { name: `Loja IA ${RUN}`, isDefault: false, greetingMessage: "", promptId: created.promptId });
    expect(connection.status, JSON.stringify(connection.json)).toBe(201);
    created.connectionId = connection.json.id;
    await expect.poll(async () => (await host("POST", `/simulator/${created.connectionId}/scan`)).status, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await apiCall("get", `/whatsapp/${created.connectionId}`)).json?.status, { timeout: 15_000 }).toBe("CONNECTED");

    await contactWrites("Olá, qual o horário da loja?");
    await expect
      .poll(async () => (await conversation()).some((m) => m.direction === "out" && m.body === "Resposta do assistente: Olá, qual o horário da loja?"), { timeout: 20_000 })
      .toBe(true);
    await contactWrites("E vocês entregam?");
    await expect.poll(async () => (await conversation()).some((m) => m.direction === "out" && m.body === "Resposta do assistente: E vocês entregam?"), { timeout: 20_000 }).toBe(true);
    // The model saw the system prompt and the conversation in order, latest last.
    const last = fake.calls.at(-1)!.body.messages;
    expect(last[0]).toEqual({ role: "system", content: SYSTEM });
    expect(last.slice(-3)).toEqual([
      { role: "user", content: "Olá, qual o horário da loja?" },
      { role: "assistant", content: "Resposta do assistente: Olá, qual o horário da loja?" },
      { role: "user", content: "E vocês entregam?" },
    ]);
  });

  it("hands the ticket to the prompt's queue when the contact asks for a person, where an agent takes it", async () => {
    await contactWrites("Quero falar com um atendente, por favor");
    const ticketOf = async () => {
      const list = await apiCall("get", `/tickets?status=pending&showAll=true&queueIds=${JSON.stringify([created.queueId])}`);
      return (list.json?.tickets ?? []).find((t: { contact: { number: string } }) => t.contact.number === CONTACT);
    };
    await expect.poll(async () => (await ticketOf())?.queueId ?? null, { timeout: 20_000 }).toBe(created.queueId);
    const ticket = await ticketOf();
    expect(ticket).toMatchObject({ status: "pending", userId: null });

    // The admin finds it waiting in the queue and accepts it, as any transferred ticket.
    await page.goto(`/tickets/${ticket.uuid}`);
    const accept = page.getByRole("button", { name: /aceitar/i }).first();
    await expect.poll(() => accept.isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "assistant-handed-over-ticket");
    await accept.click();
    await expect.poll(async () => (await apiCall("get", `/tickets/${ticket.id}`)).json?.status, { timeout: 15_000 }).toBe("open");
    // From now on the agent answers: the assistant is not called again.
    const calls = fake.calls.length;
    await contactWrites("Obrigado!");
    await expect.poll(async () => (await conversation()).filter((m) => m.direction === "in").length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(fake.calls.length).toBe(calls);
  });

  it("shows the prompt with its token usage on the prompts page, the key masked", async () => {
    await page.goto("/prompts");
    const row = page.getByTestId("prompt-row").filter({ hasText: `Assistente ${RUN}` });
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId("prompt-usage").innerText()).toMatch(/\d/);
    await screenshot(page, "prompts-desktop-light");
    await row.getByRole("button", { name: /editar/i }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain("••••••••rney");
    expect(await page.content()).not.toContain("sk-fake-journey");
    await screenshot(page, "prompts-dialog-light");
    // Saved from the dialog: the queue and the voice are the form's controls and go with the name that changed.
    // The contract's rules, in the spec's words for this form.
    await dialog.getByLabel("Nome").fill("Abc");
    await dialog.getByLabel("Temperatura").fill("5");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.getByText("Muito curto!").waitFor();
    await dialog.getByText("Informe um número entre 0 e 2").waitFor();
    await dialog.getByLabel("Temperatura").fill("1");
    await dialog.getByLabel("Nome").fill(`Assistente ${RUN} (revisado)`);
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await dialog.waitFor({ state: "hidden" });
    const saved = await apiCall("get", `/prompt/${created.promptId}`);
    expect(saved.json).toMatchObject({ name: `Assistente ${RUN} (revisado)`, queueId: created.queueId, voice: "texto" });

    for (const [name, options] of [
      ["prompts-phone-dark", { viewport: { width: 390, height: 844 }, colorScheme: "dark" as const }],
      ["prompts-desktop-dark", { colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(options);
      contexts.push(context);
      const other = await context.newPage();
      // The same admin in another window: its cookies (a second login would end this session).
      await context.addCookies(await contexts[0]!.cookies());
      await other.goto("/prompts");
      await expect.poll(() => other.getByTestId("prompt-row").first().isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshot(other, name);
    }
  });
});
