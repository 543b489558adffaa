import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { host } from "./support/api";
import { closeBrowser, login, newContext, screenshot } from "./support/browser";
import { demo, fakesUrl } from "./support/env";

/**
 * Journey: a contact sends a voice note to a connection whose AI assistant has a voice; the note is transcribed
 * (the fakes server's OpenAI, /openai), the transcript shows in the chat under the audio, and the answer comes back
 * as a voice note (Ogg/Opus). Everything here is the journey's own: the demo is left as it was.
 */
const RUN = Date.now().toString(36);
const CONTACT = `55119${String(Date.now() + 13).slice(-8)}`;
const SYSTEM = "Você é a assistente virtual da Loja Azul. Responda com frases curtas e cordiais, em português.";

const contexts: BrowserContext[] = [];
let page: Page;
const created = { queueId: 0, promptId: 0, connectionId: 0 };

async function apiCall(method: "post" | "put" | "delete" | "get", path: string, data?: unknown) {
  const res = await page.request[method](`/api${path}`, { data, headers: { origin: new URL(page.url()).origin } });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

type Said = { direction: "in" | "out"; body: string; media?: { mimetype: string; filename: string } };
const conversation = async () => (await host<{ messages: Said[] }>("GET", `/simulator/${created.connectionId}/conversation?with=${CONTACT}`)).json.messages;

beforeAll(async () => {
  contexts.push(await newContext());
  page = await contexts[0]!.newPage();
  await login(page, demo.admin, demo.password);
});

afterAll(async () => {
  if (page) {
    if (created.connectionId) await apiCall("delete", `/whatsapp/${created.connectionId}`);
    if (created.promptId) await apiCall("delete", `/prompt/${created.promptId}`);
    if (created.queueId) await apiCall("delete", `/queue/${created.queueId}`);
  }
  await closeBrowser(contexts);
});

describe("journey: a voice note is transcribed and answered by voice", () => {
  it("shows the contact's transcript in the chat and sends the answer as a voice note", async () => {
    const queue = await apiCall("post", "/queue", { name: `Voz ${RUN}`, color: "#3366cc", greetingMessage: "" });
    expect(queue.status, JSON.stringify(queue.json)).toBe(201);
    created.queueId = queue.json.id;
    const prompt = await apiCall("post", "/prompt", {
      name: `Assistente voz ${RUN}`,
      prompt: SYSTEM,
      apiKey: "sk-fake-voice",
      queueId: created.queueId,
      baseUrl: `${fakesUrl()}/openai/v1`,
      voice: "pt-BR-FranciscaNeural",
    });
    expect(prompt.status, JSON.stringify(prompt.json)).toBe(201);
    created.promptId = prompt.json.id;
    const connection = await apiCall("post", "/whatsapp", { name: `Loja Voz ${RUN}`, isDefault: false, greetingMessage: "", promptId: created.promptId });
    expect(connection.status, JSON.stringify(connection.json)).toBe(201);
    created.connectionId = connection.json.id;
    await expect.poll(async () => (await host("POST", `/simulator/${created.connectionId}/scan`)).status, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await apiCall("get", `/whatsapp/${created.connectionId}`)).json?.status, { timeout: 15_000 }).toBe("CONNECTED");

    // A voice note whose bytes carry what the fake transcription "hears".
    const note = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60), Buffer.from("SAY:Vocês abrem no sábado?")]);
    const sent = await host("POST", `/simulator/${created.connectionId}/inbound`, {
      from: CONTACT,
      name: `Cliente Voz ${RUN}`,
      media: { mimetype: "audio/ogg", filename: "nota.ogg", base64: note.toString("base64") },
    });
    expect(sent.status).toBe(200);

    await expect.poll(async () => (await conversation()).some((m) => m.direction === "out"), { timeout: 30_000 }).toBe(true);
    const answer = (await conversation()).find((m) => m.direction === "out")!;
    expect(answer.media?.mimetype).toMatch(/^audio\/ogg/);

    const ticketOf = async () => {
      const list = await apiCall("get", `/tickets?status=pending&showAll=true`);
      return (list.json?.tickets ?? []).find((t: { contact: { number: string } }) => t.contact.number === CONTACT);
    };
    await expect.poll(async () => (await ticketOf())?.id ?? null, { timeout: 15_000 }).not.toBeNull();
    const ticket = await ticketOf();
    await page.goto(`/tickets/${ticket.uuid}`);
    // The transcript under the contact's audio, and the spoken answer's text under ours.
    await expect.poll(() => page.getByText("Vocês abrem no sábado?").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText("Resposta do assistente: Vocês abrem no sábado?").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, "assistant-voice-light");
  });
});
