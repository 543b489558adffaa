import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AssistantJob } from "../../contracts/outbound";
import { messages, ticketNotes, tickets } from "../../db/tenant";
import { hubDirectory } from "../../hub/ports";
import { runAssistantJob } from "../../jobs/assistant";
import { fakeAzureSpeech, oggCarrying } from "../../testing/fakeOpenAi";
import { call, inTenant, testEnv } from "../../testing/fixtures";
import { createContact, createMessageRow, createTicketRow, inboxCompany } from "../../testing/inbox";
import { FAKE_OPENAI_URL, useFakeOpenAi } from "../../testing/useFakeOpenAi";
import { useFakeService } from "../../testing/useFakeService";
import { useFakeHost } from "../../testing/fakeHost";
import { fakeOpenAi } from "../../testing/fakeOpenAi";

afterEach(() => vi.restoreAllMocks());

const SYSTEM = "Você é a assistente da Loja Azul. Responda em português, com frases curtas e cordiais, sempre.";
type Inbox = Awaited<ReturnType<typeof inboxCompany>>;

async function promptFor(team: Inbox, overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/prompt", {
    token: team.admin.token,
    body: { name: `Assistente ${crypto.randomUUID().slice(0, 6)}`, prompt: SYSTEM, apiKey: "sk-fake-good", queueId: team.support.id, baseUrl: FAKE_OPENAI_URL, ...overrides },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

/** A ticket the assistant has, whose last message is the contact's voice note (stored in R2 as the bridge stores it). */
async function voiceNoteTicket(team: Inbox, promptId: number, spoken: string) {
  const contact = await createContact(team.company.id);
  const ticket = await createTicketRow(team.company.id, { contactId: contact.id, whatsappId: team.connection.id, queueId: team.sales.id, useIntegration: true, promptId });
  const key = `companies/${team.company.id}/messages/${crypto.randomUUID()}/ptt-1.ogg`;
  await testEnv.MEDIA.put(key, oggCarrying(`SAY:${spoken}`), { httpMetadata: { contentType: "audio/ogg; codecs=opus" } });
  const note = await createMessageRow(team.company.id, { ticketId: ticket.id, contactId: contact.id, body: "", mediaType: "ptt", mediaUrl: key, mediaName: "ptt-1.ogg" });
  return { ticket, note, job: { kind: "assistant", companyId: team.company.id, ticketId: ticket.id, messageId: note.id } satisfies AssistantJob };
}

const run = (job: AssistantJob) => runAssistantJob(hubDirectory(testEnv), testEnv, job, { retries: 1, baseDelayMs: 1, timeoutMs: 2_000 });
const messageRow = (companyId: number, id: number) => inTenant(companyId, (db) => db.select().from(messages).where(eq(messages.id, id)).get()!);
const answers = (companyId: number, ticketId: number) =>
  inTenant(companyId, (db) =>
    db
      .select({ body: messages.body, mediaType: messages.mediaType, mediaUrl: messages.mediaUrl, mediaName: messages.mediaName })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id))
      .all(),
  );

describe("the assistant and voice notes", () => {
  it("transcribes a contact's voice note into the chat, and the model reads the transcript", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team);
    const { ticket, note, job } = await voiceNoteTicket(team, prompt.id, "Qual o prazo de entrega?");
    const fake = useFakeOpenAi();
    await run(job);
    expect(fake.transcriptions).toEqual([{ filename: "ptt-1.ogg", model: "whisper-1", mimetype: "audio/ogg" }]);
    expect((await messageRow(team.company.id, note.id)).body).toBe("Qual o prazo de entrega?");
    expect(fake.calls[0]!.body.messages.at(-1)).toEqual({ role: "user", content: "Qual o prazo de entrega?" });
    // No voice chosen ("texto"): the answer goes as text.
    expect(await answers(team.company.id, ticket.id)).toEqual([{ body: "Resposta do assistente: Qual o prazo de entrega?", mediaType: "chat", mediaUrl: null, mediaName: null }]);
    expect(fake.speech).toHaveLength(0);
  });

  it("answers as an Ogg/Opus voice note through OpenAI's speech when a voice is chosen without an Azure key", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team, { voice: "pt-BR-AntonioNeural" });
    const { ticket, job } = await voiceNoteTicket(team, prompt.id, "Bom dia");
    const host = useFakeHost((c) => ({ body: { id: (c.body as { id: string }).id } }));
    const fake = fakeOpenAi();
    useFakeService(FAKE_OPENAI_URL, fake.handle);
    await run(job);
    // Delivered at once by the job, as a voice note WhatsApp plays (ptt, Ogg/Opus).
    const sent = host.calls.find((c) => c.path === "/bridge/send")?.body as { ptt: boolean; media: { mimetype: string; filename: string } };
    expect(sent).toMatchObject({ ptt: true, media: { mimetype: "audio/ogg; codecs=opus", filename: expect.stringMatching(/\.ogg$/) } });
    expect(fake.speech).toEqual([{ model: "tts-1", input: "Resposta do assistente: Bom dia", voice: "onyx", responseFormat: "opus" }]);
    const [answer] = await answers(team.company.id, ticket.id);
    expect(answer).toMatchObject({ body: "Resposta do assistente: Bom dia", mediaType: "audio", mediaName: expect.stringMatching(/^resposta-\d+\.ogg$/) });
    const stored = await testEnv.MEDIA.get(answer!.mediaUrl!);
    expect(stored?.httpMetadata?.contentType).toBe("audio/ogg; codecs=opus");
    expect(new TextDecoder().decode(await stored!.arrayBuffer())).toContain("Resposta do assistente: Bom dia");
  });

  it("speaks through Azure with the prompt's voice key and region, the voice named in SSML", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team, { voice: "pt-BR-FranciscaNeural", voiceKey: "az-fake-key", voiceRegion: "brazilsouth" });
    const { ticket, job } = await voiceNoteTicket(team, prompt.id, "Oi");
    const fake = useFakeOpenAi();
    const azure = fakeAzureSpeech();
    useFakeService("https://brazilsouth.tts.speech.microsoft.com", azure.handle);
    await run(job);
    expect(fake.speech).toHaveLength(0);
    expect(azure.calls).toEqual([
      {
        region: "brazilsouth",
        outputFormat: "ogg-24khz-16bit-mono-opus",
        ssml: '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="pt-BR"><voice name="pt-BR-FranciscaNeural">Resposta do assistente: Oi</voice></speak>',
      },
    ]);
    expect((await answers(team.company.id, ticket.id))[0]).toMatchObject({ mediaType: "audio", body: "Resposta do assistente: Oi" });
  });

  it("sends the answer as text when the speech service fails, and leaves the ticket with an agent and a note when the transcription does", async () => {
    const team = await inboxCompany();
    const prompt = await promptFor(team, { voice: "pt-BR-FranciscaNeural", voiceKey: "az-fake-500", voiceRegion: "eastus" });
    const spoken = await voiceNoteTicket(team, prompt.id, "Oi");
    useFakeOpenAi();
    useFakeService("https://eastus.tts.speech.microsoft.com", fakeAzureSpeech().handle);
    await run(spoken.job);
    expect(await answers(team.company.id, spoken.ticket.id)).toEqual([{ body: "Resposta do assistente: Oi", mediaType: "chat", mediaUrl: null, mediaName: null }]);

    // Neither key reaches a log line, whatever failed.
    const logged = [vi.spyOn(console, "warn"), vi.spyOn(console, "error"), vi.spyOn(console, "log")];
    const refused = await promptFor(team, { apiKey: "sk-fake-401-secret" });
    const deaf = await voiceNoteTicket(team, refused.id, "Oi");
    await run(deaf.job);
    const row = await inTenant(team.company.id, (db) => db.select().from(tickets).where(eq(tickets.id, deaf.ticket.id)).get()!);
    expect(row).toMatchObject({ status: "pending", useIntegration: false, promptId: null });
    const notes = await inTenant(team.company.id, (db) => db.select({ note: ticketNotes.note }).from(ticketNotes).where(eq(ticketNotes.ticketId, deaf.ticket.id)).all());
    expect(notes).toEqual([{ note: "Assistente de IA: não foi possível responder (a chave da API foi recusada). O ticket aguarda um atendente." }]);
    expect((await messageRow(team.company.id, deaf.note.id)).body).toBe("");
    const lines = JSON.stringify(logged.flatMap((spy) => spy.mock.calls));
    expect(lines).not.toContain("sk-fake-401-secret");
    expect(lines).not.toContain("az-fake-500");
  });
});
